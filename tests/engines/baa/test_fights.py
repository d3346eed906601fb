"""Fights: punch and punching back, pushes, falls from roofs, knock-outs."""

import pytest

from engines.baa import IllegalAction, Piece, fall_damage

HOUSE = Piece(30.0, 12.0, 34.0, 18.0, 4.0)


def fight(baa, positions, **stats):
    g = baa.make_game(positions, **stats)
    baa.activate(g, "0:A")
    return g


def test_each_six_of_a_punch_costs_the_opponent_one_k_and_it_may_punch_back(baa, force):
    g = fight(baa, {"0:A": (30, 15), "1:A": (31, 15)})
    force(g, 6, 6, 1, 2, 3, 4)
    g.apply(0, {"type": "punch", "target": "1:A"})
    assert g.figures["1:A"].k == 4
    p = g.pending
    assert (p["type"], p["team"], p["figure"], p["attacker"]) == ("punch_back", 1, "1:A", "0:A")
    force(g, 6, 2, 3, 4)  # punching back with K 4 after the loss
    g.apply(1, {"type": "punch_back", "answer": True})
    assert g.figures["0:A"].k == 5
    assert g.pending["type"] == "act" and g.pending["fought"]


def test_a_declined_punch_back_rolls_nothing(baa, force):
    g = fight(baa, {"0:A": (30, 15), "1:A": (31, 15)})
    force(g, 1, 1, 1, 1, 1, 1)
    g.apply(0, {"type": "punch", "target": "1:A"})
    g.apply(1, {"type": "punch_back", "answer": False})
    assert g.figures["0:A"].k == 6 and g.figures["1:A"].k == 6


def test_a_punch_with_a_six_takes_the_opponents_ball(baa, force):
    g = fight(baa, {"0:A": (30, 15), "1:A": (31, 15)}, ball={"1:A": "b1"})
    force(g, 6, 1, 1, 1, 1, 1)
    g.apply(0, {"type": "punch", "target": "1:A"})
    force(g, 6, 1, 1, 1, 1)
    g.apply(1, {"type": "punch_back", "answer": True})
    assert g.figures["0:A"].ball == "b1" and g.figures["1:A"].ball is None  # not taken back


def test_the_attacker_may_decline_to_take_the_ball(baa, force):
    g = fight(baa, {"0:A": (30, 15), "1:A": (31, 15)}, ball={"1:A": "b1"})
    force(g, 6, 1, 1, 1, 1, 1)
    g.apply(0, {"type": "punch", "target": "1:A", "take_ball": False})
    g.apply(1, {"type": "punch_back", "answer": False})
    assert g.figures["1:A"].ball == "b1"


def test_only_one_fight_per_activation(baa, force):
    g = fight(baa, {"0:A": (30, 15), "1:A": (31, 15), "1:B": (29, 15)})
    force(g, 1, 1, 1, 1, 1, 1)
    g.apply(0, {"type": "punch", "target": "1:A"})
    g.apply(1, {"type": "punch_back", "answer": False})
    with pytest.raises(IllegalAction, match="already fought"):
        g.apply(0, {"type": "push", "target": "1:B"})


def test_team_mates_cannot_be_punched_and_opponents_only_in_base_contact(baa):
    g = fight(baa, {"0:A": (30, 15), "0:B": (31, 15), "1:A": (30, 16.5)})
    with pytest.raises(IllegalAction, match="only an opponent"):
        g.apply(0, {"type": "punch", "target": "0:B"})
    with pytest.raises(IllegalAction, match="not in base contact"):
        g.apply(0, {"type": "punch", "target": "1:A"})


def test_a_punch_that_drops_k_below_one_knocks_out_with_one_marker_per_point(baa, force):
    g = fight(baa, {"0:A": (30, 15), "1:A": (31, 15)}, k={"1:A": 2}, ball={"1:A": "b1"})
    force(g, 6, 6, 6, 6, 1, 1, 45.0)
    g.apply(0, {"type": "punch", "target": "1:A", "take_ball": False})
    f = g.figures["1:A"]
    assert (f.k, f.ko, f.prone, f.ball) == (0, 3, True, None)  # K 2 - 4 = -2: 3 markers
    assert g.balls["b1"].holder is None  # its ball scattered
    assert g.pending["type"] == "act"  # a knocked-out figure does not punch back


def test_a_push_knocks_the_target_one_inch_away_prone_for_one_k(baa, force):
    g = fight(baa, {"0:A": (30, 15), "1:A": (31.5, 15)})
    force(g, 6, 1, 1, 1, 1, 1)
    g.apply(0, {"type": "push", "target": "1:A"})
    f = g.figures["1:A"]
    assert (f.x, f.y, f.prone, f.k) == (pytest.approx(32.5), 15, True, 5)


def test_a_failed_push_has_no_effect(baa, force):
    g = fight(baa, {"0:A": (30, 15), "1:A": (31.5, 15)})
    force(g, 1, 1, 1, 1, 1, 1)
    g.apply(0, {"type": "push", "target": "1:A"})
    f = g.figures["1:A"]
    assert (f.x, f.prone, f.k) == (31.5, False, 6)


def test_a_pushed_figure_stops_at_another_base_and_drops_its_ball(baa, force):
    g = fight(baa, {"0:A": (30, 15), "1:A": (31, 15), "1:B": (32.5, 15)}, ball={"1:A": "b1"})
    force(g, 6, 1, 1, 1, 1, 1, 270.0)
    g.apply(0, {"type": "push", "target": "1:A"})
    assert g.figures["1:A"].x == pytest.approx(31.5)
    assert (g.balls["b1"].x, g.balls["b1"].y) == (pytest.approx(31.5), pytest.approx(13.0))


def test_a_figure_further_than_one_inch_cannot_be_pushed(baa):
    g = fight(baa, {"0:A": (30, 15), "1:A": (32.2, 15)})
    with pytest.raises(IllegalAction, match="not within 1"):
        g.apply(0, {"type": "push", "target": "1:A"})


def test_a_push_off_a_roof_drops_the_figure_and_costs_fall_damage(baa, force):
    g = fight(baa, {"0:A": (32, 15, 0), "1:A": (33.5, 15, 0)}, pieces=[HOUSE])
    force(g, 6, 1, 1, 1, 1, 1)
    g.apply(0, {"type": "push", "target": "1:A"})
    f = g.figures["1:A"]
    assert (f.x, f.y, f.level, f.prone) == (pytest.approx(34.5), 15, None, True)
    assert f.k == 6 - 1 - 3  # 1 for the push, 4" fall - 1


def test_a_push_off_a_roof_stays_at_the_edge_when_the_ground_below_is_taken(baa, force):
    g = fight(baa, {"0:A": (32, 15, 0), "1:A": (33.5, 15, 0), "1:B": (35, 15)}, pieces=[HOUSE])
    force(g, 6, 1, 1, 1, 1, 1)
    g.apply(0, {"type": "push", "target": "1:A"})
    f = g.figures["1:A"]
    assert (f.x, f.level, f.k) == (pytest.approx(34.0), 0, 5)


@pytest.mark.parametrize(("height", "loss"), [(0.5, 0), (1.0, 0), (2.0, 1), (2.5, 1), (5.0, 4)])
def test_fall_damage_is_the_height_less_one_rounded_down(height, loss):
    assert fall_damage(height) == loss


def test_a_pushed_active_figure_ends_its_activation_and_a_knocked_out_attacker_too(baa, force):
    g = fight(baa, {"0:A": (30, 15), "1:A": (31, 15)}, k={"0:A": 1})
    force(g, 1)
    g.apply(0, {"type": "punch", "target": "1:A"})
    force(g, 6, 6, 1, 1, 1, 1)
    g.apply(1, {"type": "punch_back", "answer": True})
    f = g.figures["0:A"]
    assert (f.k, f.ko, f.prone) == (0, 2, True)
    assert g.pending["figure"] == "1:F"
