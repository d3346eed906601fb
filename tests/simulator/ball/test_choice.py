"""Building an action tap by tap: piece, kind, target, second choice (simulator.ball.choice)."""

import json

from simulator.ball import services
from simulator.ball.choice import SELECTABLE, Selection, choose

BASE = "/simulator/ball/"


def _choose(game, **selection):
    state = game.record.replay()
    return choose(state, Selection(**selection), version=game.version, base_url=BASE)


def _hits(choice):
    return {h["square"]: h for h in choice.hits}


def _targets(choice):
    return {square for square, css in choice.marks.items() if css == "cell--target"}


def test_without_selection_the_pieces_that_can_act_are_tappable(ball_game):
    choice = _choose(ball_game)
    legal = {a.parts().piece for a in ball_game.record.replay().legal_actions()} - {None}
    assert legal <= set(_hits(choice))
    assert set(choice.marks) == legal and set(choice.marks.values()) == {SELECTABLE}
    assert [c.notation for c in choice.general] == ["END"]
    assert not choice.cancel
    # Each step is a plain link carrying the version of the game it was drawn from.
    assert _hits(choice)["G7"]["href"] == f"{BASE}?feld=G7&v={ball_game.version}"


def test_piece_with_one_action_kind_shows_its_targets_at_once(ball_game):
    choice = _choose(ball_game, piece="G7")
    state = ball_game.record.replay()
    expected = {a.parts().target for a in state.legal_actions() if a.parts().piece == "G7"}
    assert _targets(choice) == expected
    assert choice.cancel
    assert choice.selected == "G7" and choice.marks["G7"] == "cell--selected"


def test_tapping_a_target_with_one_action_posts_it(ball_game):
    hit = _hits(_choose(ball_game, piece="G7"))["H8"]
    assert hit["notation"] == "G7-H8"
    assert json.loads(hit["vals"]) == {"zug": "G7-H8", "version": ball_game.version}


def test_ball_carrier_is_asked_for_the_action_kind_first(carrier_game):
    choice = _choose(carrier_game, piece="G13")
    kinds = [k["kind"] for k in choice.kinds]
    assert kinds == ["move", "short pass", "long pass"]  # nobody next to it for a hand-off
    assert _targets(choice) == set()
    assert "welche Aktion" in choice.prompt


def test_the_targets_of_the_chosen_kind_are_highlighted(carrier_game):
    choice = _choose(carrier_game, piece="G13", kind="long pass")
    state = carrier_game.record.replay()
    expected = {
        a.parts().target
        for a in state.legal_actions()
        if a.parts().piece == "G13" and a.parts().kind == "long pass"
    }
    assert expected and _targets(choice) == expected


def test_a_short_pass_asks_for_the_ball_square_on_the_board(carrier_game):
    choice = _choose(carrier_game, piece="G13", kind="short pass", target="G11")
    state = carrier_game.record.replay()
    seconds = {a.parts().second for a in state.legal_actions() if str(a).startswith("G13>G11@")}
    assert seconds and _targets(choice) == seconds
    square = sorted(seconds)[0]
    assert _hits(choice)[square]["notation"] == f"G13>G11@{square}"
    assert "Ballfeld neben dem Empfänger" in choice.prompt


def test_without_javascript_a_chosen_target_asks_for_confirmation(ball_game):
    choice = _choose(ball_game, piece="G7", kind="move", target="H8")
    assert [c.notation for c in choice.confirm] == ["G7-H8"]


def test_an_unknown_selection_falls_back_to_choosing_a_piece(ball_game):
    choice = _choose(ball_game, piece="A1", kind="move")
    assert choice.selected is None
    assert not choice.cancel


def test_selection_from_the_query_is_bounded_and_cleaned():
    selection = Selection.from_query({"feld": "g5" + "9" * 5000, "art": "x" * 100, "ziel": "h6"})
    assert selection == Selection(piece=None, kind=None, target="H6", second=None)
    assert Selection.from_query({"feld": " g5 ", "art": "langpass"}).kind == "long pass"
    # Only the names of playable squares: not H9 (not playable), not G５ (a full-width digit).
    assert Selection.from_query({"feld": "H9", "ziel": "G５", "zweit": "G05"}) == Selection()


def test_card_mode_offers_the_cards_as_action_kinds_and_buttons():
    game = services.ball_new_game(card_mode=True, level="easy", computer=None, game_id="c")
    choice = _choose(game, piece="G7")
    assert [k["kind"] for k in choice.kinds] == ["move"]  # no PE yet: no sprint
    assert {c.notation for c in choice.general} == {"END", "+PE"}


def test_every_other_piece_answers_a_tap_too(ball_game):
    choice = _choose(ball_game)
    state = ball_game.record.replay()
    squares = {p["square"] for p in state.pieces()}
    assert set(_hits(choice)) == squares
    assert "warum nicht" in _hits(choice)["G13"]["label"]


def test_tapping_an_opponents_piece_says_whose_it_is(ball_game):
    choice = _choose(ball_game, piece="G13")
    assert choice.refused
    assert choice.prompt == "Gast ✕5 gehört dem Gegner – tippe eine eigene Figur an."
    assert choice.marks["G13"] == "cell--refused"
    assert not choice.cancel


def test_tapping_a_piece_in_a_stack_says_it_is_bound():
    from simulator.ball.rules import position

    state = position(
        {"X4": "D4"},
        {"O1": "D4"},
        stacks=({"top": "away O1", "bottom": "home X4", "bottom_state": "active", "turn": 2},),
        player="home",
    )
    choice = choose(state, Selection(piece="D4"), version="v", base_url=BASE)
    assert choice.prompt == "Heim ✕4 wird von Gast ◯1 geblockt und kann nicht handeln."
