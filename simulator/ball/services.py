"""The BALL workflow: a game for two people on one device or against the computer.

Only the public API of ``engines.ball`` is used. A game is its record (options plus the action
list), the side the computer plays (None: two people take turns on one device, "hot seat"), the
computer level and an id. It is kept in the session as plain JSON and replayed by the engine on
every request. Each stored game has a version (its id and number of actions); a page sends the
version it shows with every action, so a second tab that fell behind is told instead of playing
blind. Showing the game is the job of ``presentation`` and the modules it uses.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _

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

from .reasons import german_reason

SIDES = ("home", "away")
# The computer answers a whole turn; a turn has a handful of actions, this only guards a loop.
MAX_COMPUTER_ACTIONS = 60
# A game that was never started by a visitor (the page shown before the first action).
DEFAULT_ID = "0"


class BallInputError(ValueError):
    """Human input that is not a legal action now. ``message`` is German, ``detail`` explains
    (in German) why the engine refused it."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


class StaleGame(BallInputError):
    """The action was chosen on a page that shows an older state of the game (another tab)."""


@dataclass(frozen=True)
class BallGame:
    """A BALL game: the engine's record, the computer's side (None: hot seat) and level."""

    record: GameRecord
    level: str = "hard"
    computer: str | None = "away"
    id: str = DEFAULT_ID

    @property
    def human_sides(self) -> tuple[str, ...]:
        return tuple(side for side in SIDES if side != self.computer)

    @property
    def version(self) -> str:
        """Changes with every action, undo and new game."""
        return f"{self.id}-{len(self.record.actions)}"

    def to_session(self) -> dict[str, Any]:
        return {
            "record": self.record.to_dict(),
            "level": self.level,
            "computer": self.computer,
            "id": self.id,
        }

    @classmethod
    def from_session(cls, data: dict[str, Any]) -> BallGame:
        """Rebuild a game from :meth:`to_session` data; ValueError when it does not replay."""
        try:
            record = GameRecord.from_json(data["record"])
            level = data.get("level", "hard")
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r}")
            computer = data.get("computer", "away")
            if computer not in (*SIDES, None):
                raise ValueError(f"unknown side {computer!r}")
            game_id = str(data.get("id", DEFAULT_ID))[:16]
            record.replay()
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a stored BALL game: {exc}") from None
        return cls(record=record, level=level, computer=computer, id=game_id)


def ball_new_game(
    *,
    card_mode: bool = False,
    level: str = "hard",
    target_score: int = 3,
    computer: str | None = "away",
    game_id: str | None = None,
) -> BallGame:
    """A new game. Home opens as DEF, as the rules say; when the computer plays home it makes
    its first turn at once."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    if computer not in (*SIDES, None):
        raise ValueError(f"unknown side {computer!r}")
    options = Options(card_mode=card_mode, target_score=target_score)
    game = BallGame(
        record=GameRecord(options, ()),
        level=level,
        computer=computer,
        id=game_id if game_id is not None else secrets.token_hex(4),
    )
    return ball_computer_reply(game=game)


def default_game() -> BallGame:
    """The game a visitor sees before starting one: against the computer (easy), as home."""
    return ball_new_game(level="easy", game_id=DEFAULT_ID)


def _extend(game: BallGame, texts: list[str]) -> BallGame:
    return replace(game, record=GameRecord(game.record.options, (*game.record.actions, *texts)))


def _computer_turn(state: State, *, side: str, level: str, seed: int) -> tuple[State, list[str]]:
    played: list[str] = []
    while not state.is_over and state.player == side and len(played) < MAX_COMPUTER_ACTIONS:
        action = choose_action(state, level=level, seed=seed + len(played))
        state = state.apply(action)
        played.append(str(action))
    return state, played


def ball_computer_reply(*, game: BallGame) -> BallGame:
    """Let the computer play while it is its turn (after a touchdown it may play twice)."""
    if game.computer is None:
        return game
    state = game.record.replay()
    state, played = _computer_turn(
        state, side=game.computer, level=game.level, seed=len(game.record.actions)
    )
    return _extend(game, played) if played else game


def check_version(*, game: BallGame, version: str | None) -> None:
    """Raise StaleGame when the page that sent an action shows another state of the game.

    A request without a version (an old form, a script) is taken as meant for the current game.
    """
    if version and version[:40] != game.version:
        raise StaleGame(
            _(
                "Diese Partie wurde inzwischen weitergespielt (in einem anderen Tab oder Fenster). "
                "Hier ist der aktuelle Stand – deine Eingabe wurde nicht ausgeführt."
            )
        )


def ball_play(*, game: BallGame, notation: str, version: str | None = None) -> BallGame:
    """A human's action in notation, then the computer's answer when the turn passes to it.

    Raises BallInputError (German message) for text that is no action or no legal one, and
    StaleGame when ``version`` is not the game's; the given game is immutable and stays as it was.
    """
    check_version(game=game, version=version)
    text = (notation or "").strip()
    state = game.record.replay()
    if state.is_over:
        raise BallInputError(_("Die Partie ist vorbei. Starte ein neues Spiel."))
    if not text:
        raise BallInputError(_("Bitte gib einen Zug ein, z. B. G5-H6."))
    if state.player == game.computer:  # pragma: no cover - the computer always answers at once
        game = ball_computer_reply(game=game)
        state = game.record.replay()
    try:
        action = parse_action(text)
        state.apply(action)
    except NotationError as exc:
        raise BallInputError(
            _("„%(text)s“ ist kein Zug in BALL-Notation (Beispiele: G5-H6, G5=H6, END).")
            % {"text": text[:40]},
            _(
                "Schreibweise: Zug G5-H6, Ausweichen G5-G7/F8, Hand-off G5=H6, Kurzer Pass "
                "G5>H8@I9, Langer Pass G5>>K13, Aufstehen UP C7/D8, END."
            ),
        ) from exc
    except IllegalAction as exc:
        raise BallInputError(
            _("„%(text)s“ ist in dieser Stellung nicht erlaubt.") % {"text": text[:40]},
            german_reason(exc),
        ) from exc
    game = _extend(game, [str(action)])
    return ball_computer_reply(game=game)


def ball_undo(*, game: BallGame, version: str | None = None) -> BallGame:
    """Take back the last action played by a person and everything the computer played after
    it (in a hot-seat game: the last action)."""
    check_version(game=game, version=version)
    states = game.record.states()
    actions = game.record.actions
    for index in range(len(actions) - 1, -1, -1):
        if states[index].player != game.computer:
            return replace(game, record=GameRecord(game.record.options, actions[:index]))
    return game


def read_record(text: str) -> GameRecord:
    """A game record from a download of the simulator: JSON or the text form. Raises
    BallInputError (German) when it is neither or does not replay."""
    text = (text or "").strip()
    try:
        record = GameRecord.from_json(text) if text.startswith("{") else GameRecord.from_text(text)
        record.replay()
    except (NotationError, IllegalAction, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BallInputError(
            _("Das ist keine BALL-Partie, die sich abspielen lässt."),
            _("Erwartet wird eine Partie-Datei dieses Simulators (Notation .txt oder JSON)."),
        ) from exc
    return record


def ball_load(*, text: str) -> BallGame:
    """A loaded game for the analysis board: two people on this device, every position of it
    can be looked at."""
    return BallGame(record=read_record(text), computer=None, id=secrets.token_hex(4))


def ball_from_position(*, game: BallGame, position: int) -> BallGame:
    """Play on from an earlier position: the actions after it are dropped (a new game id, so that
    pages of the old line are told)."""
    if not 0 <= position <= len(game.record.actions):
        raise BallInputError(_("Diese Stellung gibt es in der Partie nicht."))
    record = GameRecord(game.record.options, game.record.actions[:position])
    return ball_computer_reply(game=replace(game, record=record, id=secrets.token_hex(4)))
