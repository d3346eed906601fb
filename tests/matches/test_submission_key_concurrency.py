"""The same draft arriving twice at the same moment (two tabs, a resend racing the first
request) saves one result, on PostgreSQL with real concurrent transactions."""

import threading
import uuid

import pytest
from django.db import connection, connections

from matches.factories import days_ago, open_match, open_season, squad, staff_user
from matches.models import Match
from matches.services import MatchEntry, enter_match, update_match

from .test_concurrency import reference_data_loaded  # noqa: F401 (the fixture)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="real concurrent transactions need PostgreSQL"
    ),
]


def at_once(save, times: int = 2) -> list:
    barrier = threading.Barrier(times)
    outcomes = []

    def run():
        try:
            barrier.wait()
            outcomes.append(save().pk)
        except Exception as error:
            outcomes.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_one_new_result_sent_twice_at_once_is_saved_once(reference_data_loaded):  # noqa: F811
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season(by=staff_user())
    entry = MatchEntry(
        home=home,
        away=away,
        played_at=days_ago(1),
        home_touchdowns=2,
        away_touchdowns=1,
        submission_key=uuid.uuid4(),
    )
    outcomes = at_once(lambda: enter_match(entry=entry, by=home.coach))
    match = Match.objects.get()
    assert outcomes == [match.pk, match.pk]


def test_one_result_for_an_open_match_sent_twice_at_once_is_saved_once(
    reference_data_loaded,  # noqa: F811
):
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season(by=staff_user())
    match = open_match(home, away)
    entry = MatchEntry(
        home=home,
        away=away,
        played_at=days_ago(1),
        home_touchdowns=3,
        away_touchdowns=0,
        submission_key=uuid.uuid4(),
    )
    outcomes = at_once(
        lambda: update_match(match=match, entry=entry, version=match.version, by=home.coach)
    )
    assert outcomes == [match.pk, match.pk]
    saved = Match.objects.get(pk=match.pk)
    assert (saved.home_touchdowns, saved.version) == (3, match.version + 1)
    assert Match.objects.count() == 1
