"""Casualties recorded by hand on the squad page: 🏥 or 💀 for an injury outside a match.

They drive the derived status exactly like a tick (`status.py`); the coach of the team or an
admin records and removes them.
"""

from datetime import date, datetime, time

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Season
from roster.models import Player, Team

from .development import development_errors
from .models import CasualtyRecord, Match
from .services import AlreadyDone, tick_errors


def moment_of(day: date) -> datetime:
    """Today means now; an earlier day counts at its end (after that day's matches)."""
    if day == timezone.localdate():
        return timezone.now()
    return timezone.make_aware(datetime.combine(day, time(23, 59)))


def record_casualty(*, player: Player, kind: str, day: date, note: str = "", by) -> CasualtyRecord:
    if not player.team.is_editable_by(by):
        raise PermissionDenied(_("Nur der Coach des Teams oder ein Admin trägt das ein."))
    errors = []
    season = Season.objects.current()
    if season is None:
        errors.append(_("Es läuft gerade keine Saison."))
    if player.is_retired:
        errors.append(_("%(player)s ist entlassen.") % {"player": player})
    if day > timezone.localdate():
        errors.append(_("Das Datum kann nicht in der Zukunft liegen."))
    elif season is not None and moment_of(day) < season.started_at:
        errors.append(_("Das Datum liegt vor dem Beginn der laufenden Saison."))
    if errors:
        raise ValidationError(errors)
    record = CasualtyRecord(
        player=player,
        season=season,
        kind=kind,
        happened_at=moment_of(day),
        note=note.strip(),
        recorded_by=by,
    )
    record.full_clean(exclude=["recorded_by"])
    with transaction.atomic():
        Team.objects.lock(player.team_id)
        # The same 🏥/💀 for the same day again (a double tap): stored once (issue 26).
        same = CasualtyRecord.objects.filter(player=player, kind=kind, season=season)
        if any(timezone.localdate(r.happened_at) == day for r in same):
            raise AlreadyDone(
                _("%(symbol)s für %(player)s am %(day)s ist schon eingetragen.")
                % {"symbol": record.symbol, "player": player, "day": day.strftime("%d.%m.%Y")}
            )
        record.save()
        errors = entries_made_invalid(record)
        if errors:
            raise ValidationError(errors)  # the record goes with the transaction
    return record


def entries_made_invalid(record: CasualtyRecord) -> list[str]:
    """German messages for the stored ticks and developments of the team's played matches after
    `record` that it makes invalid (a player then suspended), each naming the match to fix
    first (docs/league.md, "Korrekturen"): a back-dated 🏥/💀 never changes them."""
    later = (
        Match.objects.played()
        .for_team(record.player.team)
        .filter(
            Q(season__number__gt=record.season.number)
            | Q(season=record.season, played_at__gt=record.happened_at)
        )
        .select_related("season", "home", "away")
        .in_play_order()
    )
    if record.kind == CasualtyRecord.Kind.SERIOUSLY_INJURED:
        later = later[:1]  # a 🏥 costs only the team's next played match
    errors = []
    for match in later:
        errors += tick_errors(match) + development_errors(match)
    if errors:
        errors.insert(
            0,
            _(
                "%(symbol)s am %(day)s passt nicht zu den eingetragenen Spielen. Bitte zuerst "
                "das genannte Spiel korrigieren:"
            )
            % {
                "symbol": record.symbol,
                "day": timezone.localtime(record.happened_at).strftime("%d.%m.%Y"),
            },
        )
    return errors


def remove_casualty_record(*, record: CasualtyRecord, by) -> None:
    if not record.player.team.is_editable_by(by):
        raise PermissionDenied(_("Nur der Coach des Teams oder ein Admin entfernt das."))
    record.delete()
