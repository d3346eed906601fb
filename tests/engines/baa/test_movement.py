"""Movement: path cost, clutter, climbing, roof jumps, blocking bases, interception pushes."""

import pytest

from engines.baa import IllegalAction, Piece

WALL = Piece(32.0, 13.0, 32.5, 17.0, 1.5, kind="wall")
HOUSE = Piece(32.0, 12.0, 36.0, 18.0, 3.0)
NEXT_HOUSE = Piece(38.5, 12.0, 42.0, 18.0, 3.5)


def walk(*points):
    return {"type": "move", "legs": [{"kind": "walk", "to": list(p)} for p in points]}


def test_walking_costs_the_distance_walked(baa):
    g = baa.make_game({"0:A": (30, 15)})
    baa.activate(g, "0:A")
    g.apply(0, walk((33, 15), (33, 16)))
    assert (g.figures["0:A"].x, g.figures["0:A"].y) == (33, 16)
    assert g.pending["move_left"] == pytest.approx(2.0)


def test_climbing_over_clutter_costs_twice_its_height_on_top(baa):
    g = baa.make_game({"0:A": (31, 15)}, pieces=[WALL])
    baa.activate(g, "0:A")
    g.apply(0, walk((34, 15)))
    assert g.pending["move_left"] == pytest.approx(0.0)  # 3" walked + 2 x 1.5" climbed


def test_a_move_costing_more_than_six_inches_is_illegal(baa):
    g = baa.make_game({"0:A": (30, 15)}, pieces=[WALL])
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match=r"costs 7\.00"):
        g.apply(0, walk((34, 15)))
    assert (g.figures["0:A"].x, g.figures["0:A"].y) == (30, 15)


def test_a_leg_may_not_end_on_clutter(baa):
    g = baa.make_game({"0:A": (31, 15)}, pieces=[WALL])
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="may not end on wall"):
        g.apply(0, walk((32.6, 15)))


def test_walking_into_a_building_is_illegal_and_changes_nothing(baa):
    g = baa.make_game({"0:A": (30, 15)}, pieces=[HOUSE])
    baa.activate(g, "0:A")
    before = g.snapshot()
    with pytest.raises(IllegalAction, match="runs into building 0"):
        g.apply(0, walk((33, 15)))
    assert g.snapshot() == before


def test_walking_off_the_table_is_illegal(baa):
    g = baa.make_game({"0:A": (44, 15)})
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="leave the table"):
        g.apply(0, walk((47.8, 15)))


def test_climbing_up_costs_the_height_and_ends_on_the_nearest_roof_point(baa):
    g = baa.make_game({"0:A": (31.5, 15)}, pieces=[HOUSE])
    baa.activate(g, "0:A")
    g.apply(0, {"type": "move", "legs": [{"kind": "climb", "piece": 0}]})
    f = g.figures["0:A"]
    assert (f.x, f.y, f.level) == (32.0, 15.0, 0)
    assert g.pending["move_left"] == pytest.approx(3.0)
    g.apply(0, walk((35, 15)))
    with pytest.raises(IllegalAction, match=r"only 0\.00"):
        g.apply(0, walk((35, 16)))


def test_climbing_needs_the_figure_to_touch_the_wall(baa):
    g = baa.make_game({"0:A": (30, 15)}, pieces=[HOUSE])
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="does not touch the wall"):
        g.apply(0, {"type": "move", "legs": [{"kind": "climb", "piece": 0}]})


def test_climbing_down_costs_the_height(baa):
    g = baa.make_game({"0:A": (35, 15, 0)}, pieces=[HOUSE])
    baa.activate(g, "0:A")
    g.apply(
        0,
        {
            "type": "move",
            "legs": [{"kind": "walk", "to": [36, 15]}, {"kind": "climb", "to": [36.5, 15]}],
        },
    )
    f = g.figures["0:A"]
    assert (f.x, f.y, f.level) == (36.5, 15.0, None)
    assert g.pending["move_left"] == pytest.approx(2.0)


def test_a_walk_on_a_roof_must_stay_on_the_roof(baa):
    g = baa.make_game({"0:A": (35, 15, 0)}, pieces=[HOUSE])
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="stay on building 0"):
        g.apply(0, walk((37, 15)))


def test_jumping_costs_its_length_over_a_gap_of_up_to_three_inches(baa):
    g = baa.make_game({"0:A": (35.5, 15, 0)}, pieces=[HOUSE, NEXT_HOUSE])
    baa.activate(g, "0:A")
    g.apply(0, {"type": "move", "legs": [{"kind": "jump", "to": [39, 15]}]})
    f = g.figures["0:A"]
    assert (f.x, f.level) == (39, 1)
    assert g.pending["move_left"] == pytest.approx(2.5)


def test_a_jump_over_a_gap_wider_than_three_inches_is_illegal(baa):
    far = Piece(39.5, 12.0, 42.0, 18.0, 3.0)
    g = baa.make_game({"0:A": (35.5, 15, 0)}, pieces=[HOUSE, far])
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match=r"3.50\" outside"):
        g.apply(0, {"type": "move", "legs": [{"kind": "jump", "to": [40, 15]}]})


def test_a_jump_more_than_one_inch_up_is_illegal(baa):
    tall = Piece(38.5, 12.0, 42.0, 18.0, 4.5)
    g = baa.make_game({"0:A": (35.5, 15, 0)}, pieces=[HOUSE, tall])
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="at most 1"):
        g.apply(0, {"type": "move", "legs": [{"kind": "jump", "to": [39, 15]}]})


def test_a_path_through_another_base_is_illegal_but_touching_is_allowed(baa):
    g = baa.make_game({"0:A": (30, 15), "0:B": (33, 15)})
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="through the base of 0:B"):
        g.apply(0, walk((35, 15)))
    g.apply(0, walk((32, 15)))
    g.apply(0, walk((31, 15)))  # moving out of contact is allowed
    assert g.figures["0:A"].x == 31


def test_an_interception_push_knocks_the_mover_down_and_ends_its_activation(baa, force):
    g = baa.make_game({"0:A": (30, 15), "1:B": (33, 16.5)})
    baa.activate(g, "0:A")
    g.apply(0, walk((36, 15)))
    p = g.pending
    assert (p["type"], p["team"], p["figure"]) == ("intercept", 1, "1:B")
    assert p["at"][0] == pytest.approx(33 - 1.75**0.5)
    force(g, 6, 1, 1, 1, 1, 1)
    g.apply(1, {"type": "intercept", "answer": True})
    mover, pusher = g.figures["0:A"], g.figures["1:B"]
    assert mover.prone and mover.k == 5
    assert pusher.k == 5  # an interception costs 1 K
    dx = 1.75**0.5  # pushed 1" straight away from 1:B, from where it was stopped
    assert (mover.x, mover.y) == (pytest.approx(33 - dx - dx / 2), pytest.approx(14.25))
    assert g.pending["figure"] == "1:F"  # the activation of 0:A is over


def test_a_declined_interception_lets_the_move_go_on_and_is_not_asked_again(baa):
    g = baa.make_game({"0:A": (30, 15), "1:B": (33, 16.5)})
    baa.activate(g, "0:A")
    g.apply(0, walk((35, 15)))
    g.apply(1, {"type": "intercept", "answer": False})
    assert g.figures["0:A"].x == 35
    g.apply(0, walk((34, 15)))  # still within 2" of 1:B: asked once per activation only
    assert g.pending["type"] == "act"


def test_a_failed_interception_still_costs_one_k(baa, force):
    g = baa.make_game({"0:A": (30, 15), "1:B": (33, 16.5)}, k={"1:B": 2})
    baa.activate(g, "0:A")
    g.apply(0, walk((35, 15)))
    force(g, 3, 4)
    g.apply(1, {"type": "intercept", "answer": True})
    assert g.figures["1:B"].k == 1
    assert g.figures["0:A"].x == 35 and not g.figures["0:A"].prone


def test_stopping_exactly_two_inches_away_is_no_interception_and_allows_a_push(baa, force):
    g = baa.make_game({"0:A": (30, 15), "1:B": (33, 15)})
    baa.activate(g, "0:A")
    g.apply(0, walk((31, 15)))
    assert g.pending["type"] == "act"
    force(g, 6, 1, 1, 1, 1, 1)
    g.apply(0, {"type": "push", "target": "1:B"})
    assert g.figures["1:B"].prone and g.figures["1:B"].x == pytest.approx(34)


def test_figures_with_k_below_two_or_prone_or_allied_never_intercept(baa):
    g = baa.make_game(
        {"0:A": (30, 15), "1:B": (33, 16.5), "1:C": (34, 13.5), "0:B": (35, 16.5)},
        k={"1:B": 1},
        prone={"1:C": True},
    )
    baa.activate(g, "0:A")
    g.apply(0, walk((36, 15)))
    assert g.pending["type"] == "act"


def test_a_mover_intercepted_while_climbing_over_clutter_stays_in_front_of_it(baa, force):
    g = baa.make_game({"0:A": (31, 15), "1:B": (33.9, 16.6)}, pieces=[WALL])
    baa.activate(g, "0:A")
    g.apply(0, walk((34, 15)))  # 1:B is reached when the base is already over the wall
    assert g.pending["at"] == [pytest.approx(31.5), 15.0]
    force(g, 6, 1, 1, 1, 1, 1)
    g.apply(1, {"type": "intercept", "answer": True})
    f = g.figures["0:A"]
    assert f.prone and f.x <= 31.5 + 1e-6


def test_a_jumper_intercepted_over_the_gap_stays_at_its_take_off_edge(baa, force):
    g = baa.make_game({"0:A": (35.5, 15, 0), "1:B": (38.9, 16.5, 1)}, pieces=[HOUSE, NEXT_HOUSE])
    baa.activate(g, "0:A")
    g.apply(0, {"type": "move", "legs": [{"kind": "jump", "to": [39, 15]}]})
    assert g.pending["at"] == [pytest.approx(36.0), pytest.approx(15.0)]
    force(g, 6, 1, 1, 1, 1, 1)
    g.apply(1, {"type": "intercept", "answer": True})
    f = g.figures["0:A"]
    assert (f.level, f.prone, f.k) == (0, True, 5)
    assert 32 <= f.x <= 36 and 12 <= f.y <= 18
