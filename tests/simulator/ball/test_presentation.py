"""The BALL presentation: the board component, building an action step by step, labels."""

import json
from dataclasses import replace

from engines.ball import GameRecord, State, parse_action
from simulator.ball import presentation, rules
from simulator.ball.presentation import Selection

from .conftest import TOUCHDOWN_ACTIONS


def _hits(view):
    return {h["square"]: h for h in view.board.hits}


def _targets(view):
    return {c["square"] for c in view.board.cells if "cell--target" in c["classes"]}


def test_without_selection_the_pieces_that_can_act_are_tappable(ball_game):
    view = presentation.ball_view(game=ball_game)
    legal = {a.parts().piece for a in ball_game.record.replay().legal_actions()} - {None}
    assert set(_hits(view)) == legal
    assert [c.notation for c in view.general] == ["END"]
    assert not view.cancel


def test_piece_with_one_action_kind_shows_its_targets_at_once(ball_game):
    view = presentation.ball_view(game=ball_game, selection=Selection(piece="G7"))
    state = ball_game.record.replay()
    expected = {a.parts().target for a in state.legal_actions() if a.parts().piece == "G7"}
    assert _targets(view) == expected
    assert view.cancel


def test_tapping_a_target_with_one_action_posts_it(ball_game):
    view = presentation.ball_view(game=ball_game, selection=Selection(piece="G7"))
    hit = _hits(view)["H8"]
    assert hit["notation"] == "G7-H8"
    assert json.loads(hit["vals"]) == {"zug": "G7-H8", "version": ball_game.version}


def test_ball_carrier_is_asked_for_the_action_kind_first(carrier_game):
    view = presentation.ball_view(game=carrier_game, selection=Selection(piece="G13"))
    kinds = [k["kind"] for k in view.kinds]
    assert kinds == ["move", "short pass", "long pass"]  # nobody next to it for a hand-off
    assert _targets(view) == set()
    assert "welche Aktion" in view.prompt


def test_board_highlights_the_targets_of_the_chosen_kind(carrier_game):
    selection = Selection(piece="G13", kind="long pass")
    view = presentation.ball_view(game=carrier_game, selection=selection)
    state = carrier_game.record.replay()
    expected = {
        a.parts().target
        for a in state.legal_actions()
        if a.parts().piece == "G13" and a.parts().kind == "long pass"
    }
    assert expected and _targets(view) == expected


def test_a_short_pass_asks_for_the_ball_square_on_the_board(carrier_game):
    selection = Selection(piece="G13", kind="short pass", target="G11")
    view = presentation.ball_view(game=carrier_game, selection=selection)
    state = carrier_game.record.replay()
    seconds = {a.parts().second for a in state.legal_actions() if str(a).startswith("G13>G11@")}
    assert seconds and _targets(view) == seconds
    square = sorted(seconds)[0]
    assert _hits(view)[square]["notation"] == f"G13>G11@{square}"
    assert "Ballfeld neben dem Empfänger" in view.prompt


def test_without_javascript_a_chosen_target_asks_for_confirmation(ball_game):
    selection = Selection(piece="G7", kind="move", target="H8")
    view = presentation.ball_view(game=ball_game, selection=selection)
    assert [c.notation for c in view.confirm] == ["G7-H8"]


def test_an_unknown_selection_falls_back_to_choosing_a_piece(ball_game):
    view = presentation.ball_view(game=ball_game, selection=Selection(piece="A1", kind="move"))
    assert view.selected is None
    assert not view.cancel


def test_selection_from_the_query_is_bounded_and_cleaned():
    selection = Selection.from_query({"feld": "g5" + "9" * 5000, "art": "x" * 100, "ziel": "h6"})
    assert selection == Selection(piece=None, kind=None, target="H6", second=None)
    assert Selection.from_query({"feld": " g5 ", "art": "langpass"}).kind == "long pass"


def test_knocked_down_piece_is_drawn_rotated_and_described():
    state = rules.position({"X2": "E5"}, down=("home X2",))
    figure = next(f for f in presentation.draw_board(state).figures if f.piece.square == "E5")
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
    board = presentation.ball_view(game=ball_game).board
    assert len(board.figures) == 14
    carrier = next(f for f in board.figures if f.piece.has_ball)
    assert carrier.label == "Gast ✕5 auf G13, hat den Ball"


def test_moved_pieces_animate_from_their_previous_square(ball_game):
    from simulator.ball import services

    game = services.ball_play(game=ball_game, notation="G7-H8")
    board = presentation.ball_view(game=game).board
    moved = [f for f in board.figures if f.came_from]
    assert [f.piece.square for f in moved] == ["H8"]
    marks = {c["square"]: c["classes"] for c in board.cells}
    assert "cell--from" in marks["G7"] and "cell--to" in marks["H8"]


def test_the_move_list_shows_an_earlier_position_read_only(ball_game):
    from simulator.ball import services

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


def test_action_labels_name_blocks_and_passes(ball_game):
    board = presentation._Board(ball_game.record.replay())
    assert presentation.action_label(board, "G7-H8") == "Zug nach H8"
    assert presentation.action_label(board, "G5=G7").startswith("Hand-off an □3")
    assert presentation.action_label(board, "G5>>K13") == "Langer Pass auf K13"
    label = presentation.action_label(board, "RS G9/F10,H10*bottom")
    assert label.endswith("Ball geht nach unten")


def test_rules_diagrams_highlight_what_the_engine_allows():
    diagrams = rules.diagrams()
    x_moves = diagrams["moves"][0].board
    targets = {c["square"] for c in x_moves.cells if "cell--target" in c["classes"]}
    state: State = rules.position({"X2": "E5"})
    expected = {a.parts().target for a in state.legal_actions() if a.parts().piece == "E5"}
    assert targets == expected
    assert {c["square"] for c in diagrams["dodge"].board.cells if "target" in c["classes"]} == {
        parse_action(a).parts().second for a in ("C3-E5/D4", "C3-E5/F4", "C3-E5/D6", "C3-E5/F6")
    }


def test_the_last_actions_link_to_the_position_before_them(ball_game):
    from simulator.ball import services

    game = services.ball_play(game=ball_game, notation="END")
    view = presentation.ball_view(game=game)
    assert view.last_by == "Computer"
    assert view.last_start == 1
    assert [c.notation for c in view.last] == list(game.record.actions[1:])


def test_card_mode_offers_the_cards_as_action_kinds_and_buttons():
    from simulator.ball import services

    game = services.ball_new_game(card_mode=True, level="easy", computer=None, game_id="c")
    view = presentation.ball_view(game=game, selection=Selection(piece="G7"))
    assert [k["kind"] for k in view.kinds] == ["move"]  # no PE yet: no sprint
    assert {c.notation for c in view.general} == {"END", "+PE"}


def test_tap_area_of_a_square_reaches_its_orthogonal_neighbours():
    points = presentation._diamond("G5").split()
    xs = sorted(float(p.split(",")[0]) for p in points)
    assert xs[-1] - xs[0] == 2 * presentation.CELL  # twice the square's width
