"""The round-robin generator on plain team ids (matches/round_robin.py)."""

from collections import Counter
from itertools import combinations

import pytest

from matches.round_robin import Fixture, circle_rounds, plan_fixtures

SIZES = range(2, 21)


def _rounds(fixtures):
    rounds = {}
    for f in fixtures:
        rounds.setdefault(f.round, []).append(f)
    return rounds


@pytest.mark.parametrize("legs", [1, 2])
@pytest.mark.parametrize("n", SIZES)
def test_every_pair_meets_exactly_once_per_leg(n, legs):
    teams = list(range(100, 100 + n))
    fixtures = plan_fixtures(teams, legs=legs)
    met = Counter(f.pair for f in fixtures)
    assert set(met) == {frozenset(p) for p in combinations(teams, 2)}
    assert set(met.values()) == {legs}


@pytest.mark.parametrize("legs", [1, 2])
@pytest.mark.parametrize("n", SIZES)
def test_no_team_plays_twice_in_a_round(n, legs):
    for games in _rounds(plan_fixtures(range(n), legs=legs)).values():
        playing = [t for f in games for t in (f.home, f.away)]
        assert len(playing) == len(set(playing))


@pytest.mark.parametrize("n", SIZES)
def test_a_leg_has_n_minus_1_rounds_for_even_and_n_for_odd_counts(n):
    rounds = _rounds(plan_fixtures(range(n)))
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    assert sorted(rounds) == list(range(1, len(rounds) + 1))


@pytest.mark.parametrize("n", [n for n in SIZES if n % 2])
def test_odd_counts_give_every_team_exactly_one_bye_per_leg(n):
    for legs in (1, 2):
        byes = Counter()
        for games in _rounds(plan_fixtures(range(n), legs=legs)).values():
            playing = {t for f in games for t in (f.home, f.away)}
            (sitting_out,) = set(range(n)) - playing
            byes[sitting_out] += 1
        assert byes == dict.fromkeys(range(n), legs)


@pytest.mark.parametrize("n", SIZES)
def test_single_leg_home_and_away_differ_by_at_most_one(n):
    fixtures = plan_fixtures(range(n))
    homes = Counter(f.home for f in fixtures)
    aways = Counter(f.away for f in fixtures)
    assert max(abs(homes[t] - aways[t]) for t in range(n)) <= 1


@pytest.mark.parametrize("n", SIZES)
def test_double_leg_swaps_home_and_away_so_every_team_is_balanced(n):
    fixtures = plan_fixtures(range(n), legs=2)
    homes = Counter(f.home for f in fixtures)
    assert homes == dict.fromkeys(range(n), n - 1)
    venues = Counter((f.home, f.away) for f in fixtures)
    assert set(venues.values()) == {1}


def test_one_team_has_no_schedule():
    assert plan_fixtures([7]) == []
    assert circle_rounds([7]) == []


def test_a_team_added_to_an_odd_league_plays_in_the_rounds_of_the_byes():
    first = plan_fixtures(range(5))
    added = plan_fixtures(range(6), existing=first)
    assert {f.pair for f in added} == {frozenset((5, t)) for t in range(5)}
    everything = first + added
    assert len(_rounds(everything)) == 5
    for games in _rounds(everything).values():
        playing = [t for f in games for t in (f.home, f.away)]
        assert len(playing) == len(set(playing)) == 6


@pytest.mark.parametrize("n", [4, 7, 10])
def test_a_team_added_later_meets_everybody_and_nobody_plays_twice_in_a_round(n):
    first = plan_fixtures(range(n), legs=2)
    added = plan_fixtures(range(n + 1), legs=2, existing=first)
    met = Counter(f.pair for f in first + added)
    assert set(met.values()) == {2}
    assert len(met) == (n + 1) * n // 2
    for games in _rounds(first + added).values():
        playing = [t for f in games for t in (f.home, f.away)]
        assert len(playing) == len(set(playing))
    # The newcomer's second meeting with a team has the other venue.
    for team in range(n):
        venues = {(f.home, f.away) for f in added if f.pair == frozenset((n, team))}
        assert venues == {(n, team), (team, n)}


def test_pairs_that_already_met_get_nothing_new():
    existing = [Fixture(round=0, home=1, away=2)]
    added = plan_fixtures([1, 2, 3], existing=existing)
    assert frozenset((1, 2)) not in {f.pair for f in added}
    assert {f.pair for f in added} == {frozenset((1, 3)), frozenset((2, 3))}


def test_planning_again_adds_nothing():
    first = plan_fixtures(range(8), legs=2)
    assert plan_fixtures(range(8), legs=2, existing=first) == []


def test_only_one_or_two_legs():
    with pytest.raises(ValueError):
        plan_fixtures(range(4), legs=3)
