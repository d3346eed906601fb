"""The speed benchmark runs both engines through their public APIs (smoke test)."""

from benchmarks.ball_speed import measure


def test_speed_benchmark_measures_both_engines_in_alternating_slices():
    totals = measure(0.05, seed=1, card_mode=True, slice_seconds=0.02)
    for name in ("ball", "chess"):
        actions, games, seconds = totals[name]
        assert actions > 0 and games > 0 and seconds >= 0.05


def test_answer_time_benchmark_times_whole_computer_turns():
    from benchmarks.ball_answer_time import answer_times, report

    times = answer_times(1, "easy", cards=False)
    assert times and all(t >= 0 for t in times)
    text = report(times)
    assert f"answers: {len(times)}" in text
    assert "p95:" in text
