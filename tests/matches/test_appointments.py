"""The 24-hour rule on plain datetimes: to the minute, in Europe/Berlin, across DST changes."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from matches.appointments import is_late_cancellation

BERLIN = ZoneInfo("Europe/Berlin")


def berlin(*args) -> datetime:
    return datetime(*args, tzinfo=BERLIN)


APPOINTMENT = berlin(2026, 6, 12, 19, 30)


def test_cancelling_23_hours_59_minutes_before_is_a_forfeit():
    cancelled = APPOINTMENT - timedelta(hours=23, minutes=59)
    assert is_late_cancellation(cancelled_at=cancelled, appointment=APPOINTMENT)


def test_cancelling_exactly_24_hours_before_costs_nothing():
    cancelled = APPOINTMENT - timedelta(hours=24)
    assert not is_late_cancellation(cancelled_at=cancelled, appointment=APPOINTMENT)


def test_seconds_do_not_count_a_cancellation_shown_24_00_before_is_in_time():
    cancelled = APPOINTMENT - timedelta(hours=24) + timedelta(seconds=59)
    assert not is_late_cancellation(cancelled_at=cancelled, appointment=APPOINTMENT)


def test_cancelling_after_the_appointment_is_a_forfeit():
    """A no-show is recorded as a late cancellation by the absent team."""
    cancelled = APPOINTMENT + timedelta(hours=2)
    assert is_late_cancellation(cancelled_at=cancelled, appointment=APPOINTMENT)


def test_without_an_appointment_a_cancellation_is_never_a_forfeit():
    assert not is_late_cancellation(cancelled_at=APPOINTMENT, appointment=None)


def test_naive_datetimes_are_refused():
    with pytest.raises(ValueError):
        is_late_cancellation(cancelled_at=datetime(2026, 6, 11, 19, 30), appointment=APPOINTMENT)


# Spring change 2026: Sunday 29 March, 02:00 CET -> 03:00 CEST (the Saturday has 24 hours, the
# Sunday 23). An appointment on Sunday 15:00 CEST lies 24 real hours after Saturday 14:00 CET.
SPRING = berlin(2026, 3, 29, 15, 0)


def test_across_the_spring_change_the_deadline_is_24_real_hours_before():
    assert not is_late_cancellation(cancelled_at=berlin(2026, 3, 28, 14, 0), appointment=SPRING)
    assert is_late_cancellation(cancelled_at=berlin(2026, 3, 28, 14, 1), appointment=SPRING)


def test_across_the_spring_change_the_same_wall_clock_time_a_day_before_is_late():
    """Saturday 15:00 is only 23 hours before Sunday 15:00 when the clocks go forward."""
    assert is_late_cancellation(cancelled_at=berlin(2026, 3, 28, 15, 0), appointment=SPRING)


# Autumn change 2026: Sunday 25 October, 03:00 CEST -> 02:00 CET (that day has 25 hours).
AUTUMN = berlin(2026, 10, 25, 15, 0)


def test_across_the_autumn_change_the_deadline_is_24_real_hours_before():
    assert not is_late_cancellation(cancelled_at=berlin(2026, 10, 24, 16, 0), appointment=AUTUMN)
    assert is_late_cancellation(cancelled_at=berlin(2026, 10, 24, 16, 1), appointment=AUTUMN)


def test_across_the_autumn_change_the_same_wall_clock_time_a_day_before_is_in_time():
    """Saturday 15:00 is 25 hours before Sunday 15:00 when the clocks go back."""
    assert not is_late_cancellation(cancelled_at=berlin(2026, 10, 24, 15, 0), appointment=AUTUMN)


def test_times_in_other_zones_compare_as_the_same_moment():
    utc_cancel = (APPOINTMENT - timedelta(hours=23, minutes=59)).astimezone(ZoneInfo("UTC"))
    assert is_late_cancellation(cancelled_at=utc_cancel, appointment=APPOINTMENT)
