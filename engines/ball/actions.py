"""Actions and their notation (docs/ball.md §9).

An :class:`Action` is a small immutable tuple ``(kind, a, b, c, d)`` of ints (squares or -1).
Actions are interned: building the same action twice gives the same object, so the move tables
can hold ready-made actions and legal-action generation never allocates them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .board import SQUARE_NAMES, parse_square

MOVE, HANDOFF, SHORT_PASS, LONG_PASS, END, PLUS_PE, STAND_UP, RESOLVE, SPRINT, GETUP, OVERTIME = (
    range(11)
)
KIND_NAMES = (
    "move",
    "hand-off",
    "short pass",
    "long pass",
    "end",
    "+PE",
    "stand up",
    "resolve stack",
    "sprint",
    "getup",
    "overtime",
)
# Keeper of the ball when resolving a stack whose top holds it.
KEEP_NONE, KEEP_TOP, KEEP_BOTTOM = 0, 1, 2


class ActionParts(NamedTuple):
    """The structure of one action in square names, for programs that draw or explain it.

    ``kind`` is one of :data:`KIND_NAMES`. ``piece`` is the square of the acting piece (the stack
    for "resolve stack"; None for END, +PE and OVERTIME). ``target`` is where the action goes:
    the move's destination, the receiver of a hand-off or short pass, the square of a long pass,
    the stand-up square, the top piece's square when a stack is resolved. ``second`` is the
    choice made after the target: the dodge exit or tactical-dodge push square of a move, the
    ball's square of a short pass, the bottom piece's square of a resolved stack. ``keeper``
    says which piece of a resolved stack keeps the ball ("top", "bottom" or None).
    """

    kind: str
    piece: str | None = None
    target: str | None = None
    second: str | None = None
    keeper: str | None = None


class NotationError(ValueError):
    """A string that is not an action in the notation of docs/ball.md §9."""


class Action(tuple):
    """One complete action. ``str(action)`` is its notation; :func:`parse_action` reverses it."""

    __slots__ = ()

    @property
    def kind(self) -> int:
        return self[0]

    @property
    def is_resolution(self) -> bool:
        return self[0] in (STAND_UP, RESOLVE)

    def parts(self) -> ActionParts:
        """This action's kind and squares by name (see :class:`ActionParts`)."""
        k, a, b, c, d = self
        n = SQUARE_NAMES
        return ActionParts(
            kind=KIND_NAMES[k],
            piece=n[a] if a >= 0 else None,
            target=n[b] if b >= 0 else None,
            second=n[c] if c >= 0 else None,
            keeper=("top", "bottom")[d - 1] if k == RESOLVE and d > 0 else None,
        )

    def __str__(self) -> str:
        k, a, b, c, d = self
        n = SQUARE_NAMES
        if k in (MOVE, SPRINT):
            text = f"{n[a]}-{n[b]}" + (f"/{n[c]}" if c >= 0 else "")
            return "SPRINT " + text if k == SPRINT else text
        if k == HANDOFF:
            return f"{n[a]}={n[b]}"
        if k == SHORT_PASS:
            return f"{n[a]}>{n[b]}@{n[c]}"
        if k == LONG_PASS:
            return f"{n[a]}>>{n[b]}"
        if k == END:
            return "END"
        if k == PLUS_PE:
            return "+PE"
        if k == OVERTIME:
            return "OVERTIME"
        if k == STAND_UP:
            return f"UP {n[a]}/{n[b]}"
        if k == GETUP:
            return f"GETUP {n[a]}/{n[b]}"
        keeper = ("", "*top", "*bottom")[d]
        return f"RS {n[a]}/{n[b]},{n[c]}{keeper}"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


_INTERNED: dict[tuple[int, int, int, int, int], Action] = {}


def make_action(kind: int, a: int = -1, b: int = -1, c: int = -1, d: int = -1) -> Action:
    """The interned action with these fields."""
    key = (kind, a, b, c, d)
    act = _INTERNED.get(key)
    if act is None:
        act = _INTERNED[key] = tuple.__new__(Action, key)
    return act


def sprint_of(move: Action) -> Action:
    """The SPRINT card action for an ordinary move."""
    return make_action(SPRINT, move[1], move[2], move[3])


END_ACTION = make_action(END)
PE_ACTION = make_action(PLUS_PE)
OVERTIME_ACTION = make_action(OVERTIME)

_SQ = r"([A-Ma-m](?:1[0-7]|[1-9]))"
_PATTERNS = (
    (re.compile(rf"{_SQ}-{_SQ}(?:/{_SQ})?"), MOVE),
    (re.compile(rf"{_SQ}={_SQ}"), HANDOFF),
    (re.compile(rf"{_SQ}>{_SQ}@{_SQ}"), SHORT_PASS),
    (re.compile(rf"{_SQ}>>{_SQ}"), LONG_PASS),
    (re.compile(rf"UP\s+{_SQ}/{_SQ}", re.I), STAND_UP),
    (re.compile(rf"GETUP\s+{_SQ}/{_SQ}", re.I), GETUP),
    (re.compile(rf"RS\s+{_SQ}/{_SQ},{_SQ}(?:\*(top|bottom))?", re.I), RESOLVE),
)


def parse_action(text: str) -> Action:
    """Parse one action in the notation of docs/ball.md §9 (squares case-insensitive).

    Raises :class:`NotationError` (a ValueError) for text that is not an action. Parsing says
    nothing about legality: ``state.apply`` decides that.
    """
    t = text.strip()
    upper = t.upper()
    if upper == "END":
        return END_ACTION
    if upper == "+PE":
        return PE_ACTION
    if upper == "OVERTIME":
        return OVERTIME_ACTION
    sprint = False
    if upper.startswith("SPRINT "):
        sprint, t = True, t[7:].strip()
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(t)
        if m is None or (sprint and kind != MOVE):
            continue
        groups = m.groups()
        try:
            if kind == RESOLVE:
                sqs = [parse_square(g) for g in groups[:3]]
                keeper = {None: KEEP_NONE, "top": KEEP_TOP, "bottom": KEEP_BOTTOM}[
                    groups[3] and groups[3].lower()
                ]
                return make_action(RESOLVE, *sqs, keeper)
            sqs = [parse_square(g) if g else -1 for g in groups]
        except ValueError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        return make_action(SPRINT if sprint else kind, *sqs)
    raise NotationError(f"{text!r} is not an action in BALL notation")
