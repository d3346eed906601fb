"""The arithmetic of the master benchmark (benchmarks/ball_master.py): the SPRT, the score's
interval and the p95 of the answer times. The match itself is too long for a test."""

import math

import pytest

from benchmarks.ball_master import (
    H0_ACCEPTED,
    H1_ACCEPTED,
    OPEN,
    percentile,
    score_interval,
    sprt,
    sprt_bounds,
    sprt_llr,
)


def test_wald_bounds_for_five_percent_risks():
    lower, upper = sprt_bounds(0.05, 0.05)
    assert lower == pytest.approx(-math.log(19))
    assert upper == pytest.approx(math.log(19))


def test_a_win_adds_log_p1_over_p0_and_a_loss_log_of_the_complements():
    assert sprt_llr([1.0], 0.6, 0.75) == pytest.approx(math.log(0.75 / 0.6))
    assert sprt_llr([0.0], 0.6, 0.75) == pytest.approx(math.log(0.25 / 0.4))


def test_a_draw_counts_as_half_a_win_and_half_a_loss():
    half = 0.5 * math.log(0.75 / 0.6) + 0.5 * math.log(0.25 / 0.4)
    assert sprt_llr([0.5], 0.6, 0.75) == pytest.approx(half)
    assert sprt_llr([1.0, 0.0], 0.6, 0.75) == pytest.approx(2 * half)


def test_fourteen_straight_wins_accept_h1_and_thirteen_do_not():
    # log(19) / log(1.25) = 13.2: the fourteenth win crosses the upper bound
    assert sprt([1.0] * 13)[0] == OPEN
    verdict, llr = sprt([1.0] * 14)
    assert verdict == H1_ACCEPTED and llr > math.log(19)


def test_a_score_of_sixty_percent_ends_with_h0():
    verdict, _ = sprt([1.0, 1.0, 1.0, 0.0, 0.0] * 60)
    assert verdict == H0_ACCEPTED


def test_a_score_between_the_hypotheses_stays_open_for_a_while():
    assert sprt([1.0, 1.0, 0.0, 0.5] * 5)[0] == OPEN  # 62.5 % over 20 games


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        sprt_llr([1.0], 0.6, 0.6)
    with pytest.raises(ValueError):
        sprt_llr([1.0], 0.0, 0.75)
    with pytest.raises(ValueError):
        sprt_llr([1.5], 0.6, 0.75)
    with pytest.raises(ValueError):
        sprt_bounds(0.0, 0.05)
    with pytest.raises(ValueError):
        score_interval([])


def test_score_interval_is_the_mean_with_1_96_standard_errors():
    mean, half = score_interval([1.0, 0.0, 1.0, 0.5])
    assert mean == pytest.approx(0.625)
    sd = math.sqrt(((0.375**2) * 2 + 0.625**2 + 0.125**2) / 3)
    assert half == pytest.approx(1.96 * sd / 2)


def test_p95_is_the_nearest_rank():
    values = [float(i) for i in range(1, 101)]
    assert percentile(values, 0.95) == 95.0
    assert percentile([3.0, 1.0, 2.0], 0.95) == 3.0
    assert percentile([], 0.95) == 0.0
