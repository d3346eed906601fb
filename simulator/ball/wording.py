"""The German words of the BALL pages: teams, pieces, action kinds and single actions.

Reads the engine's named view of a position (``State.pieces()``, ``to_dict()``, ``ball``) and
the structure of its actions (``Action.parts()``: kind, the piece's square, target, second
choice), and words them; the board drawing, the action choice and the page use these words.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from engines.ball import Action, ActionParts, State, parse_action
from engines.ball.board import SQUARE_NAMES, crossed_square, parse_square

# The piece letters of the engine's notation as the board draws them.
SYMBOLS = {"X": "✕", "O": "◯", "S": "□"}


def kind_label(kind: str) -> str:
    """The name of an action kind of the engine (``ActionParts.kind``)."""
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


# -- pieces -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """One piece of a position, as the pages name and draw it."""

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


class Occupants:
    """Who stands where in one position, for naming the pieces an action concerns."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.at: dict[str, Piece] = {p.square: p for p in pieces_of(state) if p.state != "bottom"}
        ball = state.ball
        self.free_ball = None if "carrier" in ball else ball["square"]

    def who(self, square: str) -> str:
        """The piece on ``square`` with the square ("□3 (G7)"), or only the square."""
        piece = self.at.get(square)
        if piece is None:
            return square
        return f"{piece.symbol} ({square})"

    def ball_note(self, square: str) -> str:
        return _(" – nimmt den Ball auf") if square == self.free_ball else ""


# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LabelledAction:
    """An action in notation with its German label (and who plays it, for the last actions)."""

    notation: str
    label: str
    actor: str = ""


def parts_of(action: Action | str) -> ActionParts:
    """The structure of an engine action or of its notation."""
    return (action if isinstance(action, Action) else parse_action(action)).parts()


def _crossed(frm: str, to: str) -> str:
    return SQUARE_NAMES[crossed_square(parse_square(frm), parse_square(to))]


def _move_label(occupants: Occupants, frm: str, to: str, extra: str | None) -> str:
    mover = occupants.at.get(frm)
    target = occupants.at.get(to)
    team = mover.team if mover else occupants.state.player
    if extra is None:
        if target is None:
            return _("Zug nach %(to)s") % {"to": to} + occupants.ball_note(to)
        if target.team != team:
            return _("Block gegen %(piece)s") % {"piece": occupants.who(to)}
        return _("Schutz für %(piece)s") % {"piece": occupants.who(to)}
    if target is not None and target.team != team:
        return _("Ausweichen: %(piece)s geht zu Boden, Austritt %(exit)s") % {
            "piece": occupants.who(to),
            "exit": extra,
        } + occupants.ball_note(extra)
    return _("Taktisches Ausweichen nach %(to)s, %(piece)s wird nach %(push)s gestoßen") % {
        "to": to,
        "piece": occupants.who(_crossed(frm, to)),
        "push": extra,
    } + occupants.ball_note(to)


def action_label(occupants: Occupants, action: Action | str) -> str:
    """A short German description of one action (an engine action or its notation) in the
    position ``occupants`` was made of."""
    parts = parts_of(action)
    kind, piece, target, second = parts.kind, parts.piece, parts.target, parts.second
    if kind == "end":
        return _("Aktionsphase beenden")
    if kind == "+PE":
        return _("1 PA in 1 PE umwandeln")
    if kind == "overtime":
        return _("Overtime-Karte (3 PE): +1 PA")
    if kind in ("move", "sprint"):
        label = _move_label(occupants, piece, target, second)
        return _("Sprint-Karte (2 PE): %(move)s") % {"move": label} if kind == "sprint" else label
    if kind == "hand-off":
        return _("Hand-off an %(piece)s") % {"piece": occupants.who(target)}
    if kind == "short pass":
        return _("Kurzer Pass zu %(piece)s, Ball auf %(ball)s") % {
            "piece": occupants.who(target),
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
    return parts_of(action).piece
