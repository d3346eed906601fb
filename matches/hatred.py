"""Hatred 🤬 (docs/league.md, „Hass“): asked after every 🏥, derived, never stored as a status.

- Every 🏥 (a match tick or a record by hand) raises a question for the injured player's coach:
  "4+ gewürfelt?" and on yes the hated race. The dice are rolled at the table, not here.
- For a tick the races on offer are the race keywords of the opposing team's positions; for a
  record by hand every race keyword. With one option it is preselected.
- Unanswered means no hatred. The question stays open while its casualty's season runs.
- A hatred is active in its casualty's season only (every season start resets it) and goes with
  its casualty (a tick removed or changed from 🏥 deletes the answer with it).
- The same race twice shows once.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from config.numbers import parse_id
from league.models import Season
from roster.models import Player, Team
from rules.models import ROLE_KEYWORDS, Keyword

from .models import Casualty, CasualtyRecord, CasualtyTick, Hatred, Match


@dataclass
class HatredQuestion:
    """An unanswered 🏥: whom it concerns, when, against whom, and the races on offer."""

    casualty: CasualtyTick | CasualtyRecord
    player: Player
    happened_at: datetime
    opponent: Team | None = None
    options: list[Keyword] = field(default_factory=list)

    @property
    def is_tick(self) -> bool:
        return isinstance(self.casualty, CasualtyTick)

    @property
    def match(self) -> Match | None:
        return self.casualty.match if self.is_tick else None

    @property
    def key(self) -> str:
        """Names the question in forms and URLs: "t12" for a tick, "r3" for a record."""
        return f"{'t' if self.is_tick else 'r'}{self.casualty.pk}"

    @property
    def preselected(self) -> Keyword | None:
        return self.options[0] if len(self.options) == 1 else None


def race_keywords():
    return Keyword.objects.exclude(name__in=ROLE_KEYWORDS).order_by("name")


def _races_of(race_ids) -> dict[int, list[Keyword]]:
    """Race id -> the race keywords of its positions, by name; one query."""
    found: dict[int, dict[int, Keyword]] = defaultdict(dict)
    rows = (
        race_keywords()
        .filter(positions__race__in=set(race_ids))
        .values_list("positions__race", "pk", "name")
    )
    for race_id, pk, name in rows:
        found[race_id][pk] = Keyword(pk=pk, name=name)
    return {race_id: sorted(kws.values(), key=lambda k: k.name) for race_id, kws in found.items()}


def _open_ticks(season: Season):
    return (
        CasualtyTick.objects.filter(
            kind=Casualty.SERIOUSLY_INJURED,
            match__season=season,
            match__in=Match.objects.played(),
            hatred__isnull=True,
            player__retired_on__isnull=True,
        )
        .select_related("player__team", "match__home__race", "match__away__race", "match__season")
        .order_by("match__played_at", "pk")
    )


def _open_records(season: Season):
    return (
        CasualtyRecord.objects.filter(
            kind=Casualty.SERIOUSLY_INJURED,
            season=season,
            hatred__isnull=True,
            player__retired_on__isnull=True,
        )
        .select_related("player__team")
        .order_by("happened_at", "pk")
    )


CURRENT = object()
"""Default of `season`: the current season, looked up."""


def open_questions(*, teams, season=CURRENT) -> list[HatredQuestion]:
    """The unanswered 🏥 of the current season (pass it when it is at hand) among the players
    of `teams` (a queryset or list), in the order they happened; at most four queries."""
    if season is CURRENT:
        season = Season.objects.current()
    if season is None:
        return []
    ticks = list(_open_ticks(season).filter(player__team__in=teams))
    records = list(_open_records(season).filter(player__team__in=teams))
    questions = []
    if ticks:
        opponents = [t.match.opponent_of(t.player.team) for t in ticks]
        races = _races_of(o.race_id for o in opponents)
        for tick, opponent in zip(ticks, opponents, strict=True):
            questions.append(
                HatredQuestion(
                    casualty=tick,
                    player=tick.player,
                    happened_at=tick.match.played_at,
                    opponent=opponent,
                    options=races.get(opponent.race_id, []),
                )
            )
    if records:
        every_race = list(race_keywords())
        for record in records:
            questions.append(
                HatredQuestion(
                    casualty=record,
                    player=record.player,
                    happened_at=record.happened_at,
                    options=every_race,
                )
            )
    questions.sort(key=lambda q: (q.happened_at, q.key))
    return questions


def asks_question(tick: CasualtyTick, *, match: Match) -> bool:
    """Does this tick of `match` (its hatred answer read) still ask the question: a 🏥 of a
    played match in the current season, unanswered, of a player still on a roster? The same
    rule as `open_questions`, for ticks already at hand."""
    return (
        tick.kind == Casualty.SERIOUSLY_INJURED
        and getattr(tick, "hatred", None) is None
        and match.is_played
        and not match.is_deleted
        and match.season.is_current
        and not tick.player.is_retired
    )


def mark_questions(ticks, *, match: Match, team: Team, user) -> list[CasualtyTick]:
    """The ticks of `team`'s players in `match`, each with `answer` (its hatred, None while
    unanswered) and `asks`: an open question this user may answer on the squad page (the
    squad's coach or an admin, as `answer_hatred`)."""
    answers = team.is_editable_by(user)
    for tick in ticks:
        tick.answer = getattr(tick, "hatred", None)
        tick.asks = answers and asks_question(tick, match=match)
    return list(ticks)


def casualty_of(team: Team, key: str) -> CasualtyTick | CasualtyRecord | None:
    """The casualty of a player of `team` that a question's key names ("t12": a tick, "r3": a
    record by hand), or None."""
    model = {"t": CasualtyTick, "r": CasualtyRecord}.get(key[:1])
    number = parse_id(key[1:])
    if model is None or number is None:
        return None
    return model.objects.select_related("player__team").filter(pk=number, player__team=team).first()


def question_for(casualty: CasualtyTick | CasualtyRecord) -> HatredQuestion | None:
    """The open question of this casualty, or None when it has none (answered, not 🏥, not in
    the current season, retired player)."""
    team = casualty.player.team
    key = f"{'t' if isinstance(casualty, CasualtyTick) else 'r'}{casualty.pk}"
    return next((q for q in open_questions(teams=[team]) if q.key == key), None)


def answer_hatred(
    *, casualty: CasualtyTick | CasualtyRecord, rolled: bool, race: Keyword | None, by
) -> Hatred:
    """Record the table's roll: no hatred, or hatred of `race` (one of the question's options).

    The injured player's coach or an admin, while the casualty's season runs; once only.
    """
    if not casualty.player.team.is_editable_by(by):
        raise PermissionDenied(_("Den Hass trägt nur der Coach des Spielers oder ein Admin ein."))
    with transaction.atomic():
        Team.objects.lock(casualty.player.team_id)
        question = question_for(casualty)
        if question is None:
            raise ValidationError(
                _("Diese Frage ist schon beantwortet oder gilt nicht mehr (Saisonende).")
            )
        if rolled and (race is None or race.pk not in {k.pk for k in question.options}):
            raise ValidationError(_("Bitte eine Rasse des Verursachers wählen."))
        hatred = Hatred(
            tick=casualty if question.is_tick else None,
            record=None if question.is_tick else casualty,
            rolled=rolled,
            race=race if rolled else None,
            answered_by=by,
        )
        try:
            with transaction.atomic():
                hatred.save()
        except IntegrityError as error:
            raise ValidationError(_("Diese Frage ist schon beantwortet.")) from error
    return hatred


def active_hatreds(players, *, season=CURRENT) -> dict[int, list[str]]:
    """Player id -> the races he hates now (current season), each once, by name; one query."""
    if season is CURRENT:
        season = Season.objects.current()
    if season is None:
        return {}
    ids = [p.pk for p in players]
    rows = (
        Hatred.objects.filter(rolled=True)
        .filter(
            Q(
                tick__player__in=ids,
                tick__kind=Casualty.SERIOUSLY_INJURED,
                tick__match__season=season,
                tick__match__in=Match.objects.played(),
            )
            | Q(
                record__player__in=ids,
                record__kind=Casualty.SERIOUSLY_INJURED,
                record__season=season,
            )
        )
        .annotate(player_id=Coalesce("tick__player_id", "record__player_id"))
        .values_list("player_id", "race__name")
    )
    found: dict[int, set[str]] = defaultdict(set)
    for player_id, race in rows:
        found[player_id].add(race)
    return {player_id: sorted(races) for player_id, races in found.items()}
