"""Turn structure, PA, automatic phase ends, stand-up tasks and the end of the game
(docs/ball.md §4, §7)."""

import pytest

from engines.ball import IllegalAction, new_game


def test_new_game_starts_with_home_as_def_and_away_x5_holding_the_ball():
    state = new_game()
    assert (state.turn, state.player, state.phase, state.pa) == (1, "home", "action", 2)
    assert (state.atk, state.defending) == ("away", "home")
    assert state.ball == {"carrier": "away X5", "square": "G13"}
    assert state.score == {"home": 0, "away": 0}
    assert state.winner is None and state.result is None


def test_end_is_always_legal_in_the_action_phase():
    assert "END" in {str(a) for a in new_game().legal_actions()}


def test_action_phase_ends_by_itself_after_two_ordinary_actions(kit):
    state = kit.play(new_game(), "G5-H6", "G3-H4")
    assert (state.turn, state.player, state.phase, state.pa) == (2, "away", "action", 2)


def test_end_with_tasks_opens_the_resolution_phase(kit):
    state = kit.position({"X4": "G9", "X2": "C9"}, down=("home X2",)).apply("END")
    assert state.phase == "resolution"
    assert kit.texts(state) == {"UP C9/B8", "UP C9/D8", "UP C9/B10", "UP C9/D10"}


def test_stand_up_moves_the_piece_and_makes_it_active(kit):
    state = kit.position({"X2": "C9"}, down=("home X2",), phase="resolution").apply("UP C9/D10")
    assert kit.piece(state, "home", "X2")["square"] == "D10"
    assert kit.piece(state, "home", "X2")["state"] == "active"


def test_stand_up_square_may_not_hold_the_ball(kit):
    state = kit.position({"X2": "C9"}, down=("home X2",), phase="resolution", ball="D10")
    assert "UP C9/D10" not in kit.texts(state)


def test_stand_up_without_a_free_square_is_no_task(kit):
    state = kit.position(
        {"X2": "G9"},
        {"O1": "F8", "X2": "H8", "S3": "F10", "X4": "H10"},
        down=("home X2",),
        phase="resolution",
    )
    assert (state.player, state.turn, state.phase) == ("away", 6, "action")
    assert kit.piece(state, "home", "X2")["state"] == "down"


def test_unused_pa_are_lost_at_the_end_of_the_turn(kit):
    state = new_game().apply("END")
    assert (state.player, state.pa) == ("away", 2)
    state = state.apply("END")
    assert (state.player, state.turn, state.pa) == ("home", 3, 2)


def test_turn_with_only_end_passes_at_once_and_counts(kit):
    squares = ("C9", "E9", "G9", "I9", "K9", "C11", "E11")
    names = ("O1", "X2", "S3", "X4", "X5", "O6", "S7")
    stacks = tuple(
        {"top": f"away {n}", "bottom": f"home {n}", "bottom_state": "active", "turn": 4}
        for n in names
    )
    state = kit.position(
        dict(zip(names, squares, strict=True)),
        dict(zip(names, squares, strict=True)),
        stacks=stacks,
    )
    # Home can neither act nor resolve (the tops are away's): turn 5 passed; away resolves now.
    assert (state.turn, state.player, state.phase) == (6, "away", "resolution")


def test_game_ends_after_the_last_turn_as_a_draw_on_equal_scores(kit):
    state = kit.position({"X4": "G9"}, turn=40).apply("END")
    assert state.is_over and state.phase == "over"
    assert state.result == "draw" and state.winner is None
    assert state.legal_actions() == ()


def test_higher_score_wins_at_the_turn_limit(kit):
    state = kit.position({"X4": "G9"}, turn=5, turn_limit=5, score=(1, 0)).apply("END")
    assert state.winner == "home"


def test_no_action_is_legal_once_the_game_is_over(kit):
    state = kit.position({"X4": "G9"}, turn=5, turn_limit=5).apply("END")
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("END")


def test_resolution_tasks_are_not_legal_in_the_action_phase(kit):
    state = kit.position({"X2": "C9", "X4": "G9"}, down=("home X2",))
    with pytest.raises(IllegalAction, match="resolution phase"):
        state.apply("UP C9/D10")
