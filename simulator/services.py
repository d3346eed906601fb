"""Workflows that call the game engines: BALL against the computer and The Baa bot matches.

Views validate input and render; everything that talks to ``engines.ball`` or ``engines.baa``
lives here. Only the public API of each engine package is used (its ``__init__`` exports).
A BALL game is its record (options plus the action list) and the computer level; it is kept in
the session as plain JSON and replayed by the engine on every request.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _

from engines import baa
from engines.ball import (
    LEVELS,
    GameRecord,
    IllegalAction,
    NotationError,
    Options,
    State,
    choose_action,
    parse_action,
)

# ---------------------------------------------------------------------------------------------
# BALL
# ---------------------------------------------------------------------------------------------

HUMAN, COMPUTER = "home", "away"
COLUMNS = "ABCDEFGHIJKLM"
ROWS = 17
CELL = 30  # SVG units per square
MARGIN = 18  # room for the coordinate labels
SYMBOLS = {"X": "✕", "O": "◯", "S": "□"}
# The computer answers a whole turn; a turn has a handful of actions, this only guards a loop.
MAX_COMPUTER_ACTIONS = 60


class BallInputError(ValueError):
    """Human input that is not a legal action now. ``message`` is German, ``detail`` the
    engine's own (English) reason."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


@dataclass(frozen=True)
class BallGame:
    """A BALL game against the computer: the engine's record plus the computer level."""

    record: GameRecord
    level: str = "hard"

    def to_session(self) -> dict[str, Any]:
        return {"record": self.record.to_dict(), "level": self.level}

    @classmethod
    def from_session(cls, data: dict[str, Any]) -> BallGame:
        """Rebuild a game from :meth:`to_session` data; ValueError when it does not replay."""
        try:
            record = GameRecord.from_json(data["record"])
            level = data.get("level", "hard")
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r}")
            record.replay()
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a stored BALL game: {exc}") from None
        return cls(record=record, level=level)


def ball_new_game(
    *, card_mode: bool = False, level: str = "hard", target_score: int = 3
) -> BallGame:
    """A new game; the human (home) moves first, as the rules say DEF opens."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    options = Options(card_mode=card_mode, target_score=target_score)
    return ball_computer_reply(game=BallGame(record=GameRecord(options, ()), level=level))


def _extend(game: BallGame, texts: list[str]) -> BallGame:
    record = GameRecord(game.record.options, (*game.record.actions, *texts))
    return BallGame(record=record, level=game.level)


def _computer_turn(state: State, *, level: str, seed: int) -> tuple[State, list[str]]:
    played: list[str] = []
    while not state.is_over and state.player == COMPUTER and len(played) < MAX_COMPUTER_ACTIONS:
        action = choose_action(state, level=level, seed=seed + len(played))
        state = state.apply(action)
        played.append(str(action))
    return state, played


def ball_computer_reply(*, game: BallGame) -> BallGame:
    """Let the computer play while it is its turn (after a touchdown it may play twice)."""
    state = game.record.replay()
    state, played = _computer_turn(state, level=game.level, seed=len(game.record.actions))
    return _extend(game, played) if played else game


def ball_play(*, game: BallGame, notation: str) -> BallGame:
    """The human's action in notation, then the computer's answer when the turn passes.

    Raises BallInputError (German message) for text that is no action or no legal one; the
    given game is immutable and stays as it was.
    """
    text = (notation or "").strip()
    state = game.record.replay()
    if state.is_over:
        raise BallInputError(_("Die Partie ist vorbei. Starte ein neues Spiel."))
    if not text:
        raise BallInputError(_("Bitte gib einen Zug ein, z. B. G5-H6."))
    if state.player != HUMAN:  # pragma: no cover - the computer always answers at once
        game = ball_computer_reply(game=game)
        state = game.record.replay()
    try:
        state = state.apply(text)
    except NotationError as exc:
        raise BallInputError(
            _("„%(text)s“ ist kein Zug in BALL-Notation (Beispiele: G5-H6, G5=H6, END).")
            % {"text": text[:40]},
            str(exc),
        ) from exc
    except IllegalAction as exc:
        raise BallInputError(
            _("„%(text)s“ ist in dieser Stellung nicht erlaubt.") % {"text": text[:40]}, str(exc)
        ) from exc
    game = _extend(game, [str(parse_action(text))])
    return ball_computer_reply(game=game)


def ball_undo(*, game: BallGame) -> BallGame:
    """Take back the human's last action and everything the computer played after it."""
    states = game.record.states()
    actions = game.record.actions
    for index in range(len(actions) - 1, -1, -1):
        if states[index].player == HUMAN:
            record = GameRecord(game.record.options, actions[:index])
            return BallGame(record=record, level=game.level)
    return game


# -- presentation ---------------------------------------------------------------------------

_SQ = r"([A-M](?:1[0-7]|[1-9]))"
_MOVE = re.compile(rf"(SPRINT )?{_SQ}-{_SQ}(?:/{_SQ})?")
_HANDOFF = re.compile(rf"{_SQ}={_SQ}")
_SHORT = re.compile(rf"{_SQ}>{_SQ}@{_SQ}")
_LONG = re.compile(rf"{_SQ}>>{_SQ}")
_STAND = re.compile(rf"(UP|GETUP) {_SQ}/{_SQ}")
_RESOLVE = re.compile(rf"RS {_SQ}/{_SQ},{_SQ}(\*top|\*bottom)?")


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


def action_label(board: _Board, text: str) -> str:
    """A short German description of one action in notation."""
    if text == "END":
        return _("Aktionsphase beenden")
    if text == "+PE":
        return _("1 PA in 1 PE umwandeln")
    if text == "OVERTIME":
        return _("Overtime-Karte (3 PE): +1 PA")
    if m := _MOVE.fullmatch(text):
        label = _move_label(board, m[2], m[3], m[4])
        return _("Sprint-Karte (2 PE): %(move)s") % {"move": label} if m[1] else label
    if m := _HANDOFF.fullmatch(text):
        return _("Hand-off an %(piece)s") % {"piece": board.who(m[2])}
    if m := _SHORT.fullmatch(text):
        return _("Kurzer Pass zu %(piece)s, Ball auf %(ball)s") % {
            "piece": board.who(m[2]),
            "ball": m[3],
        }
    if m := _LONG.fullmatch(text):
        return _("Langer Pass auf %(to)s") % {"to": m[2]}
    if m := _STAND.fullmatch(text):
        if m[1] == "GETUP":
            return _("Getup-Karte (1 PE): aufstehen nach %(to)s") % {"to": m[3]}
        return _("Aufstehen nach %(to)s") % {"to": m[3]}
    if m := _RESOLVE.fullmatch(text):
        label = _("Stapel auflösen: oben nach %(top)s, unten nach %(bottom)s") % {
            "top": m[2],
            "bottom": m[3],
        }
        if m[4] == "*top":
            label += _(", Ball bleibt oben")
        elif m[4] == "*bottom":
            label += _(", Ball geht nach unten")
        return label
    return text


def action_square(text: str) -> str | None:
    """The square whose piece the action belongs to (None for END, +PE, OVERTIME)."""
    m = re.match(rf"(?:SPRINT |UP |GETUP |RS )?{_SQ}", text)
    return m[1] if m else None


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

    legal = [str(a) for a in state.legal_actions()] if not state.is_over else []
    if state.player != HUMAN:
        legal = []
    groups: dict[str, list[Choice]] = {}
    general: list[Choice] = []
    for text in legal:
        square = action_square(text)
        choice = Choice(text, action_label(board, text))
        if square is None:
            general.append(choice)
        else:
            groups.setdefault(square, []).append(choice)
    selected = (selected or "").strip().upper() or None
    if selected not in groups:
        selected = next(iter(groups)) if len(groups) == 1 else None

    targets: set[str] = set()
    for choice in groups.get(selected or "", []):
        targets.update(sq for sq in re.findall(_SQ, choice.notation)[1:2])

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


# ---------------------------------------------------------------------------------------------
# The Baa
# ---------------------------------------------------------------------------------------------

BAA_BOTS = ("greedy", "random")
TEAM_COLOURS = ("gruen", "rot", "blau", "orange", "lila", "tuerkis")
TABLE = 48.0


def team_name(team: int) -> str:
    names = (_("Grün"), _("Rot"), _("Blau"), _("Orange"), _("Lila"), _("Türkis"))
    return names[team] if 0 <= team < len(names) else str(team + 1)


def figure_name(fid: str) -> str:
    team, _sep, rank = str(fid).partition(":")
    try:
        return f"{team_name(int(team))} {rank}"
    except ValueError:
        return str(fid)


def _inches(value: Any) -> str:
    try:
        return f"{float(value):.1f}".replace(".", ",")
    except (TypeError, ValueError):
        return "?"


_PURPOSES = {
    "intercept": "Abfangen",
    "punch": "Schlag",
    "punch_back": "Gegenschlag",
    "push": "Schubsen",
    "catch": "Fangen",
    "throw": "Wurf",
    "kick": "Kick",
}
_END_REASONS = {
    "team_goals": "ein Team hat die nötigen Tore",
    "first_goal": "das erste Tor ist gefallen",
    "total_goals": "die Gesamtzahl der Tore ist erreicht",
    "rounds": "die letzte Runde ist gespielt",
}
# The events that tell the story of a round; the rest (dice, every step) only in the detail.
KEY_EVENTS = {
    "goal",
    "game_end",
    "pickup",
    "ball_taken",
    "hand_over",
    "throw",
    "kick",
    "catch",
    "drop",
    "ko",
    "ball_placed",
}
_SILENT = {"round_start", "round_end", "activation_end", "end", "setup"}


def end_reason(reason: str | None) -> str:
    return _(_END_REASONS.get(reason or "", reason or ""))


def _ok(success: Any) -> str:
    return _("gelingt") if success else _("misslingt")


def describe_event(event: dict[str, Any]) -> str:
    """One event of the log as a German sentence."""
    e = dict(event)
    kind = e.get("type", "")
    fig = figure_name(e.get("figure", ""))
    if kind == "ball_placed":
        return _("Ball %(ball)s kommt ins Spiel") % {"ball": e.get("ball")}
    if kind == "reveal":
        picks = ", ".join(figure_name(p) for p in e.get("picks", []))
        return _("Karten aufgedeckt (Schritt %(step)s): %(picks)s") % {
            "step": e.get("step"),
            "picks": picks,
        }
    if kind == "roll_off":
        rolls = ", ".join(
            f"{figure_name(f)} {r}"
            for f, r in zip(e.get("figures", []), e.get("rolls", []), strict=False)
        )
        return _("Stechen um die Reihenfolge: %(rolls)s") % {"rolls": rolls}
    if kind == "order":
        return _("Reihenfolge: %(order)s") % {
            "order": " → ".join(figure_name(f) for f in e.get("figures", []))
        }
    if kind == "activation":
        return _("%(figure)s ist dran") % {"figure": fig}
    if kind == "game_end":
        return _("Spielende: %(reason)s") % {"reason": end_reason(e.get("reason"))}
    if kind == "k_test":
        rolls = " ".join(str(r) for r in e.get("rolls", [])) or "–"
        purpose = _(_PURPOSES.get(e.get("for", ""), e.get("for", "")))
        return _("%(figure)s würfelt für %(purpose)s mit K %(k)s: %(rolls)s – %(ok)s") % {
            "figure": fig,
            "purpose": purpose,
            "k": e.get("k"),
            "rolls": rolls,
            "ok": _ok(e.get("success")),
        }
    if kind == "k_loss":
        return _("%(figure)s verliert %(loss)s K, jetzt K %(k)s") % {
            "figure": fig,
            "loss": e.get("loss"),
            "k": e.get("k"),
        }
    if kind == "ko":
        return _("%(figure)s ist k.o. (%(markers)s KO-Marker)") % {
            "figure": fig,
            "markers": e.get("markers"),
        }
    if kind == "ko_recovery":
        return _("%(figure)s kommt wieder zu sich (K %(k)s)") % {"figure": fig, "k": e.get("k")}
    if kind == "stand":
        return _("%(figure)s steht auf") % {"figure": fig}
    if kind == "rest":
        return _("%(figure)s verschnauft: +%(gained)s K, jetzt K %(k)s") % {
            "figure": fig,
            "gained": e.get("gained"),
            "k": e.get("k"),
        }
    if kind == "move":
        verbs = {"walk": _("läuft"), "climb": _("klettert"), "jump": _("springt")}
        text = _("%(figure)s %(verb)s %(cost)s Zoll") % {
            "figure": fig,
            "verb": verbs.get(e.get("kind"), _("bewegt sich")),
            "cost": _inches(e.get("cost")),
        }
        if e.get("interrupted"):
            text += _(" und wird aufgehalten")
        return text
    if kind == "pickup":
        return _("%(figure)s nimmt Ball %(ball)s auf") % {"figure": fig, "ball": e.get("ball")}
    if kind == "hand_over":
        return _("%(figure)s übergibt Ball %(ball)s an %(to)s") % {
            "figure": fig,
            "ball": e.get("ball"),
            "to": figure_name(e.get("to", "")),
        }
    if kind in ("throw", "kick"):
        verb = _("wirft") if kind == "throw" else _("kickt")
        if e.get("success"):
            return _("%(figure)s %(verb)s Ball %(ball)s %(length)s Zoll weit") % {
                "figure": fig,
                "verb": verb,
                "ball": e.get("ball"),
                "length": _inches(e.get("length")),
            }
        return _("%(figure)s %(verb)s Ball %(ball)s – daneben") % {
            "figure": fig,
            "verb": verb,
            "ball": e.get("ball"),
        }
    if kind in ("punch", "punch_back"):
        template = (
            _("%(figure)s schlägt %(target)s (%(sixes)s× Sechs)")
            if kind == "punch"
            else _("%(figure)s schlägt zurück gegen %(target)s (%(sixes)s× Sechs)")
        )
        return template % {
            "figure": fig,
            "target": figure_name(e.get("target", "")),
            "sixes": e.get("sixes"),
        }
    if kind == "punch_back_declined":
        return _("%(figure)s schlägt nicht zurück") % {"figure": fig}
    if kind == "ball_taken":
        return _("%(figure)s nimmt %(target)s Ball %(ball)s ab") % {
            "figure": fig,
            "target": figure_name(e.get("target", "")),
            "ball": e.get("ball"),
        }
    if kind == "push_attempt":
        return _("%(figure)s schubst %(target)s: %(ok)s") % {
            "figure": fig,
            "target": figure_name(e.get("target", "")),
            "ok": _ok(e.get("success")),
        }
    if kind == "intercept":
        return _("%(figure)s will %(mover)s abfangen: %(ok)s") % {
            "figure": fig,
            "mover": figure_name(e.get("mover", "")),
            "ok": _ok(e.get("success")),
        }
    if kind == "intercept_declined":
        return _("%(figure)s lässt %(mover)s vorbei") % {
            "figure": fig,
            "mover": figure_name(e.get("mover", "")),
        }
    if kind == "catch":
        return _("%(figure)s fängt Ball %(ball)s: %(ok)s") % {
            "figure": fig,
            "ball": e.get("ball"),
            "ok": _ok(e.get("success")),
        }
    if kind == "catch_declined":
        return _("%(figure)s fängt Ball %(ball)s nicht") % {"figure": fig, "ball": e.get("ball")}
    if kind == "pushed":
        text = _("%(figure)s wird von %(by)s weggestoßen") % {
            "figure": fig,
            "by": figure_name(e.get("by", "")),
        }
        if e.get("fall"):
            text += _(" und stürzt %(fall)s Zoll tief") % {"fall": _inches(e.get("fall"))}
        return text
    if kind == "drop":
        return _("%(figure)s verliert Ball %(ball)s") % {"figure": fig, "ball": e.get("ball")}
    if kind == "scatter":
        return _("Ball %(ball)s verspringt") % {"ball": e.get("ball")}
    if kind == "ball_lands":
        text = _("Ball %(ball)s landet") % {"ball": e.get("ball")}
        if e.get("level") is not None:
            text += _(" auf einem Dach")
        return text
    if kind == "goal":
        goals = e.get("goals") or []
        team = e.get("team", -1)
        return _("TOR für %(team)s durch %(figure)s! Stand: %(score)s") % {
            "team": team_name(team),
            "figure": fig,
            "score": " : ".join(str(g) for g in goals),
        }
    return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in e.items() if k != "type")


@dataclass(frozen=True)
class BaaRound:
    number: int  # 0: the setup
    picture: dict[str, Any]  # describe() after the round
    events: tuple[dict[str, Any], ...]
    goals: tuple[int, ...]  # teams that scored in the round, one entry per goal


@dataclass(frozen=True)
class BaaMatch:
    teams: int
    seed: int
    bot: str
    result: dict[str, Any]
    districts: tuple[dict[str, Any], ...]
    rounds: tuple[BaaRound, ...]

    @property
    def last_round(self) -> int:
        return len(self.rounds) - 1


def _split_rounds(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = [[]]
    for event in events:
        if event.get("type") == "round_start":
            out.append([])
        out[-1].append(event)
    return out


@lru_cache(maxsize=32)
def baa_match(*, teams: int, seed: int, bot: str = "greedy") -> BaaMatch:
    """A whole bot game of The Baa, with a picture of the table after every round.

    The engine plays the game (``run_game``, the same game as the CLI); a second pass replays
    its recorded inputs from the seed to take the pictures between rounds.
    """
    if bot not in BAA_BOTS:
        raise ValueError(f"unknown bot {bot!r}")
    game = baa.run_game(teams, seed=seed, bot=bot)

    replay = baa.new_game(teams, seed)
    pictures = [replay.describe()]
    for team, action in game.inputs:
        before = replay.round
        replay.apply(team, action)
        if replay.round != before:
            pictures.append(replay.describe())
    if len(pictures) <= game.round:
        pictures.append(replay.describe())
    pictures[-1] = game.describe()

    chunks = _split_rounds(game.events)
    rounds = []
    for number, picture in enumerate(pictures[: game.round + 1]):
        events = chunks[number] if number < len(chunks) else []
        goals = tuple(e["team"] for e in events if e.get("type") == "goal")
        rounds.append(BaaRound(number, picture, tuple(events), goals))
    districts = tuple(game.map.to_dict().get("districts", ()))
    return BaaMatch(teams, seed, bot, game.result(), districts, tuple(rounds))


def _svg_y(y: float) -> float:
    return round(TABLE - y, 3)


def baa_picture(*, match: BaaMatch, number: int) -> dict[str, Any]:
    """SVG-ready shapes of the table after round ``number`` (y flipped: north is up)."""
    picture = match.rounds[number].picture
    terrain = []
    for piece in picture["pieces"]:
        x0, y0, x1, y1 = piece["x0"], piece["y0"], piece["x1"], piece["y1"]
        building = piece["kind"] == "building"
        terrain.append(
            {
                "x": round(x0, 3),
                "y": _svg_y(y1),
                "w": round(x1 - x0, 3),
                "h": round(y1 - y0, 3),
                "cx": round((x0 + x1) / 2, 3),
                "cy": _svg_y((y0 + y1) / 2) + 0.5,
                "height": _inches(piece["h"]).replace(",0", ""),
                "building": building,
                "kind": piece["kind"],
                "team": piece.get("owner"),
                "colour": TEAM_COLOURS[piece["owner"] % 6]
                if piece.get("owner") is not None
                else "",
                "labelled": building and min(x1 - x0, y1 - y0) >= 2.2,
            }
        )
    markers = [
        {
            "x": round(m["x"], 3),
            "y": _svg_y(m["y"]),
            "r": m["r"],
            "team": m["team"],
            "colour": TEAM_COLOURS[m["team"] % 6],
        }
        for m in picture["markers"]
    ]
    figures = []
    for f in picture["figures"]:
        if f["x"] < 0 or f["y"] < 0:
            continue
        figures.append(
            {
                "id": f["id"],
                "name": figure_name(f["id"]),
                "x": round(f["x"], 3),
                "y": _svg_y(f["y"]),
                "rank": f["rank"],
                "k": f["k"],
                "colour": TEAM_COLOURS[f["team"] % 6],
                "prone": f["prone"],
                "ko": f["ko"],
                "roof": f["level"] is not None,
                "ball": f["ball"],
            }
        )
    balls = [
        {
            "id": b["id"],
            "x": round(b["x"], 3),
            "y": _svg_y(b["y"]),
            "held": bool(b.get("holder")),
        }
        for b in picture["balls"]
    ]
    centre = TABLE / 2
    lines = []
    for d in match.districts:
        angle = math.radians(d["from"])
        lines.append(
            {
                "x2": round(centre + 34 * math.cos(angle), 3),
                "y2": round(centre - 34 * math.sin(angle), 3),
            }
        )
    return {
        "terrain": terrain,
        "markers": markers,
        "figures": figures,
        "balls": balls,
        "districts": lines,
        "goals": picture["goals"],
        "centre": centre,
    }


def baa_round_log(*, match: BaaMatch, number: int, detail: bool) -> list[dict[str, Any]]:
    """The German log lines of one round (all of them, or only the key events)."""
    lines = []
    for event in match.rounds[number].events:
        kind = event.get("type")
        if kind in _SILENT or (not detail and kind not in KEY_EVENTS):
            continue
        lines.append({"text": describe_event(event), "kind": kind, "key": kind in KEY_EVENTS})
    return lines
