"""What the BALL page draws: the board in SVG coordinates, the human's choices, the history.

Reads the engine's positions and the structure of its actions (``Action.parts()``: kind, the
piece's square, target, second choice) and words them in German.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from engines.ball import Action, ActionParts, State, parse_action

from .services import COMPUTER, HUMAN, BallGame

COLUMNS = "ABCDEFGHIJKLM"
ROWS = 17
CELL = 30  # SVG units per square
MARGIN = 18  # room for the coordinate labels
SYMBOLS = {"X": "✕", "O": "◯", "S": "□"}


def _col(square: str) -> int:
    return COLUMNS.index(square[0]) + 1


def _row(square: str) -> int:
    return int(square[1:])


def _xy(square: str) -> tuple[int, int]:
    """Top-left corner of a square in the SVG (row 17, the away end zone, at the top)."""
    return MARGIN + (_col(square) - 1) * CELL, (ROWS - _row(square)) * CELL


def _between(a: str, b: str) -> str:
    c, r = (_col(a) + _col(b)) // 2, (_row(a) + _row(b)) // 2
    return f"{COLUMNS[c - 1]}{r}"


@dataclass(frozen=True)
class Piece:
    team: str
    name: str  # "X5"
    square: str
    state: str  # active, down, top, bottom
    restricted: bool
    has_ball: bool

    @property
    def symbol(self) -> str:
        return SYMBOLS[self.name[0]] + self.name[1:]

    @property
    def kind(self) -> str:
        return self.name[0].lower()

    @property
    def number(self) -> str:
        return self.name[1:]


class _Board:
    """Who stands where in one state, for labels."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.pieces = [
            Piece(
                team=p["team"],
                name=p["name"],
                square=p["square"],
                state=p["state"],
                restricted=p["restricted"],
                has_ball=p["has_ball"],
            )
            for p in state.pieces()
        ]
        self.at: dict[str, Piece] = {}
        for piece in self.pieces:
            if piece.state != "bottom":
                self.at[piece.square] = piece
        ball = state.ball
        self.free_ball = None if "carrier" in ball else ball["square"]

    def who(self, square: str) -> str:
        piece = self.at.get(square)
        if piece is None:
            return square
        return f"{piece.symbol} ({square})"

    def ball_note(self, square: str) -> str:
        return _(" – nimmt den Ball auf") if square == self.free_ball else ""


def _move_label(board: _Board, frm: str, to: str, extra: str | None) -> str:
    mover = board.at.get(frm)
    target = board.at.get(to)
    team = mover.team if mover else board.state.player
    if extra is None:
        if target is None:
            return _("Zug nach %(to)s") % {"to": to} + board.ball_note(to)
        if target.team != team:
            return _("Block gegen %(piece)s") % {"piece": board.who(to)}
        return _("Schutz für %(piece)s") % {"piece": board.who(to)}
    if target is not None and target.team != team:
        return _("Ausweichen: %(piece)s geht zu Boden, Austritt %(exit)s") % {
            "piece": board.who(to),
            "exit": extra,
        } + board.ball_note(extra)
    return _("Taktisches Ausweichen nach %(to)s, %(piece)s wird nach %(push)s gestoßen") % {
        "to": to,
        "piece": board.who(_between(frm, to)),
        "push": extra,
    } + board.ball_note(to)


def action_label(board: _Board, action: Action | str) -> str:
    """A short German description of one action (an engine action or its notation)."""
    parts = _parts(action)
    kind, piece, target, second = parts.kind, parts.piece, parts.target, parts.second
    if kind == "end":
        return _("Aktionsphase beenden")
    if kind == "+PE":
        return _("1 PA in 1 PE umwandeln")
    if kind == "overtime":
        return _("Overtime-Karte (3 PE): +1 PA")
    if kind in ("move", "sprint"):
        label = _move_label(board, piece, target, second)
        return _("Sprint-Karte (2 PE): %(move)s") % {"move": label} if kind == "sprint" else label
    if kind == "hand-off":
        return _("Hand-off an %(piece)s") % {"piece": board.who(target)}
    if kind == "short pass":
        return _("Kurzer Pass zu %(piece)s, Ball auf %(ball)s") % {
            "piece": board.who(target),
            "ball": second,
        }
    if kind == "long pass":
        return _("Langer Pass auf %(to)s") % {"to": target}
    if kind == "getup":
        return _("Getup-Karte (1 PE): aufstehen nach %(to)s") % {"to": target}
    if kind == "stand up":
        return _("Aufstehen nach %(to)s") % {"to": target}
    label = _("Stapel auflösen: oben nach %(top)s, unten nach %(bottom)s") % {
        "top": target,
        "bottom": second,
    }
    if parts.keeper == "top":
        label += _(", Ball bleibt oben")
    elif parts.keeper == "bottom":
        label += _(", Ball geht nach unten")
    return label


def _parts(action: Action | str) -> ActionParts:
    return (action if isinstance(action, Action) else parse_action(action)).parts()


def action_square(action: Action | str) -> str | None:
    """The square whose piece the action belongs to (None for END, +PE, OVERTIME)."""
    return _parts(action).piece


@dataclass(frozen=True)
class Choice:
    notation: str
    label: str
    actor: str = ""


@dataclass
class BallView:
    """Everything the BALL page draws."""

    state: State
    pieces: list[Piece]
    cells: list[dict[str, Any]]
    ball: dict[str, Any]
    selectable: list[dict[str, Any]]
    selected: str | None
    choices: list[Choice]
    general: list[Choice]
    computer: list[Choice]
    history: list[dict[str, Any]]
    columns: list[dict[str, Any]] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)
    width: int = MARGIN + 13 * CELL
    height: int = ROWS * CELL + MARGIN
    cell: int = CELL
    margin: int = MARGIN
    board_w: int = 13 * CELL
    board_h: int = ROWS * CELL

    @property
    def human_to_move(self) -> bool:
        return not self.state.is_over and self.state.player == HUMAN


def _piece_view(piece: Piece, stacked_under: bool) -> dict[str, Any]:
    x, y = _xy(piece.square)
    # In a stack the bottom piece is drawn small in the lower-left corner, the top one above it.
    if piece.state == "bottom":
        cx, cy, size = x + 9, y + 21, 6
    elif stacked_under:
        cx, cy, size = x + 20, y + 10, 6
    else:
        cx, cy, size = x + CELL // 2, y + CELL // 2, 9
    return {
        "piece": piece,
        "cx": cx,
        "cy": cy,
        "size": size,
        "x0": cx - size,
        "y0": cy - size,
        "x1": cx + size,
        "y1": cy + size,
        "side": 2 * size,
        "label_x": x + 2 if piece.state == "bottom" else x + CELL - 2,
        "label_y": y + 9 if piece.state == "bottom" else y + CELL - 2,
        "anchor": "start" if piece.state == "bottom" else "end",
    }


def ball_view(*, game: BallGame, selected: str | None = None) -> BallView:
    """The drawing data of the current position, the human's choices grouped by piece, the
    computer's last reply and the game history."""
    states = game.record.states()
    state = states[-1]
    board = _Board(state)

    legal = state.legal_actions() if not state.is_over and state.player == HUMAN else ()
    groups: dict[str, list[Choice]] = {}
    general: list[Choice] = []
    targets_of: dict[str, set[str]] = {}
    for action in legal:
        parts = action.parts()
        choice = Choice(str(action), action_label(board, action))
        if parts.piece is None:
            general.append(choice)
        else:
            groups.setdefault(parts.piece, []).append(choice)
            targets_of.setdefault(parts.piece, set()).add(parts.target)
    selected = (selected or "").strip().upper() or None
    if selected not in groups:
        selected = next(iter(groups)) if len(groups) == 1 else None

    targets = targets_of.get(selected or "", set())

    stacked = {p.square for p in board.pieces if p.state == "bottom"}
    pieces = [_piece_view(p, p.square in stacked) for p in board.pieces]
    pieces.sort(key=lambda v: v["piece"].state != "bottom")  # bottoms first, tops drawn over

    cells = []
    for r in range(1, ROWS + 1):
        for c in range(1, 14):
            if (c + r) % 2:
                continue
            square = f"{COLUMNS[c - 1]}{r}"
            x, y = _xy(square)
            cells.append(
                {
                    "square": square,
                    "x": x,
                    "y": y,
                    "zone": "home" if r == 1 else "away" if r == ROWS else "",
                    "selected": square == selected,
                    "target": square in targets,
                    "selectable": square in groups,
                    "stack": square in stacked,
                }
            )

    ball_square = state.ball["square"]
    bx, by = _xy(ball_square)
    carried = "carrier" in state.ball
    ball = {
        "square": ball_square,
        "carried": carried,
        "cx": bx + (CELL - 6 if carried else CELL // 2),
        "cy": by + (6 if carried else CELL // 2),
        "r": 5 if carried else 7,
    }

    selectable = []
    for square, choices in groups.items():
        piece = board.at.get(square)
        selectable.append(
            {
                "square": square,
                "name": piece.symbol if piece else square,
                "count": len(choices),
                "selected": square == selected,
            }
        )

    computer: list[Choice] = []
    index = len(game.record.actions)
    while index > 0 and states[index - 1].player == COMPUTER:
        index -= 1
    for i in range(index, len(game.record.actions)):
        text = game.record.actions[i]
        before = _Board(states[i])
        actor = action_square(text)
        computer.append(
            Choice(text, action_label(before, text), before.who(actor) if actor else "")
        )

    history: list[dict[str, Any]] = []
    for i, text in enumerate(game.record.actions):
        turn, player = states[i].turn, states[i].player
        if not history or history[-1]["turn"] != turn or history[-1]["player"] != player:
            history.append({"turn": turn, "player": player, "actions": []})
        history[-1]["actions"].append(text)
    history.reverse()

    columns = [
        {"letter": letter, "x": MARGIN + i * CELL + CELL // 2} for i, letter in enumerate(COLUMNS)
    ]
    rows = [{"number": r, "y": (ROWS - r) * CELL + CELL // 2 + 4} for r in range(1, ROWS + 1)]

    return BallView(
        state=state,
        pieces=pieces,
        cells=cells,
        ball=ball,
        selectable=selectable,
        selected=selected,
        choices=groups.get(selected or "", []),
        general=general,
        computer=computer,
        history=history,
        columns=columns,
        rows=rows,
    )
