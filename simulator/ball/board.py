"""The BALL board component: a position, or a window of it, as SVG drawing data.

:func:`draw_board` turns a position into squares, figures, stacks, the free ball and arrows in
SVG units, for ``templates/simulator/ball/board.html``; the game page adds the tap areas
(:func:`tap_area`), the rules page draws its diagrams with it. The geometry (columns, rows,
playable squares) is the engine's, read from ``engines.ball.board``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from engines.ball import State
from engines.ball.board import COLS, LETTERS, ROWS, SQUARE_NAMES, playable, sq, square_coordinates

from .wording import Piece, pieces_of

CELL = 30  # SVG units per square
MARGIN = 18  # room for the coordinate labels
# Only every other square is playable: each is drawn as the diamond reaching the centres of its
# four (never playable) orthogonal neighbours, twice a square's area, and its figure grows with it.
FIGURE = 1.3


@dataclass
class Figure:
    """One piece as drawn: where (translate), how big, lying or standing, and the animation."""

    piece: Piece
    x: float
    y: float
    scale: float
    rotate: int
    came_from: tuple[float, float] | None = None

    @property
    def label(self) -> str:
        return self.piece.description()


@dataclass
class Board:
    """Drawing data of one position (or a window of it) in SVG units."""

    cells: list[dict[str, Any]]
    figures: list[Figure]
    stacks: list[dict[str, Any]]
    ball: dict[str, Any] | None  # the free ball; a carried ball is drawn with its figure
    columns: list[dict[str, Any]]
    rows: list[dict[str, Any]]
    width: int
    height: int
    board_w: int
    board_h: int
    title: str
    arrows: list[dict[str, Any]] = field(default_factory=list)
    hits: list[dict[str, Any]] = field(default_factory=list)
    margin: int = MARGIN
    cell: int = CELL
    compact: bool = False


def draw_board(
    state: State,
    *,
    cols: tuple[int, int] = (1, COLS),
    rows: tuple[int, int] = (1, ROWS),
    marks: dict[str, str] | None = None,
    arrows: list[tuple[str, str]] = (),
    before: State | None = None,
    title: str = "",
) -> Board:
    """The board component: ``marks`` maps squares to extra CSS classes (target, last, …),
    ``arrows`` draws (from, to) arrows, ``before`` animates the pieces that moved since it."""
    marks = marks or {}
    c0, c1 = cols
    r0, r1 = rows

    def xy(square: str) -> tuple[int, int]:
        c, r = square_coordinates(square)
        return MARGIN + (c - c0) * CELL, (r1 - r) * CELL

    def inside(square: str) -> bool:
        c, r = square_coordinates(square)
        return c0 <= c <= c1 and r0 <= r <= r1

    pieces = [p for p in pieces_of(state) if inside(p.square)]
    old = {}
    if before is not None:
        old = {(p.team, p.name): p.square for p in pieces_of(before)}

    stacked = {p.square: p for p in pieces if p.state == "top"}
    cells = []
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if not playable(c, r):
                continue
            square = SQUARE_NAMES[sq(c, r)]
            x, y = xy(square)
            classes = ["cell"]
            if r == 1:
                classes.append("cell--home")
            elif r == ROWS:
                classes.append("cell--away")
            if square in marks:
                classes.append(marks[square])
            cx, cy = x + CELL / 2, y + CELL / 2
            cells.append(
                {
                    "square": square,
                    "x": x,
                    "y": y,
                    "cx": cx,
                    "cy": cy,
                    "points": _diamond(cx, cy),
                    "classes": " ".join(classes),
                }
            )

    figures = []
    for p in pieces:
        x, y = xy(p.square)
        cx, cy = x + CELL / 2, y + CELL / 2
        # A stack: the bottom figure low and left, the top one standing up and right on it.
        if p.state == "bottom":
            cx, cy, scale = cx - 6, cy + 5, 0.8 * FIGURE
        elif p.state == "top":
            cx, cy, scale = cx + 5, cy - 4, 0.8 * FIGURE
        else:
            scale = FIGURE
        came_from = None
        was = old.get((p.team, p.name))
        if was and was != p.square and inside(was):
            ox, oy = xy(was)
            came_from = (ox + CELL / 2, oy + CELL / 2)
        figures.append(Figure(p, cx, cy, scale, 90 if p.lying else 0, came_from))
    # Bottoms first, so that the top of a stack is drawn over its bottom.
    figures.sort(key=lambda f: f.piece.state != "bottom")

    stacks = []
    for square, top in stacked.items():
        x, y = xy(square)
        role = top.stack_role
        stacks.append(
            {
                "square": square,
                "x": x,
                "y": y,
                "role": role,
                "letter": _("B") if role == "block" else _("S"),
                "label": _("Block") if role == "block" else _("Schutz"),
            }
        )

    ball = None
    if "carrier" not in state.ball and inside(state.ball["square"]):
        bx, by = xy(state.ball["square"])
        ball = {"square": state.ball["square"], "cx": bx + CELL / 2, "cy": by + CELL / 2}

    drawn_arrows = []
    for a, b in arrows:
        (ax, ay), (bx, by) = xy(a), xy(b)
        drawn_arrows.append(
            {"x1": ax + CELL / 2, "y1": ay + CELL / 2, "x2": bx + CELL / 2, "y2": by + CELL / 2}
        )

    ncols, nrows = c1 - c0 + 1, r1 - r0 + 1
    return Board(
        cells=cells,
        figures=figures,
        stacks=stacks,
        ball=ball,
        columns=[
            {"letter": LETTERS[c - 1], "x": MARGIN + (c - c0) * CELL + CELL // 2}
            for c in range(c0, c1 + 1)
        ],
        rows=[{"number": r, "y": (r1 - r) * CELL + CELL // 2 + 4} for r in range(r0, r1 + 1)],
        width=MARGIN + ncols * CELL,
        height=nrows * CELL + MARGIN,
        board_w=ncols * CELL,
        board_h=nrows * CELL,
        title=title,
        arrows=drawn_arrows,
        compact=ncols < COLS,
    )


def _diamond(cx: float, cy: float) -> str:
    return f"{cx - CELL},{cy} {cx},{cy - CELL} {cx + CELL},{cy} {cx},{cy + CELL}"


def tap_area(square: str) -> str:
    """The tap area of a square of the whole board, as SVG polygon points: the diamond reaching
    the centres of its four orthogonal neighbours (never playable), so each playable square
    gets twice its own area."""
    c, r = square_coordinates(square)
    return _diamond(MARGIN + (c - 1) * CELL + CELL / 2, (ROWS - r) * CELL + CELL / 2)
