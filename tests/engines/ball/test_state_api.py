"""Immutability, errors that say why, JSON positions and game records."""

import json

import pytest

from engines.ball import GameRecord, IllegalAction, Options, State, new_game, parse_action


def test_illegal_action_is_a_value_error_that_names_the_action():
    with pytest.raises(ValueError, match=r"^G5-G9: .*cannot move from G5 to G9"):
        new_game().apply("G5-G9")
    assert issubclass(IllegalAction, ValueError)


def test_illegal_action_changes_nothing():
    state = new_game()
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply("G5-G9")
    assert state.to_json() == before
    assert state == new_game()


def test_apply_returns_a_new_state_and_leaves_the_old_one_unchanged():
    state = new_game()
    before = state.to_json()
    after = state.apply("G5-H6")
    assert after is not state
    assert state.to_json() == before
    assert after.pa == 1


def test_state_attributes_cannot_be_assigned():
    state = new_game()
    with pytest.raises(AttributeError):
        state._pa = 5
    with pytest.raises(AttributeError):
        state.turn = 3


def test_ordinary_action_refused_with_no_piece_on_the_start_square():
    with pytest.raises(IllegalAction, match="no piece on H6"):
        new_game().apply("H6-I7")


def test_json_round_trips_a_position(kit):
    state = kit.play(new_game(card_mode=True), "+PE", "G5-H6", "END")
    again = State.from_json(state.to_json())
    assert again == state
    assert again.to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()


def test_json_rejects_two_pieces_on_one_square_without_a_stack():
    data = json.loads(new_game().to_json())
    data["pieces"]["home"]["X2"] = "C7"
    with pytest.raises(ValueError, match="two pieces on C7"):
        State.from_json(data)


def test_json_rejects_a_free_ball_under_a_piece():
    data = json.loads(new_game().to_json())
    data["ball"] = {"square": "C7"}
    with pytest.raises(ValueError, match="never lies under a piece"):
        State.from_json(data)


def test_game_record_replays_exactly():
    record = GameRecord(Options(card_mode=True, target_score=2, turn_limit=12))
    state = record.replay()
    for text in ("+PE", "G5-H6", "G13-F12", "END"):
        record = record.append(text)
        state = state.apply(text)
    assert record.replay() == state
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert again.replay().to_json() == state.to_json()
    assert len(record.states()) == 5


def test_game_record_refuses_an_illegal_action():
    with pytest.raises(IllegalAction):
        GameRecord().append("G5-G9")


def test_options_are_validated():
    with pytest.raises(ValueError):
        new_game(turn_limit=0)
    with pytest.raises(ValueError):
        new_game(target_score=0)


def test_custom_setup_mirrors_for_away():
    setup = {"O1": "C7", "X2": "E7", "S3": "G7", "X4": "I7", "X5": "G5", "O6": "K7", "S7": "C3"}
    state = new_game(setup=setup)
    squares = {(p["team"], p["name"]): p["square"] for p in state.pieces()}
    assert squares[("home", "S7")] == "C3"
    assert squares[("away", "S7")] == "C15"


def test_render_shows_pieces_ball_and_turn():
    text = new_game().render()
    assert "x5*" in text and "X5" in text
    assert "turn 1/40" in text and "home to play (DEF)" in text
    assert parse_action("END") in new_game().legal_actions()
