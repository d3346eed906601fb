"""Appointments as iCalendar feeds (RFC 5545), for calendar apps to subscribe to.

Built with the `icalendar` library. One event per match with an appointment: both team names,
the round, and a link to the match page. Each event keeps its UID, so a moved appointment moves
in the subscribed calendar; a match forfeited after a late cancellation stays as a cancelled
event; a deleted result is left out. The times carry their Europe/Berlin zone with a VTIMEZONE of
yearly rules (`vtimezone.py`), so summer and winter time come out right in every app.

What a client uses to recognise an event does not depend on how it fetched the feed: the UID
names the site's host from `SITE_URL` (not the requested host), and DTSTAMP is the time the match
last changed (its newest history entry), not the time of the request, so a calendar does not
duplicate events or alert again on every refresh.
"""

from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import DateTimeField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from .models import Match
from .vtimezone import yearly_rules

SLOT = timedelta(hours=2)
"""How long an appointment blocks the calendar: a Sevens match with setting up."""

PRODID = "-//Hopfen&Sieg//Liga-Termine//DE"


def site_domain() -> str:
    """The host of `SITE_URL`: the same for every host name the site answers to."""
    return urlsplit(settings.SITE_URL).hostname or "localhost"


def match_uid(match: Match, domain: str | None = None) -> str:
    return f"spiel-{match.pk}@{domain or site_domain()}"


def with_last_change(matches: QuerySet) -> QuerySet:
    """Annotate `last_change`: when the match was last saved (its newest history entry), or
    created when it has none."""
    newest = (
        Match.history.model.objects.filter(id=OuterRef("pk"))
        .order_by("-history_date")
        .values("history_date")[:1]
    )
    return matches.annotate(
        last_change=Coalesce(Subquery(newest), "created_at", output_field=DateTimeField())
    )


def _add_times(event: Event, start: datetime, zone: ZoneInfo, *, zoned: bool) -> None:
    """DTSTART and DTEND in the league's zone (or in UTC, where the zone's rules are not
    written out); an appointment at the edge of the calendar (31.12.9999) gets a DURATION,
    as its end is past the last representable time."""
    try:
        local = start.astimezone(zone) if zoned else start.astimezone(UTC)
    except OverflowError:
        local = start.astimezone(UTC)
    event.add("dtstart", local)
    try:
        event.add("dtend", local + SLOT)
    except OverflowError:
        event.add("duration", SLOT)


def _summary(match: Match) -> str:
    teams = f"{match.home.name} – {match.away.name}"
    if match.is_forfeit:
        return _("%(teams)s (abgesagt, kampflos)") % {"teams": teams}
    if match.is_played:
        return (
            f"{match.home.name} {match.home_touchdowns}:{match.away_touchdowns} {match.away.name}"
        )
    return teams


def build_calendar(
    matches: Iterable[Match],
    *,
    name: str,
    link: Callable[[Match], str],
    domain: str | None = None,
) -> bytes:
    """The feed of `matches` (those without appointment or deleted are left out) as iCalendar
    bytes. A match may carry `last_change` (`with_last_change`) for its DTSTAMP."""
    zone_name = timezone.get_default_timezone_name()
    zone = ZoneInfo(zone_name)
    rules = yearly_rules(zone_name)
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", zone_name)
    zoned_any = False
    for match in matches:
        if match.scheduled_at is None or match.deleted_at is not None:
            continue
        zoned = rules is not None and rules.covers(match.scheduled_at)
        zoned_any = zoned_any or zoned
        url = link(match)
        event = Event()
        event.add("uid", match_uid(match, domain))
        event.add("dtstamp", getattr(match, "last_change", None) or match.created_at)
        _add_times(event, match.scheduled_at, zone, zoned=zoned)
        event.add("summary", _summary(match))
        details = [str(match.season)]
        if match.round:
            details.append(_("Runde %(round)d") % {"round": match.round})
        event.add("description", f"{' · '.join(details)}\n{url}")
        event.add("url", url)
        event.add("status", "CANCELLED" if match.is_forfeit else "CONFIRMED")
        event.add("sequence", match.version)
        calendar.add_component(event)
    if zoned_any:
        calendar.subcomponents.insert(0, rules.component())
    return calendar.to_ical()
