"""What the BALL pages draw: the board component, the step-by-step action choice, the history.

Reads the engine's positions and the structure of its actions (``Action.parts()``: kind, the
piece's square, target, second choice) and words them in German. The board component
(:func:`draw_board`) draws any position or a window of it; the game page adds the interactive
layer (:func:`ball_view`), the rules page uses it for its diagrams.

Choosing an action follows the club's simulator conventions (docs/ball.md, section 11): tap a
piece, choose an action kind (skipped when the piece has only one), tap one of the highlighted
targets; a second choice (dodge exit, push square, ball square, the bottom piece's square) is
asked the same way on the board.
The selection travels in the query string (``feld``, ``art``, ``ziel``, ``zweit``), so every step
is a plain link and works without JavaScript.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _

from engines.ball import Action, ActionParts, State, parse_action

from .services import BallGame

COLUMNS = "ABCDEFGHIJKLM"
ROWS = 17
CELL = 30  # SVG units per square
MARGIN = 18  # room for the coordinate labels
SYMBOLS = {"X": "✕", "O": "◯", "S": "□"}
SQUARES = frozenset(
    f"{COLUMNS[c - 1]}{r}" for r in range(1, ROWS + 1) for c in range(1, 14) if (c + r) % 2 == 0
)

# Action kinds of the engine, their key in the query string.
KIND_KEYS = {
    "move": "zug",
    "sprint": "sprint",
    "hand-off": "handoff",
    "short pass": "kurzpass",
    "long pass": "langpass",
    "stand up": "aufstehen",
    "getup": "getup",
    "resolve stack": "stapel",
}
KIND_BY_KEY = {key: kind for kind, key in KIND_KEYS.items()}


def kind_label(kind: str) -> str:
    return {
        "move": _("Ziehen"),
        "sprint": _("Sprint-Karte (2 PE)"),
        "hand-off": _("Hand-off"),
        "short pass": _("Kurzer Pass"),
        "long pass": _("Langer Pass"),
        "stand up": _("Aufstehen"),
        "getup": _("Getup-Karte (1 PE)"),
        "resolve stack": _("Stapel auflösen"),
    }.get(kind, kind)


def team_label(team: str) -> str:
    return _("Heim") if team == "home" else _("Gast")


def _col(square: str) -> int:
    return COLUMNS.index(square[0]) + 1


def _row(square: str) -> int:
    return int(square[1:])


def _between(a: str, b: str) -> str:
    c, r = (_col(a) + _col(b)) // 2, (_row(a) + _row(b)) // 2
    return f"{COLUMNS[c - 1]}{r}"


def clean_square(raw: str | None) -> str | None:
    """A square name from user input, or None when it is none (bounded, case-insensitive)."""
    text = (raw or "").strip().upper()[:3]
    return text if text in SQUARES else None


# -- pieces -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    team: str
    name: str  # "X5"
    square: str
    state: str  # active, down, top, bottom
    restricted: bool
    has_ball: bool
    lying: bool = False  # knocked down (also a knocked-down bottom of a stack)
    partner: Piece | None = None  # the other piece of its stack

    @property
    def symbol(self) -> str:
        return SYMBOLS[self.name[0]] + self.name[1:]

    @property
    def kind(self) -> str:
        return self.name[0].lower()

    @property
    def number(self) -> str:
        return self.name[1:]

    @property
    def stack_role(self) -> str | None:
        """ "block" or "protect" for the two pieces of a stack, None otherwise."""
        if self.partner is None:
            return None
        return "protect" if self.partner.team == self.team else "block"

    def full_name(self) -> str:
        return f"{team_label(self.team)} {self.symbol}"

    def description(self) -> str:
        """The text alternative of the figure: who, where, and what state it is in."""
        parts = [_("%(piece)s auf %(square)s") % {"piece": self.full_name(), "square": self.square}]
        if self.lying:
            parts.append(_("liegt am Boden"))
        if self.partner is not None:
            other = self.partner.full_name()
            if self.state == "top":
                text = (
                    _("blockt %(other)s") if self.stack_role == "block" else _("schützt %(other)s")
                )
            else:
                text = (
                    _("wird von %(other)s geblockt")
                    if self.stack_role == "block"
                    else _("wird von %(other)s geschützt")
                )
            parts.append(text % {"other": other})
        if self.has_ball:
            parts.append(_("hat den Ball"))
        if self.restricted:
            parts.append(_("darf in diesem Zug keine Aktion mehr beginnen"))
        return ", ".join(parts)


def pieces_of(state: State) -> list[Piece]:
    """Every piece of a position, the two pieces of each stack linked to each other."""
    data = state.to_dict()
    down = set(data["down"])
    bottom_down = {s["bottom"] for s in data["stacks"] if s["bottom_state"] == "down"}
    plain = {}
    for p in state.pieces():
        full = f"{p['team']} {p['name']}"
        plain[full] = Piece(
            team=p["team"],
            name=p["name"],
            square=p["square"],
            state=p["state"],
            restricted=p["restricted"],
            has_ball=p["has_ball"],
            lying=full in down or full in bottom_down,
        )
    partners = {}
    for s in data["stacks"]:
        partners[s["top"]] = s["bottom"]
        partners[s["bottom"]] = s["top"]
    out = []
    for full, piece in plain.items():
        if full in partners:
            other = plain[partners[full]]
            piece = Piece(**{**piece.__dict__, "partner": other})
        out.append(piece)
    return out


class _Board:
    """Who stands where in one state, for labels."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.pieces = pieces_of(state)
        self.at: dict[str, Piece] = {p.square: p for p in self.pieces if p.state != "bottom"}
        ball = state.ball
        self.free_ball = None if "carrier" in ball else ball["square"]

    def who(self, square: str) -> str:
        piece = self.at.get(square)
        if piece is None:
            return square
        return f"{piece.symbol} ({square})"

    def ball_note(self, square: str) -> str:
        return _(" – nimmt den Ball auf") if square == self.free_ball else ""


# -- action labels ------------------------------------------------------------------------------


def _parts(action: Action | str) -> ActionParts:
    return (action if isinstance(action, Action) else parse_action(action)).parts()


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


def action_square(action: Action | str) -> str | None:
    """The square whose piece the action belongs to (None for END, +PE, OVERTIME)."""
    return _parts(action).piece


# -- the board component ------------------------------------------------------------------------


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
    cols: tuple[int, int] = (1, 13),
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
        return MARGIN + (_col(square) - c0) * CELL, (r1 - _row(square)) * CELL

    def inside(square: str) -> bool:
        return c0 <= _col(square) <= c1 and r0 <= _row(square) <= r1

    pieces = [p for p in pieces_of(state) if inside(p.square)]
    old = {}
    if before is not None:
        old = {(p.team, p.name): p.square for p in pieces_of(before)}

    stacked = {p.square: p for p in pieces if p.state == "top"}
    cells = []
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if (c + r) % 2:
                continue
            square = f"{COLUMNS[c - 1]}{r}"
            x, y = xy(square)
            classes = ["cell"]
            if r == 1:
                classes.append("cell--home")
            elif r == ROWS:
                classes.append("cell--away")
            if square in marks:
                classes.append(marks[square])
            cells.append({"square": square, "x": x, "y": y, "classes": " ".join(classes)})

    figures = []
    for p in pieces:
        x, y = xy(p.square)
        cx, cy = x + CELL / 2, y + CELL / 2
        # A stack: the bottom figure low and left, the top one standing up and right on it.
        if p.state == "bottom":
            cx, cy, scale = cx - 5, cy + 4, 0.8
        elif p.state == "top":
            cx, cy, scale = cx + 4, cy - 3, 0.8
        else:
            scale = 1.0
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
            {"letter": COLUMNS[c - 1], "x": MARGIN + (c - c0) * CELL + CELL // 2}
            for c in range(c0, c1 + 1)
        ],
        rows=[{"number": r, "y": (r1 - r) * CELL + CELL // 2 + 4} for r in range(r0, r1 + 1)],
        width=MARGIN + ncols * CELL,
        height=nrows * CELL + MARGIN,
        board_w=ncols * CELL,
        board_h=nrows * CELL,
        title=title,
        arrows=drawn_arrows,
        compact=ncols < 13,
    )


def _diamond(square: str) -> str:
    """The tap area of a square of the whole board: the diamond reaching the centres of its four
    orthogonal neighbours (never playable), so each playable square gets twice its own area."""
    x = MARGIN + (_col(square) - 1) * CELL + CELL / 2
    y = (ROWS - _row(square)) * CELL + CELL / 2
    return f"{x - CELL},{y} {x},{y - CELL} {x + CELL},{y} {x},{y + CELL}"


# -- the game page ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Selection:
    """The action being built: piece square, action kind, target and second choice."""

    piece: str | None = None
    kind: str | None = None
    target: str | None = None
    second: str | None = None

    @classmethod
    def from_query(cls, query: Any) -> Selection:
        return cls(
            piece=clean_square(query.get("feld")),
            kind=KIND_BY_KEY.get((query.get("art") or "")[:12]),
            target=clean_square(query.get("ziel")),
            second=clean_square(query.get("zweit")),
        )

    def query(self, **changes: str | None) -> str:
        values = {"piece": self.piece, "kind": self.kind, "target": self.target}
        values["second"] = self.second
        values.update(changes)
        params = {
            "feld": values["piece"],
            "art": KIND_KEYS.get(values["kind"] or ""),
            "ziel": values["target"],
            "zweit": values["second"],
        }
        return "?" + urlencode({k: v for k, v in params.items() if v})


@dataclass(frozen=True)
class Choice:
    notation: str
    label: str
    actor: str = ""


@dataclass
class BallView:
    """Everything the BALL page shows."""

    game: BallGame
    state: State
    human_to_move: bool
    board: Board | None = None
    prompt: str = ""
    selected: str | None = None
    kinds: list[dict[str, Any]] = field(default_factory=list)
    confirm: list[Choice] = field(default_factory=list)
    general: list[Choice] = field(default_factory=list)
    cancel: bool = False
    last: list[Choice] = field(default_factory=list)
    last_by: str = ""
    last_start: int = 0  # the position before the last actions (to look at it again)
    history: list[dict[str, Any]] = field(default_factory=list)
    position: int | None = None  # viewing an earlier position (move list)
    touchdown: dict[str, Any] | None = None
    sides: list[dict[str, Any]] = field(default_factory=list)


def side_name(game: BallGame, team: str) -> str:
    """How the page names a side: "Du"/"Computer" against the computer, "Heim"/"Gast" when
    two people share the device."""
    if game.computer is None:
        return team_label(team)
    return _("Computer") if team == game.computer else _("Du")


def _sides(game: BallGame, state: State) -> list[dict[str, Any]]:
    return [
        {
            "team": team,
            "name": side_name(game, team),
            "team_label": team_label(team),
            "role": "ATK" if state.atk == team else "DEF",
            "score": state.score[team],
            "to_move": not state.is_over and state.player == team,
            "computer": team == game.computer,
        }
        for team in ("home", "away")
    ]


def _last_chunk(states: list[State], upto: int) -> int:
    """Where the run of actions by the side that played last before position ``upto`` starts."""
    index = upto
    if index == 0:
        return 0
    player = states[index - 1].player
    while index > 0 and states[index - 1].player == player:
        index -= 1
    return index


def _history(game: BallGame, states: list[State]) -> list[dict[str, Any]]:
    history: list[dict[str, Any]] = []
    for i, text in enumerate(game.record.actions):
        turn, player = states[i].turn, states[i].player
        if not history or history[-1]["turn"] != turn or history[-1]["player"] != player:
            history.append(
                {"turn": turn, "player": player, "name": side_name(game, player), "actions": []}
            )
        history[-1]["actions"].append({"text": text, "position": i + 1})
    history.reverse()
    return history


def _touchdown_at(game: BallGame, states: list[State], index: int) -> dict[str, Any] | None:
    if not 0 <= index < len(game.record.actions):
        return None
    scene = states[index].scoring_position(game.record.actions[index])
    if scene is None:
        return None
    scorer = "home" if scene.score["home"] > states[index].score["home"] else "away"
    return {
        "index": index,
        "scene": scene,
        "team": scorer,
        "name": side_name(game, scorer),
        "team_label": team_label(scorer),
        "score": scene.score,
        "game_over": states[index + 1].is_over,
    }


def first_touchdown(game: BallGame, since: int) -> int | None:
    """The index of the first scoring action from ``since`` on (to announce it), or None."""
    states = game.record.states()
    for i in range(since, len(game.record.actions)):
        if states[i + 1].score != states[i].score:
            return i
    return None


def _marks_of(actions: list[str]) -> tuple[dict[str, str], list[tuple[str, str]]]:
    marks: dict[str, str] = {}
    arrows = []
    for text in actions:
        parts = _parts(text)
        if parts.piece is None:
            continue
        marks[parts.piece] = "cell--from"
        for square in (parts.target, parts.second):
            if square:
                marks[square] = "cell--to"
        if parts.target:
            arrows.append((parts.piece, parts.target))
    return marks, arrows


def ball_view(
    *,
    game: BallGame,
    selection: Selection | None = None,
    position: int | None = None,
    touchdown: int | None = None,
    base_url: str = "",
) -> BallView:
    """The page for the current position with the action being built, an earlier position of
    the move list (``position``: after that many actions) or a touchdown being announced
    (``touchdown``: the index of the scoring action)."""
    selection = selection or Selection()
    states = game.record.states()
    actions = game.record.actions
    state = states[-1]

    announce = _touchdown_at(game, states, touchdown) if touchdown is not None else None
    if announce is not None:
        board = draw_board(
            announce["scene"],
            before=states[announce["index"]],
            marks=_marks_of([actions[announce["index"]]])[0],
            title=_("Touchdown!"),
        )
        return BallView(
            game=game,
            state=state,
            board=board,
            human_to_move=False,
            touchdown=announce,
            history=_history(game, states),
            sides=_sides(game, announce["scene"]),
        )

    if position is not None and 0 <= position < len(actions):
        shown = states[position]
        marks, arrows = _marks_of(list(actions[position - 1 : position])) if position else ({}, [])
        board = draw_board(
            shown,
            marks=marks,
            arrows=arrows,
            before=states[position - 1] if position else None,
            title=_("Stellung nach %(n)s Aktionen") % {"n": position},
        )
        return BallView(
            game=game,
            state=shown,
            board=board,
            human_to_move=False,
            position=position,
            history=_history(game, states),
            sides=_sides(game, shown),
        )

    to_move = not state.is_over and state.player in game.human_sides
    start = _last_chunk(states, len(actions))
    last_actions = list(actions[start:])
    marks, _arrows = _marks_of(last_actions)
    view = BallView(
        game=game,
        state=state,
        human_to_move=to_move,
        history=_history(game, states),
        sides=_sides(game, state),
    )
    if last_actions and (states[start].player != state.player or state.is_over):
        view.last_by = side_name(game, states[start].player)
        view.last_start = start
        for i in range(start, len(actions)):
            before = _Board(states[i])
            square = action_square(actions[i])
            actor = before.who(square) if square else ""
            view.last.append(Choice(actions[i], action_label(before, actions[i]), actor))
    hits: list[dict[str, Any]] = []
    if to_move:
        hits = _build_choice(view, state, selection, marks, base_url)
    board = draw_board(
        state,
        marks=marks,
        before=states[start] if last_actions else None,
        title=_("Spielfeld: Reihe 17 oben (hier punktet Heim), Reihe 1 unten (hier punktet Gast)"),
    )
    board.hits = [{**h, "points": _diamond(h["square"])} for h in hits]
    view.board = board
    return view


def _build_choice(
    view: BallView, state: State, selection: Selection, marks: dict[str, str], base_url: str
) -> list[dict[str, Any]]:
    """Fill in the prompt, the action kinds and the keeper buttons of the action being built;
    return the tap areas of the board (``marks`` gains the highlighted squares)."""
    board = _Board(state)
    by_piece: dict[str, list[tuple[Action, ActionParts]]] = {}
    for action in state.legal_actions():
        parts = action.parts()
        if parts.piece is None:
            view.general.append(Choice(str(action), action_label(board, action)))
        else:
            by_piece.setdefault(parts.piece, []).append((action, parts))

    def link(**changes: str | None) -> str:
        # The version lets the page tell a tab that fell behind (see views.ball).
        return f"{base_url}{Selection().query(**changes)}&v={view.game.version}"

    def post(action: Action) -> dict[str, Any]:
        return {
            "notation": str(action),
            "label": action_label(board, action),
            "vals": json.dumps({"zug": str(action), "version": view.game.version}),
        }

    hits: dict[str, dict[str, Any]] = {}
    for square in by_piece:
        piece = board.at.get(square)
        hits[square] = {
            "square": square,
            "href": link(piece=square),
            "label": _("%(piece)s wählen") % {"piece": piece.full_name() if piece else square},
        }
        marks.setdefault(square, "cell--selectable")
    phase_prompt = (
        _("Pflichtaufgaben: tippe eine liegende Figur oder einen Stapel an.")
        if state.phase == "resolution"
        else _("Tippe die Figur an, die handeln soll – oder beende die Aktionsphase.")
    )
    view.prompt = phase_prompt

    square = selection.piece if selection.piece in by_piece else None
    if square is None:
        return list(hits.values())
    view.selected = square
    view.cancel = True
    marks[square] = "cell--selected"
    piece = board.at.get(square)
    who = piece.full_name() if piece else square
    hits[square] = {"square": square, "href": base_url or "?", "label": _("Auswahl aufheben")}

    options = by_piece[square]
    order = list(KIND_KEYS)
    kinds = sorted({parts.kind for _a, parts in options}, key=order.index)
    kind = selection.kind if selection.kind in kinds else kinds[0] if len(kinds) == 1 else None
    view.kinds = [
        {
            "kind": k,
            "label": kind_label(k),
            "href": link(piece=square, kind=k),
            "selected": k == kind,
        }
        for k in kinds
    ]
    if kind is None:
        view.prompt = _("%(piece)s: welche Aktion?") % {"piece": who}
        return list(hits.values())

    options = [(a, p) for a, p in options if p.kind == kind]
    targets: dict[str, list[Action]] = {}
    for action, parts in options:
        targets.setdefault(parts.target, []).append(action)
    target = selection.target if selection.target in targets else None
    if target is None:
        view.prompt = _target_prompt(kind) % {"piece": who}
        for t, acts in targets.items():
            marks[t] = "cell--target"
            hit = {"square": t, "href": link(piece=square, kind=kind, target=t)}
            if len(acts) == 1:
                hit.update(post(acts[0]))
            else:
                hit["label"] = _("%(square)s: danach ein zweites Feld wählen") % {"square": t}
            hits[t] = hit
        return list(hits.values())

    marks[target] = "cell--chosen"
    options = [(a, p) for a, p in options if p.target == target]
    seconds: dict[str, list[Action]] = {}
    for action, parts in options:
        seconds.setdefault(parts.second or "", []).append(action)
    second = selection.second if selection.second in seconds else None
    if second is None and list(seconds) != [""]:
        view.prompt = _second_prompt(board, kind, square, target) % {"piece": who}
        for s, acts in seconds.items():
            marks[s] = "cell--target"
            hit = {"square": s, "href": link(piece=square, kind=kind, target=target, second=s)}
            if len(acts) == 1:
                hit.update(post(acts[0]))
            else:
                hit["label"] = _("%(square)s: danach wählen, wer den Ball behält") % {"square": s}
            hits[s] = hit
        return list(hits.values())

    if second:
        marks[second] = "cell--chosen"
    remaining = seconds.get(second or "", [])
    if len(remaining) == 1:
        # Reached without JavaScript (a plain link): one button performs the action.
        view.prompt = _("Ausführen?")
    else:  # resolving a stack whose top holds the ball: who keeps it
        view.prompt = _("Wer behält den Ball?")
    view.confirm = [Choice(str(a), action_label(board, a)) for a in remaining]
    return list(hits.values())


def _target_prompt(kind: str) -> str:
    return {
        "move": _("%(piece)s: Zielfeld antippen (markiert)."),
        "sprint": _("%(piece)s: Zielfeld für den Sprint antippen."),
        "hand-off": _("%(piece)s: Empfänger des Hand-offs antippen."),
        "short pass": _("%(piece)s: Empfänger des kurzen Passes antippen."),
        "long pass": _("%(piece)s: Landefeld des Balls antippen."),
        "stand up": _("%(piece)s: Feld zum Aufstehen antippen."),
        "getup": _("%(piece)s: Feld zum Aufstehen antippen."),
        "resolve stack": _("%(piece)s: Feld für die obere Figur antippen."),
    }[kind]


def _second_prompt(board: _Board, kind: str, square: str, target: str) -> str:
    if kind == "short pass":
        return _("%(piece)s: Ballfeld neben dem Empfänger antippen.")
    if kind == "resolve stack":
        return _("%(piece)s: Feld für die untere Figur antippen.")
    mover = board.at.get(square)
    occupant = board.at.get(target)
    if occupant is not None and mover is not None and occupant.team != mover.team:
        return _("%(piece)s weicht aus: Austrittsfeld antippen.")
    return _("%(piece)s: Stoßfeld für die überquerte Figur antippen.")
