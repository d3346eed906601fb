"""A player's current skills, derived from his starting skills and his developments.

Stored are only the starting skills (copied from the position) and skills an admin grants by
hand (`roster.PlayerSkill`); a skill gained after a match is the development's own
(`Development.skill`, `bonus_skill`). What a player has going into a match follows from these
in play order (docs/league.md, "Entwicklung"): a death (💀) takes away every skill gained in
that season and before, and a development reset by an admin counts no more. A 💀 recorded by
hand on the squad page (`CasualtyRecord`) counts exactly like a 💀 tick at its time.
"""

from dataclasses import dataclass

from django.db.models import IntegerField, Prefetch, Value
from django.utils.translation import gettext as _

from roster.models import Player
from rules.models import Skill

from .models import DEVIOUS, Casualty, CasualtyRecord, CasualtyTick, Development, Match


@dataclass(frozen=True)
class SkillEntry:
    """One skill a player has now: a starting skill, one granted by hand, or a gain."""

    skill: Skill
    parameter: str = ""
    development: Development | None = None
    granted: bool = False

    @property
    def skill_id(self) -> int:
        return self.skill.pk

    @property
    def is_gained(self) -> bool:
        return self.granted or self.development is not None

    @property
    def label(self) -> str:
        return self.skill.label(self.parameter)


def _gaining_developments():
    return (
        Development.objects.active()
        .filter(skill__isnull=False, match__deleted_at__isnull=True)
        .select_related("skill", "bonus_skill", "match__season")
    )


def _death_ticks():
    return CasualtyTick.objects.filter(
        kind=Casualty.DEAD, match__deleted_at__isnull=True
    ).select_related("match__season")


def _records():
    return CasualtyRecord.objects.select_related("season").order_by("happened_at", "pk")


def with_skill_history(players):
    """Prefetch what `current_skills` reads beyond the stored skills (which
    `PlayerQuerySet.for_roster_page` prefetches), so a squad costs three more queries, not three
    per player: the active developments with a skill, the 💀 ticks and the records by hand (all
    of them, as the squad page lists them too)."""
    return players.prefetch_related(
        Prefetch("developments", queryset=_gaining_developments(), to_attr="gaining_developments"),
        Prefetch("casualties", queryset=_death_ticks(), to_attr="death_ticks"),
        Prefetch("casualty_records", queryset=_records()),
    )


@dataclass(frozen=True)
class _Death:
    """A 💀 in play order: of a match (`match_pk`) or recorded by hand (`match_pk` None)."""

    season_number: int
    moment: object
    match_pk: int | None

    def is_before(self, limit: tuple | None) -> bool:
        """Before a match at `limit` (season number, played_at, pk): a tick of an earlier
        match, or a record whose moment is before the match (as in `status.py`)."""
        if limit is None:
            return True
        if self.match_pk is None:
            return (self.season_number, self.moment) < limit[:2]
        return (self.season_number, self.moment, self.match_pk) < limit


def _deaths_of(player: Player) -> list[_Death]:
    """Both kinds of 💀, from the prefetch of `with_skill_history` or in one query."""
    ticks = getattr(player, "death_ticks", None)
    cache = getattr(player, "_prefetched_objects_cache", {})
    if ticks is not None and "casualty_records" in cache:
        deaths = [_Death(t.match.season.number, t.match.played_at, t.match_id) for t in ticks]
        deaths += [
            _Death(r.season.number, r.happened_at, None)
            for r in cache["casualty_records"]
            if r.kind == Casualty.DEAD
        ]
        return deaths
    by_match = (
        _death_ticks()
        .filter(player=player)
        .order_by()
        .values_list("match__season__number", "match__played_at", "match_id")
    )
    by_hand = (
        CasualtyRecord.objects.filter(player=player, kind=Casualty.DEAD)
        .order_by()
        .annotate(no_match=Value(None, output_field=IntegerField()))
        .values_list("season__number", "happened_at", "no_match")
    )
    return [_Death(*row) for row in by_match.union(by_hand, all=True).order_by()]


def _place(match: Match) -> tuple:
    return (match.season.number, match.played_at, match.pk)


def current_skills(player: Player, at_match: Match | None = None) -> list[SkillEntry]:
    """Starting skills, then skills granted by hand, then gains in play order.

    With `at_match`: what he has going into that match, from the matches before it. Uses the
    prefetch of `with_skill_history` when present, else three queries.
    """
    cache = getattr(player, "_prefetched_objects_cache", {})
    if "skills" in cache:
        stored = list(cache["skills"])
    else:
        stored = list(player.skills.select_related("skill").order_by("order", "pk"))
    developments = getattr(player, "gaining_developments", None)
    if developments is None:
        developments = list(_gaining_developments().filter(player=player))
    limit = _place(at_match) if at_match is not None else None
    last_death = max(
        (d.season_number for d in _deaths_of(player) if d.is_before(limit)), default=None
    )
    starting = [SkillEntry(e.skill, e.parameter) for e in stored if not e.is_gained]
    granted = [SkillEntry(e.skill, e.parameter, granted=True) for e in stored if e.is_gained]
    gained = []
    for development in sorted(developments, key=lambda d: (_place(d.match), d.pk)):
        if limit is not None and _place(development.match) >= limit:
            continue
        if last_death is not None and development.match.season.number <= last_death:
            continue
        gained += [SkillEntry(skill, development=development) for skill in development.gained()]
    return starting + granted + gained


def current_skill_ids(player: Player, at_match: Match | None = None) -> set[int]:
    return {entry.skill_id for entry in current_skills(player, at_match)}


def grant_errors(player: Player, skills: list[Skill]) -> list[str]:
    """German messages for skills an admin may not grant `player` by hand: the development
    rules hold for them too. Only skills of the development pool (no trait, never Leader or
    Pro), none he has already (or twice in one go), and with recorded categories only from
    his primary or secondary set (Devious always)."""
    pool = set(Skill.objects.development_pool().values_list("pk", flat=True))
    owned = current_skill_ids(player)
    allowed = None
    if player.categories_recorded:
        allowed = {c.pk for c in player.primary_categories.all()}
        allowed |= {c.pk for c in player.secondary_categories.all()}
    errors, seen = [], set()
    for skill in skills:
        values = {"player": player, "skill": skill.name}
        if skill.pk not in pool:
            errors.append(_("%(skill)s kann man in der Liga nicht dazugewinnen.") % values)
        elif skill.pk in owned or skill.pk in seen:
            errors.append(_("%(player)s hat %(skill)s schon.") % values)
        elif (
            allowed is not None
            and skill.category_id not in allowed
            and skill.category.code != DEVIOUS
        ):
            errors.append(_("%(skill)s gehört zu keiner Kategorie von %(player)s.") % values)
        seen.add(skill.pk)
    return errors
