"""Entering and correcting a match result ("Spiel eintragen"), docs/league.md "Spiele".

A result is checked as a whole inside one transaction: the teams, the time, the ticks of this
match, and every later match of both teams whose ticks might depend on it (a back-dated 🏥 can
suspend a player who is ticked in the next match). Anything invalid rolls everything back with a
German message naming the match to fix.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from league.models import Season
from roster.models import Player, Team

from .development import development_errors
from .models import CasualtyTick, Match
from .status import suspended_for_match


@dataclass(frozen=True)
class MatchEntry:
    home: Team
    away: Team
    played_at: datetime
    home_touchdowns: int
    away_touchdowns: int
    conceded_by: Team | None = None
    home_journeymen_casualties: int = 0
    away_journeymen_casualties: int = 0
    # player id -> Casualty; players of both teams (each suffered the casualty)
    casualties: Mapping[int, str] = field(default_factory=dict)


def _messages(error: ValidationError) -> list[str]:
    return [message for messages in error.message_dict.values() for message in messages]


def _validate(match: Match, entry: MatchEntry) -> None:
    """The model's own checks (fields, constraints, `Match.clean`) and the ticks' kinds."""
    errors = []
    try:
        match.full_clean(exclude=["entered_by", "version"])
    except ValidationError as error:
        errors += _messages(error)
    for player_id, kind in entry.casualties.items():
        try:
            CasualtyTick(player_id=player_id, kind=kind).clean_fields(exclude=["match", "player"])
        except ValidationError:
            errors.append(_("Unbekannter Ausfall."))
            break
    if errors:
        raise ValidationError(errors)


def tick_errors(match: Match) -> list[str]:
    """German messages for every stored tick of `match` that is not allowed.

    Eligible: on the roster at played_at (created before, not retired before the match day)
    and not suspended for this match (🏥 from the team's previous played match, 💀 earlier
    this season).
    """
    suspended = {
        match.home_id: suspended_for_match(match.home, match),
        match.away_id: suspended_for_match(match.away, match),
    }
    ticks = list(match.casualties.select_related("player"))
    on_roster = set(
        Player.objects.filter(pk__in=[t.player_id for t in ticks])
        .on_roster_at(match.played_at)
        .values_list("pk", flat=True)
    )
    errors = []
    for tick in ticks:
        player = tick.player
        values = {"player": player, "match": match.label()}
        if player.team_id not in suspended:
            errors.append(_("%(player)s spielte nicht in %(match)s.") % values)
        elif player.pk not in on_roster:
            if player.created_at > match.played_at:
                errors.append(_("%(player)s war in %(match)s noch nicht im Kader.") % values)
            else:
                errors.append(_("%(player)s war in %(match)s schon entlassen.") % values)
        elif player.pk in suspended[player.team_id]:
            values["status"] = suspended[player.team_id][player.pk].symbol
            errors.append(_("%(player)s war in %(match)s gesperrt (%(status)s).") % values)
    return errors


def _later_pks(match: Match) -> set[int]:
    teams = [match.home_id, match.away_id]
    later = Match.objects.filter(home__in=teams) | Match.objects.filter(away__in=teams)
    return set(later.played().after(match).values_list("pk", flat=True))


def _save(*, match: Match, entry: MatchEntry, later: set[int]) -> Match:
    for name in (
        "played_at",
        "home_touchdowns",
        "away_touchdowns",
        "home_journeymen_casualties",
        "away_journeymen_casualties",
    ):
        setattr(match, name, getattr(entry, name))
    match.conceded_by = entry.conceded_by
    _validate(match, entry)
    match.save()
    match.casualties.all().delete()
    CasualtyTick.objects.bulk_create(
        CasualtyTick(match=match, player_id=player_id, kind=kind)
        for player_id, kind in entry.casualties.items()
    )
    later |= _later_pks(match)
    errors = tick_errors(match) + development_errors(match)
    to_check = Match.objects.filter(pk__in=later).select_related("season", "home", "away")
    for other in to_check.in_play_order():
        errors += tick_errors(other) + development_errors(other)
    if errors:
        raise ValidationError(errors)
    return match


def enter_match(*, entry: MatchEntry, by) -> Match:
    """Record a played match in the current season (either coach, or an admin)."""
    if not Match.may_enter(by, home=entry.home, away=entry.away):
        raise PermissionDenied(_("Nur die Coaches der beiden Teams oder Admins tragen ein."))
    season = Season.objects.current()
    if season is None:
        raise ValidationError(_("Es läuft gerade keine Saison."))
    with transaction.atomic():
        match = Match(season=season, home=entry.home, away=entry.away, entered_by=by)
        return _save(match=match, entry=entry, later=set())


def update_match(*, match: Match, entry: MatchEntry, version: int, by) -> Match:
    """Correct a result, or enter the result of an open (scheduled) match. `version` is the
    one the form was loaded with: of two concurrent saves the later one fails instead of
    overwriting the first."""
    if not match.is_editable_by(by):
        raise PermissionDenied(_("Dieses Spiel darfst du nicht ändern."))
    if match.is_forfeit:
        raise ValidationError(
            _("Dieses Spiel ist kampflos gewertet; nur ein Admin nimmt das zurück.")
        )
    if (entry.home.pk, entry.away.pk) != (match.home_id, match.away_id):
        raise ValidationError(_("Die Teams eines Spiels bleiben fest."))
    with transaction.atomic():
        claimed = Match.objects.filter(pk=match.pk, version=version).update(
            version=F("version") + 1
        )
        if not claimed:
            raise ValidationError(
                _(
                    "Dieses Spiel wurde inzwischen von jemand anderem gespeichert. Bitte lade "
                    "die Seite neu und prüfe das Ergebnis, bevor du erneut speicherst."
                )
            )
        match = Match.objects.select_related("season", "home", "away").get(pk=match.pk)
        if match.is_forfeit:
            raise ValidationError(
                _("Dieses Spiel ist inzwischen kampflos gewertet; nur ein Admin nimmt das zurück.")
            )
        # Matches after the old place may depend on it too (moving a match changes the order).
        later = _later_pks(match) if match.is_played else set()
        return _save(match=match, entry=entry, later=later)
