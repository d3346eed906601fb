"""Dodge and forced fumble (docs/ball.md §5.1)."""

import pytest

from engines.ball import IllegalAction


def test_dodge_offers_every_free_exit_next_to_the_target(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11"})
    dodges = {m for m in kit.moves_from(state, "G9") if m.startswith("G9-I11")}
    assert dodges == {"G9-I11/H10", "G9-I11/J10", "G9-I11/H12", "G9-I11/J12"}


def test_dodge_knocks_the_opponent_down_and_exits(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11"}).apply("G9-I11/J12")
    assert kit.piece(state, "home", "X4")["square"] == "J12"
    assert kit.piece(state, "away", "O1")["square"] == "I11"
    assert kit.piece(state, "away", "O1")["state"] == "down"


def test_dodge_without_a_free_exit_cannot_start(kit):
    state = kit.position(
        {"X4": "G9", "X2": "H10"}, {"O1": "I11", "X2": "J10", "S3": "H12", "O6": "J12"}
    )
    assert not any(m.startswith("G9-I11") for m in kit.texts(state))
    with pytest.raises(IllegalAction, match="no free exit square next to I11"):
        state.apply("G9-I11/J12")


def test_orthogonal_dodge_error_names_the_missing_exit(kit):
    state = kit.position({"O1": "G5"}, {"X2": "G7", "O1": "F6", "S3": "H6", "X4": "F8", "X5": "H8"})
    with pytest.raises(IllegalAction) as err:
        state.apply("G5-G7")
    assert str(err.value) == "G5-G7: no free exit square next to G7"


def test_dodge_with_an_exit_that_is_not_free_is_refused(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11", "X2": "J12"})
    with pytest.raises(IllegalAction, match="J12 is not a free exit square"):
        state.apply("G9-I11/J12")


def test_dodge_may_exit_onto_its_own_intermediate_square(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11"}).apply("G9-I11/H10")
    assert kit.piece(state, "home", "X4")["square"] == "H10"


def test_dodge_takes_the_ball_from_the_opponent_as_forced_fumble(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11"}, carrier="away O1").apply("G9-I11/J12")
    assert state.ball == {"carrier": "home X4", "square": "J12"}
    assert kit.piece(state, "home", "X4")["restricted"]


def test_dodge_exit_onto_the_free_ball_picks_it_up(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11"}, ball="H10").apply("G9-I11/H10")
    assert state.ball == {"carrier": "home X4", "square": "H10"}
    assert kit.piece(state, "home", "X4")["restricted"]


def test_dodge_cannot_cross_an_active_opponent(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11", "X2": "H10"})
    assert not any(m.startswith("G9-I11") for m in kit.texts(state))


def test_dodge_needs_an_active_opponent_on_the_target(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11"}, down=("away O1",))
    assert not any(m.startswith("G9-I11") for m in kit.texts(state))


def test_orthogonal_jump_can_be_a_dodge(kit):
    state = kit.position({"O1": "G9"}, {"X2": "G11"})
    dodges = {m for m in kit.texts(state) if m.startswith("G9-G11")}
    assert dodges == {"G9-G11/F10", "G9-G11/H10", "G9-G11/F12", "G9-G11/H12"}


def test_dodge_may_cross_an_active_ally(kit):
    state = kit.position({"X4": "G9", "X2": "H10"}, {"O1": "I11"})
    dodges = {m for m in kit.moves_from(state, "G9") if m.startswith("G9-I11")}
    assert dodges == {"G9-I11/J10", "G9-I11/H12", "G9-I11/J12"}


def test_dodge_cannot_cross_a_knocked_down_piece(kit):
    state = kit.position({"X4": "G9", "X2": "H10"}, {"O1": "I11"}, down=("home X2",))
    assert not any(m.startswith("G9-I11") for m in kit.texts(state))


def test_dodge_cannot_cross_a_stack(kit):
    stack = {"top": "away X2", "bottom": "home X2", "bottom_state": "active", "turn": 4}
    state = kit.position({"X4": "G9", "X2": "H10"}, {"O1": "I11", "X2": "H10"}, stacks=(stack,))
    assert not any(m.startswith("G9-I11") for m in kit.texts(state))


def test_dodge_without_the_ball_leaves_the_dodger_free_to_act(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11"}).apply("G9-I11/J12")
    assert state.pa == 1
    assert not kit.piece(state, "home", "X4")["restricted"]
    assert kit.moves_from(state, "J12")


def test_refusal_carries_a_reason_code_and_its_values(kit):
    state = kit.position({"O1": "G5"}, {"X2": "G7", "O1": "F6", "S3": "H6", "X4": "F8", "X5": "H8"})
    with pytest.raises(IllegalAction) as err:
        state.apply("G5-G7")
    assert (err.value.code, err.value.params) == ("no_exit", {"square": "G7"})
