"""Appointments as iCalendar feeds (RFC 5545), for calendar apps to subscribe to.

Built with the `icalendar` library. One event per match with an appointment: both team names,
the round, and a link to the match page. Each event keeps its UID, so a moved appointment moves
in the subscribed calendar; a match forfeited after a late cancellation stays as a cancelled
event. The times carry their Europe/Berlin zone (with its VTIMEZONE), so summer and winter time
come out right in every app.
"""

from collections.abc import Callable, Iterable
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from .models import Match

SLOT = timedelta(hours=2)
"""How long an appointment blocks the calendar: a Sevens match with setting up."""

PRODID = "-//Hopfen&Sieg//Liga-Termine//DE"


def match_uid(match: Match, domain: str) -> str:
    return f"spiel-{match.pk}@{domain}"


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
    matches: Iterable[Match], *, name: str, link: Callable[[Match], str], domain: str
) -> bytes:
    """The feed of `matches` (those without appointment are left out) as iCalendar bytes."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", timezone.get_default_timezone_name())
    stamp = timezone.now()
    for match in matches:
        if match.scheduled_at is None:
            continue
        start = timezone.localtime(match.scheduled_at)
        url = link(match)
        event = Event()
        event.add("uid", match_uid(match, domain))
        event.add("dtstamp", stamp)
        event.add("dtstart", start)
        event.add("dtend", start + SLOT)
        event.add("summary", _summary(match))
        details = [str(match.season)]
        if match.round:
            details.append(_("Runde %(round)d") % {"round": match.round})
        event.add("description", f"{' · '.join(details)}\n{url}")
        event.add("url", url)
        event.add("status", "CANCELLED" if match.is_forfeit else "CONFIRMED")
        event.add("sequence", match.version)
        calendar.add_component(event)
    calendar.add_missing_timezones()
    return calendar.to_ical()
