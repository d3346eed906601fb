"""Two admins add a player to the same squad at the same moment: the limit still holds."""

import threading

import pytest
from django.db import connection, connections
from django.test import Client

from matches.factories import squad
from roster.factories import UserFactory

from .test_admin import team_form

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="real concurrent transactions need PostgreSQL"
    ),
]


@pytest.fixture
def reference_data_loaded(transactional_db):
    from django.core.management import call_command

    from rules.models import Race

    if not Race.objects.exists():
        call_command("loaddata", "reference", "handbook", verbosity=0)


def test_two_admins_adding_the_eleventh_and_twelfth_player_at_once(reference_data_loaded):
    team = squad(name="Heim", players=10)
    lineman = team.race.journeyman_position
    admins = [UserFactory(username=f"boss{n}", is_staff=True, is_superuser=True) for n in (1, 2)]
    posts = []
    for number, admin in zip((11, 12), admins, strict=True):
        client = Client()
        client.force_login(admin)
        data = team_form(
            team, new=[{"number": number, "name": f"Neu {number}", "position": lineman.pk}]
        )
        posts.append((client, data))
    barrier = threading.Barrier(2)
    statuses = []

    def post(client, data):
        try:
            barrier.wait()
            statuses.append(client.post(f"/admin/roster/team/{team.pk}/change/", data).status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=args) for args in posts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(statuses) == [200, 302]
    assert team.players.count() == 11
