"""Perft (docs/ball.md §10): the number of action sequences of a given length."""

from __future__ import annotations

from .state import State


def perft(state: State, depth: int) -> int:
    """perft(s, 0) = 1; a finished game counts 1; else the sum over the legal actions."""
    if depth == 0 or state.is_over:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    apply = state.apply_legal
    return sum(perft(apply(a), depth - 1) for a in actions)
