"""The team form cannot be tampered into a 500 or a huge page; look-alike names are one name."""

import pytest
from django.urls import reverse

from roster.factories import UserFactory
from roster.models import Team
from rules.models import Race

from .test_views import team_form_data

pytestmark = pytest.mark.django_db

CREATE_HUMAN = reverse("roster:team-create", kwargs={"race_slug": "human"})


@pytest.fixture
def coach(client):
    user = UserFactory()
    client.force_login(user)
    return user


def test_empty_extra_rows_are_ignored_when_the_team_is_saved(client, coach):
    race = Race.objects.get(slug="human")
    data = team_form_data(race) | {
        "spieler-TOTAL_FORMS": "9",
        "spieler-7-name": "",
        "spieler-7-number": "",
        "spieler-8-name": "  ",
        "spieler-8-number": "9",
        "spieler-8-position": str(race.journeyman_position.pk),
    }
    response = client.post(CREATE_HUMAN, data)
    assert response.status_code == 302
    assert Team.objects.get().players.count() == 7


def test_a_thousand_rows_are_refused_without_building_them(client, coach):
    race = Race.objects.get(slug="human")
    data = team_form_data(race) | {"spieler-TOTAL_FORMS": "1000"}
    response = client.post(CREATE_HUMAN, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Höchstens 11 Spieler im Kader." in html
    assert html.count('class="player-row"') <= 11
    assert len(response.content) < 100_000
    assert not Team.objects.exists()


def test_a_thousand_rows_with_add_row_still_shows_at_most_eleven(client, coach):
    race = Race.objects.get(slug="human")
    data = team_form_data(race) | {"spieler-TOTAL_FORMS": "1000", "add_row": "1"}
    response = client.post(CREATE_HUMAN, data)
    assert response.status_code == 200
    assert response.content.decode().count('class="player-row"') <= 11


@pytest.mark.parametrize("total", ["²", "9" * 5000, "-3", ""])
def test_tampered_form_count_is_a_form_error(client, coach, total):
    race = Race.objects.get(slug="human")
    data = team_form_data(race) | {"spieler-TOTAL_FORMS": total}
    response = client.post(CREATE_HUMAN, data)
    assert response.status_code == 200
    assert not Team.objects.exists()
