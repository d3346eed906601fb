"""The computer opponent: legal and reproducible.

Win rates and answer times are printed by benchmarks/ball_strength.py (no timed tests here).
"""

import pytest

from engines.ball import LEVELS, choose_action, new_game


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("card_mode", [False, True], ids=["standard", "cards"])
def test_every_level_plays_only_legal_actions_through_a_short_game(level, card_mode):
    state = new_game(card_mode=card_mode, turn_limit=8)
    n = 0
    while not state.is_over:
        action = choose_action(state, level, seed=n)
        assert action in state.legal_actions()
        state = state.apply(action)
        n += 1


@pytest.mark.parametrize("level", ["random", "easy"])
def test_same_seed_gives_the_same_choice(level):
    state = new_game().apply("G5-H6")
    assert choose_action(state, level, seed=7) == choose_action(state, level, seed=7)


def test_hard_level_takes_the_ball_off_an_adjacent_carrier(kit):
    # Home can dodge the away carrier on I11 and keep the ball; nothing else comes close.
    state = kit.position({"X4": "G9"}, {"O1": "I11"}, carrier="away O1", atk="away")
    action = choose_action(state, "hard", seed=1)
    assert str(action).startswith("G9-I11/")


def test_hard_level_scores_when_it_can(kit):
    state = kit.position({"X4": "H16"}, carrier="home X4", atk="home")
    assert str(choose_action(state, "hard", seed=1)) in {"H16-G17", "H16-I17"}
    assert state.apply(choose_action(state, "hard", seed=1)).score["home"] == 1


def test_unknown_level_and_finished_game_are_refused(kit):
    with pytest.raises(ValueError, match="unknown level"):
        choose_action(new_game(), "grandmaster")
    over = kit.position({"X4": "G9"}, turn=5, turn_limit=5).apply("END")
    with pytest.raises(ValueError, match="game is over"):
        choose_action(over, "easy")
