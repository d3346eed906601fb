"""Computer opponents for BALL.

Levels:

- ``"random"``: a uniformly random legal action.
- ``"easy"``: one-ply greedy: the action whose resulting position evaluates best.
- ``"hard"``: plans its whole turn: a beam search over action sequences until the turn passes,
  each finished turn scored by the same evaluation. The plan is cached, so the next call in the
  same turn continues it without searching again.
- ``"master"``: iterative-deepening alpha-beta over single actions with a transposition table
  and move ordering, within a time budget per action (``engines.ball.master``).

Every level only ever returns an action of ``state.legal_actions()``.
"""

from __future__ import annotations

import random
import time

from . import board as B
from . import master
from .actions import Action
from .board import ACTIVE, DIST, DOWN, GAME_OVER, PIECE_TEAM, SCORING_ROW, TOP
from .state import State

LEVELS = ("random", "easy", "hard", "master")

WIN = 1_000_000


def _progress(team: int, square: int) -> int:
    """Rows advanced towards the team's scoring row (0..16)."""
    row = B.row_of(square)
    return row - 1 if SCORING_ROW[team] == B.ROWS else B.ROWS - row


def evaluate(state: State, team: int) -> float:
    """A heuristic value of the position for ``team`` (0 home, 1 away); higher is better."""
    if state.phase_code == GAME_OVER:
        diff = state.score_by_team[team] - state.score_by_team[1 - team]
        return WIN * (diff > 0) - WIN * (diff < 0) + 1000 * diff
    opp = 1 - team
    v = 3000.0 * (state.score_by_team[team] - state.score_by_team[opp])
    pos, st = state.positions, state.piece_states
    mine = range(team * 7, team * 7 + 7)
    theirs = range(opp * 7, opp * 7 + 7)
    c = state.carrier
    if c >= 0:
        cs = pos[c]
        owner = PIECE_TEAM[c]
        sign = 1 if owner == team else -1
        prog = _progress(owner, cs)
        value = 250 + 25 * prog + (40 if prog >= 14 else 0)
        if st[c] != ACTIVE:
            value -= 60
        # Attackers: active enemies of the carrier within 2 squares; helpers: allies next to it.
        enemies = theirs if owner == team else mine
        friends = mine if owner == team else theirs
        dc = DIST[cs]
        attackers = sum(1 for p in enemies if st[p] == ACTIVE and dc[pos[p]] <= 2)
        helpers = sum(1 for p in friends if p != c and st[p] == ACTIVE and dc[pos[p]] <= 2)
        value += 10 * helpers - 45 * attackers
        v += sign * value
    else:
        b = state.free_ball
        db = DIST[b]
        dm = min((db[pos[p]] for p in mine if st[p] == ACTIVE), default=20)
        do = min((db[pos[p]] for p in theirs if st[p] == ACTIVE), default=20)
        lead = max(-6, min(6, do - dm))
        v += 40 * lead - 15 * dm
        v += 10 * _progress(team, b) if dm <= do else -10 * _progress(opp, b)
    for p in mine:
        s = st[p]
        if s == DOWN:
            v -= 30
        elif s >= TOP:
            v -= 10
        v += 2 * _progress(team, pos[p])
    for p in theirs:
        s = st[p]
        if s == DOWN:
            v += 30
        elif s >= TOP:
            v += 10
    if state.options.card_mode:
        v += 12 * (state.pe_by_team[team] - state.pe_by_team[opp])
    return v


def _random(state: State, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def _greedy(state: State, rng: random.Random) -> Action:
    team = state.team_to_move
    best, best_value = None, None
    for action in state.legal_actions():
        value = evaluate(state.apply_legal(action), team) + rng.random()
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


# The hard player's current plan: the position it reaches next -> the rest of the planned turn.
_PLANS: dict[State, tuple[Action, ...]] = {}


def _greedy_turn(state: State, deadline: float) -> State:
    """The position after the player to move plays its turn greedily (no noise)."""
    team, turn = state.team_to_move, state.turn
    while not state.is_over and state.turn == turn and time.perf_counter() < deadline:
        best, best_value = None, None
        for action in state.legal_actions():
            child = state.apply_legal(action)
            value = evaluate(child, team)
            if best_value is None or value > best_value:
                best, best_value = child, value
        state = best
    return state


def _plan_turn(
    state: State, rng: random.Random, width: int = 6, replies: int = 6, budget: float = 0.7
) -> tuple[Action, ...]:
    """Beam-search the whole turn, then check the best few turns against a greedy reply."""
    team, turn = state.team_to_move, state.turn
    deadline = time.perf_counter() + budget
    frontier: list[tuple[State, tuple[Action, ...]]] = [(state, ())]
    finished: list[tuple[float, State, tuple[Action, ...]]] = []
    while frontier:
        children: dict[tuple, tuple[float, State, tuple[Action, ...]]] = {}
        for s, plan in frontier:
            for action in s.legal_actions():
                child = s.apply_legal(action)
                seq = (*plan, action)
                value = evaluate(child, team) + rng.random()
                if child.phase_code == GAME_OVER or child.turn != turn:
                    # Equal outcomes: prefer the shorter turn (score first, pad later).
                    finished.append((value - 2 * len(seq), child, seq))
                    continue
                key = (
                    child.positions,
                    child.piece_states,
                    child.carrier,
                    child.free_ball,
                    child.pa,
                    child.phase_code,
                )
                old = children.get(key)
                if old is None or value > old[0]:
                    children[key] = (value, child, seq)
            if time.perf_counter() > deadline:
                break
        if time.perf_counter() > deadline:
            if not finished and children:  # out of time: follow the best unfinished line
                return max(children.values(), key=lambda x: x[0])[2]
            break
        ranked = sorted(children.values(), key=lambda x: x[0], reverse=True)[:width]
        frontier = [(child, seq) for _, child, seq in ranked]
    finished.sort(key=lambda x: x[0], reverse=True)
    best_plan, best_value = finished[0][2], None
    reply_deadline = time.perf_counter() + budget / 2
    for value, child, seq in finished[:replies]:
        if child.is_over or time.perf_counter() > reply_deadline:
            reply_value = value
        else:
            reply_value = evaluate(_greedy_turn(child, reply_deadline), team) + rng.random()
            reply_value -= 2 * len(seq)
        if best_value is None or reply_value > best_value:
            best_plan, best_value = seq, reply_value
    return best_plan


def _hard(state: State, rng: random.Random) -> Action:
    plan = _PLANS.pop(state, None)
    if plan is None:
        if len(_PLANS) > 256:
            _PLANS.clear()
        plan = _plan_turn(state, rng)
    action = plan[0]
    if action not in state.legal_actions():  # pragma: no cover - defensive
        action = _greedy(state, rng)
        plan = (action,)
    rest = plan[1:]
    if rest:
        nxt = state.apply_legal(action)
        if nxt.turn == state.turn and not nxt.is_over:
            _PLANS[nxt] = rest
    return action


def _master(state: State, rng: random.Random) -> Action:
    return master.choose(state, rng, evaluate, budget=MASTER_BUDGET)


# Seconds the master level searches per action (its answer time is this plus one node).
MASTER_BUDGET = 0.6

_PLAYERS = {"random": _random, "easy": _greedy, "hard": _hard, "master": _master}


def choose_action(state: State, level: str = "hard", seed: int | None = None) -> Action:
    """A legal action for the player to move, chosen by the computer at ``level``.

    ``seed`` makes the choice reproducible (ties are broken by a seeded generator).
    Raises ValueError for an unknown level or a finished game.
    """
    if level not in _PLAYERS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    if state.is_over:
        raise ValueError("the game is over: there is nothing to choose")
    rng = random.Random(seed)
    return _PLAYERS[level](state, rng)
