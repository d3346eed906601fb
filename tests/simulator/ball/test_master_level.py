"""The BALL page offers the master level, and the computer answers at it."""

import pytest
from django.urls import reverse

from engines.ball import ai

pytestmark = pytest.mark.django_db


def test_the_new_game_form_offers_the_master_level(client):
    page = client.get(reverse("simulator:ball")).text
    assert 'value="meister"' in page and "Meister" in page


def test_a_game_against_the_master_has_the_computer_answer_at_that_level(client, monkeypatch):
    monkeypatch.setattr(ai, "MASTER_BUDGET", 0.05)
    chosen = []
    real = ai._PLAYERS["master"]

    def spy(state, rng):
        chosen.append(state.turn)
        return real(state, rng)

    monkeypatch.setitem(ai._PLAYERS, "master", spy)
    response = client.post(
        reverse("simulator:ball-new"),
        {"mode": "computer-heim", "level": "meister", "target_score": "3"},
    )
    assert response.status_code == 302
    page = client.get(reverse("simulator:ball")).text
    assert "Computer hat gespielt" in page
    assert chosen  # the computer's first turn came from the master level
