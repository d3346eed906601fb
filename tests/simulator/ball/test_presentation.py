"""The BALL game page as a whole (simulator.ball.presentation): the action choice on the board,
the last actions, the move list and touchdowns."""

from dataclasses import replace

from engines.ball import GameRecord
from simulator.ball import presentation, services
from simulator.ball.choice import Selection

from .conftest import TOUCHDOWN_ACTIONS


def _hits(view):
    return {h["square"]: h for h in view.board.hits}


def _targets(view):
    return {c["square"] for c in view.board.cells if "cell--target" in c["classes"]}


def test_the_action_being_built_is_drawn_on_the_board_with_tap_areas(ball_game):
    view = presentation.ball_view(game=ball_game, selection=Selection(piece="G7"))
    assert view.human_to_move and view.choice.selected == "G7"
    state = ball_game.record.replay()
    expected = {a.parts().target for a in state.legal_actions() if a.parts().piece == "G7"}
    assert _targets(view) == expected
    assert set(_hits(view)) == {h["square"] for h in view.choice.hits}
    assert all(h["points"] for h in view.board.hits)


def test_nothing_is_offered_while_the_computer_is_to_move(ball_game):
    game = services.BallGame(record=ball_game.record, level="easy", computer="home", id="x")
    view = presentation.ball_view(game=game, selection=Selection(piece="G7"))
    assert not view.human_to_move and view.choice is None
    assert view.board.hits == [] and _targets(view) == set()


def test_moved_pieces_animate_from_their_previous_square(ball_game):
    game = services.ball_play(game=ball_game, notation="G7-H8")
    board = presentation.ball_view(game=game).board
    moved = [f for f in board.figures if f.came_from]
    assert [f.piece.square for f in moved] == ["H8"]
    marks = {c["square"]: c["classes"] for c in board.cells}
    # The moved piece can act again, but its square keeps the mark of the last action.
    assert "cell--from" in marks["G7"] and "cell--to" in marks["H8"]
    assert "H8" in _hits(presentation.ball_view(game=game))


def test_the_move_list_shows_an_earlier_position_read_only(ball_game):
    game = services.ball_play(game=ball_game, notation="G7-H8")
    game = services.ball_play(game=game, notation="G5-F4")
    view = presentation.ball_view(game=game, position=1)
    assert view.position == 1
    assert not view.board.hits
    squares = {f.piece.square for f in view.board.figures if f.piece.team == "home"}
    assert "H8" in squares and "G5" in squares


def test_touchdown_is_shown_on_the_board_as_it_stood(open_game):
    game = replace(open_game, record=GameRecord(open_game.record.options, TOUCHDOWN_ACTIONS))
    index = presentation.first_touchdown(game, 0)
    assert index == len(TOUCHDOWN_ACTIONS) - 1
    view = presentation.ball_view(game=game, touchdown=index)
    assert view.touchdown["team"] == "away"
    carrier = next(f for f in view.board.figures if f.piece.has_ball)
    assert carrier.piece.square == "E1"  # before the board returns to the setup
    assert game.record.replay().ball["square"] != "E1"


def test_the_last_actions_link_to_the_position_before_them(ball_game):
    game = services.ball_play(game=ball_game, notation="END")
    view = presentation.ball_view(game=game)
    assert view.last_by == "Computer"
    assert view.last_start == 1
    assert [c.notation for c in view.last] == list(game.record.actions[1:])
