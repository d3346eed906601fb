"""Ordinary moves by piece type, crossing, closed squares and picking up the ball
(docs/ball.md §5, §6)."""

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


def test_orthogonal_jump_past_adjacent_opponents_is_never_a_tactical_dodge(kit):
    state = kit.position({"O1": "G9"}, {"X2": "F10", "X4": "H10"})
    assert {m for m in kit.moves_from(state, "G9") if m.startswith("G9-G11")} == {"G9-G11"}
    after = state.apply("G9-G11")
    assert all(p["state"] == "active" for p in after.pieces())


def test_two_square_move_cannot_cross_a_knocked_down_ally(kit):
    state = kit.position({"X4": "G9", "X2": "H10"}, down=("home X2",))
    assert not any(m.startswith("G9-I11") for m in kit.texts(state))


def test_two_square_move_can_never_end_on_a_stack(kit):
    stacks = (
        {"top": "away X2", "bottom": "home O1", "bottom_state": "active", "turn": 4},
        {"top": "away X4", "bottom": "away O1", "bottom_state": "active", "turn": 4},
    )
    state = kit.position(
        {"S3": "G9", "O1": "I11"}, {"X2": "I11", "X4": "G11", "O1": "G11"}, stacks=stacks
    )
    moves = kit.moves_from(state, "G9")
    assert not any(m.startswith(("G9-I11", "G9-G11")) for m in moves)
    assert "G9-E11" in moves


def test_one_square_move_onto_an_ally_is_a_protect_and_onto_a_downed_ally_too(kit):
    state = kit.position({"X4": "G9", "X2": "H10"}, down=("home X2",)).apply("G9-H10")
    entry = state.to_dict()["stacks"][0]
    assert (entry["top"], entry["bottom"], entry["bottom_state"]) == (
        "home X4",
        "home X2",
        "down",
    )


def test_taking_the_ball_costs_no_extra_pa(kit):
    state = kit.position({"X4": "G9", "X2": "C9"}, ball="H10").apply("G9-H10")
    assert state.pa == 1


def test_restriction_lasts_only_for_the_rest_of_the_turn(kit):
    state = kit.play(kit.position({"X4": "G9", "X2": "C9"}, ball="H10"), "G9-H10", "END")
    assert state.player == "away"
    state = state.apply("END")
    assert (state.player, state.turn) == ("home", 7)
    assert not kit.piece(state, "home", "X4")["restricted"]
    assert kit.moves_from(state, "H10")


def test_action_phase_ends_by_itself_when_no_piece_is_left_to_act(kit):
    # X4 takes the ball with one PA left; every other home piece is down: only END remains,
    # so the phase passes on to the resolution tasks by itself.
    down = tuple(f"home {n}" for n in ("O1", "X2", "S3", "X5", "O6", "S7"))
    state = kit.position({"X4": "G9"}, ball="H10", down=down).apply("G9-H10")
    assert state.phase == "resolution"
    assert kit.texts(state) and all(t.startswith("UP ") for t in kit.texts(state))
