"""Why an action is illegal: the message of :class:`IllegalAction`.

Legality itself is decided by ``action in state.legal_actions()``; this module only runs on the
error path and turns the refusal into a sentence such as
``"G5-G7: no free exit square next to G7"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board as B
from .actions import (
    END,
    GETUP,
    HANDOFF,
    KEEP_NONE,
    LONG_PASS,
    MOVE,
    OVERTIME,
    PLUS_PE,
    RESOLVE,
    SHORT_PASS,
    SPRINT,
    STAND_UP,
    Action,
)
from .board import (
    ACTION_PHASE,
    ACTIVE,
    DOWN,
    GAME_OVER,
    NEIGHBOURS,
    PIECE_TEAM,
    PIECE_TYPE,
    RESOLUTION_PHASE,
    TOP,
)

if TYPE_CHECKING:
    from .state import State

_STATE_WORDS = ("active", "knocked down", "in a stack", "in a stack", "in a stack")


def explain_illegal(state: State, action: Action) -> str:
    text = str(action)
    reason = _reason(state, action)
    return f"{text}: {reason}"


def _piece_at(state: State, s: int) -> int:
    o = state._occ[s]
    return o - 1 if o else -1


def _describe(pid: int) -> str:
    return B.full_piece_name(pid)


def _reason(state: State, action: Action) -> str:
    kind = action[0]
    n = B.SQUARE_NAMES
    if state._phase == GAME_OVER:
        return "the game is over"
    card = state._opts.card_mode
    team = state._player
    pe = state._pe[team]
    if kind in (STAND_UP, RESOLVE):
        if state._phase != RESOLUTION_PHASE:
            return "resolution tasks are played in the resolution phase, after END"
    elif state._phase != ACTION_PHASE:
        if kind == END:
            return "the resolution phase cannot be ended early; resolve every solvable task"
        return "the action phase is over; only resolution tasks (UP, RS) are left"
    if kind in (SPRINT, GETUP, OVERTIME, PLUS_PE) and not card:
        return "card actions and +PE exist only in card mode"
    if kind == PLUS_PE:
        return "no PA left to convert"
    if kind == OVERTIME:
        if state._ot:
            return "OVERTIME is played at most once per turn"
        return f"OVERTIME costs 3 PE, {B.TEAM_NAMES[team]} has {pe}"
    if kind in (MOVE, HANDOFF, SHORT_PASS, LONG_PASS) and state._pa < 1:
        return "no PA left for an ordinary action"
    if kind == SPRINT and pe < 2:
        return f"SPRINT costs 2 PE, {B.TEAM_NAMES[team]} has {pe}"
    if kind == GETUP and pe < 1:
        return f"GETUP costs 1 PE, {B.TEAM_NAMES[team]} has {pe}"

    s = action[1]
    pid = _piece_at(state, s)
    if pid < 0:
        return f"no piece on {n[s]}"
    if PIECE_TEAM[pid] != team:
        return f"{_describe(pid)} on {n[s]} is not yours"
    if kind in (STAND_UP, GETUP):
        if state._st[pid] != DOWN:
            return f"{_describe(pid)} on {n[s]} is not knocked down"
        to = action[2]
        if to not in NEIGHBOURS[s]:
            return f"{n[to]} is not a diagonal neighbour of {n[s]}"
        return f"{n[to]} must hold no piece and no ball"
    if kind == RESOLVE:
        return _resolve_reason(state, action, pid)
    if state._st[pid] != ACTIVE:
        return f"{_describe(pid)} is {_STATE_WORDS[state._st[pid]]} and cannot act"
    if kind != SPRINT and state._restr >> pid & 1:
        return f"{_describe(pid)} took the ball this turn and may not start another action"
    if kind in (MOVE, SPRINT):
        return _move_reason(state, action, pid)
    if state._carrier != pid:
        return "only the ball carrier may hand off or pass"
    return _pass_reason(state, action, pid)


def _resolve_reason(state: State, action: Action, pid: int) -> str:
    n = B.SQUARE_NAMES
    _, s, t, b, keeper = action
    stack = next((x for x in state._stacks if x[0] == pid), None)
    if stack is None:
        return f"there is no stack on {n[s]}"
    if stack[2] >= state._turn:
        return "a stack is never resolved in the turn it was formed"
    if t == b:
        return "top and bottom go to two different squares"
    for sq in (t, b):
        if sq not in NEIGHBOURS[s]:
            return f"{n[sq]} is not a diagonal neighbour of {n[s]}"
        if state._occ[sq] or state._ball == sq:
            return f"{n[sq]} must hold no piece and no ball"
    if state._carrier == pid and keeper == KEEP_NONE:
        return "the top holds the ball: say who keeps it (*top or *bottom)"
    if state._carrier != pid and keeper != KEEP_NONE:
        return "the top does not hold the ball, so nobody keeps it"
    return "not a legal resolution"


def _move_reason(state: State, action: Action, pid: int) -> str:
    n = B.SQUARE_NAMES
    _, s, t, x, _ = action
    occ, st = state._occ, state._st
    team = PIECE_TEAM[pid]
    name = _describe(pid)
    target = _piece_at(state, t)
    if t in NEIGHBOURS[s]:
        if x >= 0:
            return "a 1-square move takes no extra square"
        if target >= 0 and st[target] == TOP:
            return f"{n[t]} holds a stack and is closed"
        return "not a legal move"
    mid = next((m for to, m in B.jumps_for(PIECE_TYPE[pid], s) if to == t), None)
    if mid is None:
        letter = B.TYPE_LETTERS[PIECE_TYPE[pid]]
        return f"{name} ({letter}) cannot move from {n[s]} to {n[t]}"
    mp = _piece_at(state, mid) if mid >= 0 else -1
    if mp >= 0 and st[mp] != ACTIVE:
        return f"the intermediate square {n[mid]} holds a knocked-down piece or a stack"
    opp_mid = mp >= 0 and PIECE_TEAM[mp] != team
    if target >= 0:
        if st[target] != ACTIVE or PIECE_TEAM[target] == team:
            return f"{n[t]} is occupied: a 2-square move may only end on one active opponent"
        if opp_mid:
            return f"a dodge cannot cross the active opponent on {n[mid]}"
        exits = [e for e in NEIGHBOURS[t] if not occ[e]]
        if not exits:
            return f"no free exit square next to {n[t]}"
        if x < 0:
            return f"a dodge needs its exit square (e.g. {n[s]}-{n[t]}/{n[exits[0]]})"
        return f"{n[x]} is not a free exit square next to {n[t]}"
    if opp_mid:
        pushes = [
            m for m in NEIGHBOURS[mid] if m != t and (m == s or (not occ[m] and m != state._ball))
        ]
        if x < 0:
            return f"a tactical dodge needs its push square (e.g. {n[s]}-{n[t]}/{n[pushes[0]]})"
        return (
            f"{n[x]} is not a push square: a diagonal neighbour of {n[mid]} other than {n[t]}"
            " with no piece and no ball"
        )
    if x >= 0:
        return "a plain move takes no extra square"
    return "not a legal move"


def _pass_reason(state: State, action: Action, pid: int) -> str:
    n = B.SQUARE_NAMES
    kind, s, t, b, _ = action
    team = PIECE_TEAM[pid]
    occ, st = state._occ, state._st
    if kind == LONG_PASS:
        if occ[t]:
            return f"{n[t]} holds a piece"
        for a in range(team * 7, team * 7 + 7):
            if B.DIST[t][state._pos[a]] < 2:
                return (
                    f"{n[t]} is within 1 square of {_describe(a)}; a long pass needs distance >= 2"
                )
        return "not a legal long pass"
    r = _piece_at(state, t)
    if r < 0 or PIECE_TEAM[r] != team or r == pid:
        return f"{n[t]} holds no other allied piece"
    if st[r] != ACTIVE:
        return f"{_describe(r)} is inactive and cannot take part"
    if kind == HANDOFF:
        return f"{_describe(r)} is not connected to the carrier by a chain of active allies"
    if B.DIST[s][t] > 4:
        return f"{_describe(r)} is {B.DIST[s][t]} squares away; a short pass reaches 4"
    if b not in NEIGHBOURS[t]:
        return f"{n[b]} is not next to the receiver on {n[t]}"
    return f"{n[b]} is not free"
