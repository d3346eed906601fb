"""The master level of the BALL computer: a time-bounded alpha-beta search over single actions.

A turn is a run of actions by one side (its action points, then the resolution tasks), so the
search tree is not strictly alternating: a node is a max node when the root's side is to move
and a min node otherwise, whatever the node above it was. Values are always the root side's
(the evaluation ``ai`` hands in, ``ai.evaluate``, from its point of view; taking it as an
argument keeps this module free of an import of ``ai``, which offers this level).

- Iterative deepening: depth 1, 2, 3, ... actions until the time budget runs out; the answer is
  the best root action of the deepest search that finished (or of the unfinished one, when its
  first and so far best action was already searched to the new depth).
- Transposition table: a position's entry holds the depth searched, the value, whether it is
  exact or a bound, and the best action. The key is the whole position: squares, piece states,
  ball, score, side to move, phase and the action points left (``State`` hashes all of them),
  so "two actions left" and "one action left" never share an entry.
- Move ordering: the table's best action first, then the children by their static value (best
  for the side to move first); the root keeps the order of the previous iteration's values.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from .actions import Action
from .state import State

EXACT, LOWER, UPPER = 0, 1, 2
INF = float("inf")


class _OutOfTime(Exception):
    pass


class Search:
    """One search from the root side's point of view; reusable across calls for the same side."""

    def __init__(self, team: int, deadline: float, evaluate: Callable[[State, int], float]) -> None:
        self.evaluate = evaluate
        self.team = team
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[State, tuple[int, float, int, Action | None]] = {}

    def _tick(self) -> None:
        # Every node expands all its children (about 2 ms), so the clock is read at each one.
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise _OutOfTime

    def ordered_children(self, state: State, first: Action | None) -> list[tuple[Action, State]]:
        """The children of ``state``, best first for the side to move."""
        team, evaluate = self.team, self.evaluate
        scored = []
        deadline = self.deadline
        for action in state.legal_actions():
            if time.perf_counter() > deadline:
                raise _OutOfTime
            child = state.apply_legal(action)
            scored.append((evaluate(child, team), action, child))
        maximise = state.team_to_move == team
        scored.sort(key=lambda x: x[0], reverse=maximise)
        out = [(a, c) for _, a, c in scored]
        if first is not None:
            for i, (a, _c) in enumerate(out):
                if a == first:
                    out.insert(0, out.pop(i))
                    break
        return out

    def value(self, state: State, depth: int, alpha: float, beta: float) -> float:
        """Alpha-beta value of ``state`` searched ``depth`` actions deep (root side's view)."""
        self._tick()
        if depth <= 0 or state.is_over:
            return self.evaluate(state, self.team)
        entry = self.table.get(state)
        first = None
        if entry is not None:
            e_depth, e_value, e_flag, first = entry
            if e_depth >= depth:
                if e_flag == EXACT:
                    return e_value
                if e_flag == LOWER and e_value >= beta:
                    return e_value
                if e_flag == UPPER and e_value <= alpha:
                    return e_value
        a0, b0 = alpha, beta
        maximise = state.team_to_move == self.team
        best_action = None
        if depth == 1:
            # Leaves: static values of the children; no ordering needed.
            team, evaluate = self.team, self.evaluate
            best = -INF if maximise else INF
            for action in state.legal_actions():
                v = evaluate(state.apply_legal(action), team)
                if (v > best) if maximise else (v < best):
                    best, best_action = v, action
                    if maximise:
                        alpha = max(alpha, v)
                    else:
                        beta = min(beta, v)
                    if alpha >= beta:
                        break
        else:
            best = -INF if maximise else INF
            for action, child in self.ordered_children(state, first):
                v = self.value(child, depth - 1, alpha, beta)
                if (v > best) if maximise else (v < best):
                    best, best_action = v, action
                    if maximise:
                        alpha = max(alpha, v)
                    else:
                        beta = min(beta, v)
                    if alpha >= beta:
                        break
        if best <= a0:
            flag = UPPER
        elif best >= b0:
            flag = LOWER
        else:
            flag = EXACT
        self.table[state] = (depth, best, flag, best_action)
        return best

    def root(self, state: State, rng: random.Random, max_depth: int = 64) -> tuple[Action, int]:
        """The best action within the time budget and the deepest depth that finished."""
        team, evaluate = self.team, self.evaluate
        # Ties broken by a seeded jitter far below any evaluation step.
        moves = [
            (evaluate(state.apply_legal(a), team) + rng.random() * 1e-3, a, state.apply_legal(a))
            for a in state.legal_actions()
        ]
        moves.sort(key=lambda x: x[0], reverse=True)
        best_action, finished = moves[0][1], 0
        for depth in range(1, max_depth + 1):
            alpha = -INF
            scored = []
            try:
                for _, action, child in moves:
                    v = self.value(child, depth - 1, alpha, INF)
                    scored.append((v, action, child))
                    if v > alpha:
                        alpha = v
            except _OutOfTime:
                # The first action is the previous best: if it alone was searched deeper and
                # another already beats it, that one is better at the new depth.
                if scored:
                    top = max(scored, key=lambda x: x[0])
                    if top[1] != moves[0][1] and top[0] > scored[0][0]:
                        best_action = top[1]
                break
            # Fail-soft values of the non-best children are bounds, enough to order them.
            scored.sort(key=lambda x: x[0], reverse=True)
            moves = scored
            best_action, finished = moves[0][1], depth
            if abs(moves[0][0]) >= 900_000:  # a forced result: deeper search changes nothing
                break
        return best_action, finished


def choose(
    state: State,
    rng: random.Random,
    evaluate: Callable[[State, int], float],
    budget: float = 0.6,
) -> Action:
    """The master's action: the only legal one at once, else the deepest search in ``budget`` s."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    search = Search(state.team_to_move, time.perf_counter() + budget, evaluate)
    action, _depth = search.root(state, rng)
    return action
