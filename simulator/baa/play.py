"""Games of The Baa that people play, kept in the database: creating a game, whose input a link
may give, carrying an input out (and the bots' answers after it) under a row lock.

A game row holds the engine's saved game; `engines.baa.Game.resume` continues it from its last
resume point, so a request never replays the game from the start. Every write locks the row
(config/writeguard.py) and checks the version the page was drawn from, so two seats acting at
once cannot corrupt the game. A page drawn before the other seat's input is refused only when
its input is no longer possible: hidden picks are made at the same time by the rules, so a pick
from a page of the same pick step (`pick_step`) still counts after another team's pick; any
other input from an older page is refused and the seat is told to look again.

What one anonymous visitor may cost the server is bounded here: running games per visitor, new
games per visitor and hour, running games in total, and bot inputs per request (the rest of a
long bot stretch is played by the next request, e.g. the next poll of a page).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.writeguard import StaleVersion
from engines import baa
from simulator.models import BaaGame, BaaSeat

from .messages import german_reason

MAX_RUNNING_PER_VISITOR = 5
MAX_NEW_PER_VISITOR_PER_HOUR = 12
MAX_NEW_PER_ADDRESS_PER_HOUR = 40  # several people behind one router may play
MAX_RUNNING_TOTAL = 300
# a running game nobody touched for this long no longer counts as running for the limits
ABANDONED_AFTER = timedelta(hours=24)
MAX_BOT_INPUTS_PER_REQUEST = 60
# polls let bots go on at most this often per game (a client polling faster gains nothing)
MIN_SECONDS_BETWEEN_BOT_STEPS = 0.5
# a game whose end criterion would never come (minutes with nobody playing) still ends here
SAFETY_ROUNDS = 100
MAX_END_VALUE = {"team_goals": 20, "total_goals": 50, "rounds": 100, "minutes": 240}
MAPS = ("kirkwall", "generated")


class BaaPlayError(Exception):
    """An input or a request the game refuses; the message is German and meant for the page."""


@dataclass(frozen=True)
class Access:
    """What a link may do in a game: watch always; act for `teams` (its own team, or every
    person's team on a shared device)."""

    game: BaaGame
    seat: BaaSeat | None
    teams: tuple[int, ...]

    @property
    def is_host(self) -> bool:
        return self.seat is None


def new_seed() -> int:
    """The seed of a new game: its dice, a generated map and the bots follow from it."""
    return secrets.randbelow(1_000_000_000)


def engine_rules(end_kind: str, end_value: int | None) -> dict[str, Any]:
    """The engine's end criteria for one criterion of the form (none of the engine's defaults
    apply: only the chosen criterion ends the game, besides the safety limit of rounds)."""
    rules: dict[str, Any] = {
        "first_goal": False,
        "team_goals": None,
        "total_goals": None,
        "rounds": SAFETY_ROUNDS,
    }
    if end_kind == BaaGame.End.FIRST_GOAL:
        rules["first_goal"] = True
    elif end_kind == BaaGame.End.TEAM_GOALS:
        rules["team_goals"] = end_value
    elif end_kind == BaaGame.End.TOTAL_GOALS:
        rules["total_goals"] = end_value
    elif end_kind == BaaGame.End.ROUNDS:
        rules["rounds"] = end_value
    elif end_kind != BaaGame.End.MINUTES:
        raise ValueError(f"unknown end criterion {end_kind!r}")
    return rules


def address_key(ip: str | None) -> str:
    """What is stored of a network address: a hash, enough to count games per address."""
    if not ip:
        return ""
    return hashlib.sha256(f"baa:{ip}".encode()).hexdigest()[:32]


def _check_budget(visitor: str, address: str) -> None:
    games = BaaGame.objects
    active = games.active_since(timezone.now() - ABANDONED_AFTER)
    if active.count() >= MAX_RUNNING_TOTAL:
        raise BaaPlayError(
            _("Gerade laufen zu viele Partien auf dem Server. Bitte versuch es später noch einmal.")
        )
    if active.created_by(visitor).count() >= MAX_RUNNING_PER_VISITOR:
        raise BaaPlayError(
            _(
                "Du hast schon %(n)s laufende Partien. Spiel eine davon zu Ende oder gib sie "
                "auf, bevor du eine neue anlegst."
            )
            % {"n": MAX_RUNNING_PER_VISITOR}
        )
    hour_ago = timezone.now() - timedelta(hours=1)
    if (
        address
        and games.filter(address=address, created_at__gte=hour_ago).count()
        >= MAX_NEW_PER_ADDRESS_PER_HOUR
    ):
        raise BaaPlayError(
            _("Von diesem Netz aus wurden in der letzten Stunde zu viele Partien angelegt.")
        )
    if (
        games.created_by(visitor).filter(created_at__gte=hour_ago).count()
        >= MAX_NEW_PER_VISITOR_PER_HOUR
    ):
        raise BaaPlayError(
            _("Du hast in der letzten Stunde schon %(n)s Partien angelegt. Bitte warte etwas.")
            % {"n": MAX_NEW_PER_VISITOR_PER_HOUR}
        )


def create_game(
    *,
    visitor: str,
    address: str = "",
    seats: list[str],
    map_choice: str,
    end_kind: str,
    end_value: int | None,
    shared_device: bool,
    seed: int | None = None,
) -> BaaGame:
    """A new game for ``len(seats)`` teams (each seat ``person``, ``random`` or ``greedy``),
    set up by the default setup; bots make their first card picks at once."""
    teams = len(seats)
    if not 2 <= teams <= 6:
        raise BaaPlayError(_("The Baa wird mit 2 bis 6 Teams gespielt."))
    if map_choice not in MAPS:
        raise ValueError(f"unknown map {map_choice!r}")
    if end_kind != BaaGame.End.FIRST_GOAL and not (
        end_value and 1 <= end_value <= MAX_END_VALUE[end_kind]
    ):
        raise BaaPlayError(_("Bitte gib für das Spielende eine passende Zahl an."))
    _check_budget(visitor, address)
    seed = new_seed() if seed is None else seed
    if map_choice == "kirkwall":
        game_map = baa.load_map(f"kirkwall-{teams}")
        map_name = game_map.name
    else:
        game_map = baa.kirkwall(teams, seed)
        map_name = f"generiert ({seed})"
    engine = baa.new_game(teams, seed, game_map, **engine_rules(end_kind, end_value))
    value = None if end_kind == BaaGame.End.FIRST_GOAL else end_value
    deadline = None
    if end_kind == BaaGame.End.MINUTES:
        deadline = timezone.now() + timedelta(minutes=value)
    with transaction.atomic():
        game = BaaGame.objects.create(
            visitor=visitor,
            address=address,
            teams=teams,
            map_name=map_name,
            end_kind=end_kind,
            end_value=value,
            shared_device=shared_device,
            deadline=deadline,
            state=engine.to_dict(),
        )
        BaaSeat.objects.bulk_create(
            BaaSeat(game=game, team=t, kind=kind) for t, kind in enumerate(seats)
        )
        kinds = dict(enumerate(seats))
        _run_bots(engine, kinds)
        _store(game, engine, kinds)
    return game


def access(token: str) -> Access | None:
    """Who a link is: the host link of a game or one team's seat link (None if neither)."""
    # the saved game is read only when needed (a quiet poll compares versions only)
    game = BaaGame.objects.defer("state").filter(host_token=token).first()
    if game is not None:
        people = tuple(s.team for s in game.seats.all() if not s.is_bot)
        return Access(game, None, people if game.shared_device else ())
    seat = BaaSeat.objects.select_related("game").defer("game__state").filter(token=token).first()
    if seat is None:
        return None
    return Access(seat.game, seat, () if seat.is_bot else (seat.team,))


def engine_of(game: BaaGame) -> baa.Game:
    return baa.Game.resume(game.state)


def table_after(*, game: BaaGame, until) -> baa.Game:
    """The game as it stood at an earlier moment (for the report): replayed from its seed up to
    the first input at which ``until(engine)`` holds. Only the report pays this replay."""
    return baa.Game.replay(game.state, until=until)


def _kinds(game: BaaGame) -> dict[int, str]:
    return {s.team: s.kind for s in game.seats.all()}


def _run_bots(engine: baa.Game, kinds: dict[int, str]) -> int:
    """Let bot seats answer until a person is awaited, the game ends or the budget is spent."""
    done = 0
    while not engine.finished and done < MAX_BOT_INPUTS_PER_REQUEST:
        bots_awaited = [t for t in engine.waiting_for() if kinds[t] != BaaSeat.Kind.PERSON]
        if not bots_awaited:
            break
        for team in bots_awaited:
            if done >= MAX_BOT_INPUTS_PER_REQUEST:
                break
            engine.apply(team, baa.answer(engine, team, kinds[team]))
            done += 1
    return done


def _time_check(game: BaaGame, engine: baa.Game) -> None:
    if game.deadline is not None and timezone.now() >= game.deadline:
        engine.end_after_round()
        game.time_noted = True


def _store(game: BaaGame, engine: baa.Game, kinds: dict[int, str]) -> None:
    game.state = engine.to_dict()
    game.finished = engine.finished
    game.bot_turn = any(kinds[t] != BaaSeat.Kind.PERSON for t in engine.waiting_for())
    game.version += 1
    game.save(
        update_fields=["state", "finished", "bot_turn", "time_noted", "version", "updated_at"]
    )


def pick_step(engine: baa.Game) -> str:
    """The pick step a page offers cards for ("round.step"): picks of one step are made at the
    same time, whatever the others picked meanwhile."""
    return f"{engine.round}.{engine.step}"


def _still_possible(engine: baa.Game, team: int, action: dict, step: str | None) -> bool:
    """Whether an input from a page older than the game can still be carried out as meant: a
    card pick of the same pick step that the team has not made yet."""
    pending = engine.pending
    return (
        action.get("type") == "pick"
        and step is not None
        and step == pick_step(engine)
        and pending is not None
        and pending["type"] == "pick"
        and team in engine.waiting_for()
    )


def play(*, token: str, team: int, action: dict, version: int, step: str | None = None) -> BaaGame:
    """Carry out a person's input for `team` through the link `token`, then the bots' answers
    up to the budget. Raises BaaPlayError (German) and changes nothing if the link may not act
    for that team, the page was stale (`version`) and its input is no longer possible (a pick of
    pick step `step` stays possible until the team picked), or the rules refuse the input."""
    who = access(token)
    if who is None:
        raise BaaPlayError(_("Diesen Link gibt es nicht (mehr)."))
    if team not in who.teams:
        raise BaaPlayError(_("Mit diesem Link kannst du nicht für dieses Team spielen."))
    with transaction.atomic():
        stale = False
        try:
            # _store counts the version up with the new state
            game = BaaGame.objects.claim(who.game.pk, version=version, new_version=False)
        except StaleVersion as exc:
            game, stale = exc.current, True  # locked as it is now
        except BaaGame.DoesNotExist:
            raise BaaPlayError(_("Diese Partie gibt es nicht mehr.")) from None
        if game.finished:
            raise BaaPlayError(_("Die Partie ist schon zu Ende."))
        engine = engine_of(game)
        if stale and not _still_possible(engine, team, action, step):
            raise BaaPlayError(
                _("Inzwischen ist im Spiel etwas passiert. Schau dir den neuen Stand an.")
            )
        if team not in engine.waiting_for():
            raise BaaPlayError(_("Dieses Team ist gerade nicht am Zug."))
        try:
            engine.apply(team, action)
        except baa.IllegalAction as exc:
            raise BaaPlayError(german_reason(str(exc))) from None
        _time_check(game, engine)
        kinds = _kinds(game)
        _run_bots(engine, kinds)
        _store(game, engine, kinds)
    return game


def advance(*, game: BaaGame) -> BaaGame:
    """Let the bots go on (bounded) and apply a real-time limit that ran out; called when a page
    polls. Writes only if something happened."""
    time_up = game.deadline is not None and timezone.now() >= game.deadline and not game.time_noted
    if game.finished or not (time_up or game.bot_turn):
        return game
    since = (timezone.now() - game.updated_at).total_seconds()
    if not time_up and since < MIN_SECONDS_BETWEEN_BOT_STEPS:
        return game
    with transaction.atomic():
        game = BaaGame.objects.lock_one(game.pk)
        if game.finished:
            return game
        engine = engine_of(game)
        before = len(engine.inputs), engine.rules.last_round
        _time_check(game, engine)
        kinds = _kinds(game)
        _run_bots(engine, kinds)
        if (len(engine.inputs), engine.rules.last_round) != before:
            _store(game, engine, kinds)
    return game


def hand_to_bot(*, token: str, team: int) -> BaaGame:
    """Another link of the game (the host or another seat) hands a person's team whose phone
    left for good to the greedy bot, which plays it from now on (its old link only watches)."""
    who = access(token)
    if who is None:
        raise BaaPlayError(_("Diesen Link gibt es nicht (mehr)."))
    if who.seat is not None and who.seat.team == team:
        raise BaaPlayError(_("Dein eigenes Team können nur die anderen an einen Bot übergeben."))
    with transaction.atomic():
        try:
            game = BaaGame.objects.lock_one(who.game.pk)
        except BaaGame.DoesNotExist:
            raise BaaPlayError(_("Diese Partie gibt es nicht mehr.")) from None
        if game.finished:
            raise BaaPlayError(_("Die Partie ist schon zu Ende."))
        seat = game.seats.filter(team=team).first()
        if seat is None or seat.is_bot:
            raise BaaPlayError(_("Dieses Team spielt schon ein Bot."))
        seat.kind = BaaSeat.Kind.GREEDY
        seat.save(update_fields=["kind"])
        engine = engine_of(game)
        kinds = _kinds(game)
        _run_bots(engine, kinds)
        _store(game, engine, kinds)
    return game


def give_up(*, token: str) -> BaaGame:
    """The host ends a game early (it stays in the list of finished games)."""
    who = access(token)
    if who is None or not who.is_host:
        raise BaaPlayError(_("Nur wer die Partie angelegt hat, kann sie beenden."))
    with transaction.atomic():
        game = BaaGame.objects.lock_one(who.game.pk)
        game.finished = True
        game.version += 1
        game.save(update_fields=["finished", "version", "updated_at"])
    return game
