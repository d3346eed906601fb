"""Win rates of the BALL computer opponent: the strong level against random and greedy play.

Each match plays N games (default 100), the strong player taking home and away in turn, with
seeded choices, and prints wins/draws/losses of the strong player and its slowest answer.

    .venv/bin/python -m benchmarks.ball_strength [--games 100] [--level hard] [--cards]
        [--opponents random,easy] [--jobs 2]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from engines.ball import choose_action, new_game


def play_game(args: tuple[str, str, int, bool]) -> tuple[str, float, int]:
    """One game: returns (result for the strong player, its slowest answer in s, actions)."""
    level, opponent, index, cards = args
    strong_team = "home" if index % 2 == 0 else "away"
    state = new_game(card_mode=cards)
    slowest = 0.0
    n = 0
    while not state.is_over:
        mine = state.player == strong_team
        start = time.perf_counter()
        action = choose_action(state, level if mine else opponent, seed=index * 100_000 + n)
        if mine:
            slowest = max(slowest, time.perf_counter() - start)
        state = state.apply(action)
        n += 1
    if state.result == "draw":
        return "draw", slowest, n
    return ("win" if state.winner == strong_team else "loss"), slowest, n


def match(level: str, opponent: str, games: int, cards: bool, jobs: int) -> dict:
    tasks = [(level, opponent, i, cards) for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_game, tasks))
    else:
        results = [play_game(t) for t in tasks]
    tally = {"win": 0, "draw": 0, "loss": 0}
    for result, _, _ in results:
        tally[result] += 1
    return {
        **tally,
        "slowest": max(r[1] for r in results),
        "seconds": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--opponents", default="random,easy")
    parser.add_argument("--cards", action="store_true", help="card mode")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    mode = "card mode" if args.cards else "standard"
    print(f"BALL computer opponent, level {args.level!r}, {args.games} games per match ({mode})")
    for opponent in args.opponents.split(","):
        r = match(args.level, opponent, args.games, args.cards, args.jobs)
        rate = 100.0 * r["win"] / args.games
        print(
            f"{args.level} vs {opponent:<6}: win {rate:5.1f}%  "
            f"(W {r['win']} D {r['draw']} L {r['loss']}; slowest answer {r['slowest']:.2f} s; "
            f"{r['seconds']:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
