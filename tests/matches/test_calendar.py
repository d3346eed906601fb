"""The iCalendar feeds: parsed back with the library, they hold what the schedule holds."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import vobject
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from matches import open_matches
from matches.factories import open_match, squad
from matches.models import Match

pytestmark = pytest.mark.django_db

BERLIN = ZoneInfo("Europe/Berlin")


@pytest.fixture(autouse=True)
def site_url(settings):
    """UIDs name SITE_URL's host; the tests pin it whatever the environment sets."""
    settings.SITE_URL = "http://127.0.0.1:8000"


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
    assert str(event["uid"]) == f"spiel-{match.pk}@127.0.0.1"  # SITE_URL's host
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


def vobject_events(response) -> dict[str, datetime]:
    """UID -> start in UTC, as `vobject` (its own VTIMEZONE reading, via dateutil) sees it."""
    calendar = vobject.readOne(response.content.decode("utf-8"))
    return {
        event.uid.value: event.dtstart.value.astimezone(UTC)
        for event in calendar.contents.get("vevent", [])
    }


def icalendar_events(response) -> dict[str, datetime]:
    calendar = parse(response)
    return {
        str(event["uid"]): event.decoded("dtstart").astimezone(UTC)
        for event in calendar.walk("VEVENT")
    }


def test_summer_and_winter_appointments_have_the_right_utc_time_in_two_parsers(
    client, season, home, away
):
    summer = open_match(home, away, at=datetime(2027, 7, 14, 19, 30, tzinfo=BERLIN))
    winter = open_match(away, home, at=datetime(2027, 1, 20, 19, 30, tzinfo=BERLIN))
    # the Sunday of the autumn change, after 03:00 local time: winter time already
    changed = open_match(home, away, at=datetime(2027, 10, 31, 12, 0, tzinfo=BERLIN))
    expected = {
        f"spiel-{summer.pk}@127.0.0.1": datetime(2027, 7, 14, 17, 30, tzinfo=UTC),
        f"spiel-{winter.pk}@127.0.0.1": datetime(2027, 1, 20, 18, 30, tzinfo=UTC),
        f"spiel-{changed.pk}@127.0.0.1": datetime(2027, 10, 31, 11, 0, tzinfo=UTC),
    }
    response = client.get(reverse("matches:calendar-league"))
    assert icalendar_events(response) == expected
    assert vobject_events(response) == expected


def test_feed_time_zone_repeats_yearly_instead_of_listing_dates(client, season, home, away):
    open_match(home, away, at=datetime(2027, 7, 14, 19, 30, tzinfo=BERLIN))
    response = client.get(reverse("matches:calendar-league"))
    (zone,) = parse(response).walk("VTIMEZONE")
    parts = zone.walk("DAYLIGHT") + zone.walk("STANDARD")
    assert len(parts) == 2
    assert all("RRULE" in part and "RDATE" not in part for part in parts)
    # vobject's reading of that VTIMEZONE gives the zone data's offset in every year's summer
    # and winter, and right around both change-overs
    tz = vobject.readOne(response.content.decode()).vtimezone.gettzinfo()
    for year in range(2000, 2040):
        for moment in (datetime(year, 1, 15, 12), datetime(year, 7, 15, 12)):
            assert (
                moment.replace(tzinfo=tz).utcoffset() == moment.replace(tzinfo=BERLIN).utcoffset()
            ), moment


def test_same_uid_and_stamp_whichever_host_name_fetched_the_feed(
    client, season, home, away, settings
):
    settings.SITE_URL = "https://liga.example.org"
    open_match(home, away, at=timezone.now() + timedelta(days=3))
    url = reverse("matches:calendar-league")
    first = parse(client.get(url, HTTP_HOST="127.0.0.1"))
    second = parse(client.get(url, HTTP_HOST="localhost"))
    (one,), (other,) = first.walk("VEVENT"), second.walk("VEVENT")
    assert str(one["uid"]) == str(other["uid"])
    assert str(one["uid"]).endswith("@liga.example.org")
    assert one.decoded("dtstamp") == other.decoded("dtstamp")


def test_stamp_changes_only_when_the_event_changes(client, season, home, away):
    match = open_match(home, away, at=timezone.now() + timedelta(days=3))
    an_hour_ago = timezone.now() - timedelta(hours=1)
    match.history.update(history_date=an_hour_ago)
    url = reverse("matches:calendar-league")

    def stamp():
        (event,) = parse(client.get(url)).walk("VEVENT")
        return event.decoded("dtstamp")

    before = stamp()
    assert before == an_hour_ago.replace(microsecond=0)
    assert stamp() == before, "a second fetch is the same event"
    open_matches.set_appointment(
        match=match, scheduled_at=timezone.now() + timedelta(days=4), version=1, by=home.coach
    )
    assert stamp() > before


def test_appointment_at_the_end_of_the_calendar_does_not_break_the_feed(client, season, home, away):
    match = open_match(home, away)
    Match.objects.filter(pk=match.pk).update(
        scheduled_at=datetime(9999, 12, 31, 23, 0, tzinfo=BERLIN)
    )
    last = open_match(away, home)
    Match.objects.filter(pk=last.pk).update(scheduled_at=datetime(9999, 12, 31, 23, 59, tzinfo=UTC))
    for url in (
        reverse("matches:calendar-league"),
        reverse("matches:calendar-team", args=[home.pk]),
    ):
        events = parse(client.get(url)).walk("VEVENT")
        assert len(events) == 2
        assert events[0].decoded("dtstart") == datetime(9999, 12, 31, 23, 0, tzinfo=BERLIN)
        assert events[1].decoded("dtstart") == datetime(9999, 12, 31, 23, 59, tzinfo=UTC)


def test_deleted_result_vanishes_from_the_feeds(client, season, home, away):
    match = open_match(home, away, at=timezone.now() + timedelta(days=3))
    kept = open_match(away, home, at=timezone.now() + timedelta(days=5))
    Match.objects.filter(pk=match.pk).update(deleted_at=timezone.now())
    for url in (
        reverse("matches:calendar-league"),
        reverse("matches:calendar-team", args=[home.pk]),
    ):
        (event,) = parse(client.get(url)).walk("VEVENT")
        assert str(event["uid"]).startswith(f"spiel-{kept.pk}@")
