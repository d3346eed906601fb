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
