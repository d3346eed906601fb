"""Random-playout speed of the BALL engine against python-chess, in one run on one machine.

Both engines play uniformly random legal moves until the game ends, through their public API:
BALL ``state.legal_actions()`` + ``state.apply(action)`` (immutable states, each apply checks
legality); chess ``list(board.legal_moves)`` + ``board.push(move)``, ending at mate, stalemate,
insufficient material or the 75-move rule. Prints actions per second of each and the ratio.

    .venv/bin/python -m benchmarks.ball_speed [--seconds 10] [--cards] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

import chess

from engines.ball import new_game


def ball_playouts(seconds: float, seed: int, card_mode: bool) -> tuple[int, int, float]:
    rng = random.Random(seed)
    choice = rng.choice
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(card_mode=card_mode)
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))
            actions += 1
        games += 1
    return actions, games, time.perf_counter() - start


def chess_playouts(seconds: float, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    choice = rng.choice
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while True:
            legal = list(board.legal_moves)
            if not legal or board.is_insufficient_material() or board.halfmove_clock >= 150:
                break
            board.push(choice(legal))
            moves += 1
        games += 1
    return moves, games, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per engine (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cards", action="store_true", help="BALL in card mode")
    args = parser.parse_args(argv)
    n_ball, g_ball, t_ball = ball_playouts(args.seconds, args.seed, args.cards)
    n_chess, g_chess, t_chess = chess_playouts(args.seconds, args.seed)
    ours, theirs = n_ball / t_ball, n_chess / t_chess
    mode = "card mode" if args.cards else "standard"
    print(f"BALL ({mode}):  {ours:10.0f} actions/s  ({n_ball} actions, {g_ball} games)")
    print(f"python-chess:  {theirs:10.0f} moves/s    ({n_chess} moves, {g_chess} games)")
    print(f"ratio BALL / python-chess: {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
