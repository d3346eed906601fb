"""The BALL board component: squares, figures, stacks and tap areas (simulator.ball.board)."""

from engines.ball import new_game
from engines.ball.board import PLAYABLE, SQUARE_NAMES
from simulator.ball import board, rules


def test_the_whole_board_draws_the_engines_playable_squares_once():
    cells = [c["square"] for c in board.draw_board(new_game()).cells]
    assert sorted(cells) == sorted(SQUARE_NAMES[s] for s in PLAYABLE)
    assert len(cells) == 111


def test_a_window_draws_only_its_squares_and_is_compact():
    drawn = board.draw_board(new_game(), cols=(2, 8), rows=(2, 8))
    assert {c["square"][0] for c in drawn.cells} == set("BCDEFGH")
    assert drawn.compact
    assert [c["letter"] for c in drawn.columns] == list("BCDEFGH")


def test_knocked_down_piece_is_drawn_rotated_and_described():
    state = rules.position({"X2": "E5"}, down=("home X2",))
    figure = next(f for f in board.draw_board(state).figures if f.piece.square == "E5")
    assert figure.rotate == 90
    assert "liegt am Boden" in figure.label


def test_stack_pieces_are_drawn_over_each_other_and_named_block_or_protection():
    state = rules.diagrams()["stacks"].board
    roles = {s["square"]: s["role"] for s in state.stacks}
    assert roles == {"D4": "block", "F6": "protect"}
    figures = {(f.piece.square, f.piece.state): f for f in state.figures}
    top, bottom = figures["D4", "top"], figures["D4", "bottom"]
    assert top.x > bottom.x and top.y < bottom.y  # the top sits up and right on the bottom
    assert state.figures.index(bottom) < state.figures.index(top)  # drawn first, under it
    assert "blockt Gast ◯1" in top.label
    assert "wird von Heim ✕4 geblockt" in bottom.label


def test_every_figure_has_a_text_alternative(ball_game):
    drawn = board.draw_board(ball_game.record.replay())
    assert len(drawn.figures) == 14
    carrier = next(f for f in drawn.figures if f.piece.has_ball)
    assert carrier.label == "Gast ✕5 auf G13, hat den Ball"


def test_tap_area_of_a_square_reaches_its_orthogonal_neighbours():
    points = board.tap_area("G5").split()
    xs = sorted(float(p.split(",")[0]) for p in points)
    assert xs[-1] - xs[0] == 2 * board.CELL  # twice the square's width
