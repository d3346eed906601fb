"""Block, protect and resolving stacks (docs/ball.md §5.3 and 7)."""

import pytest

from engines.ball import IllegalAction


def stack(top, bottom, turn=3, bottom_state="active"):
    return {"top": top, "bottom": bottom, "bottom_state": bottom_state, "turn": turn}


def test_block_stacks_both_pieces_without_knocking_anyone_down(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"}).apply("G9-H10")
    assert kit.piece(state, "home", "X4")["state"] == "top"
    assert kit.piece(state, "away", "O1")["state"] == "bottom"
    assert state.to_dict()["stacks"][0]["bottom_state"] == "active"


def test_block_on_a_knocked_down_opponent_keeps_it_down_for_later(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"}, down=("away O1",)).apply("G9-H10")
    assert state.to_dict()["stacks"][0]["bottom_state"] == "down"


def test_protect_stacks_on_an_ally(kit):
    state = kit.position({"X4": "G9", "X2": "H10"}).apply("G9-H10")
    entry = state.to_dict()["stacks"][0]
    assert (entry["top"], entry["bottom"]) == ("home X4", "home X2")


def test_top_takes_the_ball_from_the_bottom_at_once(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"}, carrier="away O1").apply("G9-H10")
    assert state.ball["carrier"] == "home X4"


def test_stack_pieces_cannot_act(kit):
    state = kit.position({"X4": "G9", "X2": "C9"}, {"O1": "H10"}).apply("G9-H10")
    assert kit.moves_from(state, "H10") == set()


def test_stack_is_not_resolved_in_the_turn_it_was_formed(kit):
    state = kit.play(kit.position({"X4": "G9", "X2": "C9"}, {"O1": "H10"}), "G9-H10", "END")
    # No task is left, so the turn passed straight to away.
    assert (state.player, state.phase, state.turn) == ("away", "action", 6)


def test_stack_from_an_earlier_turn_offers_every_ordered_placement(kit):
    state = kit.position(
        {"X4": "H10"}, {"O1": "H10"}, stacks=(stack("home X4", "away O1"),), phase="resolution"
    )
    squares = ("G9", "I9", "G11", "I11")
    expected = {f"RS H10/{t},{b}" for t in squares for b in squares if t != b}
    assert kit.texts(state) == expected


def test_resolving_a_stack_whose_top_has_the_ball_chooses_the_keeper(kit):
    state = kit.position(
        {"X4": "H10"},
        {"O1": "H10"},
        stacks=(stack("home X4", "away O1"),),
        carrier="home X4",
        phase="resolution",
    )
    assert len(kit.texts(state)) == 24
    after = state.apply("RS H10/G9,I11*bottom")
    assert after.ball == {"carrier": "away O1", "square": "I11"}
    assert kit.piece(after, "home", "X4")["state"] == "active"
    assert kit.piece(after, "away", "O1")["state"] == "active"


def test_resolution_returns_the_bottom_to_its_earlier_state(kit):
    state = kit.position(
        {"X4": "H10"},
        {"O1": "H10"},
        stacks=(stack("home X4", "away O1", bottom_state="down"),),
        phase="resolution",
    ).apply("RS H10/G9,I11")
    assert kit.piece(state, "away", "O1")["state"] == "down"
    assert kit.piece(state, "home", "X4")["square"] == "G9"


def test_only_the_coach_of_the_top_resolves_a_stack(kit):
    state = kit.position(
        {"X4": "H10"},
        {"O1": "H10"},
        stacks=(stack("home X4", "away O1"),),
        phase="resolution",
        player="away",
    )
    # Away has no task: its resolution phase passes at once.
    assert (state.player, state.turn) == ("home", 6)


def test_stack_without_two_free_squares_is_no_task(kit):
    state = kit.position(
        {"X4": "H10", "X2": "G9"},
        {"O1": "H10", "X2": "I9", "S3": "G11"},
        stacks=(stack("home X4", "away O1"),),
        phase="resolution",
    )
    assert (state.player, state.turn) == ("away", 6)


def test_resolving_returns_a_downed_own_bottom_as_a_stand_up_task(kit):
    state = kit.position(
        {"X4": "H10", "X2": "H10"},
        stacks=(stack("home X4", "home X2", bottom_state="down"),),
        phase="resolution",
    ).apply("RS H10/G9,I11")
    assert state.phase == "resolution"
    assert kit.texts(state) == {"UP I11/H10", "UP I11/J10", "UP I11/H12", "UP I11/J12"}


def test_task_that_becomes_solvable_during_the_resolution_must_be_done(kit):
    # X2 lies on G9 with all four neighbours taken; resolving the stack on H10 frees H10.
    state = kit.position(
        {"X2": "G9", "X4": "H10"},
        {"O1": "H10", "X2": "F8", "S3": "H8", "X4": "F10"},
        down=("home X2",),
        stacks=(stack("home X4", "away O1"),),
        phase="resolution",
    )
    assert all(t.startswith("RS H10/") for t in kit.texts(state))
    state = state.apply("RS H10/I9,I11")
    assert kit.texts(state) == {"UP G9/H10"}
    state = state.apply("UP G9/H10")
    assert (state.player, state.turn) == ("away", 6)


def test_swapping_top_and_bottom_squares_is_another_choice(kit):
    state = kit.position(
        {"X4": "H10"}, {"O1": "H10"}, stacks=(stack("home X4", "away O1"),), phase="resolution"
    )
    a = state.apply("RS H10/G9,I11")
    b = state.apply("RS H10/I11,G9")
    assert kit.piece(a, "home", "X4")["square"] == "G9"
    assert kit.piece(b, "home", "X4")["square"] == "I11"


def test_resolution_phase_cannot_be_ended_early(kit):
    state = kit.position(
        {"X4": "H10"}, {"O1": "H10"}, stacks=(stack("home X4", "away O1"),), phase="resolution"
    )
    with pytest.raises(IllegalAction, match="cannot be ended early"):
        state.apply("END")


def test_stack_resolution_square_may_not_hold_the_ball(kit):
    state = kit.position(
        {"X4": "H10"},
        {"O1": "H10"},
        stacks=(stack("home X4", "away O1"),),
        phase="resolution",
        ball="G9",
    )
    assert not any("G9" in t for t in kit.texts(state))


def test_knocked_down_bottom_returned_by_a_resolution_is_a_stand_up_task_in_the_same_phase(kit):
    state = kit.position(
        {"X4": "H10", "X2": "H10"},
        stacks=(stack("home X4", "home X2", bottom_state="down"),),
        phase="resolution",
    ).apply("RS H10/G9,I11")
    assert (state.player, state.phase) == ("home", "resolution")
    assert kit.texts(state) == {"UP I11/H10", "UP I11/J10", "UP I11/H12", "UP I11/J12"}
    state = state.apply("UP I11/J12")
    assert (state.player, state.turn) == ("away", 6)


def test_knocked_down_bottom_may_keep_the_ball_but_cannot_act_until_it_stands_up(kit):
    state = kit.position(
        {"X4": "H10"},
        {"O1": "H10", "X2": "C13"},
        stacks=(stack("home X4", "away O1", bottom_state="down"),),
        carrier="home X4",
        phase="resolution",
    ).apply("RS H10/G9,I11*bottom")
    assert state.ball == {"carrier": "away O1", "square": "I11"}
    assert kit.piece(state, "away", "O1")["state"] == "down"
    assert (state.player, state.phase) == ("away", "action")
    assert kit.moves_from(state, "I11") == set()
    state = state.apply("END")
    assert "UP I11/J12" in kit.texts(state)
    state = state.apply("UP I11/J12")
    assert state.ball == {"carrier": "away O1", "square": "J12"}


def test_resolution_tasks_may_be_solved_in_any_order(kit):
    base = kit.position(
        {"X4": "H10", "X2": "C9"},
        {"O1": "H10"},
        stacks=(stack("home X4", "away O1"),),
        down=("home X2",),
        phase="resolution",
    )
    legal = kit.texts(base)
    assert "UP C9/D10" in legal and "RS H10/G9,I11" in legal
    a = base.apply("UP C9/D10").apply("RS H10/G9,I11")
    b = base.apply("RS H10/G9,I11").apply("UP C9/D10")
    assert a == b
    assert (a.player, a.turn) == ("away", 6)


def test_stack_formed_by_the_opponent_stays_until_its_top_coach_resolves_it(kit):
    # Away blocked in turn 4; home (the bottom's coach) can do nothing about it in turn 5.
    state = kit.position(
        {"X4": "H10", "X2": "C9"},
        {"O1": "H10"},
        stacks=(stack("away O1", "home X4", turn=4),),
    ).apply("END")
    assert (state.player, state.turn, state.phase) == ("away", 6, "action")
    state = state.apply("END")
    assert state.phase == "resolution"
    assert all(t.startswith("RS H10/") for t in kit.texts(state))
