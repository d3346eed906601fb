"""Command line: `python -m engines.ball perft N [--cards]` and `python -m engines.ball board`."""

from __future__ import annotations

import argparse
import sys
import time

from .perft import perft
from .state import new_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.ball", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count action sequences from the standard setup")
    p.add_argument("depth", type=int)
    p.add_argument("--cards", action="store_true", help="card mode")
    p.add_argument("--time", action="store_true", help="print the time of each depth")
    b = sub.add_parser("board", help="print the start position")
    b.add_argument("--cards", action="store_true", help="card mode")
    args = parser.parse_args(argv)
    state = new_game(card_mode=args.cards)
    if args.command == "board":
        print(state.render())
        return 0
    if args.depth < 1:
        parser.error("depth must be at least 1")
    for k in range(1, args.depth + 1):
        start = time.perf_counter()
        count = perft(state, k)
        line = f"perft({k}) = {count}"
        if args.time:
            line += f"  ({time.perf_counter() - start:.2f} s)"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
