"""The diagrams of the BALL rules page (simulator.ball.rules)."""

from engines.ball import State, parse_action
from simulator.ball import rules


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


def _squares(board, css):
    return {c["square"] for c in board.cells if css in c["classes"]}


def test_the_board_diagram_is_the_engines_start_position():
    from engines.ball import new_game

    board = rules.diagrams()["overview"].board
    drawn = {(f.piece.team, f.piece.name): f.piece.square for f in board.figures}
    assert drawn == {(p["team"], p["name"]): p["square"] for p in new_game().pieces()}
    assert len(board.cells) == 111  # the whole board


def test_the_turn_diagram_shows_the_position_after_two_actions_of_the_engine():
    from engines.ball import new_game

    board = rules.diagrams()["turn"].board
    after = new_game().apply("G7-H8").apply("E7-F8")
    assert after.player == "away"  # the 2 PA are spent: the turn passed
    assert _squares(board, "cell--to") == {"H8", "F8"}
    assert _squares(board, "cell--from") == {"G7", "E7"}


def test_the_possession_diagram_shows_the_piece_restricted_after_taking_the_ball():
    board = rules.diagrams()["possession"].board
    taker = next(f for f in board.figures if f.piece.square == "E7")
    assert taker.piece.has_ball and taker.piece.restricted


def test_the_card_diagram_marks_the_sprint_targets_of_the_engine():
    diagram = rules.diagrams()["cards"]
    state = rules.position({"X2": "E5"}, {"O1": "I9"}, card_mode=True, pe={"home": 2, "away": 0})
    expected = {
        a.parts().target
        for a in state.legal_actions()
        if a.parts().piece == "E5" and a.parts().kind == "sprint"
    }
    assert expected and _squares(diagram.board, "cell--target") == expected


def test_every_rules_section_named_in_the_issue_has_a_diagram(client, db):
    page = client.get("/simulator/ball/regeln/").text
    for section in ("ziel", "zug", "ballbesitz", "karten"):
        start = page.index(f'id="{section}"')
        end = page.index("</section>", start)
        assert 'class="diagram"' in page[start:end], section
