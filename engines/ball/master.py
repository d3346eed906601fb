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
  so "two actions left" and "one action left" never share an entry. The table is kept from
  one action to the next (per side and evaluation): the second action of a turn starts from
  what the first one searched. The turn number is part of the key, so entries of past turns
  (or of another game's later turns) are dropped when the turn changes; past ``TABLE_LIMIT``
  entries the table starts anew.
- Move ordering: the table's best action first, then the children by their static value (best
  for the side to move first; kept for the next iteration); the root keeps the order of the
  previous iteration's values. At the nodes just above the leaves the table's action comes
  first too, for an early cut-off.
- Selective width: a node two or more actions above the leaves searches only its ``WIDTH``
  best children by that order (the table's action among them). Over some 50 legal actions
  this buys about one action of depth in the same time, which is worth more than the rarely
  good actions that the static order puts last.
- Time: the deadline is wall-clock time (``time.perf_counter``), read at every node and while
  children are generated; the cyclic garbage collector waits until the answer is found.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable

from .actions import Action
from .state import State

EXACT, LOWER, UPPER = 0, 1, 2
INF = float("inf")
# Caps on what a search keeps: table entries carried from one action to the next, and inner
# nodes whose ordered children are kept within one search (memory: about 3 kB a position).
TABLE_LIMIT = 50_000
# Turns ahead of the current one whose entries are kept (a search never reaches further).
TURNS_AHEAD = 4
KIDS_LIMIT = 4_000
# How many children an inner node above the leaves searches (see Search.width).
WIDTH = 12
# The tables carried over, per side to move and evaluation (a value is always that side's view).
_TABLES: dict[tuple[int, Callable], dict] = {}
_TABLE_TURN: dict[tuple[int, Callable], int] = {}  # the turn the table was last pruned for


class _OutOfTime(Exception):
    pass


class Search:
    """One search from the root side's point of view; reusable across calls for the same side."""

    def __init__(
        self,
        team: int,
        deadline: float,
        evaluate: Callable[[State, int], float],
        table: dict[State, tuple[int, float, int, Action | None]] | None = None,
        width: int | None = None,
    ) -> None:
        self.evaluate = evaluate
        self.team = team
        self.deadline = deadline
        self.nodes = 0
        # Inner nodes at least two actions above the leaves search only their ``width`` best
        # children by static order (the table's move among them); None searches them all.
        self.width = width
        # The table may come from an earlier search for the same side and evaluation: its
        # entries stay true (a value searched d actions deep does not depend on the clock).
        self.table: dict[State, tuple[int, float, int, Action | None]] = (
            {} if table is None else table
        )
        # Children of inner nodes, ordered by static value, kept for the next iteration.
        self.kids: dict[State, list[tuple[Action, State]]] = {}

    def _tick(self) -> None:
        # Every node expands all its children (about 2 ms), so the clock is read at each one.
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise _OutOfTime

    def ordered_children(self, state: State, first: Action | None) -> list[tuple[Action, State]]:
        """The children of ``state``, best first for the side to move (the table's move first)."""
        out = self.kids.get(state)
        if out is None:
            out = self._static_order(state)
            if len(self.kids) < KIDS_LIMIT:
                self.kids[state] = out
        if first is not None and out[0][0] != first:
            out = list(out)
            for i, (a, _c) in enumerate(out):
                if a == first:
                    out.insert(0, out.pop(i))
                    break
        return out

    def _static_order(self, state: State) -> list[tuple[Action, State]]:
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
        return [(a, c) for _, a, c in scored]

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
            actions = state.legal_actions()
            if first is not None:  # the table's best first: the likeliest cut-off
                actions = (first, *(a for a in actions if a != first))
            for action in actions:
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
            children = self.ordered_children(state, first)
            if self.width is not None:
                children = children[: self.width]
            for action, child in children:
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
    width: int | None = WIDTH,
) -> Action:
    """The master's action: the only legal one at once, else the deepest search in ``budget`` s."""
    if not isinstance(state, State):
        raise TypeError(f"a BALL State is needed, not {type(state).__name__}")
    if state.is_over:
        raise ValueError("the game is over: there is nothing to choose")
    if not budget > 0:
        raise ValueError(f"the time budget must be positive, not {budget!r}")
    if width is not None and width < 1:
        raise ValueError(f"the width must be at least 1, not {width!r}")
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    team = state.team_to_move
    table = _TABLES.get((team, evaluate))
    if table is not None and _TABLE_TURN.get((team, evaluate)) != state.turn:
        # a later turn, or another game: keep what this turn's searches can still meet
        turn = state.turn
        table = {k: v for k, v in table.items() if turn <= k.turn <= turn + TURNS_AHEAD}
    if table is None or len(table) > TABLE_LIMIT:
        table = {}
    _TABLES[(team, evaluate)] = table
    _TABLE_TURN[(team, evaluate)] = state.turn
    search = Search(team, time.perf_counter() + budget, evaluate, table, width)
    # The search makes many short-lived objects and keeps a large table: a full collection of
    # the cyclic garbage collector in the middle of it would cost tenths of a second (the
    # positions hold no cycles; reference counting frees them), so it waits for the answer.
    collecting = gc.isenabled()
    gc.disable()
    try:
        action, _depth = search.root(state, rng)
    finally:
        if collecting:
            gc.enable()
    return action
