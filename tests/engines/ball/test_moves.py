"""Ordinary moves by piece type, crossing, closed squares and picking up the ball (spec 5, 6)."""

import pytest

from engines.ball import IllegalAction


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("X4", {"F8", "H8", "F10", "H10", "E7", "I7", "E11", "I11"}),
        ("O1", {"F8", "H8", "F10", "H10", "G7", "G11", "E9", "I9"}),
        ("S3", {"F8", "H8", "F10", "H10", "E7", "I7", "E11", "I11", "G7", "G11", "E9", "I9"}),
    ],
)
def test_each_piece_type_moves_as_its_letter_allows(kit, name, expected):
    state = kit.position({name: "G9"})
    assert kit.moves_from(state, "G9") == {f"G9-{t}" for t in expected}


def test_two_square_move_crosses_an_active_ally(kit):
    state = kit.position({"X4": "G9", "X2": "H10"})
    assert "G9-I11" in kit.texts(state)


def test_two_square_move_cannot_cross_a_knocked_down_piece(kit):
    state = kit.position({"X4": "G9"}, {"X2": "H10"}, down=("away X2",))
    assert "G9-I11" not in kit.texts(state)


def test_stacked_square_is_closed_for_crossing_and_entering(kit):
    stack = {"top": "away X2", "bottom": "home O1", "bottom_state": "active", "turn": 4}
    state = kit.position({"X4": "G9", "O1": "H10"}, {"X2": "H10"}, stacks=(stack,))
    moves = kit.moves_from(state, "G9")
    assert "G9-H10" not in moves
    assert "G9-I11" not in moves


def test_orthogonal_jump_has_no_intermediate_square(kit):
    state = kit.position({"O1": "G9"}, {"X2": "F10", "X4": "H10"}, down=("away X2", "away X4"))
    assert "G9-G11" in kit.texts(state)


def test_two_square_move_may_not_end_on_an_ally_or_a_downed_opponent(kit):
    state = kit.position({"X4": "G9", "X2": "I11"}, {"X5": "E11"}, down=("away X5",))
    moves = kit.moves_from(state, "G9")
    assert "G9-I11" not in moves
    assert not any(m.startswith("G9-E11") for m in moves)


def test_crossing_the_free_ball_leaves_it_where_it_lies(kit):
    state = kit.position({"X4": "G9"}, ball="H10").apply("G9-I11")
    assert state.ball == {"square": "H10"}
    assert not kit.piece(state, "home", "X4")["restricted"]


def test_ending_a_move_on_the_free_ball_takes_it_and_restricts_the_piece(kit):
    state = kit.position({"X4": "G9", "X2": "C9"}, ball="H10").apply("G9-H10")
    assert state.ball == {"carrier": "home X4", "square": "H10"}
    assert kit.piece(state, "home", "X4")["restricted"]
    assert kit.moves_from(state, "H10") == set()
    assert kit.moves_from(state, "C9")


def test_ending_a_two_square_move_on_the_free_ball_takes_it(kit):
    state = kit.position({"X4": "G9"}, ball="I11").apply("G9-I11")
    assert state.ball["carrier"] == "home X4"


def test_restricted_piece_cannot_start_an_ordinary_action(kit):
    state = kit.position({"X4": "G9", "X2": "C9"}, ball="H10").apply("G9-H10")
    with pytest.raises(IllegalAction, match="took the ball this turn"):
        state.apply("H10-I11")


def test_knocked_down_piece_cannot_act(kit):
    state = kit.position({"X4": "G9", "X2": "C9"}, down=("home X4",))
    assert kit.moves_from(state, "G9") == set()
    with pytest.raises(IllegalAction, match="knocked down"):
        state.apply("G9-H10")


def test_opponent_pieces_cannot_be_moved(kit):
    state = kit.position({"X4": "C9"}, {"X4": "G9"})
    with pytest.raises(IllegalAction, match="is not yours"):
        state.apply("G9-H8")


def test_two_one_square_moves_are_not_a_dodge(kit):
    # A 1-square move onto an active opponent is a block, never a dodge.
    state = kit.position({"X4": "G9"}, {"O1": "H10"})
    moves = kit.moves_from(state, "G9")
    assert "G9-H10" in moves
    assert not any(m.startswith("G9-H10/") for m in moves)
