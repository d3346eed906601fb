"""The iCalendar feeds: parsed back with the library, they hold what the schedule holds."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from matches import open_matches
from matches.factories import open_match, squad

pytestmark = pytest.mark.django_db

BERLIN = ZoneInfo("Europe/Berlin")


def parse(response) -> Calendar:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    return Calendar.from_ical(response.content)


def test_league_feed_lists_appointments_with_both_teams_and_a_link(client, season, home, away):
    when = datetime(2027, 3, 28, 15, 0, tzinfo=BERLIN)  # the Sunday after the spring change
    match = open_match(home, away, at=when, round=2)
    open_match(home, away)  # no appointment: not in the feed
    calendar = parse(client.get(reverse("matches:calendar-league")))
    (event,) = calendar.walk("VEVENT")
    assert str(event["summary"]) == "Heim – Gast"
    assert event.decoded("dtstart") == when
    assert event.decoded("dtstart").utcoffset() == timedelta(hours=2)
    assert event.decoded("dtend") - event.decoded("dtstart") == timedelta(hours=2)
    assert str(event["url"]) == f"http://testserver{match.get_absolute_url()}"
    assert "Runde 2" in str(event["description"])
    assert str(event["uid"]) == f"spiel-{match.pk}@testserver"
    assert "Europe/Berlin" in {str(tz["tzid"]) for tz in calendar.walk("VTIMEZONE")}


def test_feed_round_trips_through_the_library(client, season, home, away):
    open_match(home, away, at=timezone.now() + timedelta(days=3))
    open_match(away, home, at=timezone.now() + timedelta(days=9))
    body = client.get(reverse("matches:calendar-league")).content
    again = Calendar.from_ical(body).to_ical()
    assert Calendar.from_ical(again) == Calendar.from_ical(body)
    assert len(Calendar.from_ical(again).walk("VEVENT")) == 2


def test_team_feed_holds_only_that_teams_appointments(client, season, home, away):
    third = squad(name="Drei")
    season.teams.add(third)
    open_match(home, away, at=timezone.now() + timedelta(days=3))
    open_match(away, third, at=timezone.now() + timedelta(days=4))
    calendar = parse(client.get(reverse("matches:calendar-team", args=[home.pk])))
    assert [str(e["summary"]) for e in calendar.walk("VEVENT")] == ["Heim – Gast"]
    assert "Heim" in str(calendar["x-wr-calname"])


def test_forfeited_appointment_stays_as_a_cancelled_event(client, season, home, away):
    match = open_match(home, away, at=timezone.now() + timedelta(hours=3))
    open_matches.cancel_match(match=match, team=home, version=1, by=home.coach)
    (event,) = parse(client.get(reverse("matches:calendar-league"))).walk("VEVENT")
    assert str(event["status"]) == "CANCELLED" and "kampflos" in str(event["summary"])


def test_unknown_team_feed_is_404(client, season):
    assert client.get(reverse("matches:calendar-team", args=[999])).status_code == 404
