"""The BALL master level against "schwer" (hard): score with its error bar and answer times.

Plays N games (default 200), half without and half with cards, the master taking home and
away in turn, every choice seeded. Prints a running score every ``--every`` games and at the
end: wins/draws/losses, the score (a win 1, a draw 1/2) with its 95 % confidence interval, the
Elo difference it means, and the master's answer times (median, p95, slowest).

    .venv/bin/python -m benchmarks.ball_master [--games 200] [--jobs 2] [--budget 0.6]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from engines.ball import ai, choose_action, new_game


def play_game(args: tuple[int, bool, float]) -> tuple[float, list[float], int]:
    """One game: (the master's score 1/0.5/0, its answer times in s, actions played)."""
    index, cards, budget = args
    ai.MASTER_BUDGET = budget
    master_team = "home" if index % 2 == 0 else "away"
    state = new_game(card_mode=cards)
    times: list[float] = []
    n = 0
    while not state.is_over:
        mine = state.player == master_team
        start = time.perf_counter()
        action = choose_action(state, "master" if mine else "hard", seed=index * 100_000 + n)
        if mine and len(state.legal_actions()) > 1:
            times.append(time.perf_counter() - start)
        state = state.apply(action)
        n += 1
    if state.result == "draw":
        return 0.5, times, n
    return (1.0 if state.winner == master_team else 0.0), times, n


def summary(scores: list[float], times: list[float]) -> str:
    n = len(scores)
    mean = sum(scores) / n
    sd = statistics.pstdev(scores) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    wins = scores.count(1.0)
    draws = scores.count(0.5)
    clipped = min(max(mean, 1e-3), 1 - 1e-3)
    elo = -400 * math.log10(1 / clipped - 1)
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0
    med = statistics.median(ordered) if ordered else 0.0
    slowest = ordered[-1] if ordered else 0.0
    return (
        f"{n} games: W {wins} D {draws} L {n - wins - draws}; "
        f"score {100 * mean:.1f} % ± {100 * half:.1f} (95 %), Elo {elo:+.0f}; "
        f"answer median {med:.2f} s, p95 {p95:.2f} s, slowest {slowest:.2f} s"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--budget", type=float, default=ai.MASTER_BUDGET, help="s per action")
    parser.add_argument("--every", type=int, default=10, help="print a running score")
    args = parser.parse_args(argv)
    # Game i: modes alternate in pairs, so every mode has the master on both sides.
    tasks = [(i, (i // 2) % 2 == 1, args.budget) for i in range(args.games)]
    print(
        f"BALL master (budget {args.budget:.2f} s per action) vs hard, {args.games} games, "
        "both sides, with and without cards",
        flush=True,
    )
    scores: list[float] = []
    times: list[float] = []
    by_mode: dict[bool, list[float]] = {False: [], True: []}
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for (score, game_times, _n), task in zip(pool.map(play_game, tasks), tasks, strict=True):
            scores.append(score)
            times.extend(game_times)
            by_mode[task[1]].append(score)
            if len(scores) % args.every == 0 and len(scores) < args.games:
                print(f"  after {summary(scores, times)}", flush=True)
    print(summary(scores, times))
    for cards, s in by_mode.items():
        if s:
            label = "with cards   " if cards else "without cards"
            print(f"  {label}: {100 * sum(s) / len(s):.1f} % of {len(s)} games")
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
