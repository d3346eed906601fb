"""The BALL game state: rules, legal actions, apply, JSON (docs/ball.md §§3 to 8).

A :class:`State` is an immutable value. ``state.apply(action)`` checks the action against the
legal actions of the position and returns a new state; the old one is never changed. After every
action the new state is *settled*: an action phase in which ``END`` is the only choice ends by
itself, and a resolution phase without a solvable task passes the turn (docs/ball.md §4).
"""

from __future__ import annotations

import json
from itertools import compress
from typing import Any

from . import board as B
from .actions import (
    END,
    END_ACTION,
    GETUP,
    HANDOFF,
    KEEP_BOTTOM,
    KEEP_NONE,
    KEEP_TOP,
    LONG_PASS,
    MOVE,
    OVERTIME,
    OVERTIME_ACTION,
    PE_ACTION,
    PLUS_PE,
    RESOLVE,
    SHORT_PASS,
    SPRINT,
    STAND_UP,
    Action,
    make_action,
    parse_action,
    sprint_of,
)
from .board import (
    ACTION_PHASE,
    ACTIVE,
    BOTTOM_ACTIVE,
    BOTTOM_DOWN,
    DOWN,
    GAME_OVER,
    NEIGHBOURS,
    NSQ,
    PIECE_TEAM,
    PIECE_TYPE,
    RESOLUTION_PHASE,
    SCORING_ROW,
    TOP,
)
from .explain import explain_illegal
from .options import Options, setup_positions
from .render import render_board

PHASE_NAMES = ("action", "resolution", "over")


class IllegalAction(ValueError):
    """An action that is not legal in the position; the message says why (in English).

    ``code`` names the reason (see ``engines.ball.explain.MESSAGES``), ``params`` holds its
    values (square names, piece names such as "home X5", numbers), for wording it elsewhere.
    """

    def __init__(self, message: str, code: str = "", params: dict[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.params = params or {}


# ---------------------------------------------------------------------------------------------
# Move tables: for every square, ready-made actions (docs/ball.md §5, 9).
# STEPS[s] = ((to, action), ...); STEP_ACTIONS[s] = (action, ...);
# JUMPS[type][s] = ((to, mid, plain, exits, pushes), ...) with mid = NSQ (a square that is always
# empty) for an orthogonal jump, exits = ((e, action), ...) for a dodge and
# pushes = ((n, action), ...) for a tactical dodge.
#
# Square contents, per state, in two bytearrays of NSQ + 1 entries (the last is the NSQ
# sentinel, always empty): ``occ[s]`` = piece id + 1 of the active, knocked-down or top piece on s
# (a bottom hides under its top), 0 if none; ``kind[s]`` = what stands there: K_EMPTY,
# 1 + team for an active piece, K_DOWN, K_STACK, or K_OFF on a square that is not playable.

K_EMPTY, K_HOME, K_AWAY, K_DOWN, K_STACK, K_OFF = 0, 1, 2, 3, 4, 5


def _build_tables():
    steps = [()] * NSQ
    jumps = [[()] * NSQ for _ in range(3)]
    for s in B.PLAYABLE:
        steps[s] = tuple((t, make_action(MOVE, s, t)) for t in NEIGHBOURS[s])
        for ptype in (B.X, B.O, B.S):
            entries = []
            for to, mid in B.jumps_for(ptype, s):
                exits = tuple((e, make_action(MOVE, s, to, e)) for e in NEIGHBOURS[to])
                pushes = ()
                if mid >= 0:
                    pushes = tuple(
                        (n, make_action(MOVE, s, to, n)) for n in NEIGHBOURS[mid] if n != to
                    )
                else:
                    mid = NSQ
                entries.append((to, mid, make_action(MOVE, s, to), exits, pushes))
            jumps[ptype][s] = tuple(entries)
    long_passes = [
        [make_action(LONG_PASS, s, t) if B.IS_PLAYABLE[t] else None for t in range(NSQ)]
        if B.IS_PLAYABLE[s]
        else None
        for s in range(NSQ)
    ]
    near = [(s, *NEIGHBOURS[s]) if B.IS_PLAYABLE[s] else () for s in range(NSQ)]
    return tuple(steps), tuple(tuple(j) for j in jumps), long_passes, tuple(near)


STEPS, JUMPS, LONG_PASSES, NEAR = _build_tables()
STEP_ACTIONS = tuple(tuple(a for _, a in row) for row in STEPS)
# Stand-up tasks and GETUP cards from each square: ((to, action), ...).
_STANDUPS = tuple(
    tuple((n, make_action(STAND_UP, s, n)) for n in NEIGHBOURS[s]) for s in range(NSQ)
)
_GETUPS = tuple(tuple((n, make_action(GETUP, s, n)) for n in NEIGHBOURS[s]) for s in range(NSQ))
# The SPRINT card action of every ordinary move of the tables.
_SPRINT_OF = {
    a: sprint_of(a)
    for s in B.PLAYABLE
    for a in (
        *STEP_ACTIONS[s],
        *(
            x
            for ptype in range(3)
            for _, _, plain, exits, pushes in JUMPS[ptype][s]
            for x in (plain, *(e for _, e in exits), *(n for _, n in pushes))
        ),
    )
}
# The row of each square, and B = M - (N - M) of a tactical dodge as {(mid, push): B or -1}.
ROW_OF = tuple(B.row_of(s) for s in range(NSQ))
_PUSH_BALL = {(mid, n): B.push_ball_square(mid, n) for mid in B.PLAYABLE for n in NEIGHBOURS[mid]}
_EMPTY_OCC = bytes(NSQ + 1)
_EMPTY_KIND = bytes(K_EMPTY if s == NSQ or B.IS_PLAYABLE[s] else K_OFF for s in range(NSQ + 1))
# bytes.translate table: 1 for an empty square (0), 0 for anything else.
_IS_EMPTY = bytes([1] + [0] * 255)
_TEAM_RANGE = (range(0, 7), range(7, 14))
# kind code of a piece by its state (active: by team; bottoms are hidden).
_KIND_OF = (
    (K_HOME, K_DOWN, K_STACK, 0, 0),
    (K_AWAY, K_DOWN, K_STACK, 0, 0),
)


def _occupancy(pos: tuple[int, ...], st: tuple[int, ...]) -> tuple[bytearray, bytearray]:
    occ = bytearray(_EMPTY_OCC)
    kind = bytearray(_EMPTY_KIND)
    for pid in range(14):
        s = st[pid]
        if s < BOTTOM_ACTIVE:  # bottoms are hidden under their top
            p = pos[pid]
            occ[p] = pid + 1
            kind[p] = _KIND_OF[PIECE_TEAM[pid]][s]
    return occ, kind


class State:
    """An immutable BALL position. Build one with :func:`new_game` or :meth:`from_json`.

    It can be read in two ways. The named view (``player``, ``phase``, ``score``, ``ball``,
    ``pieces()``, ``to_dict()``, ...) speaks in team, piece and square names. The compact view
    is the engine's own integer encoding, read as plain attributes at no cost; its attributes
    and their meaning are listed in :class:`engines.ball.view.PositionView`, the shape that the
    engine's other modules (``ai``, ``explain``, ``render``, ``perft``) read a position by.
    Every attribute is read-only; the underscore ones are this module's own.
    """

    __slots__ = (
        # Derived when the state is built: the square contents and the legal actions.
        "_kind",
        "_legal",
        "_occ",
        # The compact view (engines.ball.view.PositionView).
        "atk_team",
        "carrier",
        "free_ball",
        "options",
        "overtime_used",
        "pa",
        "pe_by_team",
        "phase_code",
        "piece_states",
        "positions",
        "restricted_mask",
        "score_by_team",
        "stacks",
        "team_to_move",
        "turn",
    )

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("State is immutable; use apply()")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("State is immutable")

    # -- the named view ------------------------------------------------------------------------

    @property
    def player(self) -> str:
        """Whose turn it is: ``"home"`` or ``"away"``."""
        return B.TEAM_NAMES[self.team_to_move]

    @property
    def phase(self) -> str:
        """``"action"``, ``"resolution"`` or ``"over"``."""
        return PHASE_NAMES[self.phase_code]

    @property
    def pe(self) -> dict[str, int]:
        return {"home": self.pe_by_team[0], "away": self.pe_by_team[1]}

    @property
    def score(self) -> dict[str, int]:
        return {"home": self.score_by_team[0], "away": self.score_by_team[1]}

    @property
    def atk(self) -> str:
        """The team in the ATK role (the other one is DEF)."""
        return B.TEAM_NAMES[self.atk_team]

    @property
    def defending(self) -> str:
        return B.TEAM_NAMES[1 - self.atk_team]

    @property
    def is_over(self) -> bool:
        return self.phase_code == GAME_OVER

    @property
    def winner(self) -> str | None:
        """``"home"``/``"away"`` once the game is over and not drawn, else None."""
        if self.phase_code != GAME_OVER or self.score_by_team[0] == self.score_by_team[1]:
            return None
        return "home" if self.score_by_team[0] > self.score_by_team[1] else "away"

    @property
    def result(self) -> str | None:
        """None while the game runs, then ``"home"``, ``"away"`` or ``"draw"``."""
        if self.phase_code != GAME_OVER:
            return None
        return self.winner or "draw"

    @property
    def ball(self) -> dict[str, str]:
        """``{"carrier": "home X5", "square": "G5"}`` or ``{"square": "G9"}`` for a free ball."""
        if self.carrier >= 0:
            return {
                "carrier": B.full_piece_name(self.carrier),
                "square": B.SQUARE_NAMES[self.positions[self.carrier]],
            }
        return {"square": B.SQUARE_NAMES[self.free_ball]}

    def pieces(self) -> list[dict[str, Any]]:
        """Every piece as a dict: team, name, square, state, restricted, has_ball."""
        out = []
        for pid in range(14):
            out.append(
                {
                    "team": B.TEAM_NAMES[PIECE_TEAM[pid]],
                    "name": B.piece_name(pid),
                    "square": B.SQUARE_NAMES[self.positions[pid]],
                    "state": B.STATE_NAMES[self.piece_states[pid]],
                    "restricted": bool(self.restricted_mask >> pid & 1),
                    "has_ball": self.carrier == pid,
                }
            )
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple:
        return (
            self.options,
            self.positions,
            self.piece_states,
            self.stacks,
            self.carrier,
            self.free_ball,
            self.turn,
            self.team_to_move,
            self.phase_code,
            self.pa,
            self.pe_by_team,
            self.overtime_used,
            self.restricted_mask,
            self.score_by_team,
            self.atk_team,
        )

    def __repr__(self) -> str:
        return (
            f"<BALL State turn {self.turn} {self.player} {self.phase} "
            f"score {self.score_by_team[0]}-{self.score_by_team[1]}>"
        )

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every distinct complete action of the position (END and resolution tasks included).

        Empty once the game is over.
        """
        return self._legal  # computed when the state was built (see _settle)

    def _gen_moves(self, team: int, pids, out: list) -> None:
        """Append the ordinary moves of the pieces ``pids`` (active, of ``team``) to ``out``."""
        pos, kind = self.positions, self._kind
        ball = self.free_ball
        plain_steps = not self.stacks  # without stacks every 1-square move is legal
        append = out.append
        ally = 1 + team
        enemy = 2 - team
        for pid in pids:
            s = pos[pid]
            if plain_steps:
                out.extend(STEP_ACTIONS[s])
            else:
                for to, act in STEPS[s]:
                    if kind[to] != K_STACK:
                        append(act)
            for to, mid, act, exits, pushes in JUMPS[PIECE_TYPE[pid]][s]:
                k = kind[to]
                m = kind[mid]
                if not k:  # a free target: plain move, or tactical dodge over an opponent
                    if not m or m == ally:
                        append(act)
                    elif m == enemy:
                        for n, pact in pushes:
                            if n == s or (not kind[n] and n != ball):
                                append(pact)
                elif k == enemy and (not m or m == ally):  # dodge
                    for e, eact in exits:
                        if not kind[e]:
                            append(eact)

    def _gen_ball_actions(self, c: int, out: list) -> None:
        pos, st, occ = self.positions, self.piece_states, self._occ
        kind = self._kind
        s = pos[c]
        team = PIECE_TEAM[c]
        ally = 1 + team
        allies = _TEAM_RANGE[team]
        # Hand-off: the network of active allies connected to the carrier (docs/ball.md §5.4).
        seen = {s}
        stack = [s]
        while stack:
            a = stack.pop()
            for n in NEIGHBOURS[a]:
                if kind[n] == ally and n not in seen:
                    seen.add(n)
                    stack.append(n)
                    out.append(make_action(HANDOFF, s, n))
        # Short pass (docs/ball.md §5.5): the ball is carried, so "no ball" only means "no piece".
        dist = B.DIST[s]
        for r in allies:
            if r != c and st[r] == ACTIVE:
                rs = pos[r]
                if dist[rs] <= 4:
                    for b in NEIGHBOURS[rs]:
                        if not occ[b]:
                            out.append(make_action(SHORT_PASS, s, rs, b))
        # Long pass (docs/ball.md §5.6): every free square at distance >= 2 from all seven allies.
        blocked = bytearray(kind)
        for a in allies:
            for n in NEAR[pos[a]]:
                blocked[n] = 1
        out.extend(compress(LONG_PASSES[s], blocked.translate(_IS_EMPTY)))

    def _gen_standups(self, out: list, getup: bool) -> None:
        pos, st, kind, ball = self.positions, self.piece_states, self._kind, self.free_ball
        table = _GETUPS if getup else _STANDUPS
        for pid in _TEAM_RANGE[self.team_to_move]:
            if st[pid] == DOWN:
                for n, act in table[pos[pid]]:
                    if not kind[n] and n != ball:
                        out.append(act)

    def _generate_action_phase(self) -> tuple[Action, ...]:
        st, restr, pa = self.piece_states, self.restricted_mask, self.pa
        team = self.team_to_move
        active = [p for p in _TEAM_RANGE[team] if st[p] == ACTIVE]
        moves: list[Action] = []
        if pa > 0:
            movers = [p for p in active if not restr >> p & 1] if restr else active
            self._gen_moves(team, movers, moves)
            out = moves.copy()
            c = self.carrier
            if c >= 0 and PIECE_TEAM[c] == team and st[c] == ACTIVE and not restr >> c & 1:
                self._gen_ball_actions(c, out)
        else:
            movers = None
            out = []
        out.append(END_ACTION)
        if self.options.card_mode:
            pe = self.pe_by_team[team]
            if pa > 0:
                out.append(PE_ACTION)
            if pe >= 3 and not self.overtime_used:
                out.append(OVERTIME_ACTION)
            if pe >= 1:
                self._gen_standups(out, True)
            if pe >= 2:
                # SPRINT: any move of an active piece, restricted ones included (docs/ball.md §8).
                if movers is not active:
                    moves = []
                    self._gen_moves(team, active, moves)
                sp = _SPRINT_OF
                out.extend([sp[a] for a in moves])
        return tuple(out)

    def _generate_tasks(self) -> tuple[Action, ...]:
        out: list[Action] = []
        self._gen_standups(out, False)
        pos, kind, ball = self.positions, self._kind, self.free_ball
        for top, _bottom, formed in self.stacks:
            if PIECE_TEAM[top] != self.team_to_move or formed >= self.turn:
                continue
            s = pos[top]
            free = [n for n in NEIGHBOURS[s] if not kind[n] and n != ball]
            keepers = (KEEP_TOP, KEEP_BOTTOM) if self.carrier == top else (KEEP_NONE,)
            for t in free:
                for b in free:
                    if t != b:
                        for k in keepers:
                            out.append(make_action(RESOLVE, s, t, b, k))
        return tuple(out)

    # -- apply ---------------------------------------------------------------------------------

    def apply(self, action: Action | str) -> State:
        """The state after ``action`` (an Action or its notation). Raises IllegalAction."""
        if action.__class__ is not Action and isinstance(action, str):
            action = parse_action(action)
        if action not in self._legal:
            reason = explain_illegal(self, action)
            raise IllegalAction(f"{action}: {reason.text}", reason.code, reason.params)
        if action[0] == MOVE or action[0] == SPRINT:
            return self._apply_move(action)
        return self.apply_legal(action)

    def scoring_position(self, action: Action | str) -> State | None:
        """The position at the moment ``action`` scores a touchdown, or None when it scores none.

        A touchdown that does not end the game returns the board to the standard setup at once
        (``apply`` gives that new drive). This is the board just before that reset, as a finished
        state with the new score, for showing the touchdown. Raises IllegalAction like ``apply``.
        """
        after = self.apply(action)
        if after.score_by_team == self.score_by_team:
            return None
        if after.phase_code == GAME_OVER:
            return after
        scorer = 0 if after.score_by_team[0] > self.score_by_team[0] else 1
        data = self.to_dict()
        data["options"]["target_score"] = self.score_by_team[scorer] + 1
        return State.from_json(data).apply(action)

    def apply_legal(self, action: Action) -> State:
        """The state after an action taken from :meth:`legal_actions`, without checking it.

        For search code (``perft``, ``ai``) that applies the legal actions it was just given;
        an action that is not legal gives an unspecified result. Everybody else uses
        :meth:`apply`.
        """
        kind = action[0]
        if kind in (MOVE, SPRINT):
            return self._apply_move(action)
        w = _Work(self)
        if kind == END:
            w.phase = RESOLUTION_PHASE
        elif kind == HANDOFF:
            w.pa -= 1
            w.carrier = w.occ_pid(action[2])
        elif kind == SHORT_PASS:
            w.pa -= 1
            w.carrier, w.ball = -1, action[3]
        elif kind == LONG_PASS:
            w.pa -= 1
            w.carrier, w.ball = -1, action[2]
        elif kind == PLUS_PE:
            w.pa -= 1
            w.pe[w.player] += 1
        elif kind == OVERTIME:
            w.pe[w.player] -= 3
            w.pa += 1
            w.ot = True
        elif kind in (STAND_UP, GETUP):
            if kind == GETUP:
                w.pe[w.player] -= 1
            pid = w.occ_pid(action[1])
            w.pos[pid] = action[2]
            w.st[pid] = ACTIVE
        elif kind == RESOLVE:
            w.resolve(action)
        else:  # pragma: no cover - legal actions are of the kinds above
            raise AssertionError(action)
        w.check_touchdown()
        return w.freeze()

    def _apply_move(self, action: Action) -> State:
        """A move, block, protect, dodge or tactical dodge, ordinary or SPRINT (docs/ball.md
        §5.1-5.3, §8).

        The fast path of the engine: it updates the square contents instead of recomputing
        them and copies only what changes. ``_Work.move`` is the same rule in plain form;
        the tests check that both agree (:func:`_apply_move_reference`).
        """
        _, s, t, x, _ = action
        occ = bytearray(self._occ)
        kind = bytearray(self._kind)
        pid = occ[s] - 1
        team = PIECE_TEAM[pid]
        pos = list(self.positions)
        st = self.piece_states
        stacks = self.stacks
        carrier, ball, restr = self.carrier, self.free_ball, self.restricted_mask
        gained = 0
        occ[s] = 0
        kind[s] = K_EMPTY
        o = occ[t]
        if o:
            q = o - 1
            st = list(st)
            if x < 0:  # block / protect (docs/ball.md §5.3): a 1-square move onto one piece
                pos[pid] = t
                st[q] = BOTTOM_ACTIVE if st[q] == ACTIVE else BOTTOM_DOWN
                st[pid] = TOP
                stacks = (*stacks, (pid, q, self.turn))
                occ[t] = pid + 1
                kind[t] = K_STACK
                if carrier == q:
                    carrier = pid
                if PIECE_TEAM[q] != team:
                    gained = 1
            else:  # dodge (docs/ball.md §5.1): q goes down on t, the piece exits to x
                st[q] = DOWN
                kind[t] = K_DOWN
                pos[pid] = x
                occ[x] = pid + 1
                kind[x] = 1 + team
                gained = 1
                if carrier == q:
                    carrier = pid
                    restr |= 1 << pid
                    gained = 2
                elif ball == x:
                    ball, carrier = -1, pid
                    restr |= 1 << pid
            st = tuple(st)
        elif x >= 0:  # tactical dodge (docs/ball.md §5.2): q on the crossed square is pushed to x
            mid = (s + t) >> 1
            q = occ[mid] - 1
            pos[pid] = t
            occ[t] = pid + 1
            kind[t] = 1 + team
            pos[q] = x
            occ[mid] = 0
            kind[mid] = K_EMPTY
            occ[x] = q + 1
            kind[x] = K_DOWN
            st = list(st)
            st[q] = DOWN
            st = tuple(st)
            gained = 1
            if carrier == q:
                carrier = -1
                b = _PUSH_BALL[mid, x]
                ball = mid if b < 0 or occ[b] else b
                gained = 2
            elif ball == t:
                ball, carrier = -1, pid
                restr |= 1 << pid
        else:  # plain move
            pos[pid] = t
            occ[t] = pid + 1
            kind[t] = 1 + team
            if ball == t:
                ball, carrier = -1, pid
                restr |= 1 << pid
        player = self.team_to_move
        pe = self.pe_by_team
        pa = self.pa
        if action[0] == MOVE:
            pa -= 1
            if gained and self.options.card_mode:
                pe = (pe[0] + gained, pe[1]) if player == 0 else (pe[0], pe[1] + gained)
        else:
            gained -= 2
            if gained:
                pe = (pe[0] + gained, pe[1]) if player == 0 else (pe[0], pe[1] + gained)
        pos = tuple(pos)
        if carrier >= 0 and ROW_OF[pos[carrier]] == SCORING_ROW[PIECE_TEAM[carrier]]:
            w = _Work(self)
            w.pos, w.st, w.stacks, w.carrier, w.ball = list(pos), list(st), stacks, carrier, ball
            w.pa, w.pe, w.restr = pa, list(pe), restr
            w.check_touchdown()
            return w.freeze()
        return _settle(
            self.options,
            pos,
            st,
            stacks,
            carrier,
            ball,
            self.turn,
            player,
            self.phase_code,
            pa,
            pe,
            self.overtime_used,
            restr,
            self.score_by_team,
            self.atk_team,
            occ,
            kind,
        )

    # -- serialisation -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        names = B.SQUARE_NAMES
        pieces: dict[str, dict[str, str]] = {"home": {}, "away": {}}
        for pid in range(14):
            pieces[B.TEAM_NAMES[PIECE_TEAM[pid]]][B.piece_name(pid)] = names[self.positions[pid]]
        return {
            "options": self.options.to_dict(),
            "turn": self.turn,
            "player": self.player,
            "phase": self.phase,
            "pa": self.pa,
            "pe": self.pe,
            "overtime_used": self.overtime_used,
            "score": self.score,
            "atk": self.atk,
            "pieces": pieces,
            "down": [B.full_piece_name(p) for p in range(14) if self.piece_states[p] == DOWN],
            "stacks": [
                {
                    "top": B.full_piece_name(top),
                    "bottom": B.full_piece_name(bottom),
                    "bottom_state": "down"
                    if self.piece_states[bottom] == BOTTOM_DOWN
                    else "active",
                    "turn": formed,
                }
                for top, bottom, formed in self.stacks
            ],
            "ball": (
                {"carrier": B.full_piece_name(self.carrier)}
                if self.carrier >= 0
                else {"square": names[self.free_ball]}
            ),
            "restricted": [
                B.full_piece_name(p) for p in range(14) if self.restricted_mask >> p & 1
            ],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> State:
        """Rebuild a state from :meth:`to_json` output (or its dict). Validates the position."""
        data = json.loads(text) if isinstance(text, str) else text
        try:
            return _state_from_dict(data)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a BALL position: {exc!r}") from None

    def render(self) -> str:
        return render_board(self)

    def __str__(self) -> str:
        return self.render()


class _Work:
    """A mutable scratch copy used while one action is applied."""

    __slots__ = (
        "atk",
        "ball",
        "carrier",
        "opts",
        "ot",
        "pa",
        "pe",
        "phase",
        "player",
        "pos",
        "restr",
        "score",
        "st",
        "stacks",
        "turn",
    )

    def __init__(self, s: State) -> None:
        self.opts = s.options
        self.pos = list(s.positions)
        self.st = list(s.piece_states)
        self.stacks = s.stacks
        self.carrier = s.carrier
        self.ball = s.free_ball
        self.turn = s.turn
        self.player = s.team_to_move
        self.phase = s.phase_code
        self.pa = s.pa
        self.pe = list(s.pe_by_team)
        self.ot = s.overtime_used
        self.restr = s.restricted_mask
        self.score = list(s.score_by_team)
        self.atk = s.atk_team

    def occ_pid(self, square: int) -> int:
        """The active/top/down piece on a square (not a bottom)."""
        pos, st = self.pos, self.st
        for pid in range(14):
            if pos[pid] == square and st[pid] < BOTTOM_ACTIVE:
                return pid
        return -1

    def take_free_ball(self, pid: int) -> None:
        if self.ball == self.pos[pid]:
            self.ball = -1
            self.carrier = pid
            self.restr |= 1 << pid

    def gain(self, pe: int) -> None:
        if self.opts.card_mode:
            self.pe[self.player] += pe

    def move(self, action: Action) -> None:
        _, s, t, x, _ = action
        pos, st = self.pos, self.st
        pid = self.occ_pid(s)
        team = PIECE_TEAM[pid]
        q = self.occ_pid(t)
        if q >= 0:
            if t in NEIGHBOURS[s]:  # block / protect (docs/ball.md §5.3)
                pos[pid] = t
                st[q] = BOTTOM_ACTIVE if st[q] == ACTIVE else BOTTOM_DOWN
                st[pid] = TOP
                self.stacks = (*self.stacks, (pid, q, self.turn))
                if self.carrier == q:
                    self.carrier = pid
                if PIECE_TEAM[q] != team:
                    self.gain(1)
                return
            # dodge (docs/ball.md §5.1)
            st[q] = DOWN
            pos[pid] = x
            gained = 1
            if self.carrier == q:
                self.carrier = pid
                self.restr |= 1 << pid
                gained += 1
            else:
                self.take_free_ball(pid)
            self.gain(gained)
            return
        mid = B.crossed_square(s, t) if x >= 0 else -1
        if mid >= 0:  # tactical dodge (docs/ball.md §5.2)
            q = self.occ_pid(mid)
            pos[pid] = t
            pos[q] = x
            st[q] = DOWN
            gained = 1
            if self.carrier == q:
                self.carrier = -1
                b = B.push_ball_square(mid, x)
                if b < 0 or self.occ_pid(b) >= 0:
                    b = mid
                self.ball = b
                gained += 1
            else:
                self.take_free_ball(pid)
            self.gain(gained)
            return
        pos[pid] = t
        self.take_free_ball(pid)

    def resolve(self, action: Action) -> None:
        _, s, t, b, keeper = action
        entry = next(e for e in self.stacks if self.pos[e[0]] == s)
        top, bottom = entry[0], entry[1]
        self.stacks = tuple(e for e in self.stacks if e is not entry)
        self.pos[top] = t
        self.pos[bottom] = b
        self.st[top] = ACTIVE
        self.st[bottom] = ACTIVE if self.st[bottom] == BOTTOM_ACTIVE else DOWN
        if keeper == KEEP_BOTTOM:
            self.carrier = bottom

    def check_touchdown(self) -> None:
        c = self.carrier
        if c < 0:
            return
        team = PIECE_TEAM[c]
        if B.row_of(self.pos[c]) != SCORING_ROW[team]:
            return
        self.score[team] += 1
        if self.score[team] >= self.opts.target_score or self.turn >= self.opts.turn_limit:
            self.phase = GAME_OVER
            return
        # New drive: standard setup, the conceding team is ATK, the scorer (DEF) moves next.
        self.pos = list(setup_positions(self.opts.setup))
        self.st = [ACTIVE] * 14
        self.stacks = ()
        self.atk = 1 - team
        self.carrier = self.atk * 7 + 4  # its X5
        self.ball = -1
        self.turn += 1
        self.player = team
        self.phase = ACTION_PHASE
        self.pa = 2
        self.ot = False
        self.restr = 0

    def freeze(self) -> State:
        return _settle(
            self.opts,
            tuple(self.pos),
            tuple(self.st),
            self.stacks,
            self.carrier,
            self.ball,
            self.turn,
            self.player,
            self.phase,
            self.pa,
            tuple(self.pe),
            self.ot,
            self.restr,
            tuple(self.score),
            self.atk,
        )


def _apply_move_reference(state: State, action: Action) -> State:
    """A legal move or SPRINT applied by the plain ``_Work.move`` rule (a test oracle)."""
    w = _Work(state)
    if action[0] == MOVE:
        w.pa -= 1
    else:
        w.pe[w.player] -= 2
    w.move(action)
    w.check_touchdown()
    return w.freeze()


_new = object.__new__


class _Building:
    """A State under construction: the same slots, plain attribute writes.

    A new state is filled in and settled as a ``_Building`` and then becomes a :class:`State`
    by a ``__class__`` switch (the two classes have the same layout). This costs far less than
    seventeen ``object.__setattr__`` calls, and the published State stays immutable.
    """

    __slots__ = State.__slots__

    # The legal-action generators run while the state is being settled.
    _gen_moves = State._gen_moves
    _gen_ball_actions = State._gen_ball_actions
    _gen_standups = State._gen_standups
    _generate_action_phase = State._generate_action_phase
    _generate_tasks = State._generate_tasks


def _settle(
    opts,
    pos,
    st,
    stacks,
    carrier,
    ball,
    turn,
    player,
    phase,
    pa,
    pe,
    ot,
    restr,
    score,
    atk,
    occ=None,
    kind=None,
):
    """Build the state and run the automatic steps of docs/ball.md §4 until a choice exists.

    ``occ`` and ``kind`` (see the move tables) are computed from ``pos`` and ``st`` unless the
    caller already has them. The phase changes below happen before the state is published
    (positions do not change, so the square contents stay valid).
    """
    if occ is None:
        occ, kind = _occupancy(pos, st)
    s = _new(_Building)
    s.options = opts
    s.positions = pos
    s.piece_states = st
    s.stacks = stacks
    s.carrier = carrier
    s.free_ball = ball
    s.turn = turn
    s.team_to_move = player
    s.phase_code = phase
    s.pa = pa
    s.pe_by_team = pe
    s.overtime_used = ot
    s.restricted_mask = restr
    s.score_by_team = score
    s.atk_team = atk
    s._occ = occ
    s._kind = kind
    while True:
        if phase == GAME_OVER:
            legal = ()
            break
        if phase == ACTION_PHASE:
            legal = _generate_action_phase(s)
            if len(legal) > 1:
                break
            s.phase_code = phase = RESOLUTION_PHASE
            continue
        legal = _generate_tasks(s)
        if legal:
            break
        # An empty resolution phase: the turn passes (or the game ends on the turn limit).
        if s.turn >= opts.turn_limit:
            s.phase_code = phase = GAME_OVER
            continue
        s.turn += 1
        s.team_to_move = 1 - s.team_to_move
        s.phase_code = phase = ACTION_PHASE
        s.pa = 2
        s.overtime_used = False
        s.restricted_mask = 0
    s._legal = legal
    s.__class__ = State
    return s


_generate_action_phase = State._generate_action_phase
_generate_tasks = State._generate_tasks


def new_game(
    card_mode: bool = False,
    target_score: int = 3,
    turn_limit: int = 40,
    setup: dict[str, str] | None = None,
) -> State:
    """The start position: standard setup, home is DEF and moves first, away's X5 has the ball."""
    opts = Options(card_mode, target_score, turn_limit, setup)
    return initial_state(opts)


def initial_state(opts: Options) -> State:
    pos = setup_positions(opts.setup)
    atk = B.AWAY
    return _settle(
        opts,
        pos,
        (ACTIVE,) * 14,
        (),
        atk * 7 + 4,
        -1,
        1,
        B.HOME,
        ACTION_PHASE,
        2,
        (0, 0),
        False,
        0,
        (0, 0),
        atk,
    )


def _team_index(name: str) -> int:
    try:
        return B.TEAM_NAMES.index(name)
    except ValueError:
        raise ValueError(f"{name!r} is not a team (home or away)") from None


def _state_from_dict(d: dict[str, Any]) -> State:
    opts = Options(**d.get("options", {}))
    pos = [-1] * 14
    for team in ("home", "away"):
        for name, square in d["pieces"][team].items():
            pos[B.parse_piece(f"{team} {name}")] = B.parse_square(square)
    if -1 in pos:
        raise ValueError("every one of the 14 pieces needs a square")
    st = [ACTIVE] * 14
    for name in d.get("down", []):
        st[B.parse_piece(name)] = DOWN
    stacks = []
    for entry in d.get("stacks", []):
        top, bottom = B.parse_piece(entry["top"]), B.parse_piece(entry["bottom"])
        if pos[top] != pos[bottom] or top == bottom:
            raise ValueError("a stack's top and bottom share one square")
        if st[top] != ACTIVE or st[bottom] != ACTIVE:
            raise ValueError("a piece is in at most one stack and is not also listed as down")
        st[top] = TOP
        st[bottom] = BOTTOM_DOWN if entry.get("bottom_state") == "down" else BOTTOM_ACTIVE
        stacks.append((top, bottom, int(entry["turn"])))
    squares: dict[int, int] = {}
    for pid in range(14):
        if st[pid] < BOTTOM_ACTIVE:
            if pos[pid] in squares:
                raise ValueError(f"two pieces on {B.SQUARE_NAMES[pos[pid]]} without a stack")
            squares[pos[pid]] = pid
    ball_d = d["ball"]
    if "carrier" in ball_d:
        carrier, ball = B.parse_piece(ball_d["carrier"]), -1
        if st[carrier] >= BOTTOM_ACTIVE:
            raise ValueError("a stack's bottom piece cannot hold the ball")
    else:
        carrier, ball = -1, B.parse_square(ball_d["square"])
        if ball in squares:
            raise ValueError("a free ball never lies under a piece")
    restr = 0
    for name in d.get("restricted", []):
        restr |= 1 << B.parse_piece(name)
    phase = PHASE_NAMES.index(d.get("phase", "action"))
    pe = d.get("pe", {"home": 0, "away": 0})
    score = d.get("score", {"home": 0, "away": 0})
    turn = int(d.get("turn", 1))
    pa = int(d.get("pa", 2))
    if turn < 1 or pa < 0:
        raise ValueError("turn >= 1 and pa >= 0")
    return _settle(
        opts,
        tuple(pos),
        tuple(st),
        tuple(stacks),
        carrier,
        ball,
        turn,
        _team_index(d.get("player", "home")),
        phase,
        pa,
        (int(pe["home"]), int(pe["away"])),
        bool(d.get("overtime_used", False)),
        restr,
        (int(score["home"]), int(score["away"])),
        _team_index(d.get("atk", "away")),
    )
