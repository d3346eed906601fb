"""The Baa play tests let bots go on at every poll; one test checks the pause between polls."""

import pytest

from simulator.baa import play


@pytest.fixture(autouse=True)
def _bots_without_pause(monkeypatch):
    monkeypatch.setattr(play, "MIN_SECONDS_BETWEEN_BOT_STEPS", 0.0)
