"""A small league for the page cache's tests: two squads and one played match."""

import pytest

from matches.factories import days_ago, open_season, play, squad, staff_user


@pytest.fixture
def league(db):
    home, away = squad(name="Hopfenfeld"), squad(name="Sieg-Säufer")
    season = open_season(by=staff_user())
    play(home, away, at=days_ago(3), score=(1, 1))
    return season, home, away
