"""Schemathesis against the API's own OpenAPI schema, over HTTP on the loopback interface
(pytest-django's live server): bounded (a few examples per operation), it must find no 5xx,
no undocumented status code or content type and no response that breaks the schema, with
valid parameters and with invalid ones."""

import itertools

import pytest
import schemathesis
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from matches.development import choose_automatic
from matches.factories import days_ago, open_match, open_season, play, squad, staff_user
from matches.models import Casualty
from rules.models import Race

EXAMPLES_PER_OPERATION = 15
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


class FixedDice:
    def roll(self, sides: int) -> int:
        return 1


@pytest.fixture
def league(transactional_db):
    if not Race.objects.exists():  # an earlier transactional test emptied the tables
        call_command("loaddata", "reference", "handbook", verbosity=0)
    home, away = squad(name="Hopfenfeld"), squad(name="Sieg-Säufer")
    open_season(by=staff_user())
    victim = away.roster().get(number=1)
    match = play(home, away, at=days_ago(3), score=(2, 1), ticks={victim: Casualty.DEAD})
    choose_automatic(match=match, team=home, by=home.coach, dice=FixedDice())
    open_match(away, home, at=days_ago(-2), round=2)


def test_api_keeps_its_schema_for_generated_requests(live_server, league):
    # one test for both modes: the live server's database is set up once (reference data too)
    assert live_server.url.startswith("http://localhost") or "127.0.0.1" in live_server.url
    base = f"{live_server.url}/api/v1"
    schema = schemathesis.openapi.from_url(f"{base}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == 7

    for mode, operation in itertools.product(
        (GenerationMode.POSITIVE, GenerationMode.NEGATIVE), operations
    ):

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case):
            case.call_and_validate(base_url=live_server.url, checks=CHECKS, timeout=10)

        check()
