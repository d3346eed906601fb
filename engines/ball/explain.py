"""Why an action is illegal: the message of :class:`IllegalAction`.

Legality itself is decided by ``action in state.legal_actions()``; this module only runs on the
error path and turns the refusal into a sentence such as
``"G5-G7: no free exit square next to G7"``. Each refusal has a reason code with its values
(:class:`Reason`), so that a program can word it in another language.
"""

from __future__ import annotations

from typing import NamedTuple

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
    BOTTOM_ACTIVE,
    DOWN,
    GAME_OVER,
    NEIGHBOURS,
    PIECE_TEAM,
    PIECE_TYPE,
    RESOLUTION_PHASE,
    TOP,
)
from .view import PositionView

_STATE_WORDS = ("active", "knocked down", "in a stack", "in a stack", "in a stack")


# The English sentence of every reason code; params are square names, piece names such as
# "home X5" (team and piece), team names, numbers and example notations.
MESSAGES = {
    "game_over": "the game is over",
    "task_in_action_phase": "resolution tasks are played in the resolution phase, after END",
    "resolution_not_ended": (
        "the resolution phase cannot be ended early; resolve every solvable task"
    ),
    "action_phase_over": "the action phase is over; only resolution tasks (UP, RS) are left",
    "cards_off": "card actions and +PE exist only in card mode",
    "no_pa_to_convert": "no PA left to convert",
    "overtime_used": "OVERTIME is played at most once per turn",
    "pe_short": "{card} costs {cost} PE, {team} has {pe}",
    "no_pa": "no PA left for an ordinary action",
    "no_piece": "no piece on {square}",
    "not_yours": "{piece} on {square} is not yours",
    "not_down": "{piece} on {square} is not knocked down",
    "not_neighbour": "{square} is not a diagonal neighbour of {of}",
    "square_not_empty": "{square} must hold no piece and no ball",
    "inactive": "{piece} is {state} and cannot act",
    "restricted": "{piece} took the ball this turn and may not start another action",
    "not_carrier": "only the ball carrier may hand off or pass",
    "no_stack": "there is no stack on {square}",
    "stack_too_new": "a stack is never resolved in the turn it was formed",
    "same_square": "top and bottom go to two different squares",
    "keeper_missing": "the top holds the ball: say who keeps it (*top or *bottom)",
    "keeper_extra": "the top does not hold the ball, so nobody keeps it",
    "not_legal": "not a legal action",
    "extra_square": "a 1-square move takes no extra square",
    "stack_closed": "{square} holds a stack and is closed",
    "cannot_reach": "{piece} ({letter}) cannot move from {square} to {to}",
    "blocked_path": "the intermediate square {square} holds a knocked-down piece or a stack",
    "occupied": "{square} is occupied: a 2-square move may only end on one active opponent",
    "dodge_crosses": "a dodge cannot cross the active opponent on {square}",
    "no_exit": "no free exit square next to {square}",
    "exit_missing": "a dodge needs its exit square (e.g. {example})",
    "bad_exit": "{square} is not a free exit square next to {of}",
    "push_missing": "a tactical dodge needs its push square (e.g. {example})",
    "bad_push": (
        "{square} is not a push square: a diagonal neighbour of {of} other than {to}"
        " with no piece and no ball"
    ),
    "extra_square_plain": "a plain move takes no extra square",
    "pass_on_piece": "{square} holds a piece",
    "pass_too_close": "{square} is within 1 square of {piece}; a long pass needs distance >= 2",
    "no_receiver": "{square} holds no other allied piece",
    "receiver_inactive": "{piece} is inactive and cannot take part",
    "not_connected": "{piece} is not connected to the carrier by a chain of active allies",
    "too_far": "{piece} is {distance} squares away; a short pass reaches 4",
    "ball_not_next": "{square} is not next to the receiver on {of}",
    "ball_square_taken": "{square} is not free",
}


class Reason(NamedTuple):
    """Why an action is illegal: a code of :data:`MESSAGES` and the values of its blanks."""

    code: str
    params: dict[str, str | int]

    @property
    def text(self) -> str:
        return MESSAGES[self.code].format(**self.params)


def _r(code: str, **params: str | int) -> Reason:
    return Reason(code, params)


def explain_illegal(state: PositionView, action: Action) -> Reason:
    """The reason code of an action that is not legal in ``state``."""
    return _reason(state, action)


def _piece_at(state: PositionView, s: int) -> int:
    """The active, knocked-down or top piece on square ``s`` (a bottom hides under its top),
    -1 for an empty square."""
    pos, st = state.positions, state.piece_states
    for pid in range(14):
        if pos[pid] == s and st[pid] < BOTTOM_ACTIVE:
            return pid
    return -1


def _describe(pid: int) -> str:
    return B.full_piece_name(pid)


def _reason(state: PositionView, action: Action) -> Reason:
    kind = action[0]
    n = B.SQUARE_NAMES
    if state.phase_code == GAME_OVER:
        return _r("game_over")
    card = state.options.card_mode
    team = state.team_to_move
    pe = state.pe_by_team[team]
    if kind in (STAND_UP, RESOLVE):
        if state.phase_code != RESOLUTION_PHASE:
            return _r("task_in_action_phase")
    elif state.phase_code != ACTION_PHASE:
        if kind == END:
            return _r("resolution_not_ended")
        return _r("action_phase_over")
    if kind in (SPRINT, GETUP, OVERTIME, PLUS_PE) and not card:
        return _r("cards_off")
    if kind == PLUS_PE:
        return _r("no_pa_to_convert")
    if kind == OVERTIME:
        if state.overtime_used:
            return _r("overtime_used")
        return _r("pe_short", card="OVERTIME", cost=3, team=B.TEAM_NAMES[team], pe=pe)
    if kind in (MOVE, HANDOFF, SHORT_PASS, LONG_PASS) and state.pa < 1:
        return _r("no_pa")
    if kind == SPRINT and pe < 2:
        return _r("pe_short", card="SPRINT", cost=2, team=B.TEAM_NAMES[team], pe=pe)
    if kind == GETUP and pe < 1:
        return _r("pe_short", card="GETUP", cost=1, team=B.TEAM_NAMES[team], pe=pe)

    s = action[1]
    pid = _piece_at(state, s)
    if pid < 0:
        return _r("no_piece", square=n[s])
    if PIECE_TEAM[pid] != team:
        return _r("not_yours", piece=_describe(pid), square=n[s])
    if kind in (STAND_UP, GETUP):
        if state.piece_states[pid] != DOWN:
            return _r("not_down", piece=_describe(pid), square=n[s])
        to = action[2]
        if to not in NEIGHBOURS[s]:
            return _r("not_neighbour", square=n[to], of=n[s])
        return _r("square_not_empty", square=n[to])
    if kind == RESOLVE:
        return _resolve_reason(state, action, pid)
    if state.piece_states[pid] != ACTIVE:
        return _r("inactive", piece=_describe(pid), state=_STATE_WORDS[state.piece_states[pid]])
    if kind != SPRINT and state.restricted_mask >> pid & 1:
        return _r("restricted", piece=_describe(pid))
    if kind in (MOVE, SPRINT):
        return _move_reason(state, action, pid)
    if state.carrier != pid:
        return _r("not_carrier")
    return _pass_reason(state, action, pid)


def _resolve_reason(state: PositionView, action: Action, pid: int) -> Reason:
    n = B.SQUARE_NAMES
    _, s, t, b, keeper = action
    stack = next((x for x in state.stacks if x[0] == pid), None)
    if stack is None:
        return _r("no_stack", square=n[s])
    if stack[2] >= state.turn:
        return _r("stack_too_new")
    if t == b:
        return _r("same_square")
    for sq in (t, b):
        if sq not in NEIGHBOURS[s]:
            return _r("not_neighbour", square=n[sq], of=n[s])
        if _piece_at(state, sq) >= 0 or state.free_ball == sq:
            return _r("square_not_empty", square=n[sq])
    if state.carrier == pid and keeper == KEEP_NONE:
        return _r("keeper_missing")
    if state.carrier != pid and keeper != KEEP_NONE:
        return _r("keeper_extra")
    return _r("not_legal")


def _move_reason(state: PositionView, action: Action, pid: int) -> Reason:
    n = B.SQUARE_NAMES
    _, s, t, x, _ = action
    taken, st = set(state.positions), state.piece_states  # a bottom shares its top's square
    team = PIECE_TEAM[pid]
    name = _describe(pid)
    target = _piece_at(state, t)
    if t in NEIGHBOURS[s]:
        if x >= 0:
            return _r("extra_square")
        if target >= 0 and st[target] == TOP:
            return _r("stack_closed", square=n[t])
        return _r("not_legal")
    mid = next((m for to, m in B.jumps_for(PIECE_TYPE[pid], s) if to == t), None)
    if mid is None:
        letter = B.TYPE_LETTERS[PIECE_TYPE[pid]]
        return _r("cannot_reach", piece=name, letter=letter, square=n[s], to=n[t])
    mp = _piece_at(state, mid) if mid >= 0 else -1
    if mp >= 0 and st[mp] != ACTIVE:
        return _r("blocked_path", square=n[mid])
    opp_mid = mp >= 0 and PIECE_TEAM[mp] != team
    if target >= 0:
        if st[target] != ACTIVE or PIECE_TEAM[target] == team:
            return _r("occupied", square=n[t])
        if opp_mid:
            return _r("dodge_crosses", square=n[mid])
        exits = [e for e in NEIGHBOURS[t] if e not in taken]
        if not exits:
            return _r("no_exit", square=n[t])
        if x < 0:
            return _r("exit_missing", example=f"{n[s]}-{n[t]}/{n[exits[0]]}")
        return _r("bad_exit", square=n[x], of=n[t])
    if opp_mid:
        pushes = [
            m
            for m in NEIGHBOURS[mid]
            if m != t and (m == s or (m not in taken and m != state.free_ball))
        ]
        if x < 0:
            return _r("push_missing", example=f"{n[s]}-{n[t]}/{n[pushes[0]]}")
        return _r("bad_push", square=n[x], of=n[mid], to=n[t])
    if x >= 0:
        return _r("extra_square_plain")
    return _r("not_legal")


def _pass_reason(state: PositionView, action: Action, pid: int) -> Reason:
    n = B.SQUARE_NAMES
    kind, s, t, b, _ = action
    team = PIECE_TEAM[pid]
    st = state.piece_states
    if kind == LONG_PASS:
        if t in state.positions:
            return _r("pass_on_piece", square=n[t])
        for a in range(team * 7, team * 7 + 7):
            if B.DIST[t][state.positions[a]] < 2:
                return _r("pass_too_close", square=n[t], piece=_describe(a))
        return _r("not_legal")
    r = _piece_at(state, t)
    if r < 0 or PIECE_TEAM[r] != team or r == pid:
        return _r("no_receiver", square=n[t])
    if st[r] != ACTIVE:
        return _r("receiver_inactive", piece=_describe(r))
    if kind == HANDOFF:
        return _r("not_connected", piece=_describe(r))
    if B.DIST[s][t] > 4:
        return _r("too_far", piece=_describe(r), distance=B.DIST[s][t])
    if b not in NEIGHBOURS[t]:
        return _r("ball_not_next", square=n[b], of=n[t])
    return _r("ball_square_taken", square=n[b])
