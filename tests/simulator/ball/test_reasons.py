"""German texts for the engine's reasons for refusing an action."""

import pytest

from engines.ball import IllegalAction
from engines.ball.explain import MESSAGES
from simulator.ball import reasons


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_engine_reason_has_a_german_text(code):
    assert code in reasons._messages()


def test_reason_names_pieces_and_teams_in_german():
    exc = IllegalAction("x", "pe_short", {"card": "SPRINT", "cost": 2, "team": "home", "pe": 1})
    assert reasons.german_reason(exc) == "SPRINT kostet 2 PE, Heim hat nur 1."
    exc = IllegalAction("x", "inactive", {"piece": "away O1", "state": "knocked down"})
    assert reasons.german_reason(exc) == "Gast ◯1 ist am Boden und kann nicht handeln."


def test_unknown_reason_falls_back_to_the_engine_text():
    exc = IllegalAction("G5-H6: something new", "brand_new", {})
    assert "something new" in reasons.german_reason(exc)
