"""Elo ratings (docs/statistik.md, „Elo-Wertung“) computed by hand."""

import pytest
from django.urls import reverse

from matches.services import delete_match
from stats.facts import read_league
from stats.rating_reads import coach_ratings, team_ratings
from stats.ratings import START, Bout, rate

# Alpha beats Bravo at 1000 each: expectation ½, so ±20 · ½ = ±10.
AFTER_FIRST = {"A": 1010.0, "B": 990.0}
# Bravo (990) draws Charlie (1000): Bravo's expectation 1 / (1 + 10^(10/400)) = 0.48561,
# so Bravo gains 20 · (0.5 − 0.48561) = 0.2877 and Charlie loses as much.
AFTER_DRAW = {"B": 990.2877, "C": 999.7123}


def test_win_at_equal_ratings_moves_ten_points_each_way():
    assert rate([Bout(1, "A", "B", 1.0)]).current == AFTER_FIRST


def test_draw_moves_the_lower_rated_side_up():
    ratings = rate([Bout(1, "A", "B", 1.0), Bout(2, "B", "C", 0.5)])
    assert ratings.of("B") == pytest.approx(AFTER_DRAW["B"], abs=1e-4)
    assert ratings.of("C") == pytest.approx(AFTER_DRAW["C"], abs=1e-4)
    assert ratings.of("nobody") == START


def test_forfeit_and_a_match_against_oneself_change_nothing():
    ratings = rate([Bout(1, "A", "B", None), Bout(2, "x", "x", 1.0)])
    assert ratings.current == {} and ratings.history == {}


def test_league_ratings_count_the_concession_rule_the_correction_and_skip_the_forfeit(
    small_league,
):
    league = read_league()
    ratings = team_ratings(league.games)
    alpha, bravo, charlie = small_league.alpha.pk, small_league.bravo.pk, small_league.charlie.pk
    # m1 Alpha wins (1010 / 990), m2 draw (Bravo 990.2877, Charlie 999.7123), m3 forfeit: no
    # change, m4 corrected to 1:1: Alpha (1010) expected 1 / (1 + 10^(-10.2877/400)) = 0.51480,
    # so Alpha 1010 − 20 · 0.01480 = 1009.7040 and Charlie 1000.0083.
    first_season = [key for key, _value in ratings.history[alpha]][:2]
    assert first_season == [small_league.matches[1].pk, small_league.matches[4].pk]
    assert ratings.history[alpha][1][1] == pytest.approx(1009.7040, abs=1e-3)
    assert ratings.history[charlie][1][1] == pytest.approx(1000.0083, abs=1e-3)
    # m6 Bravo (990.2877) beats Alpha (1009.7040): Bravo +20 · (1 − 0.47207) = +10.5583
    assert ratings.of(bravo) == pytest.approx(1000.8460, abs=1e-3)
    assert ratings.of(alpha) == pytest.approx(989.1705, abs=1e-3)
    assert ratings.of(charlie) == pytest.approx(1009.9834, abs=1e-3)


def test_a_deleted_result_no_longer_counts_in_the_ratings(small_league):
    delete_match(match=small_league.matches[7], by=small_league.matches[7].entered_by)
    ratings = team_ratings(read_league().games)
    assert ratings.of(small_league.alpha.pk) == pytest.approx(999.1457, abs=1e-3)
    assert ratings.of(small_league.charlie.pk) == pytest.approx(1000.0083, abs=1e-3)


def test_a_coach_with_two_teams_keeps_his_rating_when_they_meet(small_league):
    league = read_league()
    coach_of = {t.pk: t.coach_id for t in league.teams.values()}
    coach_of[small_league.charlie.pk] = coach_of[small_league.alpha.pk]
    ratings = coach_ratings(league.games, coach_of)
    alpha_coach, bravo_coach = coach_of[small_league.alpha.pk], coach_of[small_league.bravo.pk]
    # m2 Bravo–Charlie 1:1 counts for both coaches; m4 and m7 (Alpha v Charlie) count for none
    keys = [key for key, _value in ratings.history[alpha_coach]]
    m = small_league.matches
    assert keys == [m[1].pk, m[2].pk, m[6].pk]
    assert ratings.of(alpha_coach) + ratings.of(bravo_coach) == pytest.approx(2 * START)


def test_table_shows_each_teams_rating(client, small_league):
    html = client.get(reverse("league:standings")).content.decode()
    assert 'data-col="elo">1010<' in html  # Charlie, 1009.98 rounded
    assert 'data-col="elo">989<' in html
