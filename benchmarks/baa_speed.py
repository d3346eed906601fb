"""The Baa speed: whole greedy-bot games per second for 2 and 4 teams.

Run: ``python -m benchmarks.baa_speed [--games N] [--teams 2 4]`` (default: 40 games each,
well under two minutes). Games are played to 3 goals or 40 rounds, seeds 0..N-1.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from engines.baa import run_game


def measure(teams: int, games: int) -> dict:
    reasons: Counter = Counter()
    rounds = 0
    inputs = 0
    slowest = 0.0
    start = time.perf_counter()
    for seed in range(games):
        t0 = time.perf_counter()
        g = run_game(teams, seed, "greedy")
        slowest = max(slowest, time.perf_counter() - t0)
        reasons[g.result()["reason"]] += 1
        rounds += g.round
        inputs += len(g.inputs)
    elapsed = time.perf_counter() - start
    return {
        "teams": teams,
        "games": games,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "ms_per_game": 1000 * elapsed / games,
        "slowest_ms": 1000 * slowest,
        "rounds_per_game": rounds / games,
        "inputs_per_s": inputs / elapsed,
        "reasons": dict(reasons),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.baa_speed")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--teams", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args(argv)
    for teams in args.teams:
        r = measure(teams, args.games)
        print(
            f"The Baa, {teams} teams, greedy bots: {r['games_per_s']:.1f} games/s "
            f"({r['ms_per_game']:.0f} ms/game, slowest {r['slowest_ms']:.0f} ms, "
            f"{r['rounds_per_game']:.1f} rounds/game, {r['inputs_per_s']:.0f} inputs/s; "
            f"ended by {r['reasons']})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
