"""Two coaches save the same match at the same moment: one wins, the other gets a message."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Match
from matches.services import MatchEntry, update_match

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="real concurrent transactions need PostgreSQL"
    ),
]


def test_two_concurrent_saves_of_one_match_one_fails_cleanly(reference_data_loaded):
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season(by=staff_user())
    match = play(home, away, at=days_ago(1))
    barrier = threading.Barrier(2)
    outcomes = []

    def save(touchdowns: int, by):
        try:
            barrier.wait()
            entry = MatchEntry(
                home=home,
                away=away,
                played_at=match.played_at,
                home_touchdowns=touchdowns,
                away_touchdowns=0,
            )
            update_match(match=match, entry=entry, version=1, by=by)
            outcomes.append(("ok", touchdowns))
        except ValidationError as error:
            outcomes.append(("refused", " ".join(error.messages)))
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=save, args=(3, home.coach)),
        threading.Thread(target=save, args=(5, away.coach)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"]
    refused = next(message for kind, message in outcomes if kind == "refused")
    assert "inzwischen von jemand anderem gespeichert" in refused
    winner = next(value for kind, value in outcomes if kind == "ok")
    saved = Match.objects.get(pk=match.pk)
    assert (saved.home_touchdowns, saved.version) == (winner, 2)


@pytest.fixture
def reference_data_loaded(transactional_db):
    from django.core.management import call_command

    from rules.models import Race

    if not Race.objects.exists():
        call_command("loaddata", "reference", "handbook", verbosity=0)
