"""The VTIMEZONE with yearly rules, derived from the zone data and read back by vobject."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import vobject
from icalendar import Calendar

from matches.vtimezone import yearly_rules


def read_back(zone_name: str):
    calendar = Calendar()
    calendar.add_component(yearly_rules(zone_name).component())
    return vobject.readOne(calendar.to_ical().decode()).vtimezone.gettzinfo()


@pytest.mark.parametrize("zone_name", ["Europe/Berlin", "America/New_York", "Australia/Sydney"])
def test_yearly_rules_give_the_zone_datas_offset_every_month(zone_name):
    zone, read = ZoneInfo(zone_name), read_back(zone_name)
    first = yearly_rules(zone_name).first_year
    for year in range(first + 1, 2060, 3):
        for month in range(1, 13):
            moment = datetime(year, month, 10, 12)
            assert (
                moment.replace(tzinfo=read).utcoffset() == moment.replace(tzinfo=zone).utcoffset()
            ), moment


def test_berlin_rules_are_the_last_sundays_of_march_and_october_since_1996():
    rules = yearly_rules("Europe/Berlin")
    assert rules.first_year == 1996
    assert [(c.month, c.nth, c.weekday, c.name) for c in rules.changes] == [
        (3, -1, 6, "CEST"),
        (10, -1, 6, "CET"),
    ]
    assert rules.covers(datetime(9999, 12, 31)) is False
    assert rules.covers(datetime(2027, 7, 1)) is True


def test_zone_without_summer_time_has_one_standard_part():
    rules = yearly_rules("Asia/Tokyo")
    assert rules.changes == ()
    assert "RRULE" not in rules.component().to_ical().decode()


def test_zone_without_a_yearly_rule_gets_none():
    # Morocco pauses summer time for Ramadan, which moves through the year
    assert yearly_rules("Africa/Casablanca") is None
