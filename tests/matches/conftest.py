"""Two squads in a running season: the setting most match tests start from."""

import pytest

from matches.factories import open_season, squad, staff_user


@pytest.fixture
def home():
    return squad(name="Heim")


@pytest.fixture
def away():
    return squad(name="Gast")


@pytest.fixture
def season(home, away):
    return open_season(by=staff_user())
