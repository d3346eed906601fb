"""Dice: K-test statistics, the forced-dice double, and the RNG state in the game."""

import math

import pytest

from engines.baa import Dice, ForcedDice, new_game


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 6])
def test_the_k_test_success_rate_is_one_minus_five_sixths_to_the_k(k):
    g = new_game(2, seed=1000 + k)
    f = g.figures["0:A"]
    f.k = k
    n = 6000
    wins = sum(g._k_test(f, "test") > 0 for _ in range(n))
    p = 1 - (5 / 6) ** k
    se = math.sqrt(p * (1 - p) / n)
    assert abs(wins / n - p) < 4 * se
    tests = [e for e in g.events if e["type"] == "k_test"]
    assert len(tests) == n and all(len(e["rolls"]) == k for e in tests)


def test_a_figure_with_no_k_rolls_no_dice_and_fails():
    g = new_game(2, seed=1)
    f = g.figures["0:A"]
    f.k = 0
    assert g._k_test(f, "test") == 0
    assert g.events[-1]["rolls"] == [] and g.events[-1]["success"] is False


def test_the_dice_replay_from_their_state():
    d = Dice(5)
    d.d6()
    state = d.getstate()
    rolls = [d.d6() for _ in range(5)] + [d.direction()]
    d2 = Dice(0)
    d2.setstate(state)
    assert [d2.d6() for _ in range(5)] + [d2.direction()] == rolls


def test_forced_dice_fail_when_a_roll_is_left_unused_or_of_the_wrong_kind():
    d = ForcedDice([6, 90.0])
    assert d.d6() == 6
    with pytest.raises(AssertionError, match="left unused"):
        d.check_used()
    with pytest.raises(AssertionError, match="not a int"):
        ForcedDice([90.0]).d6()
    with pytest.raises(AssertionError, match="ran dry"):
        ForcedDice([]).direction()


def test_the_game_dice_are_a_fair_d6_and_a_uniform_direction():
    """Chi-square over 60 000 seeded rolls (5 degrees of freedom: 20.5 is the 0.1 % point),
    and the mean direction 180° within 4 standard errors."""
    d = Dice(2024)
    n = 60_000
    counts = [0] * 6
    for _ in range(n):
        counts[d.d6() - 1] += 1
    chi2 = sum((c - n / 6) ** 2 / (n / 6) for c in counts)
    assert chi2 < 20.5, counts
    dirs = [d.direction() for _ in range(20_000)]
    assert all(0.0 <= a < 360.0 for a in dirs)
    se = 360 / math.sqrt(12) / math.sqrt(len(dirs))
    assert abs(sum(dirs) / len(dirs) - 180.0) < 4 * se


@pytest.mark.parametrize("k", [1, 3, 6])
def test_the_sixes_of_a_k_test_average_k_sixths(k):
    g = new_game(2, seed=77 + k)
    f = g.figures["1:B"]
    f.k = k
    n = 4000
    sixes = [g._k_test(f, "test") for _ in range(n)]
    mean, sd = k / 6, math.sqrt(k * (1 / 6) * (5 / 6))
    assert abs(sum(sixes) / n - mean) < 4 * sd / math.sqrt(n)
    for e in g.events[-n:]:
        assert e["sixes"] == e["rolls"].count(6) and e["success"] == (e["sixes"] > 0)
