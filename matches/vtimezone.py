"""The league's time zone as an iCalendar VTIMEZONE with repeating rules (RFC 5545, 3.6.5).

A VTIMEZONE that lists every change-over date (one long RDATE) is valid, but some parsers
(`vobject`, and the calendar tools built on it) read only its first date and show every summer
appointment an hour off. Two components with a yearly RRULE ("last Sunday in March at 02:00")
are what every common parser reads right, so the rules are derived from the zone data here:
the change-overs of one year, written as "n-th (or last) weekday of the month", checked against
every year from the first one they hold to `CHECKED_UNTIL`.

A zone whose change-overs follow no such rule (or a year outside the checked span) gets None,
and the feed writes its times in UTC instead, which every parser reads right too.
"""

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo

from icalendar import Timezone, TimezoneDaylight, TimezoneStandard, vRecur

CHECKED_FROM = 1970
CHECKED_UNTIL = 2100
REFERENCE_YEAR = 2026
"""The year whose change-overs are written as rules (any year of the current rules will do)."""

DAY_NAMES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


@dataclass(frozen=True)
class Change:
    """A yearly change-over: in `month`, on the `nth` `weekday` (-1: the last), at `wall` (the
    local time before the change), from `offset_from` to `offset_to`."""

    month: int
    weekday: int
    nth: int
    wall: timedelta
    offset_from: timedelta
    offset_to: timedelta
    name: str
    is_dst: bool

    def on(self, year: int) -> datetime:
        """The local wall time (before the change) of this change-over in `year`."""
        if self.nth > 0:
            first = date(year, self.month, 1)
            day = first + timedelta(days=(self.weekday - first.weekday()) % 7 + 7 * (self.nth - 1))
        else:
            following = date(year + (self.month == 12), self.month % 12 + 1, 1)
            last = following - timedelta(days=1)
            day = last - timedelta(days=(last.weekday() - self.weekday) % 7)
        return datetime(day.year, day.month, day.day) + self.wall

    def holds_in(self, zone: ZoneInfo, year: int) -> bool:
        moment = (self.on(year) - self.offset_from).replace(tzinfo=UTC)
        before = (moment - timedelta(minutes=1)).astimezone(zone).utcoffset()
        after = moment.astimezone(zone).utcoffset()
        return before == self.offset_from and after == self.offset_to


def _changes_in(zone: ZoneInfo, year: int) -> list[Change]:
    """The change-overs of `year`, found hour by hour and then to the minute."""
    changes = []
    moment = datetime(year, 1, 1, tzinfo=UTC)
    end = datetime(year + 1, 1, 1, tzinfo=UTC)
    offset = moment.astimezone(zone).utcoffset()
    while moment < end:
        step = moment + timedelta(hours=1)
        new = step.astimezone(zone).utcoffset()
        if new != offset:
            exact = moment
            while exact.astimezone(zone).utcoffset() == offset:
                exact += timedelta(minutes=1)
            local = (exact + offset).replace(tzinfo=None)
            last_of_month = (local + timedelta(days=7)).month != local.month
            after = exact.astimezone(zone)
            changes.append(
                Change(
                    month=local.month,
                    weekday=local.weekday(),
                    nth=-1 if last_of_month else (local.day - 1) // 7 + 1,
                    wall=local - datetime(local.year, local.month, local.day),
                    offset_from=offset,
                    offset_to=new,
                    name=after.tzname() or "",
                    is_dst=bool(after.dst()),
                )
            )
            offset = new
        moment = step
    return changes


@dataclass(frozen=True)
class Rules:
    zone_name: str
    first_year: int
    changes: tuple[Change, ...]
    standard_offset: timedelta
    standard_name: str

    def covers(self, moment: datetime) -> bool:
        """Whether the rules describe `moment`: from the year after the first change-over on
        (before it, in the first year, a southern zone's summer has no observance yet)."""
        return self.first_year < moment.year <= CHECKED_UNTIL or (
            not self.changes and moment.year >= CHECKED_FROM
        )

    def component(self) -> Timezone:
        timezone = Timezone()
        timezone.add("tzid", self.zone_name)
        if not self.changes:
            standard = TimezoneStandard()
            standard.add("dtstart", datetime(CHECKED_FROM, 1, 1))
            standard.add("tzoffsetfrom", self.standard_offset)
            standard.add("tzoffsetto", self.standard_offset)
            standard.add("tzname", self.standard_name)
            timezone.add_component(standard)
            return timezone
        for change in self.changes:
            part = TimezoneDaylight() if change.is_dst else TimezoneStandard()
            part.add("dtstart", change.on(self.first_year))
            part.add("tzoffsetfrom", change.offset_from)
            part.add("tzoffsetto", change.offset_to)
            part.add("tzname", change.name)
            part.add(
                "rrule",
                vRecur(
                    freq="YEARLY",
                    bymonth=change.month,
                    byday=f"{change.nth}{DAY_NAMES[change.weekday]}",
                ),
            )
            timezone.add_component(part)
        return timezone


@cache
def yearly_rules(zone_name: str) -> Rules | None:
    """The zone's change-overs as yearly rules, or None when they follow none."""
    zone = ZoneInfo(zone_name)
    changes = tuple(_changes_in(zone, REFERENCE_YEAR))
    january = datetime(REFERENCE_YEAR, 1, 1, tzinfo=UTC).astimezone(zone)
    if not changes:
        if any(_changes_in(zone, year) for year in (CHECKED_FROM, CHECKED_UNTIL)):
            return None
        return Rules(zone_name, CHECKED_FROM, (), january.utcoffset(), january.tzname() or "")
    if len(changes) != 2:
        return None
    if not all(
        change.holds_in(zone, year)
        for change in changes
        for year in range(REFERENCE_YEAR, CHECKED_UNTIL + 1)
    ):
        return None
    first_year = REFERENCE_YEAR
    while first_year - 1 >= CHECKED_FROM and all(
        change.holds_in(zone, first_year - 1) for change in changes
    ):
        first_year -= 1
    standard = next(change for change in changes if not change.is_dst)
    return Rules(zone_name, first_year, changes, standard.offset_to, standard.name)
