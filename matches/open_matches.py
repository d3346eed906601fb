"""Open matches: the schedule, appointments, cancellations (docs/league.md, "Termine und Absagen").

A match exists before it has a result: created by a coach (with or without an appointment) or by
the admin's schedule "jeder gegen jeden". Either coach sets or moves its appointment, cancels for
his team or deletes it while it has no result. A cancellation less than 24 hours before the
appointment is a forfeit (`appointments.is_late_cancellation`); only admins undo one. A match
still open when its season closes has lapsed (derived: `MatchQuerySet.lapsed`).

Every change of an open match locks its row and compares the version the page was loaded with,
so of two coaches cancelling or moving at once one wins and the other is told what happened.
"""

from datetime import datetime

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from config.minutes import to_the_minute
from config.pagecache import fragments
from config.roles import is_league_admin
from config.writeguard import StaleVersion
from league.models import Season
from roster.models import Team

from .models import Cancellation, Match
from .outbox import What, announce
from .round_robin import Fixture, plan_fixtures
from .services import AlreadyDone


def _local(moment: datetime) -> str:
    return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


def _not_in_the_past(scheduled_at: datetime | None, now: datetime) -> None:
    if scheduled_at is not None and scheduled_at < to_the_minute(now):
        raise ValidationError(
            {"scheduled_at": _("Der Termin liegt in der Vergangenheit.")}, code="past"
        )


def _why_closed(match: Match) -> str | None:
    """Why nothing can be scheduled or cancelled for this match any more (None: it is open)."""
    if match.is_played:
        return _("Dieses Spiel hat schon ein Ergebnis.")
    if match.is_forfeit:
        return _("Dieses Spiel ist schon kampflos gewertet (%(team)s hat zu spät abgesagt).") % {
            "team": match.forfeited_by
        }
    if not match.season.is_current:
        return _("Dieses Spiel ist mit dem Ende von %(season)s verfallen.") % {
            "season": match.season
        }
    return None


def what_happened(match: Match) -> str:
    """A German sentence for a coach whose change came too late: the match as it is now."""
    reason = _why_closed(match)
    if reason is not None:
        return reason
    if match.scheduled_at is not None:
        return _("Der Termin steht inzwischen auf %(when)s.") % {"when": _local(match.scheduled_at)}
    latest = match.cancellations.select_related("team").last()
    if latest is not None:
        return _("%(team)s hat inzwischen abgesagt; das Spiel wartet auf einen neuen Termin.") % {
            "team": latest.team
        }
    return _("Das Spiel hat inzwischen keinen Termin mehr.")


def _claim(pk: int, version: int, by=None) -> Match:
    """Lock the match row; refuse if somebody changed it since the page was loaded. When the
    change since then was `by`'s own (his form sent twice: a double tap, a reload), say so
    instead of blaming somebody else."""
    # The forfeiting team is read after the lock: a join made while waiting for it would
    # still show the row as it was before the other transaction.
    try:
        return Match.objects.select_related("season", "home", "away").claim(pk, version=version)
    except StaleVersion as stale:
        if by is not None and _only_change_since_was_by(stale.current, version=version, by=by):
            raise ValidationError(
                _("Schon erledigt, das hast du eben eingetragen: %(now)s")
                % {"now": what_happened(stale.current)},
                code="repeated",
            ) from None
        raise ValidationError(
            _("Jemand anderes war schneller: %(now)s Bitte prüfe das Spiel und versuche es erneut.")
            % {"now": what_happened(stale.current)},
            code="stale",
        ) from None


def _only_change_since_was_by(match: Match, *, version: int, by) -> bool:
    """One version on from the page's, and that change's history names `by`."""
    if match.version != version + 1:
        return False
    latest = match.history.order_by("-history_date", "-history_id").first()
    return latest is not None and latest.history_user_id == by.pk


def _open(match: Match) -> None:
    reason = _why_closed(match)
    if reason is not None:
        raise ValidationError(reason, code="closed")


def open_match_for_pairing(*, season: Season, home: Team, away: Team) -> Match | None:
    """The first open match of these two teams (either venue) in `season`: "Spiel eintragen"
    for this pairing belongs there, not into a second match."""
    return (
        Match.objects.for_season(season)
        .without_result()
        .for_pairing(home, away)
        .in_schedule_order()
        .first()
    )


def entry_targets(*, season: Season, user) -> dict[tuple[int, int], Match | None]:
    """For "Spiel eintragen" without signal: every pairing (home, away) of one of the user's
    own teams with another team of `season`, either venue, and the open match its result
    belongs to (as `open_match_for_pairing` says; None: a new match)."""
    teams = list(season.teams.select_related("coach").order_by("name"))
    mine = [team for team in teams if team.is_coached_by(user)]
    if not mine:
        return {}
    waiting = list(
        Match.objects.for_season(season)
        .without_result()
        .filter(Q(home__in=mine) | Q(away__in=mine))
        .in_schedule_order()
    )
    targets: dict[tuple[int, int], Match | None] = {}
    for own in mine:
        for other in teams:
            if other.pk == own.pk:
                continue
            pair = {own.pk, other.pk}
            first = next((m for m in waiting if {m.home_id, m.away_id} == pair), None)
            targets[(own.pk, other.pk)] = targets[(other.pk, own.pk)] = first
    return targets


def create_match(
    *, home: Team, away: Team, scheduled_at: datetime | None, by, now: datetime | None = None
) -> Match:
    """A match without result between two teams of the current season (either coach or an
    admin), with or without an appointment."""
    if not Match.may_enter(by, home=home, away=away):
        raise PermissionDenied(_("Du kannst nur Spiele deiner eigenen Teams anlegen."))
    season = Season.objects.current()
    if season is None:
        raise ValidationError(_("Es läuft gerade keine Saison."))
    _not_in_the_past(scheduled_at, now or timezone.now())
    match = Match(season=season, home=home, away=away, scheduled_at=scheduled_at, entered_by=by)
    match.full_clean(exclude=["entered_by", "version"])
    with transaction.atomic():
        match._history_user = by  # the history names who did it, request or not
        match.save()
        if scheduled_at is not None:
            _announce_appointment(match, by=by, change="set")
    return match


def _announce_appointment(match: Match, *, by, change: str) -> None:
    announce(
        What.APPOINTMENT,
        match=match,
        by=by,
        key=f"appointment:{match.pk}:{match.version}:{change}",
        change=change,
    )


def set_appointment(
    *, match: Match, scheduled_at: datetime, version: int, by, now: datetime | None = None
) -> Match:
    """Set or move the appointment (either coach or an admin). Moving is not a cancellation."""
    if not match.may_be_scheduled_by(by):
        raise PermissionDenied(_("Den Termin legen nur die Coaches der beiden Teams fest."))
    _not_in_the_past(scheduled_at, now or timezone.now())
    with transaction.atomic():
        current = Match.objects.select_related("season", "home", "away").lock_one(match.pk)
        if current.version != version and current.scheduled_at == scheduled_at:
            # The same appointment sent again (a double tap): it is already there.
            raise AlreadyDone(_("Der Termin steht schon: %(match)s") % {"match": current.label()})
        match = _claim(match.pk, version, by=by)
        _open(match)
        change = "set" if match.scheduled_at is None else "moved"
        unchanged = match.scheduled_at == scheduled_at
        match.scheduled_at = scheduled_at
        match._history_user = by  # the history names who did it, request or not
        match.save(update_fields=["scheduled_at"])
        if not unchanged:
            _announce_appointment(match, by=by, change=change)
    return match


def may_cancel_for(user, match: Match) -> list[Team]:
    """The teams `user` may cancel for: his own teams of the match; admins both."""
    if not match.may_be_scheduled_by(user):
        return []
    if is_league_admin(user):
        return [match.home, match.away]
    return [team for team in (match.home, match.away) if team.is_coached_by(user)]


def may_report_no_show(user, match: Match) -> list[Team]:
    """The absent teams `user` may record: the opponent of his team; admins either."""
    if not match.may_be_scheduled_by(user):
        return []
    if is_league_admin(user):
        return [match.home, match.away]
    return [match.opponent_of(team) for team in may_cancel_for(user, match)]


def cancel_match(
    *,
    match: Match,
    team: Team,
    version: int,
    by,
    no_show: bool = False,
    now: datetime | None = None,
) -> Cancellation:
    """`team` calls off the appointment, recorded now.

    Less than 24 hours before it: a forfeit, `team` loses 0:3. Earlier or without an
    appointment: no penalty, the match waits for a new appointment. `no_show`: the opponent
    (or an admin) records that `team` did not turn up, after the appointment; it counts as a
    late cancellation by `team`.
    """
    now = now or timezone.now()
    allowed = may_report_no_show(by, match) if no_show else may_cancel_for(by, match)
    if team not in allowed:
        if no_show:
            raise PermissionDenied(
                _("Ein Nichterscheinen trägt der Coach des Gegners oder ein Admin ein.")
            )
        raise PermissionDenied(_("Absagen kann nur der Coach des Teams oder ein Admin."))
    with transaction.atomic():
        match = _claim(match.pk, version, by=by)
        _open(match)
        if no_show and (match.scheduled_at is None or match.scheduled_at > now):
            raise ValidationError(
                _("Nicht erschienen kann ein Team erst nach dem Termin sein."), code="early"
            )
        cancellation = Cancellation.objects.create(
            match=match,
            team=team,
            appointment=match.scheduled_at,
            cancelled_at=now,
            no_show=no_show,
            recorded_by=by,
        )
        if cancellation.is_late:
            match.forfeited_by = team
        else:
            match.scheduled_at = None
        match._history_user = by  # the history names who did it, request or not
        match.save(update_fields=["forfeited_by", "scheduled_at"])
        if cancellation.is_late:
            announce(What.FORFEIT, match=match, by=by, key=f"forfeit:{cancellation.pk}")
        else:
            _announce_appointment(match, by=by, change="cancelled")
    return cancellation


def undo_forfeit(*, match: Match, version: int, by) -> Match:
    """Admins only: the forfeit no longer counts, the match is open again with its old
    appointment; the cancellation stays in the history, marked as undone."""
    if not is_league_admin(by):
        raise PermissionDenied(_("Eine Kampflos-Wertung nimmt nur ein Admin zurück."))
    with transaction.atomic():
        match = _claim(match.pk, version, by=by)
        if not match.is_forfeit:
            raise ValidationError(_("Dieses Spiel ist nicht kampflos gewertet."))
        cancellation = match.cancellations.filter(forfeit_undone_at__isnull=True).last()
        if cancellation is not None:
            cancellation.forfeit_undone_at = timezone.now()
            cancellation.forfeit_undone_by = by
            cancellation.save(update_fields=["forfeit_undone_at", "forfeit_undone_by"])
        match.forfeited_by = None
        match._history_user = by  # the history names who did it, request or not
        match.save(update_fields=["forfeited_by"])
    return match


def correct_cancellation_time(
    *, cancellation: Cancellation, cancelled_at: datetime, version: int, by
) -> Match:
    """Admins only: correct when the match's latest cancellation was made. The 24-hour rule is
    applied again: a forfeit may become a cancellation in time (the match waits for a new
    appointment) or the other way round (only while the match has no result). `version` is
    the match's, as the admin's page showed it."""
    if not is_league_admin(by):
        raise PermissionDenied(_("Die Zeit einer Absage korrigiert nur ein Admin."))
    with transaction.atomic():
        match = _claim(cancellation.match_id, version, by=by)
        latest = match.cancellations.last()
        if latest is None or latest.pk != cancellation.pk:
            raise ValidationError(_("Nur die letzte Absage eines Spiels lässt sich korrigieren."))
        if match.is_played:
            raise ValidationError(_("Dieses Spiel hat schon ein Ergebnis."))
        cancellation = latest
        cancellation.cancelled_at = cancelled_at
        cancellation.save(update_fields=["cancelled_at"])
        forfeit_counts = cancellation.forfeit_undone_at is None
        if cancellation.is_late and forfeit_counts:
            match.forfeited_by_id = cancellation.team_id
            match.scheduled_at = cancellation.appointment
        elif match.forfeited_by_id == cancellation.team_id:
            match.forfeited_by = None
            match.scheduled_at = None
        match._history_user = by  # the history names who did it, request or not
        match.save(update_fields=["forfeited_by", "scheduled_at"])
    return match


def delete_open_match(*, match: Match, version: int, by) -> None:
    """Either coach (or an admin) deletes a match that has no result."""
    if not match.may_be_scheduled_by(by):
        raise PermissionDenied(_("Löschen können nur die Coaches der beiden Teams."))
    with transaction.atomic():
        match = _claim(match.pk, version, by=by)
        if match.has_result:
            raise ValidationError(
                _("Ein Spiel mit Ergebnis lässt sich hier nicht löschen."), code="closed"
            )
        match.delete()


def generate_schedule(*, season: Season, legs: int, by) -> list[Match]:
    """Admins only: open matches so that every pair of the season's teams meets `legs` times
    (1 or 2). Pairings the season already has count; running it again after a team joined
    schedules that team in."""
    if not is_league_admin(by):
        raise PermissionDenied(_("Den Spielplan erzeugt nur ein Admin."))
    if legs not in (1, 2):
        raise ValidationError(_("Jeder gegen jeden: einfach oder doppelt."))
    with transaction.atomic():
        season = Season.objects.lock_one(season.pk)
        if not season.is_current:
            raise ValidationError(_("Einen Spielplan gibt es nur für die laufende Saison."))
        existing = [
            Fixture(round=r or 0, home=h, away=a)
            for r, h, a in Match.objects.for_season(season).values_list("round", "home", "away")
        ]
        team_ids = season.teams.values_list("pk", flat=True)
        fixtures = plan_fixtures(team_ids, legs=legs, existing=existing)
        created = Match.objects.bulk_create(
            Match(season=season, home_id=f.home, away_id=f.away, round=f.round, entered_by=by)
            for f in fixtures
        )
        fragments.renew_rows(Match, created)  # bulk_create sends no signals
        return created
