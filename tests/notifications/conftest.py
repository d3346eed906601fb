"""Two coaches with e-mail addresses, their squads in a running season."""

import pytest

from matches.factories import open_season, squad, staff_user
from roster.factories import UserFactory


@pytest.fixture
def coach_a():
    return UserFactory(username="anna", email="anna@example.org")


@pytest.fixture
def coach_b():
    return UserFactory(username="bert", email="bert@example.org")


@pytest.fixture
def home(coach_a):
    return squad(name="Heim", coach=coach_a)


@pytest.fixture
def away(coach_b):
    return squad(name="Gast", coach=coach_b)


@pytest.fixture
def season(home, away):
    season = open_season(by=staff_user())
    season.teams.add(home, away)
    return season


@pytest.fixture
def mailbox(settings):
    from .mailbox import Mailbox

    box = Mailbox().start()
    settings.MAILERS = box.mailer()
    settings.SITE_URL = "https://liga.example.org"
    yield box
    box.stop()
