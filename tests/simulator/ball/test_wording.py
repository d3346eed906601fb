"""The German words for pieces and actions (simulator.ball.wording)."""

from simulator.ball import rules
from simulator.ball.wording import Occupants, action_label, action_square


def test_action_labels_name_blocks_and_passes(ball_game):
    occupants = Occupants(ball_game.record.replay())
    assert action_label(occupants, "G7-H8") == "Zug nach H8"
    assert action_label(occupants, "G5=G7").startswith("Hand-off an □3")
    assert action_label(occupants, "G5>>K13") == "Langer Pass auf K13"
    label = action_label(occupants, "RS G9/F10,H10*bottom")
    assert label.endswith("Ball geht nach unten")


def test_a_tactical_dodge_names_the_piece_it_crosses():
    occupants = Occupants(rules.position({"X4": "C3"}, {"O1": "D4"}))
    assert action_label(occupants, "C3-E5/C5") == (
        "Taktisches Ausweichen nach E5, ◯1 (D4) wird nach C5 gestoßen"
    )


def test_a_dodge_names_the_piece_that_goes_down_and_the_exit():
    occupants = Occupants(rules.position({"X4": "C3"}, {"O1": "E5"}))
    assert action_label(occupants, "C3-E5/F6") == "Ausweichen: ◯1 (E5) geht zu Boden, Austritt F6"


def test_the_actor_of_an_action_is_the_piece_on_its_square():
    assert action_square("G7-H8") == "G7"
    assert action_square("END") is None
