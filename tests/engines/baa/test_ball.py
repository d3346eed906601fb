"""Ball actions: pick up, hand over, throw, kick, catching along the path, scatter."""

import pytest

from engines.baa import IllegalAction, Piece

WALL = Piece(36.0, 12.0, 36.5, 18.0, 1.0, kind="wall")
SIX = (6, 1, 1, 1, 1, 1)
MISS = (1, 2, 3, 4, 5, 1)


def holder_game(baa, others=None, pieces=None, **stats):
    """0:A at (28, 15) holds b1; other figures as given."""
    positions = {"0:A": (28, 15), **(others or {})}
    stats.setdefault("ball", {})["0:A"] = "b1"
    g = baa.make_game(positions, pieces=pieces, **stats)
    baa.activate(g, "0:A")
    return g


def test_a_loose_ball_in_base_contact_can_be_picked_up(baa):
    g = baa.make_game({"0:A": (30, 15)}, balls=[(30.7, 15)])
    baa.activate(g, "0:A")
    g.apply(0, {"type": "pickup", "ball": "b1"})
    assert g.figures["0:A"].ball == "b1" and g.balls["b1"].holder == "0:A"


def test_a_ball_out_of_base_contact_cannot_be_picked_up(baa):
    g = baa.make_game({"0:A": (30, 15)}, balls=[(31.0, 15)])
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="not in base contact"):
        g.apply(0, {"type": "pickup", "ball": "b1"})


def test_the_ball_is_handed_over_to_a_standing_team_mate_in_base_contact(baa):
    g = holder_game(baa, {"0:B": (29, 15), "1:A": (27, 15)})
    with pytest.raises(IllegalAction, match="not a team mate"):
        g.apply(0, {"type": "hand_over", "to": "1:A"})
    g.apply(0, {"type": "hand_over", "to": "0:B"})
    assert g.figures["0:B"].ball == "b1" and g.figures["0:A"].ball is None


def test_a_thrown_ball_flies_eight_inches_over_a_wall(baa, force):
    g = holder_game(baa, pieces=[WALL])
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    b = g.balls["b1"]
    assert (b.x, b.y, b.level, b.holder) == (36.0, 15.0, None, None)
    g2 = holder_game(baa, {"0:A": (30, 15)}, pieces=[WALL])
    force(g2, *SIX)
    g2.apply(0, {"type": "throw", "angle": 0})
    assert (g2.balls["b1"].x, g2.balls["b1"].level) == (38.0, None)


def test_a_throw_landing_inside_clutter_rolls_back_to_its_edge(baa, force):
    g = holder_game(baa, {"0:A": (28.2, 15)}, pieces=[WALL])
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    assert g.balls["b1"].x == pytest.approx(36.0)


def test_a_throw_can_land_on_a_roof(baa, force):
    house = Piece(35.0, 12.0, 40.0, 18.0, 3.0)
    g = holder_game(baa, pieces=[house])
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    assert (g.balls["b1"].x, g.balls["b1"].level) == (36.0, 0)


def test_paying_one_k_throws_two_inches_further(baa, force):
    g = holder_game(baa)
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0, "extra": True})
    assert g.balls["b1"].x == pytest.approx(38.0)
    assert g.figures["0:A"].k == 5


def test_a_failed_throw_scatters_two_inches_from_the_thrower_and_costs_no_k(baa, force):
    g = holder_game(baa)
    force(g, *MISS, 90.0)
    g.apply(0, {"type": "throw", "angle": 0, "extra": True})
    b = g.balls["b1"]
    assert (b.x, b.y) == (pytest.approx(28.0), pytest.approx(17.0))
    assert g.figures["0:A"].k == 6


def test_a_kick_rolls_twelve_inches_and_stops_in_front_of_a_wall(baa, force):
    g = holder_game(baa, {"0:A": (22, 15)}, pieces=[WALL])
    force(g, *SIX)
    g.apply(0, {"type": "kick", "angle": 0})
    b = g.balls["b1"]
    assert (b.x, b.y) == (pytest.approx(34.0), 15.0)
    g2 = holder_game(baa, pieces=[WALL])
    force(g2, *SIX)
    g2.apply(0, {"type": "kick", "angle": 0})
    assert g2.balls["b1"].x == pytest.approx(36.0)  # stopped by the wall, not over it


def test_a_kick_stops_at_a_prone_figure_touching_its_base(baa, force):
    g = holder_game(baa, {"1:A": (33, 15)}, prone={"1:A": True})
    force(g, *SIX)
    g.apply(0, {"type": "kick", "angle": 0})
    assert g.balls["b1"].x == pytest.approx(32.5)
    assert g.pending["type"] == "act"


def test_a_kick_is_only_possible_on_the_ground(baa):
    house = Piece(26.0, 8.0, 31.0, 12.5, 3.0)
    g = holder_game(baa, {"0:A": (28, 10, 0)}, pieces=[house])
    with pytest.raises(IllegalAction, match="only possible on the ground"):
        g.apply(0, {"type": "kick", "angle": 0})


def test_catchers_are_asked_in_path_order(baa, force):
    g = holder_game(baa, {"1:A": (34, 15.4), "1:B": (31, 16.2), "0:B": (26, 15)})
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    p = g.pending
    assert (p["type"], p["figure"], p["over_base"]) == ("catch", "1:B", False)
    g.apply(1, {"type": "catch", "answer": False})
    p = g.pending
    assert (p["type"], p["figure"], p["over_base"]) == ("catch", "1:A", True)
    g.apply(1, {"type": "catch", "answer": False})
    assert g.pending["type"] == "act"  # 0:B behind the thrower is never asked
    assert g.balls["b1"].x == pytest.approx(36.0)


def test_a_successful_catch_ends_the_flight_with_the_ball_held(baa, force):
    g = holder_game(baa, {"1:B": (31, 16.2), "1:A": (34, 15)})
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    force(g, *SIX)
    g.apply(1, {"type": "catch", "answer": True})
    assert g.figures["1:B"].ball == "b1" and g.balls["b1"].holder == "1:B"
    assert g.pending["type"] == "act" and g.pending["figure"] == "0:A"


def test_a_failed_catch_beside_the_path_lets_the_ball_fly_on(baa, force):
    g = holder_game(baa, {"1:B": (31, 16.2)})
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    force(g, *MISS)  # no scatter roll: the ball flies on
    g.apply(1, {"type": "catch", "answer": True})
    b = g.balls["b1"]
    assert (b.x, b.y, b.holder) == (pytest.approx(36.0), 15.0, None)


def test_a_failed_catch_over_the_base_scatters_from_the_catcher(baa, force):
    g = holder_game(baa, {"1:A": (31, 15.3)})
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    force(g, *MISS, 0.0)
    g.apply(1, {"type": "catch", "answer": True})
    b = g.balls["b1"]
    assert (b.x, b.y, b.holder) == (pytest.approx(33.0), pytest.approx(15.3), None)


def test_a_scattering_ball_stops_at_the_first_base_it_touches(baa, force):
    g = holder_game(baa, {"1:A": (31, 15.3), "0:B": (32.5, 15.3)})
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    force(g, *MISS, 0.0)
    g.apply(1, {"type": "catch", "answer": True})
    b = g.balls["b1"]
    assert (b.x, b.y) == (pytest.approx(32.0), pytest.approx(15.3))  # touching 0:B's base
    assert g.pending["type"] == "act"  # the flight ended: 0:B is not asked


def test_a_kicked_ball_can_only_be_caught_on_the_ground(baa, force):
    house = Piece(30.0, 16.0, 34.0, 20.0, 3.0)
    g = holder_game(baa, {"1:A": (31, 16.5, 0)}, pieces=[house])
    force(g, *SIX)
    g.apply(0, {"type": "kick", "angle": 0})
    assert g.pending["type"] == "act"
    assert g.balls["b1"].x == pytest.approx(40.0)


def test_a_standing_figure_that_stops_a_kick_may_catch_it_over_its_base(baa, force):
    g = holder_game(baa, {"1:A": (33, 15)})
    force(g, *SIX)
    g.apply(0, {"type": "kick", "angle": 0})
    p = g.pending
    assert (p["type"], p["figure"], p["over_base"]) == ("catch", "1:A", True)
    g.apply(1, {"type": "catch", "answer": False})
    assert g.balls["b1"].x == pytest.approx(32.5)  # it stays touching the base


def test_a_catch_on_the_own_marker_scores_even_in_another_teams_activation(baa, force):
    marker = (38.1421, 38.1421)
    g = baa.make_game({"1:A": (33, 33), "0:C": marker}, ball={"1:A": "b1"})
    baa.activate(g, "1:A")
    force(g, *SIX)
    g.apply(1, {"type": "throw", "angle": 45})
    assert g.pending["figure"] == "0:C"
    force(g, *SIX)
    events = g.apply(0, {"type": "catch", "answer": True})
    assert [e["team"] for e in events if e["type"] == "goal"] == [0]
    assert g.goals == [1, 0]


def test_an_intercepted_carrier_drops_the_ball_where_it_falls(baa, force):
    g = baa.make_game({"0:A": (30, 15), "1:B": (33, 16.5)}, ball={"0:A": "b1"})
    baa.activate(g, "0:A")
    g.apply(0, {"type": "move", "legs": [{"kind": "walk", "to": [36, 15]}]})
    force(g, *SIX, 180.0)
    g.apply(1, {"type": "intercept", "answer": True})
    f, b = g.figures["0:A"], g.balls["b1"]
    assert f.ball is None and b.holder is None
    assert (b.x, b.y) == (pytest.approx(f.x - 2), pytest.approx(f.y))


def test_a_new_ball_is_placed_beside_a_figure_standing_on_the_centre(baa):
    g = baa.make_game({"0:A": (36, 36), "1:A": (24, 24)}, ball={"0:A": "b1"})
    baa.activate(g, "0:A")
    g.apply(0, {"type": "move", "legs": [{"kind": "walk", "to": [38.1421, 38.1421]}]})
    baa.finish_round(g)
    assert (g.balls["b2"].x, g.balls["b2"].y) == (25.0, 24.0)
