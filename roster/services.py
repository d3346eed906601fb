"""Workflows that change a squad: creating a team, adding, changing and retiring players
(deleting one depends on his matches: `matches.squad.delete_player`).

Every workflow checks the league's roster limits (docs/league.md, "Teams und Kader") inside one
transaction, so two concurrent submits can never leave a squad over its limits.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.models import Position, PositionSkill, Race

from .models import MAX_PLAYERS, MAX_WITHOUT_LINEMAN, MIN_PLAYERS, Player, PlayerSkill, Team
from .names import normalise_name


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    number: int
    position: Position
    # "Aus Vorlage übernehmen" at creation: record the position's sets; else unrestricted.
    categories_from_template: bool = False


def roster_limit_errors(*, race: Race, positions: Sequence[Position]) -> list[str]:
    """German messages for every limit the given roster (all non-retired players) breaks."""
    errors = []
    if len(positions) > MAX_PLAYERS:
        errors.append(
            _("Höchstens %(max)d Spieler im Kader (es wären %(count)d).")
            % {"max": MAX_PLAYERS, "count": len(positions)}
        )
    foreign = sorted({p.name for p in positions if p.race_id != race.pk})
    if foreign:
        errors.append(
            _("Diese Positionen gehören nicht zu %(race)s: %(names)s.")
            % {"race": race.name, "names": ", ".join(foreign)}
        )
    without_lineman = sum(1 for p in positions if not p.is_lineman)
    if without_lineman > MAX_WITHOUT_LINEMAN:
        errors.append(
            _("Höchstens %(max)d Spieler ohne das Schlüsselwort Lineman (es wären %(count)d).")
            % {"max": MAX_WITHOUT_LINEMAN, "count": without_lineman}
        )
    by_position = Counter(p.pk for p in positions)
    for position in {p.pk: p for p in positions}.values():
        if by_position[position.pk] > position.max_count:
            errors.append(
                ngettext(
                    "%(position)s: höchstens %(max)d Spieler (es wären %(count)d).",
                    "%(position)s: höchstens %(max)d Spieler (es wären %(count)d).",
                    position.max_count,
                )
                % {
                    "position": position.name,
                    "max": position.max_count,
                    "count": by_position[position.pk],
                }
            )
    return errors


def _annotated(positions: Sequence[Position]) -> list[Position]:
    """The same positions with `lineman` annotated, in one query."""
    annotated = {
        p.pk: p
        for p in Position.objects.with_annotations().filter(pk__in={p.pk for p in positions})
    }
    return [annotated[p.pk] for p in positions]


def _check(*, race: Race, positions: Sequence[Position]) -> None:
    errors = roster_limit_errors(race=race, positions=_annotated(positions))
    if errors:
        raise ValidationError(errors)


def _create_player(*, team: Team, spec: PlayerSpec) -> Player:
    player = Player.objects.create(
        team=team, name=normalise_name(spec.name), number=spec.number, position=spec.position
    )
    copy_starting_skills(player)
    if spec.categories_from_template:
        player.copy_categories_from_position()
    return player


def copy_starting_skills(player: Player) -> None:
    """A new player gets his position's starting skills (a copy: later template edits never
    change him)."""
    PlayerSkill.objects.bulk_create(
        PlayerSkill(
            player=player,
            skill_id=entry.skill_id,
            parameter=entry.parameter,
            source=PlayerSkill.Source.START,
            order=entry.order,
        )
        for entry in PositionSkill.objects.filter(position=player.position)
    )


def _check_numbers(numbers: Sequence[int]) -> None:
    twice = sorted(n for n, count in Counter(numbers).items() if count > 1)
    if twice:
        raise ValidationError(
            _("Jede Nummer nur einmal: %(numbers)s kommt doppelt vor.")
            % {"numbers": ", ".join(map(str, twice))}
        )


def squad_errors(*, race: Race, players: Sequence[tuple[int, Position]]) -> list[str]:
    """German messages for everything wrong with a roster of (number, position) pairs: a
    number twice, or a limit broken. For screens that change several players at once."""
    try:
        _check_numbers([number for number, _ in players])
    except ValidationError as error:
        numbers = error.messages
    else:
        numbers = []
    return numbers + roster_limit_errors(
        race=race, positions=_annotated([position for _, position in players])
    )


def _check_joining(*, team: Team, number: int, position: Position) -> None:
    """The team's roster with one more player must keep its numbers unique and its limits."""
    roster = list(team.roster().select_related("position"))
    _check_numbers([p.number for p in roster] + [number])
    _check(race=team.race, positions=[p.position for p in roster] + [position])


def create_team(*, name: str, race: Race, coach, players: Sequence[PlayerSpec]) -> Team:
    """Create a team with its first squad: at least 7 players, all limits held, or nothing.

    Enrolment in a season is the league's business (`league.services.found_team`).
    """
    if len(players) < MIN_PLAYERS:
        raise ValidationError(
            _("Ein neues Team braucht mindestens %(min)d Spieler.") % {"min": MIN_PLAYERS}
        )
    _check_numbers([spec.number for spec in players])
    _check(race=race, positions=[spec.position for spec in players])
    name = normalise_name(name)
    try:
        with transaction.atomic():
            team = Team.objects.create(name=name, race=race, coach=coach)
            for spec in players:
                _create_player(team=team, spec=spec)
    except IntegrityError as error:
        if Team.objects.filter(name__iexact=name).exists():
            raise ValidationError(_("Ein Team mit diesem Namen gibt es schon.")) from error
        raise
    return team


def add_player(*, team: Team, spec: PlayerSpec) -> Player:
    """Add a player (free, at any time) if the roster limits still hold afterwards."""
    with transaction.atomic():
        # Lock the team so two concurrent additions are checked one after the other.
        team = Team.objects.lock_one(team.pk)
        _check_joining(team=team, number=spec.number, position=spec.position)
        return _create_player(team=team, spec=spec)


def update_player(*, player: Player, name: str, number: int, position: Position) -> Player:
    """Change name, number or position if the roster keeps unique numbers and its limits.

    Whether the position may still change (not after his first match) is decided above this
    app, where the matches are known (`matches.squad.change_player`).
    """
    with transaction.atomic():
        team = Team.objects.lock_one(player.team_id)
        if not player.is_retired:
            others = list(team.roster().exclude(pk=player.pk).select_related("position"))
            _check_numbers([p.number for p in others] + [number])
            _check(race=team.race, positions=[p.position for p in others] + [position])
        player.name, player.number, player.position = name.strip(), number, position
        player.save(update_fields=["name", "number", "position"])
    return player


def retire_player(*, player: Player, on: date) -> Player:
    """ "Entlassen": the player leaves the roster for good and stays in the history."""
    with transaction.atomic():
        # The team's lock: a result being saved for this team is checked before or after.
        Team.objects.lock(player.team_id)
        player = Player.objects.get(pk=player.pk)
        if player.is_retired:
            raise ValidationError(_("Der Spieler ist schon entlassen."))
        player.retired_on = on
        player.save(update_fields=["retired_on"])
    return player


def unretire_player(*, player: Player) -> Player:
    """Undo a retirement (admins only), if the number is free and the limits hold."""
    with transaction.atomic():
        team = Team.objects.lock_one(player.team_id)
        _check_joining(team=team, number=player.number, position=player.position)
        player.retired_on = None
        player.save(update_fields=["retired_on"])
    return player
