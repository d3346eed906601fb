"""The write guard (config/writeguard.py): locks in id order, claims at a version."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from config.writeguard import StaleVersion
from matches.factories import days_ago, open_match, open_season, play, squad, staff_user
from matches.models import Match
from roster.models import Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams():
    first, second = squad(name="Erste"), squad(name="Zweite")
    open_season(by=staff_user())
    return first, second


def test_lock_returns_the_rows_in_the_order_of_their_ids(teams):
    first, second = teams
    with transaction.atomic():
        locked = Team.objects.lock(second.pk, first.pk)
    assert [team.pk for team in locked] == sorted([first.pk, second.pk])
    assert all(isinstance(team, Team) for team in locked)


def test_lock_without_ids_locks_nothing(teams):
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        assert Team.objects.lock() == []
    assert [q for q in queries.captured_queries if "SELECT" in q["sql"]] == []


def test_lock_one_of_a_missing_row_says_so(teams):
    with transaction.atomic(), pytest.raises(Team.DoesNotExist):
        Team.objects.lock_one(10**9)


def test_a_claim_at_the_current_version_counts_it_up(teams):
    match = open_match(*teams)
    with transaction.atomic():
        claimed = Match.objects.claim(match.pk, version=match.version)
    assert claimed.version == match.version + 1 == Match.objects.get(pk=match.pk).version


def test_a_claim_at_an_old_version_is_refused_with_the_row_as_it_is(teams):
    match = open_match(*teams)
    Match.objects.filter(pk=match.pk).update(version=5)
    with transaction.atomic(), pytest.raises(StaleVersion) as refused:
        Match.objects.claim(match.pk, version=match.version)
    assert refused.value.current.version == 5
    assert Match.objects.get(pk=match.pk).version == 5


def test_a_claim_for_an_answer_keeps_the_version(teams):
    match = play(*teams, at=days_ago(1))
    with transaction.atomic():
        claimed = Match.objects.claim(match.pk, version=match.version, new_version=False)
    assert claimed.version == match.version == Match.objects.get(pk=match.pk).version


def test_locking_a_match_locks_its_teams_first(teams):
    match = open_match(*teams)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        Match.objects.lock(match.pk)
    reads = [
        ("team" if 'FROM "roster_team"' in q["sql"] else "match", q["sql"])
        for q in queries.captured_queries
        if 'FROM "roster_team"' in q["sql"] or 'FROM "matches_match"' in q["sql"]
    ]
    # the teams' ids are read from the match, then the teams are locked, then the match
    assert [table for table, _ in reads] == ["match", "team", "match"]
    if connection.vendor == "postgresql":
        assert ["FOR UPDATE" in sql for _, sql in reads] == [False, True, True]
