"""`stats.facts.read_games` keeps each season's games under that season's scope: after a result
only its own season is read again, and every change of a season's matches is in the next read."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Season
from matches.factories import days_ago, play, staff_user
from matches.services import delete_match
from stats.facts import read_games


def seasons():
    return list(Season.objects.order_by("number"))


def test_a_result_reads_only_its_own_season_again(small_league):
    before = read_games(seasons())
    known = seasons()
    new = play(small_league.alpha, small_league.bravo, at=days_ago(30), score=(4, 0))
    with CaptureQueriesContext(connection) as queries:
        after = read_games(known)
    reads = [q["sql"] for q in queries.captured_queries if '"matches_match"' in q["sql"]]
    assert len(reads) == 1
    assert f'"season_id" = {small_league.second.pk}' in reads[0].replace("%s", "")
    assert [g.pk for g in after] == [g.pk for g in before] + [new.pk]


def test_a_deleted_result_of_an_old_season_leaves_the_next_read(small_league):
    read_games(seasons())
    delete_match(match=small_league.matches[1], by=staff_user())
    assert small_league.matches[1].pk not in [g.pk for g in read_games(seasons())]
