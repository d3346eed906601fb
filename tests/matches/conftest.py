"""Two squads in a running season: the setting most match tests start from."""

import pytest

from league.services import start_next_season
from matches.factories import squad, staff_user


@pytest.fixture
def home():
    return squad(name="Heim")


@pytest.fixture
def away():
    return squad(name="Gast")


@pytest.fixture
def season(home, away):
    return start_next_season(by=staff_user())
