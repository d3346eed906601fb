"""Random-playout speed of the BALL engine against python-chess, in one run on one machine.

Both engines play uniformly random legal moves until the game ends, through their public API:
BALL ``state.legal_actions()`` + ``state.apply(action)`` (immutable states, each apply checks
legality); chess ``list(board.legal_moves)`` + ``board.push(move)``, ending at mate, stalemate,
insufficient material or the 75-move rule. Prints actions per second of each and the ratio.

The two engines run in alternating time slices (whole games, about half a second each), so
that both see the same machine load; the ratio of the totals is the figure to compare.

    .venv/bin/python -m benchmarks.ball_speed [--seconds 10] [--cards] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

import chess

from engines.ball import new_game


def ball_games(rng: random.Random, card_mode: bool, until: float) -> tuple[int, int]:
    """Random BALL games until the clock passes ``until``; (actions, games)."""
    choice = rng.choice
    actions = games = 0
    while time.perf_counter() < until:
        state = new_game(card_mode=card_mode)
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))
            actions += 1
        games += 1
    return actions, games


def chess_games(rng: random.Random, until: float) -> tuple[int, int]:
    """Random chess games until the clock passes ``until``; (moves, games)."""
    choice = rng.choice
    moves = games = 0
    while time.perf_counter() < until:
        board = chess.Board()
        while True:
            legal = list(board.legal_moves)
            if not legal or board.is_insufficient_material() or board.halfmove_clock >= 150:
                break
            board.push(choice(legal))
            moves += 1
        games += 1
    return moves, games


def measure(seconds: float, seed: int, card_mode: bool, slice_seconds: float = 0.5) -> dict:
    """Run both engines for about ``seconds`` each in alternating slices."""
    ball_rng, chess_rng = random.Random(seed), random.Random(seed)
    totals = {"ball": [0, 0, 0.0], "chess": [0, 0, 0.0]}
    while totals["ball"][2] < seconds or totals["chess"][2] < seconds:
        for name in ("ball", "chess"):
            start = time.perf_counter()
            if name == "ball":
                n, g = ball_games(ball_rng, card_mode, start + slice_seconds)
            else:
                n, g = chess_games(chess_rng, start + slice_seconds)
            t = totals[name]
            t[0] += n
            t[1] += g
            t[2] += time.perf_counter() - start
    return totals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per engine (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cards", action="store_true", help="BALL in card mode")
    args = parser.parse_args(argv)
    totals = measure(args.seconds, args.seed, args.cards)
    n_ball, g_ball, t_ball = totals["ball"]
    n_chess, g_chess, t_chess = totals["chess"]
    ours, theirs = n_ball / t_ball, n_chess / t_chess
    mode = "card mode" if args.cards else "standard"
    print(f"BALL ({mode}):  {ours:10.0f} actions/s  ({n_ball} actions, {g_ball} games)")
    print(f"python-chess:  {theirs:10.0f} moves/s    ({n_chess} moves, {g_chess} games)")
    print(f"ratio BALL / python-chess: {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
