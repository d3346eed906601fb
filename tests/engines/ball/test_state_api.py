"""Immutability, the two views of a state, errors that say why, JSON positions, game records."""

import json

import pytest

from engines.ball import GameRecord, IllegalAction, Options, State, new_game, parse_action
from engines.ball.board import ACTION_PHASE, ACTIVE, AWAY, HOME, parse_piece, parse_square
from engines.ball.view import PositionView


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
        state.pa = 5
    with pytest.raises(AttributeError):
        state.turn = 3


def test_a_state_offers_every_attribute_of_the_position_view():
    state = new_game()
    properties = {name for name, value in vars(PositionView).items() if isinstance(value, property)}
    for name in set(PositionView.__annotations__) | properties:
        assert hasattr(state, name), name
    assert properties == {"player", "atk", "phase", "is_over", "result"}


def test_the_compact_view_is_the_named_view_in_the_engines_numbers():
    state = new_game(card_mode=True).apply("G5-H6")
    x5 = parse_piece("home X5")
    assert state.positions[x5] == parse_square("H6")
    assert state.piece_states == (ACTIVE,) * 14
    assert state.carrier == parse_piece("away X5") and state.free_ball == -1
    assert (state.team_to_move, state.atk_team) == (HOME, AWAY)
    assert state.phase_code == ACTION_PHASE and state.pa == 1 and state.turn == 1
    assert state.pe_by_team == (0, 0) and state.score_by_team == (0, 0)
    assert state.stacks == () and state.restricted_mask == 0 and not state.overtime_used
    assert state.options.card_mode


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


ILLEGAL = [
    # (home, away, extra position options, action, reason)
    ({"X5": "G9"}, {}, {"carrier": "home X5"}, "G9-H10/I11", "a 1-square move takes no extra"),
    ({"X5": "G9"}, {}, {"carrier": "home X5"}, "G9-I11/J12", "a plain move takes no extra"),
    ({"X5": "G9"}, {"O1": "I11"}, {}, "G9-I11", "a dodge needs its exit square"),
    ({"X5": "G9"}, {"O1": "H10", "X2": "I11"}, {}, "G9-I11/J12", "cannot cross the active"),
    ({"X5": "G9", "X2": "I11"}, {}, {}, "G9-I11", "a 2-square move may only end on one active"),
    ({"X5": "G9"}, {"O1": "H10"}, {"down": ("away O1",)}, "G9-I11", "knocked-down piece or a"),
    ({"X5": "G9"}, {}, {}, "G9=H10", "only the ball carrier"),
    ({"X5": "G9"}, {"O1": "G13"}, {"carrier": "home X5"}, "G9>>G13", "G13 holds a piece"),
    ({"X5": "G9", "X2": "G15"}, {}, {"carrier": "home X5"}, "G9>G15@F14", "reaches 4"),
    ({"X5": "G9", "X2": "G13"}, {}, {"carrier": "home X5"}, "G9>G13@F10", "not next to the"),
    ({"X5": "G9", "X2": "G13"}, {}, {"carrier": "home X5"}, "G9=G13", "not connected"),
    ({"X5": "G9"}, {"O1": "H10"}, {"carrier": "home X5"}, "G9>H10@I11", "no other allied"),
    ({"X5": "G9"}, {}, {"carrier": "home X5"}, "UP G9/H10", "in the resolution phase"),
    ({"X5": "G9"}, {}, {"carrier": "home X5"}, "+PE", "only in card mode"),
    ({"X5": "G9"}, {}, {"carrier": "home X5"}, "OVERTIME", "only in card mode"),
    (
        {"X5": "G9"},
        {},
        {"carrier": "home X5", "pa": 0, "card_mode": True, "pe": (2, 0)},
        "G9-H10",
        "no PA left for an ordinary action",
    ),
]


@pytest.mark.parametrize(("home", "away", "extra", "action", "reason"), ILLEGAL)
def test_illegal_actions_say_why_and_change_nothing(kit, home, away, extra, action, reason):
    state = kit.position(home, away, **extra)
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    message = str(err.value)
    assert message.startswith(str(parse_action(action)) + ": ")
    assert reason in message
    assert state.to_json() == before
    assert state == State.from_json(before)


def stack_state(kit, **extra):
    stack = {"top": "home X4", "bottom": "away O1", "bottom_state": "active", "turn": 3}
    return kit.position({"X4": "H10"}, {"O1": "H10"}, stacks=(stack,), phase="resolution", **extra)


@pytest.mark.parametrize(
    ("action", "extra", "reason"),
    [
        ("RS H10/G9,G9", {}, "two different squares"),
        ("RS H10/G9,I11", {"carrier": "home X4"}, "say who keeps it"),
        ("RS H10/G9,I11*top", {}, "nobody keeps it"),
        ("RS H10/G9,K11", {}, "not a diagonal neighbour"),
        ("RS G9/F8,H8", {}, "no piece on G9"),
        ("UP H10/G9", {}, "not knocked down"),
    ],
)
def test_illegal_resolutions_say_why(kit, action, extra, reason):
    state = stack_state(kit, **extra)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)


def test_a_stack_of_this_turn_is_refused_with_the_reason(kit):
    stack = {"top": "home X4", "bottom": "away O1", "bottom_state": "active", "turn": 5}
    state = kit.position(
        {"X4": "H10", "X2": "C9"},
        {"O1": "H10"},
        stacks=(stack,),
        down=("home X2",),
        phase="resolution",
    )
    with pytest.raises(IllegalAction, match="never resolved in the turn it was formed"):
        state.apply("RS H10/G9,I11")


def test_states_reached_by_every_kind_of_action_are_immutable_states(kit):
    state = kit.position(
        {"X5": "G9", "X2": "H10", "X4": "C9"}, carrier="home X5", down=("home X4",)
    )
    for action in ("G9=H10", "END", "UP C9/D10"):
        state = state.apply(action)
        assert type(state) is State
        with pytest.raises(AttributeError):
            state.positions = ()
        assert state.legal_actions() is state.legal_actions()
