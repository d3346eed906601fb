"""BALL on two devices: a game kept in the database with one link per side and a read-only
spectator link (``simulator.models.BallLinkGame``).

Every write locks the game's row (config/writeguard.py) and checks the version the page was drawn
from: an action, an undo request or answer, or a resignation sent from a page that fell behind
is refused with a German message (``services.StaleGame``) and the page shows the game as it is
now. Only the side to move may act; the other side's consent takes an action back; a finished
game offers a rematch with the sides swapped. The rules themselves are the engine's, reached
through ``services`` like every BALL game of the simulator.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engines.ball import GameRecord, Options, State
from simulator.models import BallLinkGame

from . import services

MAX_NEW_PER_VISITOR_PER_HOUR = 12
OTHER = {"home": "away", "away": "home"}


class LinkError(services.BallInputError):
    """A request the link game refuses (not this side's turn, a spectator, a finished game)."""


@dataclass(frozen=True)
class LinkAccess:
    """What a link may do: ``side`` plays home or away; None watches."""

    link: BallLinkGame
    side: str | None

    @property
    def game(self) -> services.BallGame:
        return game_of(self.link)


def game_of(link: BallLinkGame) -> services.BallGame:
    """The game as the BALL pages know it (two people, no computer). Its version carries the
    row's version, which counts every change, also those that leave the action count alone."""
    record = GameRecord.from_json(link.record)
    return services.BallGame(record=record, computer=None, id=f"L{link.version}")


def result_of(link: BallLinkGame, state: State) -> str | None:
    """``home``, ``away``, ``draw`` when the game is over (by the rules or a resignation)."""
    if link.resigned:
        return OTHER[link.resigned]
    return state.result if state.is_over else None


def access(token: str) -> LinkAccess | None:
    token = (token or "")[:40]
    link = BallLinkGame.objects.with_token(token).first() if token else None
    if link is None:
        return None
    return LinkAccess(link, link.side_of(token))


def create_link_game(
    *, visitor: str, card_mode: bool = False, target_score: int = 3
) -> BallLinkGame:
    hour_ago = timezone.now() - timedelta(hours=1)
    recent = BallLinkGame.objects.created_by(visitor).filter(created_at__gte=hour_ago)
    if recent.count() >= MAX_NEW_PER_VISITOR_PER_HOUR:
        raise LinkError(
            _(
                "Du hast in der letzten Stunde schon %(n)s Partien mit Link angelegt. "
                "Bitte warte etwas."
            )
            % {"n": MAX_NEW_PER_VISITOR_PER_HOUR}
        )
    options = Options(card_mode=card_mode, target_score=target_score)
    return BallLinkGame.objects.create(visitor=visitor, record=GameRecord(options, ()).to_dict())


def _stale() -> services.StaleGame:
    return services.StaleGame(
        _(
            "Inzwischen hat sich die Partie geändert (das andere Gerät hat gespielt oder "
            "geantwortet). Hier ist der aktuelle Stand – deine Eingabe wurde nicht ausgeführt."
        )
    )


def _locked(token: str, version: str | None) -> tuple[BallLinkGame, str, services.BallGame]:
    """The game of a player's link, locked and checked against the version its page showed."""
    who = access(token)
    if who is None:
        raise LinkError(_("Diesen Link gibt es nicht (mehr)."))
    link = BallLinkGame.objects.lock_one(who.link.pk)
    if who.side is None:
        raise LinkError(_("Mit dem Zuschauer-Link kann man nur zusehen."))
    game = game_of(link)
    if version and version[:40] != game.version:
        raise _stale()
    return link, who.side, game


def _save(link: BallLinkGame, **fields) -> BallLinkGame:
    for name, value in fields.items():
        setattr(link, name, value)
    link.version += 1
    link.save()
    return link


def play(*, token: str, notation: str, version: str | None) -> BallLinkGame:
    """The side of ``token`` plays one action (in notation)."""
    with transaction.atomic():
        link, side, game = _locked(token, version)
        state = game.record.replay()
        if result_of(link, state) is not None:
            raise LinkError(_("Die Partie ist vorbei."))
        if state.player != side:
            raise LinkError(_("Du bist nicht am Zug – warte auf den Zug des anderen Geräts."))
        played = services.ball_play(game=game, notation=notation, version=game.version)
        return _save(link, record=played.record.to_dict(), undo_asked_by="")


def resign(*, token: str, version: str | None) -> BallLinkGame:
    with transaction.atomic():
        link, side, game = _locked(token, version)
        if result_of(link, game.record.replay()) is not None:
            raise LinkError(_("Die Partie ist schon vorbei."))
        return _save(link, resigned=side, undo_asked_by="")


def _undo_index(game: services.BallGame, side: str) -> int | None:
    """Where the game goes back to when ``side`` takes back its last action (with everything
    played after it), or None when it has played none."""
    states = game.record.states()
    for index in range(len(game.record.actions) - 1, -1, -1):
        if states[index].player == side:
            return index
    return None


def ask_undo(*, token: str, version: str | None) -> BallLinkGame:
    with transaction.atomic():
        link, side, game = _locked(token, version)
        if result_of(link, game.record.replay()) is not None:
            raise LinkError(_("Die Partie ist vorbei; zurücknehmen geht nicht mehr."))
        if _undo_index(game, side) is None:
            raise LinkError(_("Du hast noch keine Aktion gespielt, die sich zurücknehmen ließe."))
        if link.undo_asked_by:
            raise LinkError(_("Eine Rücknahme ist schon erbeten; warte auf die Antwort."))
        return _save(link, undo_asked_by=side)


def answer_undo(*, token: str, version: str | None, agree: bool) -> BallLinkGame:
    """The other side agrees (the asking side's last action and all after it are taken back) or
    declines."""
    with transaction.atomic():
        link, side, game = _locked(token, version)
        asker = link.undo_asked_by
        if not asker or asker == side:
            raise LinkError(
                _("Es gibt keine Bitte des anderen Geräts, auf die du antworten kannst.")
            )
        if not agree:
            return _save(link, undo_asked_by="")
        index = _undo_index(game, asker)
        actions = game.record.actions[: index or 0]
        record = GameRecord(game.record.options, actions)
        return _save(link, record=record.to_dict(), undo_asked_by="")


def rematch(*, token: str) -> BallLinkGame:
    """The rematch of a finished game (created once, by whichever side asks first), the sides
    swapped: who played home plays away."""
    with transaction.atomic():
        who = access(token)
        if who is None:
            raise LinkError(_("Diesen Link gibt es nicht (mehr)."))
        link = BallLinkGame.objects.lock_one(who.link.pk)
        if who.side is None:
            raise LinkError(_("Mit dem Zuschauer-Link kann man nur zusehen."))
        if link.rematch_id is not None:
            return link.rematch
        game = game_of(link)
        if result_of(link, game.record.replay()) is None:
            raise LinkError(_("Eine Revanche gibt es erst, wenn die Partie vorbei ist."))
        new = BallLinkGame.objects.create(
            visitor=link.visitor, record=GameRecord(game.record.options, ()).to_dict()
        )
        _save(link, rematch=new)
        return new


def rematch_token(link: BallLinkGame, side: str | None) -> str | None:
    """The link of the rematch for the player of ``side`` of the old game (sides swapped)."""
    if link.rematch is None:
        return None
    return link.rematch.token_of(OTHER[side] if side else None)
