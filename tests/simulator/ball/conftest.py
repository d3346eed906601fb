import pytest

from engines.ball import GameRecord, Options
from simulator.ball import services

# A home setup far from the middle: the away X5 (mirrored to L10) runs free to row 1.
OPEN_SETUP = {"O1": "A1", "X2": "A3", "S3": "B2", "X4": "C1", "X5": "L8", "O6": "B4", "S7": "A5"}
# Home ends its turns; away runs L10-J8-H6, H6-F4-D2, then D2-E1 scores.
TOUCHDOWN_ACTIONS = ("END", "L10-J8", "J8-H6", "END", "H6-F4", "F4-D2", "END", "D2-E1")


@pytest.fixture
def ball_game():
    return services.ball_new_game(card_mode=False, level="easy", target_score=3)


@pytest.fixture
def open_game():
    """A hot-seat game on the open setup, before any action."""
    record = GameRecord(Options(setup=OPEN_SETUP), ())
    return services.BallGame(record=record, level="easy", computer=None, id="test")


@pytest.fixture
def carrier_game():
    """A hot-seat game in the standard setup, away (ATK, ball on its X5 on G13) to move."""
    game = services.ball_new_game(level="easy", computer=None, game_id="carrier")
    return services.ball_play(game=game, notation="END")
