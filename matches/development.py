"""Skill development after a match ("Entwicklung"), docs/league.md "Entwicklung".

One development per team and match. The rules:

- Eligible: on the roster at played_at, not suspended for this match, and not dead (💀) in it;
  🤕 and 🏥 in this match do not bar development. Journeymen never.
- Gainable for a player at a match: in the development pool (no trait, never Leader or Pro) and
  not among his current skills at that match (`skills.current_skills`).
- *Automatisch*: among the eligible players with a gainable skill in their secondary set
  (unrestricted: every category) the app picks one uniformly, then one of his gainable
  secondary skills uniformly. No candidate: no development, noted with the match.
- *Selbst wählen*: player and a category of his primary set (unrestricted: any; Devious always);
  three different gainable skills of it (2 proposals of the coach, 1 of the opponent); 1d3.
- *Offen*: completed later while this is the team's latest played match; lapses after that.
- Every roll is stored in `Development.rolls`. Nothing re-rolls; an admin reset keeps the row.

Every function locks the match row, so a double submit cannot roll twice.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.pagecache import fragments
from roster.models import Player, Team
from rules.models import Skill, SkillCategory

from .models import DEVIOUS, Casualty, Development, Match
from .skills import current_skill_ids, with_skill_history
from .status import suspended_for_match


class Dice(Protocol):
    def roll(self, sides: int) -> int:
        """A uniform number from 1 to `sides`."""


class SystemDice:
    """The app's dice: the operating system's randomness."""

    def __init__(self) -> None:
        self._random = random.SystemRandom()

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)


# --- who and what -------------------------------------------------------------------------


def eligible_players(*, match: Match, team: Team) -> list[Player]:
    """Players of `team` who may develop after `match` (on the roster at played_at, not
    suspended for it, not dead in it), by number."""
    suspended = suspended_for_match(team, match)
    dead_here = set(
        match.casualties.filter(kind=Casualty.DEAD, player__team=team).values_list(
            "player_id", flat=True
        )
    )
    players = team.players.on_roster_at(match.played_at)
    return [
        player
        for player in players.order_by("number")
        if player.pk not in suspended and player.pk not in dead_here
    ]


def development_pool() -> list[Skill]:
    """Every skill a player may gain in the league, by name, with its category."""
    return list(Skill.objects.development_pool().select_related("category").order_by("name"))


def gainable_skills(
    *, player: Player, match: Match | None, categories=None, pool: list[Skill] | None = None
) -> list[Skill]:
    """Skills `player` may gain after `match` (None: after a match not saved yet, with his
    skills as they are now), by name; `categories` limits them (codes). `pool`: the
    `development_pool()` read once for many players."""
    owned = current_skill_ids(player, at_match=match)
    pool = development_pool() if pool is None else pool
    return [
        skill
        for skill in pool
        if skill.pk not in owned
        and (
            categories is None or (skill.category is not None and skill.category.code in categories)
        )
    ]


def secondary_codes(player: Player) -> list[str] | None:
    """His secondary set as codes; None = unrestricted (every category)."""
    if not player.categories_recorded:
        return None
    return list(player.secondary_categories.values_list("code", flat=True))


def primary_codes(player: Player, all_codes: list[str] | None = None) -> list[str]:
    """Categories he may choose from: his primary set plus Devious; unrestricted: all.
    `all_codes`: every category's code in category order, read once for many players (his
    primary set comes from a prefetch of `primary_categories` when there is one)."""
    if all_codes is None:
        all_codes = list(SkillCategory.objects.values_list("code", flat=True))
    if not player.categories_recorded:
        return list(all_codes)
    codes = {category.code for category in player.primary_categories.all()} | {DEVIOUS}
    return [c for c in all_codes if c in codes]


def primary_options(
    *,
    player: Player,
    match: Match | None,
    pool: list[Skill] | None = None,
    all_codes: list[str] | None = None,
) -> dict[str, list[Skill]]:
    """What "Selbst wählen" offers for `player`: category code -> his gainable skills in it, for
    the categories he may choose (primary set plus Devious; unrestricted: all) that still hold
    at least three gainable skills, in category order. `pool` and `all_codes` as read once for
    many players (`development_pool`, `primary_codes`)."""
    codes = primary_codes(player, all_codes)
    grouped: dict[str, list[Skill]] = {}
    for skill in gainable_skills(player=player, match=match, categories=codes, pool=pool):
        grouped.setdefault(skill.category.code, []).append(skill)
    return {code: grouped[code] for code in codes if len(grouped.get(code, [])) >= 3}


def is_latest_played(*, match: Match, team: Team) -> bool:
    return not Match.objects.played().for_team(team).after(match).exists()


def latest_played_pk(team_id: int) -> int | None:
    """The team's latest played match in play order (its pk), for pages: kept under the team's
    scope, which each of its matches renews (config/pagecache/fragments.py). A check before a
    save asks `is_latest_played` in its transaction instead."""
    return fragments.cached(
        "latest-played",
        lambda: (
            Match.objects.played()
            .for_team(team_id)
            .in_play_order()
            .values_list("pk", flat=True)
            .last()
        ),
        team_id,
        scopes=(fragments.STRUCTURE, fragments.team_scope(team_id)),
    )


def shows_as_latest(*, match: Match, team: Team) -> bool:
    """What a page shows of `is_latest_played` (may the development still be chosen, has it
    lapsed), from `latest_played_pk`; a deleted or unplayed match asks the database."""
    if match.is_played and not match.is_deleted:
        return latest_played_pk(team.pk) == match.pk
    return is_latest_played(match=match, team=team)


def active_development(*, match: Match, team: Team) -> Development | None:
    return Development.objects.active().filter(match=match, team=team).first()


def can_complete(*, match: Match, team: Team) -> bool:
    """No development yet, or an open one, and this is still the team's latest played match."""
    current = active_development(match=match, team=team)
    if current is not None and not current.is_open:
        return False
    return is_latest_played(match=match, team=team)


def options_before_result(*, team: Team, match: Match | None, suspended) -> list[dict]:
    """What the result form offers for the development of `team` before the result is saved,
    so the phone can offer it without signal: the players who may develop as the roster stands
    (not retired, not `suspended` for this match), each with his `primary_options` as category
    (pk, name) -> skills (pk, name). The server checks the choice again when the result
    arrives (`choose_with_result`): a 💀 in this very match, or a roster changed meanwhile,
    is refused there with its message."""
    at = match if match is not None and match.is_played else None
    # what `current_skills` and `primary_codes` read, for all players at once
    players = with_skill_history(
        team.players.filter(retired_on=None).for_roster_page().exclude(pk__in=list(suspended))
    )
    categories = {c.code: c for c in SkillCategory.objects.all()}
    all_codes = list(categories)
    pool = development_pool()
    options = []
    for player in players:
        grouped = primary_options(player=player, match=at, pool=pool, all_codes=all_codes)
        options.append(
            {
                "id": player.pk,
                "name": str(player),
                "categories": [
                    {
                        "id": categories[code].pk,
                        "name": category_label(categories[code]),
                        "skills": [[skill.pk, skill.name] for skill in skills],
                    }
                    for code, skills in grouped.items()
                ],
            }
        )
    return options


def category_label(category: SkillCategory) -> str:
    """ "Strength (Stärke)": the English name as everywhere, the German one beside."""
    if category.name_de and category.name_de != category.name:
        return f"{category.name} ({category.name_de})"
    return category.name


# --- workflows ----------------------------------------------------------------------------


def _lock(match: Match, team: Team, by) -> Development | None:
    """Lock the match row and check that `by` may complete this team's development now."""
    if not match.is_editable_by(by):
        raise PermissionDenied(_("Die Entwicklung tragen nur die beiden Coaches oder Admins ein."))
    Match.objects.lock(match.pk)
    if team.pk not in (match.home_id, match.away_id):
        raise ValidationError(_("%(team)s spielte nicht in diesem Spiel.") % {"team": team})
    current = active_development(match=match, team=team)
    if current is not None and not current.is_open:
        raise ValidationError(
            _(
                "Die Entwicklung von %(team)s ist schon eingetragen; nur ein Admin kann sie "
                "zurücksetzen."
            )
            % {"team": team}
        )
    if not is_latest_played(match=match, team=team):
        raise ValidationError(
            _("%(team)s hat seitdem schon weitergespielt: die offene Entwicklung ist verfallen.")
            % {"team": team}
        )
    return current


def _store(current: Development | None, *, match: Match, team: Team, by, **values) -> Development:
    development = current or Development(match=match, team=team)
    for name, value in values.items():
        setattr(development, name, value)
    development.entered_by = by
    development._history_user = by  # the history names who did it, request or not
    development.save()
    return development


def _pick(dice: Dice, options: Sequence, *, kind: str) -> tuple[object, dict]:
    number = dice.roll(len(options))
    if not 1 <= number <= len(options):
        raise ValueError(f"die roll {number} outside 1..{len(options)}")
    chosen = options[number - 1]
    record = {
        "kind": kind,
        "options": [str(option) for option in options],
        "sides": len(options),
        "roll": number,
        "result": str(chosen),
    }
    return chosen, record


def choose_none(*, match: Match, team: Team, by) -> Development:
    with transaction.atomic():
        current = _lock(match, team, by)
        return _store(current, match=match, team=team, by=by, choice=Development.Choice.NONE)


def leave_open(*, match: Match, team: Team, by) -> Development:
    with transaction.atomic():
        current = _lock(match, team, by)
        return _store(current, match=match, team=team, by=by, choice=Development.Choice.OPEN)


def choose_automatic(*, match: Match, team: Team, by, dice: Dice | None = None) -> Development:
    """Random secondary: a uniform candidate, then a uniform gainable secondary skill."""
    dice = dice or SystemDice()
    with transaction.atomic():
        current = _lock(match, team, by)
        candidates = []
        for player in eligible_players(match=match, team=team):
            skills = gainable_skills(player=player, match=match, categories=secondary_codes(player))
            if skills:
                candidates.append((player, skills))
        if not candidates:
            return _store(
                current,
                match=match,
                team=team,
                by=by,
                choice=Development.Choice.AUTOMATIC,
                rolls=[{"kind": "player", "options": [], "sides": 0, "roll": None, "result": ""}],
            )
        (player, skills), player_roll = _pick(dice, candidates, kind="player")
        player_roll["options"] = [str(p) for p, _skills in candidates]
        player_roll["result"] = str(player)
        skill, skill_roll = _pick(dice, skills, kind="skill")
        development = _store(
            current,
            match=match,
            team=team,
            by=by,
            choice=Development.Choice.AUTOMATIC,
            player=player,
            rolls=[player_roll, skill_roll],
            skill=skill,
        )
        return development


def choose_primary(
    *,
    match: Match,
    team: Team,
    player: Player,
    category: SkillCategory,
    proposals: Sequence[Skill],
    by,
    dice: Dice | None = None,
) -> Development:
    """Selbst wählen: two proposals of the coach, one of the opponent (last); the app rolls 1d3."""
    dice = dice or SystemDice()
    with transaction.atomic():
        current = _lock(match, team, by)
        errors = _primary_errors(
            match=match, team=team, player=player, category=category, proposals=proposals
        )
        if errors:
            raise ValidationError(errors)
        skill, roll = _pick(dice, list(proposals), kind="d3")
        development = _store(
            current,
            match=match,
            team=team,
            by=by,
            choice=Development.Choice.CHOOSE,
            player=player,
            category=category,
            proposal_1=proposals[0],
            proposal_2=proposals[1],
            opponent_proposal=proposals[2],
            rolls=[roll],
            skill=skill,
        )
        return development


def choose(
    choice: str,
    *,
    match: Match,
    team: Team,
    by,
    player: Player | None = None,
    category: SkillCategory | None = None,
    proposals: Sequence[Skill] = (),
    dice: Dice | None = None,
) -> Development:
    """The development a coach chose for `team` (a `Development.Choice`): player, category and
    proposals only matter to Selbst wählen, the dice to the two that roll."""
    Choice = Development.Choice
    if choice == Choice.AUTOMATIC:
        return choose_automatic(match=match, team=team, by=by, dice=dice)
    if choice == Choice.CHOOSE:
        return choose_primary(
            match=match,
            team=team,
            player=player,
            category=category,
            proposals=proposals,
            by=by,
            dice=dice,
        )
    if choice == Choice.NONE:
        return choose_none(match=match, team=team, by=by)
    if choice == Choice.OPEN:
        return leave_open(match=match, team=team, by=by)
    raise ValueError(f"unknown development choice {choice!r}")


@dataclass(frozen=True)
class Pick:
    """A development chosen together with the result (the result form, offline too)."""

    team: Team
    choice: str
    player: Player | None = None
    category: SkillCategory | None = None
    proposals: tuple = ()


class DevelopmentRefused(ValidationError):
    """A development chosen with the result that the server does not allow (any more): the
    result is not saved either, the coach decides (send without it, or discard)."""


def choose_with_result(*, match: Match, picks: Sequence[Pick], by) -> None:
    """The developments chosen with the result of `match`, inside the transaction that saves
    it: the rules are checked now, against the saved result (a 💀 in it bars the player) and
    the roster as it is, so a stale choice from the phone raises `DevelopmentRefused` with the
    service's German messages, each naming the team."""
    for pick in picks:
        try:
            choose(
                pick.choice,
                match=match,
                team=pick.team,
                by=by,
                player=pick.player,
                category=pick.category,
                proposals=pick.proposals,
            )
        except ValidationError as error:
            raise DevelopmentRefused(
                [
                    _("Entwicklung von %(team)s: %(message)s")
                    % {"team": pick.team, "message": message}
                    for message in error.messages
                ]
            ) from None


PROPOSAL_FIELDS = ("proposal_1", "proposal_2", "opponent_proposal")


def _primary_errors(*, match, team, player, category, proposals) -> dict[str, list[str]]:
    """German messages by the field that caused them (player, category, the proposals)."""
    values = {"player": player, "category": category, "match": match.label()}
    eligible = {p.pk for p in eligible_players(match=match, team=team)}
    if player.team_id != team.pk or player.pk not in eligible:
        return {"player": [_("%(player)s kann sich nach %(match)s nicht entwickeln.") % values]}
    if category.code not in primary_codes(player):
        return {"category": [_("%(category)s ist für %(player)s keine Primär-Kategorie.") % values]}
    gainable = gainable_skills(player=player, match=match, categories=[category.code])
    if len(gainable) < 3:
        message = _(
            "In %(category)s gibt es für %(player)s weniger als drei erlernbare Fertigkeiten."
        )
        return {"category": [message % values]}
    if len(proposals) != 3:
        return {"proposal_1": [_("Bitte drei verschiedene Fertigkeiten vorschlagen.")]}
    allowed = {skill.pk for skill in gainable}
    owned = current_skill_ids(player, at_match=match)
    errors: dict[str, list[str]] = {}
    seen = set()
    for name, skill in zip(PROPOSAL_FIELDS, proposals, strict=True):
        values["skill"] = skill
        if skill.pk in seen:
            message = _("%(skill)s steht schon oben: bitte drei verschiedene Fertigkeiten.")
        elif skill.pk in owned:
            message = _("%(player)s hat %(skill)s schon.")
        elif skill.pk not in allowed:
            message = _("%(skill)s kann %(player)s in %(category)s nicht lernen.")
        else:
            seen.add(skill.pk)
            continue
        errors[name] = [message % values]
    return errors


def record_devious_bonus(*, development: Development, skill: Skill, by) -> Development:
    """ "5+ am Tisch gewürfelt": a second gainable Devious skill, by the team's coach (or an
    admin), after a Selbst wählen in Devious."""
    with transaction.atomic():
        Match.objects.lock(development.match_id)
        development = Development.objects.select_related(
            "match__season", "team", "player", "category"
        ).get(pk=development.pk)
        if not development.bonus_may_be_recorded_by(by):
            raise PermissionDenied(_("Den Bonus trägt nur der Coach des Teams oder ein Admin ein."))
        if development.bonus_skill_id is not None:
            raise ValidationError(_("Der Bonus ist schon eingetragen."))
        if not development.awaits_devious_bonus:
            raise ValidationError(
                _("Der Bonus gibt es nur nach „Selbst wählen“ in Hinterlistig (Devious).")
            )
        if skill not in devious_bonus_options(development):
            raise ValidationError(
                _("%(skill)s ist keine erlernbare Hinterlistig-Fertigkeit für %(player)s.")
                % {"skill": skill, "player": development.player}
            )
        development.bonus_skill = skill
        development._history_user = by
        development.save(update_fields=["bonus_skill"])
        return development


def devious_bonus_options(development: Development) -> list[Skill]:
    """The Devious skills the bonus may add: gainable, and not the one just gained."""
    gainable = gainable_skills(
        player=development.player, match=development.match, categories=[DEVIOUS]
    )
    return [skill for skill in gainable if skill.pk != development.skill_id]


def reset_development(*, development: Development, by) -> Development:
    """Admins only: the development no longer counts (its skills go), the row and its rolls
    stay as history, and the team may choose again."""
    if not Development.may_be_reset_by(by):
        raise PermissionDenied(_("Nur Admins setzen eine Entwicklung zurück."))
    with transaction.atomic():
        Match.objects.lock(development.match_id)
        development = Development.objects.get(pk=development.pk)
        if development.is_reset:
            raise ValidationError(_("Diese Entwicklung ist schon zurückgesetzt."))
        development.reset_at = timezone.now()
        development.reset_by = by
        development._history_user = by
        development.save(update_fields=["reset_at", "reset_by"])
        return development


# --- corrections --------------------------------------------------------------------------


def development_errors(match: Match) -> list[str]:
    """German messages for every development of `match` a correction made invalid: its player
    no longer eligible (suspended, dead in it, retired, not yet on the roster) or a gained
    skill he already has by then."""
    errors = []
    developments = (
        match.developments.active()
        .exclude(player=None)
        .select_related("team", "player", "skill", "bonus_skill")
    )
    for development in developments:
        player = development.player
        values = {"player": player, "match": match.label()}
        eligible = {p.pk for p in eligible_players(match=match, team=development.team)}
        if player.pk not in eligible:
            errors.append(
                _(
                    "%(player)s hat sich nach %(match)s entwickelt, war dort aber nicht "
                    "einsatzfähig. Bitte zuerst diese Entwicklung korrigieren."
                )
                % values
            )
            continue
        owned = current_skill_ids(player, at_match=match)
        for skill in (development.skill, development.bonus_skill):
            if skill is not None and skill.pk in owned:
                values["skill"] = skill
                errors.append(
                    _(
                        "%(player)s hätte %(skill)s nach %(match)s doppelt. Bitte zuerst diese "
                        "Entwicklung korrigieren."
                    )
                    % values
                )
    return errors
