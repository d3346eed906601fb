import pytest

from simulator.ball import services


@pytest.fixture
def ball_game():
    return services.ball_new_game(card_mode=False, level="easy", target_score=3)
