"""The diagrams of the BALL rules page, drawn by the game's own board component.

Each diagram is a small position built for one rule; the highlighted squares come from the
engine's legal actions in that position, so the pictures cannot drift from the rules played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from engines.ball import State, new_game
from engines.ball.board import COLS

from .board import Board, draw_board
from .wording import parts_of

# Pieces a diagram does not use wait at the far end of the board, outside every window.
_PARKING = {
    "home": ("A17", "C17", "E17", "G17", "I17", "K17", "M17"),
    "away": ("A15", "C15", "E15", "G15", "I15", "K15", "M15"),
}
_NAMES = ("O1", "X2", "S3", "X4", "X5", "O6", "S7")


def position(
    home: dict[str, str],
    away: dict[str, str] | None = None,
    *,
    carrier: str | None = None,
    ball: str | None = None,
    down: tuple[str, ...] = (),
    stacks: tuple[dict[str, Any], ...] = (),
    phase: str = "action",
    atk: str = "home",
    player: str = "home",
    card_mode: bool = False,
    pe: dict[str, int] | None = None,
) -> State:
    """A position with the named pieces placed and the others parked."""
    pieces = {}
    for team, placed in (("home", home), ("away", away or {})):
        parking = [sq for sq in _PARKING[team] if sq not in placed.values()]
        pieces[team] = {name: placed.get(name) or parking.pop(0) for name in _NAMES}
    if carrier is None and ball is None:
        carrier = "away X5" if pieces["away"]["X5"] in _PARKING["away"] else None
        ball = None if carrier else "A9"
    return State.from_json(
        {
            "pieces": pieces,
            "ball": {"carrier": carrier} if carrier else {"square": ball},
            "down": list(down),
            "stacks": list(stacks),
            "phase": phase,
            "atk": atk,
            "player": player,
            "turn": 3,
            "options": {"card_mode": card_mode},
            "pe": pe or {"home": 0, "away": 0},
        }
    )


def _targets(
    state: State, square: str, kinds: tuple[str, ...], *, target: str | None = None
) -> dict[str, str]:
    """Squares to highlight: the targets (or, given ``target``, the second choices) of the
    legal actions of the piece on ``square``."""
    marks = {square: "cell--selected"}
    for action in state.legal_actions():
        parts = action.parts()
        if parts.piece != square or parts.kind not in kinds:
            continue
        if target is None:
            marks[parts.target] = "cell--target"
        elif parts.target == target and parts.second:
            marks[target] = "cell--chosen"
            marks[parts.second] = "cell--target"
    return marks


@dataclass(frozen=True)
class Diagram:
    uid: str
    caption: str
    board: Board


def _diagram(
    uid: str,
    caption: str,
    state: State,
    *,
    cols: tuple[int, int] = (2, 8),
    rows: tuple[int, int] = (2, 8),
    marks: dict[str, str] | None = None,
    arrows: list[tuple[str, str]] = (),
) -> Diagram:
    board = draw_board(state, cols=cols, rows=rows, marks=marks, arrows=arrows, title=caption)
    return Diagram(uid, caption, board)


def _last_marks(before: State, texts: list[str]) -> tuple[State, dict[str, str], list]:
    """The position after ``texts`` (played by the engine) with their squares and arrows."""
    state = before
    marks: dict[str, str] = {}
    arrows = []
    for text in texts:
        state = state.apply(text)
        parts = parts_of(text)
        marks[parts.piece] = "cell--from"
        marks[parts.target] = "cell--to"
        arrows.append((parts.piece, parts.target))
    return state, marks, arrows


def _overview() -> Diagram:
    start = new_game()
    return _diagram(
        "brett",
        _(
            "Die Grundaufstellung: Heim (rund, blau) steht unten und punktet in Reihe 17, Gast "
            "(spitz, orange) oben und punktet in Reihe 1. Gast greift an, sein ✕5 auf G13 hat "
            "den Ball; Heim verteidigt und zieht zuerst."
        ),
        start,
        cols=(1, COLS),
        rows=(1, 17),
    )


def _turn() -> Diagram:
    first = ("G7-H8", "E7-F8")
    state, marks, arrows = _last_marks(new_game(), list(first))
    return _diagram(
        "zugablauf",
        _(
            "Heims erster Zug: %(a)s und %(b)s kosten je 1 PA; mit den 2 PA ist die "
            "Aktionsphase vorbei, nach der Auflösungsphase ist Gast am Zug."
        )
        % {"a": first[0], "b": first[1]},
        state,
        cols=(1, COLS),
        rows=(3, 11),
        marks=marks,
        arrows=arrows,
    )


def _possession() -> Diagram:
    state = position({"X2": "C5"}, ball="E7")
    after, marks, arrows = _last_marks(state, ["C5-E7"])
    return _diagram(
        "ballbesitz",
        _(
            "✕ zieht von C5 auf E7, das Feld des freien Balls, und hat ihn damit (kostenlos). "
            "In diesem Zug darf es keine weitere Aktion beginnen (gestrichelter Rand)."
        ),
        after,
        marks=marks,
        arrows=arrows,
    )


def _cards() -> Diagram:
    state = position({"X2": "E5"}, {"O1": "I9"}, card_mode=True, pe={"home": 2, "away": 0})
    return _diagram(
        "karten",
        _(
            "Kartenmodus, Heim hat 2 PE: mit der Sprint-Karte zieht ✕ auf E5 ein weiteres Mal; "
            "markiert sind die Ziele des Sprints."
        ),
        state,
        marks=_targets(state, "E5", ("sprint",)),
    )


def diagrams() -> dict[str, Diagram | list[Diagram]]:
    """Every diagram of the rules page, by the rule it shows."""
    moves = []
    for name, label in (("X2", _("✕")), ("O1", _("◯")), ("S3", _("□"))):
        state = position({name: "E5"})
        moves.append(
            _diagram(
                f"zug-{name[0].lower()}",
                _("%(piece)s auf E5: alle Zielfelder") % {"piece": label},
                state,
                marks=_targets(state, "E5", ("move",)),
            )
        )

    dodge = position({"X4": "C3"}, {"O1": "E5"})
    tactical = position({"X4": "C3"}, {"O1": "D4"})
    stacks = position(
        {"X4": "D4", "X2": "F6", "S3": "F6"},
        {"O1": "D4"},
        stacks=(
            {"top": "home X4", "bottom": "away O1", "bottom_state": "active", "turn": 2},
            {"top": "home S3", "bottom": "home X2", "bottom_state": "active", "turn": 2},
        ),
    )
    passing = position({"X5": "D4", "X2": "E5", "O1": "F6", "S3": "F2"}, carrier="home X5")
    touchdown = position({"O1": "C5"}, {"X4": "F2"}, carrier="away X4", player="away", atk="away")
    down = position({"X2": "E5"}, {"O1": "G5"}, down=("home X2",), phase="resolution", atk="away")

    return {
        "overview": _overview(),
        "turn": _turn(),
        "possession": _possession(),
        "cards": _cards(),
        "moves": moves,
        "dodge": _diagram(
            "ausweichen",
            _(
                "✕ auf C3 weicht über D4 auf ◯ E5 aus: der Gegner geht zu Boden, die markierten "
                "Felder sind mögliche Austritte."
            ),
            dodge,
            marks=_targets(dodge, "C3", ("move",), target="E5"),
            arrows=[("C3", "E5")],
        ),
        "tactical": _diagram(
            "taktisch",
            _(
                "✕ auf C3 überquert ◯ auf D4 und landet auf E5; ◯ wird auf eines der markierten "
                "Felder gestoßen und liegt dort am Boden."
            ),
            tactical,
            marks=_targets(tactical, "C3", ("move",), target="E5"),
            arrows=[("C3", "E5")],
        ),
        "stacks": _diagram(
            "stapel",
            _(
                "D4: Heim ✕4 blockt Gast ◯1 (B, gestrichelt). F6: Heim □3 schützt Heim ✕2 "
                "(S, doppelt umrandet). Beide Felder sind geschlossen."
            ),
            stacks,
        ),
        "handoff": _diagram(
            "handoff",
            _(
                "Ballträger ✕ auf D4: ein Hand-off erreicht jede Figur des verbundenen Netzes "
                "(E5, F6); □ auf F2 steht nicht im Netz."
            ),
            passing,
            marks=_targets(passing, "D4", ("hand-off",)),
        ),
        "short": _diagram(
            "kurzpass",
            _(
                "Kurzer Pass von D4: mögliche Empfänger (höchstens 4 Felder entfernt); danach "
                "wird ein freies Feld neben dem Empfänger für den Ball gewählt."
            ),
            passing,
            marks=_targets(passing, "D4", ("short pass",)),
        ),
        "long": _diagram(
            "langpass",
            _(
                "Langer Pass von D4: der Ball darf auf jedes markierte Feld, mindestens 2 Felder "
                "von jeder eigenen Figur entfernt."
            ),
            passing,
            cols=(1, 10),
            rows=(1, 10),
            marks=_targets(passing, "D4", ("long pass",)),
        ),
        "touchdown": _diagram(
            "touchdown",
            _(
                "Gast-✕ mit Ball auf F2: jeder Zug in Reihe 1, die Endzone von Heim, ist ein "
                "Touchdown für Gast."
            ),
            touchdown,
            cols=(2, 8),
            rows=(1, 7),
            marks=_targets(touchdown, "F2", ("move",)),
            arrows=[("F2", "G1")],
        ),
        "down": _diagram(
            "aufstehen",
            _(
                "Am Boden (gedreht): in der Auflösungsphase steht ✕ auf E5 auf ein freies "
                "Nachbarfeld auf."
            ),
            down,
            marks=_targets(down, "E5", ("stand up",)),
        ),
    }
