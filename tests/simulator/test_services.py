"""The simulator's engine workflows: BALL against the computer, The Baa bot matches."""

import pytest

from engines.ball import GameRecord
from simulator import services


@pytest.fixture
def ball_game():
    return services.ball_new_game(card_mode=False, level="easy", target_score=3)


def test_new_ball_game_waits_for_the_human(ball_game):
    state = ball_game.record.replay()
    assert ball_game.record.actions == ()
    assert state.player == "home"
    assert state.phase == "action"


def test_human_action_is_recorded_in_canonical_notation(ball_game):
    game = services.ball_play(game=ball_game, notation=" g5-h6 ")
    assert game.record.actions == ("G5-H6",)
    assert game.record.replay().pa == 1


def test_illegal_action_raises_and_leaves_the_record_unchanged(ball_game):
    before = ball_game.record
    with pytest.raises(services.BallInputError) as caught:
        services.ball_play(game=ball_game, notation="A1-B2")
    assert "nicht erlaubt" in caught.value.message
    assert "A1" in caught.value.detail
    assert ball_game.record == before


def test_text_that_is_no_notation_raises_in_german(ball_game):
    with pytest.raises(services.BallInputError, match="kein Zug in BALL-Notation"):
        services.ball_play(game=ball_game, notation="Tor!")


def test_computer_answers_with_legal_actions_until_the_human_moves_again(ball_game):
    game = services.ball_play(game=ball_game, notation="END")
    states = game.record.states()
    replies = game.record.actions[1:]
    assert replies, "the computer played its turn"
    for state, text in zip(states[1:], replies, strict=False):
        assert state.player == "away"
        assert text in {str(a) for a in state.legal_actions()}
    assert states[-1].player == "home"


def test_game_record_replays_from_the_session(ball_game):
    game = services.ball_play(game=ball_game, notation="END")
    restored = services.BallGame.from_session(game.to_session())
    assert restored == game
    assert restored.record.replay() == game.record.replay()


def test_stored_game_that_does_not_replay_is_refused():
    data = {"record": {"options": {}, "actions": ["G5-H6", "G5-H6"]}, "level": "easy"}
    with pytest.raises(ValueError):
        services.BallGame.from_session(data)


def test_undo_takes_back_the_human_action_and_the_computer_reply(ball_game):
    game = services.ball_play(game=ball_game, notation="G5-H6")
    game = services.ball_play(game=game, notation="END")
    undone = services.ball_undo(game=game)
    assert undone.record.actions == ("G5-H6",)
    assert services.ball_undo(game=undone).record.actions == ()


def test_finished_game_refuses_more_actions():
    record = GameRecord.from_json({"options": {"turn_limit": 1}, "actions": ["END"]})
    game = services.BallGame(record=record, level="easy")
    assert game.record.replay().is_over
    with pytest.raises(services.BallInputError, match="vorbei"):
        services.ball_play(game=game, notation="END")


def test_ball_view_groups_the_human_choices_by_piece(ball_game):
    view = services.ball_view(game=ball_game, selected="g5")
    assert view.selected == "G5"
    assert {c.notation for c in view.choices} >= {"G5-H6", "G5-F4"}
    assert [c.notation for c in view.general] == ["END"]
    assert len(view.pieces) == 14
    label = {c.notation: c.label for c in view.choices}["G5-H6"]
    assert label == "Zug nach H6"


def test_action_labels_name_blocks_and_passes(ball_game):
    board = services._Board(ball_game.record.replay())
    assert services.action_label(board, "G7-H8") == "Zug nach H8"
    assert services.action_label(board, "G5=G7").startswith("Hand-off an □3")
    assert services.action_label(board, "G5>>K13") == "Langer Pass auf K13"
    assert services.action_label(board, "RS G9/F10,H10*bottom").endswith("Ball geht nach unten")


def test_baa_match_has_a_picture_per_round_and_the_result():
    match = services.baa_match(teams=2, seed=1, bot="greedy")
    assert match.result["finished"]
    assert len(match.rounds) == match.result["rounds"] + 1
    assert match.rounds[-1].picture["goals"] == match.result["goals"]
    assert sum(len(r.goals) for r in match.rounds) == sum(match.result["goals"])


def test_baa_match_is_the_same_game_as_the_engine_runs():
    from engines.baa import run_game

    match = services.baa_match(teams=3, seed=5, bot="random")
    assert match.result == run_game(3, seed=5, bot="random").result()


def test_baa_picture_flips_the_table_and_places_every_figure():
    match = services.baa_match(teams=2, seed=1, bot="greedy")
    picture = services.baa_picture(match=match, number=0)
    assert len(picture["figures"]) == 12
    assert len(picture["markers"]) == 2
    assert all(0 <= f["y"] <= 48 for f in picture["figures"])


def test_every_event_of_a_game_reads_as_german_text():
    match = services.baa_match(teams=2, seed=1, bot="greedy")
    for number in range(len(match.rounds)):
        for line in services.baa_round_log(match=match, number=number, detail=True):
            assert line["text"]
            assert "=" not in line["text"], line  # no fallback "type: key=value" lines


def test_unknown_event_falls_back_to_its_fields():
    assert services.describe_event({"type": "new_thing", "x": 1}) == "new_thing: x=1"
