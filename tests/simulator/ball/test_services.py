"""The BALL workflow: the human's action, the computer's answer, undo, the stored game."""

import pytest

from engines.ball import GameRecord
from simulator.ball import services


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
    assert "A1" in caught.value.detail  # the German reason names the square
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


def test_hot_seat_game_lets_both_sides_play_without_a_computer():
    game = services.ball_new_game(level="easy", computer=None)
    game = services.ball_play(game=game, notation="END")
    assert game.record.actions == ("END",)
    assert game.record.replay().player == "away"
    game = services.ball_play(game=game, notation="G13-F12")
    assert game.record.actions == ("END", "G13-F12")


def test_computer_playing_home_opens_the_game():
    game = services.ball_new_game(level="easy", computer="home")
    assert game.record.actions, "the computer (home, DEF) made the first turn"
    assert game.record.replay().player == "away"
    assert game.human_sides == ("away",)


def test_action_from_a_stale_page_is_refused_and_changes_nothing(ball_game):
    seen = ball_game.version
    played = services.ball_play(game=ball_game, notation="G7-H8", version=seen)
    with pytest.raises(services.StaleGame, match="weitergespielt"):
        services.ball_play(game=played, notation="G5-F4", version=seen)
    assert played.record.actions == ("G7-H8",)


def test_version_changes_with_every_action_and_each_new_game(ball_game):
    played = services.ball_play(game=ball_game, notation="G7-H8")
    assert played.version != ball_game.version
    other = services.ball_new_game(level="easy")
    assert other.version != ball_game.version


def test_undo_in_a_hot_seat_game_takes_back_one_action():
    game = services.ball_new_game(level="easy", computer=None)
    game = services.ball_play(game=game, notation="END")
    game = services.ball_play(game=game, notation="G13-F12")
    assert services.ball_undo(game=game).record.actions == ("END",)


def test_stored_game_keeps_its_sides_and_id():
    game = services.ball_new_game(level="hard", computer=None, game_id="abc")
    restored = services.BallGame.from_session(game.to_session())
    assert (restored.computer, restored.id, restored.level) == (None, "abc", "hard")


def test_illegal_action_is_explained_in_german(ball_game):
    with pytest.raises(services.BallInputError) as caught:
        services.ball_play(game=ball_game, notation="A1-B2")
    assert caught.value.detail == "Auf A1 steht keine Figur."
    with pytest.raises(services.BallInputError) as caught:
        services.ball_play(game=ball_game, notation="G13-F12")
    assert caught.value.detail == "Gast ✕5 auf G13 gehört nicht dir."
