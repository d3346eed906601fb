"""Building a BALL action tap by tap, on the board (docs/ball.md, section 11).

Tap a piece, choose an action kind (skipped when the piece has only one), tap one of the
highlighted targets; a second choice (dodge exit, push square, ball square, the bottom piece's
square) is asked the same way on the board, who keeps the ball when a stack is resolved with
two buttons. Every choice comes from the engine's legal actions and their structure
(``Action.parts()``); nothing here decides a rule.

The selection travels in the query string (``feld``, ``art``, ``ziel``, ``zweit``), so every step
is a plain link and works without JavaScript; the last tap posts the action (htmx) or, without
JavaScript, leads to a button that does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _

from engines.ball import Action, ActionParts, State
from engines.ball.board import SQUARE_NAMES, parse_square

from .wording import LabelledAction, Occupants, Piece, action_label, kind_label

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


def clean_square(raw: str | None) -> str | None:
    """A square name from user input, or None when it is none (bounded, case-insensitive)."""
    text = (raw or "").strip().upper()[:3]
    try:
        square = SQUARE_NAMES[parse_square(text)]
    except ValueError:
        return None
    return square if square == text else None  # "G５" reads as G5, but is not its name


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


# The highlight of a square a piece can act from; the marks of the last actions keep theirs.
SELECTABLE = "cell--selectable"


@dataclass
class ActionChoice:
    """The step of the action being built: what the page asks, offers and highlights."""

    prompt: str = ""
    refused: bool = False  # the tapped piece cannot act now; the prompt says why
    selected: str | None = None  # the square of the chosen piece
    cancel: bool = False  # a piece is chosen: the page offers to start again
    kinds: list[dict[str, Any]] = field(default_factory=list)
    confirm: list[LabelledAction] = field(default_factory=list)  # buttons of the last step
    general: list[LabelledAction] = field(default_factory=list)  # END, +PE, OVERTIME
    # square -> CSS class (SELECTABLE, cell--selected, cell--target, cell--chosen)
    marks: dict[str, str] = field(default_factory=dict)
    # the tap areas: square, href, label, and for a tap that plays an action its notation and
    # the values to post (vals)
    hits: list[dict[str, Any]] = field(default_factory=list)


def choose(state: State, selection: Selection, *, version: str, base_url: str) -> ActionChoice:
    """The action choice in ``state`` after the taps of ``selection``. ``version`` (the game's)
    goes into every link and post, so that the page can tell a tab that fell behind."""
    occupants = Occupants(state)
    choice = ActionChoice()
    marks = choice.marks
    by_piece: dict[str, list[tuple[Action, ActionParts]]] = {}
    for action in state.legal_actions():
        parts = action.parts()
        if parts.piece is None:
            choice.general.append(LabelledAction(str(action), action_label(occupants, action)))
        else:
            by_piece.setdefault(parts.piece, []).append((action, parts))

    def link(**changes: str | None) -> str:
        return f"{base_url}{Selection().query(**changes)}&v={version}"

    def post(action: Action) -> dict[str, Any]:
        return {
            "notation": str(action),
            "label": action_label(occupants, action),
            "vals": json.dumps({"zug": str(action), "version": version}),
        }

    hits: dict[str, dict[str, Any]] = {}

    def done() -> ActionChoice:
        choice.hits = list(hits.values())
        return choice

    # Every other piece answers a tap too: the prompt says why it cannot act now.
    for square, piece in occupants.at.items():
        if square not in by_piece:
            hits[square] = {
                "square": square,
                "href": link(piece=square),
                "label": _("%(piece)s: warum nicht wählbar?") % {"piece": piece.full_name()},
            }
    for square in by_piece:
        piece = occupants.at.get(square)
        hits[square] = {
            "square": square,
            "href": link(piece=square),
            "label": _("%(piece)s wählen") % {"piece": piece.full_name() if piece else square},
        }
        marks[square] = SELECTABLE
    choice.prompt = (
        _("Pflichtaufgaben: tippe eine liegende Figur oder einen Stapel an.")
        if state.phase == "resolution"
        else _("Tippe die Figur an, die handeln soll – oder beende die Aktionsphase.")
    )

    square = selection.piece if selection.piece in by_piece else None
    if square is None:
        tapped = occupants.at.get(selection.piece or "")
        if tapped is not None:
            choice.refused = True
            choice.prompt = _refusal(state, tapped)
            marks[tapped.square] = "cell--refused"
        return done()
    choice.selected = square
    choice.cancel = True
    marks[square] = "cell--selected"
    piece = occupants.at.get(square)
    who = piece.full_name() if piece else square
    hits[square] = {"square": square, "href": base_url or "?", "label": _("Auswahl aufheben")}

    options = by_piece[square]
    order = list(KIND_KEYS)
    kinds = sorted({parts.kind for _a, parts in options}, key=order.index)
    kind = selection.kind if selection.kind in kinds else kinds[0] if len(kinds) == 1 else None
    choice.kinds = [
        {
            "kind": k,
            "label": kind_label(k),
            "href": link(piece=square, kind=k),
            "selected": k == kind,
        }
        for k in kinds
    ]
    if kind is None:
        choice.prompt = _("%(piece)s: welche Aktion?") % {"piece": who}
        return done()

    options = [(a, p) for a, p in options if p.kind == kind]
    targets: dict[str, list[Action]] = {}
    for action, parts in options:
        targets.setdefault(parts.target, []).append(action)
    target = selection.target if selection.target in targets else None
    if target is None:
        choice.prompt = _target_prompt(kind) % {"piece": who}
        for t, acts in targets.items():
            marks[t] = "cell--target"
            hit = {"square": t, "href": link(piece=square, kind=kind, target=t)}
            if len(acts) == 1:
                hit.update(post(acts[0]))
            else:
                hit["label"] = _("%(square)s: danach ein zweites Feld wählen") % {"square": t}
            hits[t] = hit
        return done()

    marks[target] = "cell--chosen"
    options = [(a, p) for a, p in options if p.target == target]
    seconds: dict[str, list[Action]] = {}
    for action, parts in options:
        seconds.setdefault(parts.second or "", []).append(action)
    second = selection.second if selection.second in seconds else None
    if second is None and list(seconds) != [""]:
        choice.prompt = _second_prompt(occupants, kind, square, target) % {"piece": who}
        for s, acts in seconds.items():
            marks[s] = "cell--target"
            hit = {"square": s, "href": link(piece=square, kind=kind, target=target, second=s)}
            if len(acts) == 1:
                hit.update(post(acts[0]))
            else:
                hit["label"] = _("%(square)s: danach wählen, wer den Ball behält") % {"square": s}
            hits[s] = hit
        return done()

    if second:
        marks[second] = "cell--chosen"
    remaining = seconds.get(second or "", [])
    if len(remaining) == 1:
        # Reached without JavaScript (a plain link): one button performs the action.
        choice.prompt = _("Ausführen?")
    else:  # resolving a stack whose top holds the ball: who keeps it
        choice.prompt = _("Wer behält den Ball?")
    choice.confirm = [LabelledAction(str(a), action_label(occupants, a)) for a in remaining]
    return done()


def _refusal(state: State, piece: Piece) -> str:
    """Why a tapped piece cannot act now (its owner, a stack, lying, restricted)."""
    who = {"piece": piece.full_name()}
    bottom = piece.partner
    if piece.team != state.player and bottom is not None and bottom.team == state.player:
        return _("%(piece)s wird von %(other)s geblockt und kann nicht handeln.") % {
            "piece": bottom.full_name(),
            "other": piece.full_name(),
        }
    if piece.team != state.player:
        return _("%(piece)s gehört dem Gegner – tippe eine eigene Figur an.") % who
    if piece.partner is not None:
        return _("%(piece)s ist in einem Stapel gebunden und kann gerade nicht handeln.") % who
    if piece.lying:
        return _("%(piece)s liegt am Boden; aufstehen geht erst in der Auflösungsphase.") % who
    if piece.restricted:
        return _("%(piece)s darf in diesem Zug keine Aktion mehr beginnen.") % who
    if state.phase == "resolution":
        return _("%(piece)s hat in der Auflösungsphase nichts zu tun.") % who
    return _("%(piece)s hat gerade keine erlaubte Aktion.") % who


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


def _second_prompt(occupants: Occupants, kind: str, square: str, target: str) -> str:
    if kind == "short pass":
        return _("%(piece)s: Ballfeld neben dem Empfänger antippen.")
    if kind == "resolve stack":
        return _("%(piece)s: Feld für die untere Figur antippen.")
    mover = occupants.at.get(square)
    occupant = occupants.at.get(target)
    if occupant is not None and mover is not None and occupant.team != mover.team:
        return _("%(piece)s weicht aus: Austrittsfeld antippen.")
    return _("%(piece)s: Stoßfeld für die überquerte Figur antippen.")
