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


def test_the_table_and_the_elo_column_read_a_season_once(small_league):
    """`season_table` and `read_games` share the season's matches
    (`matches.standings.counted_matches`): after a result the table page reads them once."""
    from matches.standings import season_table

    read_games(seasons())
    play(small_league.alpha, small_league.bravo, at=days_ago(30), score=(4, 0))
    second = Season.objects.get(pk=small_league.second.pk)
    with CaptureQueriesContext(connection) as queries:
        rows = season_table(second)
        games = read_games(seasons())
    reads = [q["sql"] for q in queries.captured_queries if 'FROM "matches_match"' in q["sql"]]
    assert len(reads) == 1
    alpha = next(row for row in rows if row.team.pk == small_league.alpha.pk)
    assert alpha.played == sum(
        1
        for g in games
        if g.season_id == second.pk and alpha.team.pk in (g.result.home_id, g.result.away_id)
    )
