"""The league table: every rule on plain data (build_table), then once against the database."""

from dataclasses import dataclass

import pytest

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Casualty
from matches.services import confirm_match
from matches.standings import Points, Result, build_table, season_table


@dataclass(frozen=True)
class T:
    pk: int
    name: str


A, B, C, D = T(1, "Alpha"), T(2, "Bravo"), T(3, "Charlie"), T(4, "Delta")
POINTS = Points()


def result(home, away, score=(0, 0), cas=(0, 0), conceded_by=None, confirmed=True) -> Result:
    return Result(
        home_id=home.pk,
        away_id=away.pk,
        home_touchdowns=score[0],
        away_touchdowns=score[1],
        home_casualties=cas[0],
        away_casualties=cas[1],
        conceded_by_id=conceded_by.pk if conceded_by else None,
        confirmed=confirmed,
    )


def by_team(rows):
    return {row.team: row for row in rows}


def test_teams_without_a_match_are_listed_with_zeros():
    rows = build_table([A, B], [], POINTS)
    assert [(r.team, r.played, r.points, r.rank) for r in rows] == [(A, 0, 0, 1), (B, 0, 0, 1)]


def test_win_draw_loss_and_touchdowns():
    rows = by_team(build_table([A, B, C], [result(A, B, (2, 1)), result(B, C, (1, 1))], POINTS))
    a, b, c = rows[A], rows[B], rows[C]
    assert (a.played, a.won, a.drawn, a.lost, a.points) == (1, 1, 0, 0, 3)
    assert (b.played, b.won, b.drawn, b.lost, b.points) == (2, 0, 1, 1, 1)
    assert (c.played, c.drawn, c.points) == (1, 1, 1)
    assert (b.td_for, b.td_against, b.td_difference) == (2, 3, -1)


@pytest.mark.parametrize(("caused", "bonus"), [(0, 0), (1, 0), (2, 1), (3, 2), (6, 2)])
def test_bonus_points_one_per_tier_reached(caused, bonus):
    row = by_team(build_table([A, B], [result(A, B, cas=(caused, 0))], POINTS))[A]
    assert row.casualties == caused and row.bonus == bonus and row.points == 1 + bonus


def test_bonus_points_count_for_the_loser_too():
    row = by_team(build_table([A, B], [result(A, B, (0, 3), cas=(3, 0))], POINTS))[A]
    assert (row.lost, row.bonus, row.points) == (1, 2, 2)


def test_concession_loses_whatever_the_score_and_keeps_casualties():
    rows = by_team(build_table([A, B], [result(A, B, (2, 0), (2, 0), conceded_by=A)], POINTS))
    assert (rows[A].lost, rows[A].td_for, rows[A].bonus, rows[A].points) == (1, 2, 1, 1)
    assert (rows[B].won, rows[B].td_against, rows[B].points) == (1, 2, 3)


def test_order_points_then_difference_then_casualties_then_td_for():
    # Each team is ahead of the next on exactly one key, the keys before it being equal; the
    # names run the other way, so the name cannot produce this order.
    first, second, third, fourth, fifth = (T(10 + i, name) for i, name in enumerate("VWXYZ"[::-1]))
    rest = T(20, "Rest")
    results = [
        result(first, rest, (1, 0)),
        result(first, rest, (0, 0)),  # 4 pts, +1
        result(second, rest, (3, 0)),  # 3 pts, +3
        result(third, rest, (2, 0), cas=(1, 0)),  # 3 pts, +2, 1 casualty
        result(fourth, rest, (3, 1)),  # 3 pts, +2, 0 casualties, 3 TD
        result(fifth, rest, (2, 0)),  # 3 pts, +2, 0 casualties, 2 TD
    ]
    rows = build_table([fifth, fourth, third, second, first], results, POINTS)
    assert [r.team for r in rows] == [first, second, third, fourth, fifth]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5]


def test_casualties_break_a_tie_on_points_and_difference():
    results = [result(A, D, (1, 0), cas=(1, 0)), result(B, D, (1, 0), cas=(0, 0))]
    rows = build_table([B, A, D], results, POINTS)
    assert [(r.team, r.rank) for r in rows][:2] == [(A, 1), (B, 2)]


def test_td_for_breaks_a_tie_after_casualties():
    results = [result(A, C, (3, 2)), result(B, D, (1, 0))]
    rows = build_table([B, A, C, D], results, POINTS)
    assert [(r.team, r.rank) for r in rows][:2] == [(A, 1), (B, 2)]


def test_teams_equal_on_everything_share_the_rank_and_are_ordered_by_name():
    results = [result(C, A, (1, 1)), result(B, D, (1, 1))]
    rows = build_table([D, C, B, A], results, POINTS)
    assert [r.team.name for r in rows] == ["Alpha", "Bravo", "Charlie", "Delta"]
    assert [r.rank for r in rows] == [1, 1, 1, 1]


def test_shared_rank_skips_the_next_places():
    results = [result(A, C, (1, 0)), result(B, D, (1, 0)), result(C, D, (1, 0))]
    rows = build_table([A, B, C, D], results, POINTS)
    # A and B: 3 pts, +1; C: 3 pts, 0; D: 0 pts.
    assert [(r.team, r.rank) for r in rows] == [(A, 1), (B, 1), (C, 3), (D, 4)]


def test_season_points_settings_are_used():
    custom = Points(win=2, draw=1, loss=0, bonus_first_tier=1, bonus_second_tier=4)
    rows = by_team(build_table([A, B], [result(A, B, (1, 0), cas=(1, 4))], custom))
    assert rows[A].points == 2 + 1 and rows[B].points == 0 + 2


def test_a_concession_by_the_away_team_wins_the_match_for_the_home_team():
    rows = by_team(build_table([A, B], [result(A, B, (0, 2), conceded_by=B)], POINTS))
    assert (rows[A].won, rows[A].points) == (1, 3)
    assert (rows[B].lost, rows[B].points) == (1, 0)


def test_touchdowns_against_count_for_both_sides_of_a_decided_match():
    rows = by_team(build_table([A, B], [result(A, B, (3, 1))], POINTS))
    assert (rows[A].td_for, rows[A].td_against, rows[A].td_difference) == (3, 1, 2)
    assert (rows[B].td_for, rows[B].td_against, rows[B].td_difference) == (1, 3, -2)


def test_a_loss_scores_the_seasons_points_for_a_loss():
    one_for_a_loss = Points(win=3, draw=2, loss=1)
    rows = by_team(build_table([A, B], [result(A, B, (0, 1))], one_for_a_loss))
    assert (rows[A].lost, rows[A].points) == (1, 1)
    assert (rows[B].won, rows[B].points) == (1, 3)


def test_results_of_teams_not_enrolled_are_ignored():
    rows = build_table([A], [result(A, B, (1, 0)), result(B, A, (0, 2))], POINTS)
    assert [(r.team, r.played, r.won, r.td_for) for r in rows] == [(A, 2, 2, 3)]


def test_wins_draws_and_losses_add_up_over_a_season():
    scores = [(1, 0), (2, 0), (1, 1), (0, 0), (0, 1), (0, 2)]
    rows = by_team(build_table([A, B], [result(A, B, score) for score in scores], POINTS))
    a, b = rows[A], rows[B]
    assert (a.played, a.won, a.drawn, a.lost, a.points) == (6, 2, 2, 2, 8)
    assert (b.played, b.won, b.drawn, b.lost, b.points) == (6, 2, 2, 2, 8)


@pytest.mark.django_db
def test_season_table_from_matches_in_a_fixed_number_of_queries(django_assert_num_queries):
    home, away, idle = squad(name="Heim"), squad(name="Gast"), squad(name="Ohne Spiel")
    season = open_season(by=staff_user())
    ticks = {away.players.get(number=n): Casualty.BADLY_HURT for n in (1, 2)}
    play(home, away, at=days_ago(3), score=(1, 2), ticks=ticks, journeymen=(1, 0))
    play(away, home, at=days_ago(2), score=(0, 0), conceded_by=away)
    with django_assert_num_queries(2):
        rows = by_team(season_table(season))
    assert next(iter(rows)) == home
    h, a, i = rows[home], rows[away], rows[idle]
    assert (h.played, h.won, h.lost, h.casualties, h.bonus, h.points) == (2, 1, 1, 3, 2, 5)
    assert (a.played, a.won, a.lost, a.td_for, a.td_against, a.points) == (2, 1, 1, 2, 1, 3)
    assert (i.played, i.points, i.rank) == (0, 0, 3)


@pytest.mark.django_db
def test_a_seasons_own_points_and_bonus_tiers_reach_its_table():
    home, away = squad(name="Heim"), squad(name="Gast")
    season = open_season()
    season.points_win, season.points_draw, season.points_loss = 5, 4, 2
    season.bonus_first_tier, season.bonus_second_tier = 1, 5
    season.save()
    victims = [away.players.get(number=n) for n in (1, 2, 3, 4)]
    play(home, away, at=days_ago(3), score=(1, 0), ticks=dict.fromkeys(victims[:1], "hurt"))
    play(home, away, at=days_ago(2), score=(1, 1), ticks=dict.fromkeys(victims, "hurt"))
    play(away, home, at=days_ago(1), score=(1, 0))
    rows = by_team(season_table(season))
    # Heim: win 5 + 1 tier (1 casualty), draw 4 + 1 tier (4 casualties), loss 2.
    assert (rows[home].bonus, rows[home].points) == (2, 5 + 4 + 2 + 2)
    assert (rows[away].bonus, rows[away].points) == (0, 2 + 4 + 5)


@pytest.mark.django_db
def test_closed_season_keeps_its_table_when_a_new_season_starts():
    home, away = squad(name="Heim"), squad(name="Gast")
    first = open_season(by=staff_user())
    play(home, away, score=(1, 0))
    second = open_season(by=staff_user())
    assert by_team(season_table(first))[home].points == 3
    assert by_team(season_table(second))[home].points == 0


def test_unconfirmed_results_are_counted_per_team_and_still_count():
    results = [result(A, B, (1, 0), confirmed=False), result(A, C, (2, 0)), result(C, B)]
    rows = by_team(build_table([A, B, C], results, POINTS))
    assert [(rows[t].unconfirmed, rows[t].played) for t in (A, B, C)] == [(1, 2), (1, 2), (0, 2)]
    assert rows[A].points == 6


@pytest.mark.django_db
def test_table_marks_teams_with_results_not_yet_confirmed(client):
    home, away, third = squad(name="Heim"), squad(name="Gast"), squad(name="Dritte")
    season = open_season()
    confirmed = play(home, away, at=days_ago(3), by=home.coach)
    confirm_match(match=confirmed, version=confirmed.version, by=away.coach)
    play(home, third, at=days_ago(2), by=home.coach)
    rows = by_team(season_table(season))
    assert [rows[t].unconfirmed for t in (home, away, third)] == [1, 0, 1]
    page = client.get("/tabelle/").content.decode()
    assert page.count('data-unconfirmed="1"') == 2
    assert "davon 1 noch nicht bestätigt" in page
