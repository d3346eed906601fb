"""Tactical dodge, push square and the loose ball (docs/ball.md §5.2)."""

import pytest

from engines.ball import IllegalAction


def test_tactical_dodge_offers_each_push_square_including_the_start(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"})
    tactical = {m for m in kit.moves_from(state, "G9") if m.startswith("G9-I11")}
    assert tactical == {"G9-I11/G9", "G9-I11/I9", "G9-I11/G11"}


def test_tactical_dodge_pushes_and_knocks_down_the_crossed_opponent(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"}).apply("G9-I11/I9")
    assert kit.piece(state, "home", "X4")["square"] == "I11"
    pushed = kit.piece(state, "away", "O1")
    assert (pushed["square"], pushed["state"]) == ("I9", "down")


def test_tactical_dodge_can_push_back_onto_the_start_square(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"}).apply("G9-I11/G9")
    assert kit.piece(state, "away", "O1")["square"] == "G9"
    assert kit.piece(state, "away", "O1")["state"] == "down"


def test_push_square_may_not_hold_a_piece_or_the_ball(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10", "X2": "G11"}, ball="I9")
    tactical = {m for m in kit.moves_from(state, "G9") if m.startswith("G9-I11")}
    assert tactical == {"G9-I11/G9"}


def test_knocked_loose_ball_goes_one_step_opposite_to_the_push(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"}, carrier="away O1").apply("G9-I11/I9")
    assert state.ball == {"square": "G11"}


def test_loose_ball_falls_back_to_the_crossed_square_when_its_square_holds_a_piece(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10", "X2": "G11"}, carrier="away O1")
    state = state.apply("G9-I11/I9")
    assert state.ball == {"square": "H10"}


def test_push_back_onto_the_start_sends_the_ball_to_the_crossed_square(kit):
    # Pushing to S puts B on L, where the mover now stands: the ball lies on M.
    state = kit.position({"X4": "G9"}, {"O1": "H10"}, carrier="away O1").apply("G9-I11/G9")
    assert state.ball == {"square": "H10"}
    assert not kit.piece(state, "home", "X4")["has_ball"]


def test_tactical_dodge_landing_on_the_free_ball_picks_it_up(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"}, ball="I11").apply("G9-I11/I9")
    assert state.ball == {"carrier": "home X4", "square": "I11"}
    assert kit.piece(state, "home", "X4")["restricted"]


def test_tactical_dodge_needs_a_free_landing_square(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10", "X2": "I11"})
    assert not any(m.startswith("G9-I11") for m in kit.texts(state))


def test_tactical_dodge_needs_its_push_square_in_the_notation(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"})
    with pytest.raises(IllegalAction, match="needs its push square"):
        state.apply("G9-I11")


def test_crossing_a_knocked_down_opponent_is_no_tactical_dodge(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"}, down=("away O1",))
    assert not any(m.startswith("G9-I11") for m in kit.texts(state))


@pytest.mark.parametrize(
    ("extra", "down", "stacked"),
    [({"X2": "G11"}, ("away X2",), False), ({"X2": "G11", "X4": "G11"}, (), True)],
    ids=["knocked-down-piece", "stack"],
)
def test_loose_ball_falls_back_to_the_crossed_square_when_a_downed_piece_or_stack_is_there(
    kit, extra, down, stacked
):
    stacks = (
        ({"top": "away X4", "bottom": "away X2", "bottom_state": "active", "turn": 4},)
        if stacked
        else ()
    )
    away = {"O1": "H10", **extra}
    state = kit.position({"X4": "G9"}, away, carrier="away O1", down=down, stacks=stacks)
    assert state.apply("G9-I11/I9").ball == {"square": "H10"}


def test_knocking_the_ball_loose_does_not_restrict_the_mover(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"}, carrier="away O1").apply("G9-I11/I9")
    assert not kit.piece(state, "home", "X4")["restricted"]
    assert "I11-H12" in kit.moves_from(state, "I11")


def test_tactical_dodge_may_cross_an_opponent_next_to_its_own_allies(kit):
    # The push square must be free; the start square always is (the mover has left it).
    state = kit.position({"X4": "G9", "X2": "I9", "S3": "G11"}, {"O1": "H10"})
    tactical = {m for m in kit.moves_from(state, "G9") if m.startswith("G9-I11")}
    assert tactical == {"G9-I11/G9"}
