"""The league's admins (config/roles.py) and times to the minute (config/minutes.py)."""

from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import AnonymousUser

from config.minutes import end_of_minute, to_the_minute
from config.roles import is_league_admin
from roster.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_staff_are_the_league_admins_coaches_and_visitors_are_not():
    assert is_league_admin(UserFactory(is_staff=True))
    assert not is_league_admin(UserFactory())
    assert not is_league_admin(AnonymousUser())


def test_to_the_minute_drops_seconds_and_microseconds():
    moment = datetime(2026, 3, 29, 1, 59, 59, 999999, tzinfo=UTC)
    assert to_the_minute(moment) == datetime(2026, 3, 29, 1, 59, tzinfo=UTC)


def test_the_end_of_a_minute_is_the_next_minute_also_across_an_hour():
    moment = datetime(2026, 3, 29, 1, 59, 30, tzinfo=UTC)
    assert end_of_minute(moment) == datetime(2026, 3, 29, 2, 0, tzinfo=UTC)
    assert end_of_minute(to_the_minute(moment)) == end_of_minute(moment)
