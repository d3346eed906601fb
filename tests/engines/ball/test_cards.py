"""Card mode: +PE, the energy table, SPRINT, GETUP, OVERTIME (docs/ball.md §8)."""

import pytest

from engines.ball import IllegalAction, NotationError, new_game, parse_action


def test_plus_pe_converts_one_unused_pa():
    state = new_game(card_mode=True).apply("+PE")
    assert (state.pa, state.pe) == (1, {"home": 1, "away": 0})


def test_plus_pe_does_not_exist_without_card_mode():
    with pytest.raises(IllegalAction, match="only in card mode"):
        new_game().apply("+PE")


def test_pe_are_kept_from_turn_to_turn(kit):
    state = kit.play(new_game(card_mode=True), "+PE", "+PE", "END", "END")
    assert (state.turn, state.player, state.pe["home"]) == (3, "home", 2)


@pytest.mark.parametrize(
    ("away", "carrier", "action", "gain"),
    [
        ({"O1": "I11"}, None, "G9-I11/J12", 1),
        ({"O1": "I11"}, "away O1", "G9-I11/J12", 2),
        ({"O1": "H10"}, None, "G9-I11/I9", 1),
        ({"O1": "H10"}, "away O1", "G9-I11/I9", 2),
        ({"O1": "H10"}, None, "G9-H10", 1),
    ],
    ids=["dodge", "dodge-fumble", "tactical", "tactical-fumble", "block"],
)
def test_energy_table_gains(kit, away, carrier, action, gain):
    state = kit.position({"X4": "G9"}, away, carrier=carrier, card_mode=True).apply(action)
    assert state.pe["home"] == gain


def test_block_on_a_knocked_down_opponent_gains_energy(kit):
    state = kit.position({"X4": "G9"}, {"O1": "H10"}, down=("away O1",), card_mode=True)
    assert state.apply("G9-H10").pe["home"] == 1


def test_protecting_gains_nothing(kit):
    state = kit.position({"X4": "G9", "X2": "H10"}, card_mode=True).apply("G9-H10")
    assert state.pe["home"] == 0


def test_no_energy_is_gained_outside_card_mode(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11"}).apply("G9-I11/J12")
    assert state.pe == {"home": 0, "away": 0}


def test_sprint_costs_two_pe_no_pa_and_gains_energy_too(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11"}, card_mode=True, pe=(2, 0))
    state = state.apply("SPRINT G9-I11/J12")
    assert (state.pa, state.pe["home"]) == (2, 1)


def test_sprint_may_move_a_restricted_piece(kit):
    state = kit.position(
        {"X4": "G9", "X2": "C9"},
        card_mode=True,
        pe=(2, 0),
        restricted=("home X4",),
        carrier="home X4",
    )
    assert "SPRINT G9-H10" in kit.texts(state)
    assert "G9-H10" not in kit.texts(state)


def test_sprint_is_a_move_never_a_pass():
    with pytest.raises(NotationError):
        parse_action("SPRINT G9>>G13")


def test_sprint_needs_two_pe(kit):
    state = kit.position({"X4": "G9"}, card_mode=True, pe=(1, 0))
    with pytest.raises(IllegalAction, match="SPRINT costs 2 PE"):
        state.apply("SPRINT G9-H10")


def test_getup_stands_a_piece_up_for_one_pe(kit):
    state = kit.position({"X4": "G9", "X2": "C9"}, down=("home X4",), card_mode=True, pe=(1, 0))
    state = state.apply("GETUP G9/H10")
    assert kit.piece(state, "home", "X4")["state"] == "active"
    assert (state.pa, state.pe["home"], state.phase) == (2, 0, "action")


def test_overtime_adds_one_pa_once_per_turn(kit):
    state = kit.position({"X4": "G9"}, card_mode=True, pe=(6, 0)).apply("OVERTIME")
    assert (state.pa, state.pe["home"], state.overtime_used) == (3, 3, True)
    assert "OVERTIME" not in kit.texts(state)
    with pytest.raises(IllegalAction, match="once per turn"):
        state.apply("OVERTIME")


def test_overtime_is_playable_with_no_pa_left(kit):
    state = kit.position({"X4": "G9"}, card_mode=True, pe=(3, 0), pa=0)
    assert state.phase == "action"
    legal = kit.texts(state)
    assert "OVERTIME" in legal
    assert all(t in ("END", "OVERTIME") or t.startswith("SPRINT ") for t in legal)
    assert state.apply("OVERTIME").pa == 1


def test_card_actions_only_in_the_action_phase(kit):
    state = kit.position(
        {"X4": "G9", "X2": "C9"}, down=("home X2",), card_mode=True, pe=(3, 0), phase="resolution"
    )
    with pytest.raises(IllegalAction, match="action phase is over"):
        state.apply("GETUP C9/D10")


def test_pe_gained_by_converting_pa_can_be_spent_in_the_same_turn():
    state = new_game(card_mode=True).apply("+PE").apply("+PE")
    assert (state.pa, state.pe["home"], state.phase) == (0, 2, "action")
    state = state.apply("SPRINT G5-H6")
    assert state.pe["home"] == 0


def test_plus_pe_needs_an_unused_pa(kit):
    state = kit.position({"X4": "G9"}, card_mode=True, pe=(2, 0), pa=0)
    assert "+PE" not in kit.texts(state)
    with pytest.raises(IllegalAction, match="no PA left to convert"):
        state.apply("+PE")


def test_overtime_can_be_played_again_in_a_later_turn(kit):
    state = kit.position({"X4": "G9"}, card_mode=True, pe=(6, 0))
    state = kit.play(state, "OVERTIME", "END", "END")
    assert (state.player, state.overtime_used) == ("home", False)
    assert "OVERTIME" in kit.texts(state)


def test_getup_never_raises_a_stacked_bottom_nor_stands_on_the_ball(kit):
    stack = {"top": "away X4", "bottom": "home X2", "bottom_state": "down", "turn": 4}
    state = kit.position(
        {"X2": "H10", "X4": "C9"},
        {"X4": "H10"},
        stacks=(stack,),
        down=("home X4",),
        ball="D10",
        card_mode=True,
        pe=(1, 0),
    )
    getups = {t for t in kit.texts(state) if t.startswith("GETUP")}
    assert getups == {"GETUP C9/B8", "GETUP C9/D8", "GETUP C9/B10"}


def test_sprint_never_moves_an_inactive_piece(kit):
    state = kit.position({"X4": "G9", "X2": "C9"}, down=("home X4",), card_mode=True, pe=(2, 0))
    assert not any(t.startswith("SPRINT G9") for t in kit.texts(state))
    with pytest.raises(IllegalAction, match="knocked down and cannot act"):
        state.apply("SPRINT G9-H10")


def test_card_actions_cost_no_pa_and_keep_the_phase_open(kit):
    state = kit.position({"X4": "G9", "X2": "C9"}, down=("home X2",), card_mode=True, pe=(1, 0))
    state = state.apply("GETUP C9/D10")
    assert (state.pa, state.phase) == (2, "action")
