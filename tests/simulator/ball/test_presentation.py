"""The BALL presentation: the board's drawing data and the German action labels."""

from engines.ball import parse_action
from simulator.ball import presentation


def test_ball_view_groups_the_human_choices_by_piece(ball_game):
    view = presentation.ball_view(game=ball_game, selected="g5")
    assert view.selected == "G5"
    assert {c.notation for c in view.choices} >= {"G5-H6", "G5-F4"}
    assert [c.notation for c in view.general] == ["END"]
    assert len(view.pieces) == 14
    label = {c.notation: c.label for c in view.choices}["G5-H6"]
    assert label == "Zug nach H6"


def test_action_labels_name_blocks_and_passes(ball_game):
    board = presentation._Board(ball_game.record.replay())
    assert presentation.action_label(board, "G7-H8") == "Zug nach H8"
    assert presentation.action_label(board, "G5=G7").startswith("Hand-off an □3")
    assert presentation.action_label(board, "G5>>K13") == "Langer Pass auf K13"
    assert presentation.action_label(board, "RS G9/F10,H10*bottom").endswith("Ball geht nach unten")


def test_board_highlights_the_targets_of_the_selected_piece(ball_game):
    view = presentation.ball_view(game=ball_game, selected="G5")
    targets = {cell["square"] for cell in view.cells if cell["target"]}
    expected = {parse_action(c.notation).parts().target for c in view.choices}
    assert targets == expected
    assert "H6" in targets
