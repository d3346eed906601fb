"""The BALL workflow against the computer: a game, the human's action, the computer's answer.

Only the public API of ``engines.ball`` is used. A game is its record (options plus the action
list) and the computer level; it is kept in the session as plain JSON and replayed by the engine
on every request. Drawing the position is ``presentation``'s job.
"""

from __future__ import annotations

from dataclasses import dataclass
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

HUMAN, COMPUTER = "home", "away"
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
