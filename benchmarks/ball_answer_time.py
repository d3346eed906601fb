"""How long the BALL computer takes to answer at the "schwer" (hard) level in the simulator.

An answer is what the simulator computes after a person's move: the computer's whole turn
(every action until the turn passes), as ``simulator.ball.services`` plays it. Games are played
against the greedy player standing in for the person; the script prints the distribution of the
answer times. The goal: under 1 s for 95 % of the answers.

    .venv/bin/python -m benchmarks.ball_answer_time [--games 10] [--level hard] [--cards]
"""

from __future__ import annotations

import argparse
import statistics
import time

from engines.ball import choose_action, new_game

GOAL_SECONDS = 1.0


def answer_times(games: int, level: str, cards: bool) -> list[float]:
    """The time of every computer answer (one whole computer turn) in ``games`` games."""
    times: list[float] = []
    for index in range(games):
        computer = "away" if index % 2 == 0 else "home"
        state = new_game(card_mode=cards)
        n = 0
        while not state.is_over:
            if state.player != computer:
                state = state.apply(choose_action(state, "easy", seed=index * 100_000 + n))
                n += 1
                continue
            start = time.perf_counter()
            while not state.is_over and state.player == computer:
                state = state.apply(choose_action(state, level, seed=index * 100_000 + n))
                n += 1
            times.append(time.perf_counter() - start)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))
    return ordered[index]


def report(times: list[float]) -> str:
    within = sum(1 for t in times if t < GOAL_SECONDS) / len(times)
    lines = [
        f"answers: {len(times)}",
        f"median: {statistics.median(times):.3f} s",
        f"p90:    {percentile(times, 0.90):.3f} s",
        f"p95:    {percentile(times, 0.95):.3f} s",
        f"p99:    {percentile(times, 0.99):.3f} s",
        f"max:    {max(times):.3f} s",
        f"under {GOAL_SECONDS:.0f} s: {100 * within:.1f} % (goal: 95 %)",
        "histogram:",
    ]
    edges = [0.1, 0.25, 0.5, 0.75, 1.0, 1.5, float("inf")]
    low = 0.0
    for edge in edges:
        count = sum(1 for t in times if low <= t < edge)
        label = f"{low:.2f}–{edge:.2f} s" if edge != float("inf") else f"≥ {low:.2f} s"
        lines.append(f"  {label:<14} {count:5d} {'#' * round(60 * count / len(times))}")
        low = edge
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--cards", action="store_true", help="card mode")
    args = parser.parse_args(argv)
    mode = "card mode" if args.cards else "standard"
    print(f"BALL computer answer times, level {args.level!r}, {args.games} games ({mode})")
    print(report(answer_times(args.games, args.level, args.cards)), flush=True)


if __name__ == "__main__":
    main()
