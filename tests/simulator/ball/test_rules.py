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
