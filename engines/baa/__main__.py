"""Command line: ``python -m engines.baa simulate --teams N --seed S --bot greedy [--json]``."""

from __future__ import annotations

import argparse
import json
import sys

from .bots import BOTS, run_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.baa", description="The Baa engine")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play a whole game with bots and print the result")
    sim.add_argument("--teams", type=int, default=2, help="2 to 6 teams (default 2)")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument(
        "--bot",
        default="greedy",
        help=f"one of {', '.join(BOTS)}, or one per team separated by commas",
    )
    sim.add_argument("--goals", type=int, default=3, help="a team with this many goals wins")
    sim.add_argument("--rounds", type=int, default=40, help="the game ends after these rounds")
    sim.add_argument("--json", action="store_true", help="print result, state and events")
    args = parser.parse_args(argv)
    if not 2 <= args.teams <= 6:
        parser.error("--teams must be 2 to 6")
    names = args.bot.split(",")
    if len(names) not in (1, args.teams) or any(n not in BOTS for n in names):
        parser.error(f"--bot must be one of {', '.join(BOTS)} (or one per team)")
    bot = names[0] if len(names) == 1 else names
    game = run_game(args.teams, args.seed, bot, team_goals=args.goals, rounds=args.rounds)
    result = game.result()
    if args.json:
        json.dump({"result": result, "state": game.snapshot(), "events": game.events}, sys.stdout)
        sys.stdout.write("\n")
    else:
        winner = "draw" if result["winner"] is None else f"team {result['winner']} wins"
        print(f"The Baa, {args.teams} teams, seed {args.seed}, bot {args.bot}: {winner}")
        print(f"goals {result['goals']} after {result['rounds']} rounds ({result['reason']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
