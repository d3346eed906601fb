"""Scenario tests added by the rules audit (docs/baa.md section by section), each with forced dice:
contact and range limits, paying K, table edges, scatters, catch eligibility and order,
interceptions at one point and during climbs, fights, goals and the end criteria."""

import math

import pytest

from engines.baa import IllegalAction, Piece, Rules

SIX = (6, 1, 1, 1, 1, 1)
MISS = (1, 2, 3, 4, 5, 1)
HOUSE = Piece(32.0, 12.0, 36.0, 18.0, 3.0)
NEXT_HOUSE = Piece(38.5, 12.0, 42.0, 18.0, 3.5)


def walk(*points):
    return {"type": "move", "legs": [{"kind": "walk", "to": list(p)} for p in points]}


def holder_game(baa, at=(28, 15), others=None, pieces=None, **stats):
    """0:A at `at` holds b1 and is active."""
    stats.setdefault("ball", {})["0:A"] = "b1"
    g = baa.make_game({"0:A": at, **(others or {})}, pieces=pieces, **stats)
    baa.activate(g, "0:A")
    return g


# ---------------------------------------------------------------- 2. contact and range limits
@pytest.mark.parametrize(("gap", "ok"), [(1.04, True), (1.06, False)])
def test_base_contact_allows_the_tolerance_and_no_more(baa, gap, ok):
    g = baa.make_game({"0:A": (30, 15), "1:A": (30 + gap, 15)})
    baa.activate(g, "0:A")
    if ok:
        g.validate(0, {"type": "punch", "target": "1:A"})
    else:
        with pytest.raises(IllegalAction, match="not in base contact"):
            g.validate(0, {"type": "punch", "target": "1:A"})


@pytest.mark.parametrize(("gap", "ok"), [(2.04, True), (2.06, False)])
def test_within_one_inch_is_a_centre_distance_of_two_plus_tolerance(baa, gap, ok):
    g = baa.make_game({"0:A": (30, 15), "1:A": (30, 15 + gap)})
    baa.activate(g, "0:A")
    if ok:
        g.validate(0, {"type": "push", "target": "1:A"})
    else:
        with pytest.raises(IllegalAction, match="not within 1"):
            g.validate(0, {"type": "push", "target": "1:A"})


@pytest.mark.parametrize(("gap", "ok"), [(0.79, True), (0.81, False)])
def test_a_ball_is_in_base_contact_up_to_three_quarters_of_an_inch(baa, gap, ok):
    g = baa.make_game({"0:A": (30, 15)}, balls=[(30, 15 + gap)])
    baa.activate(g, "0:A")
    if ok:
        g.apply(0, {"type": "pickup", "ball": "b1"})
        assert g.figures["0:A"].ball == "b1"
    else:
        with pytest.raises(IllegalAction, match="not in base contact"):
            g.apply(0, {"type": "pickup", "ball": "b1"})


def test_a_ball_on_a_roof_cannot_be_picked_up_from_the_ground(baa):
    g = baa.make_game({"0:A": (31.5, 15)}, pieces=[HOUSE], balls=[(32.1, 15, 0)])
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="not on the level"):
        g.apply(0, {"type": "pickup", "ball": "b1"})


def test_the_ball_goes_only_to_a_standing_team_mate_holding_none(baa):
    g = holder_game(baa, others={"0:B": (29, 15), "0:C": (27, 15)}, prone={"0:C": True})
    g.figures["0:B"].ball = "b2"
    with pytest.raises(IllegalAction, match="standing and hold no ball"):
        g.validate(0, {"type": "hand_over", "to": "0:B"})
    with pytest.raises(IllegalAction, match="standing and hold no ball"):
        g.validate(0, {"type": "hand_over", "to": "0:C"})


# ---------------------------------------------------------------- 3. paying K
@pytest.mark.parametrize("kind", ["throw", "kick"])
def test_paying_for_two_more_inches_needs_k_two(baa, kind):
    g = holder_game(baa, k={"0:A": 1})
    with pytest.raises(IllegalAction, match="K of at least 2"):
        g.apply(0, {"type": kind, "angle": 0, "extra": True})
    assert g.figures["0:A"].ball == "b1"


def test_a_kick_with_extra_rolls_fourteen_inches_and_costs_one_k(baa, force):
    g = holder_game(baa, at=(22, 15))
    force(g, *SIX)
    g.apply(0, {"type": "kick", "angle": 0, "extra": True})
    assert g.balls["b1"].x == pytest.approx(36.0)
    assert g.figures["0:A"].k == 5
    assert baa.events_of(g.events, "k_loss")[-1]["why"] == "kick_extra"


# ---------------------------------------------------------------- 6.2 table edges and scatters
def test_a_throw_is_cut_at_the_table_edge(baa, force):
    g = holder_game(baa, at=(44, 15))
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    b = g.balls["b1"]
    assert (b.x, b.y, b.level) == (pytest.approx(48.0), pytest.approx(15.0), None)


def test_a_kick_is_cut_at_the_table_edge(baa, force):
    g = holder_game(baa, at=(15, 40))
    force(g, *SIX)
    g.apply(0, {"type": "kick", "angle": 90})
    assert g.balls["b1"].y == pytest.approx(48.0)


def test_a_thrown_ball_on_a_shared_edge_lands_on_the_higher_roof(baa, force):
    low, high = Piece(34.0, 12.0, 36.0, 18.0, 2.0), Piece(36.0, 12.0, 38.0, 18.0, 3.0)
    g = holder_game(baa, pieces=[low, high])
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    assert (g.balls["b1"].x, g.balls["b1"].level) == (pytest.approx(36.0), 1)


def test_a_scatter_on_the_ground_stops_at_a_footprint_edge(baa, force):
    house = Piece(29.5, 12.0, 33.0, 18.0, 3.0)
    g = holder_game(baa, at=(28.5, 15), pieces=[house])
    force(g, *MISS, 0.0)
    g.apply(0, {"type": "throw", "angle": 90})
    b = g.balls["b1"]
    assert (b.x, b.y, b.level) == (pytest.approx(29.5), pytest.approx(15.0), None)


def test_a_scatter_on_a_roof_stops_at_the_roof_edge(baa, force):
    house = Piece(30.0, 12.0, 34.0, 18.0, 3.0)
    g = holder_game(baa, at=(33, 15, 0), pieces=[house])
    force(g, *MISS, 0.0)
    g.apply(0, {"type": "throw", "angle": 180})
    b = g.balls["b1"]
    assert (b.x, b.y, b.level) == (pytest.approx(34.0), pytest.approx(15.0), 0)


def test_a_scatter_stops_at_the_table_edge(baa, force):
    g = holder_game(baa, at=(47, 15))
    force(g, *MISS, 0.0)
    g.apply(0, {"type": "throw", "angle": 180})
    assert g.balls["b1"].x == pytest.approx(48.0)
    assert baa.events_of(g.events, "scatter")[-1]["angle"] == 0.0


# ---------------------------------------------------------------- 6.2 catching
def test_prone_figures_and_figures_holding_a_ball_are_never_asked_to_catch(baa, force):
    g = holder_game(
        baa, others={"1:A": (31, 15), "1:B": (33, 15.2)}, prone={"1:A": True}, ball={"1:B": "b2"}
    )
    g.balls["b2"] = type(g.balls["b1"])("b2", 33, 15.2, None, holder="1:B")
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    assert g.pending["type"] == "act"
    assert g.balls["b1"].x == pytest.approx(36.0)


def test_catchers_at_one_position_along_the_path_are_asked_nearest_first_then_by_team(baa, force):
    g = holder_game(baa, others={"1:A": (32, 16), "1:B": (32, 14.5), "0:B": (33, 14)})
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    assert g.pending["figure"] == "1:B"  # 4" along, 0.5" off the path
    g.apply(1, {"type": "catch", "answer": False})
    assert g.pending["figure"] == "1:A"  # 4" along, 1" off
    g.apply(1, {"type": "catch", "answer": False})
    assert g.pending["figure"] == "0:B"  # 5" along: a team mate of the thrower may catch
    g.apply(0, {"type": "catch", "answer": False})
    g2 = holder_game(baa, others={"1:A": (32, 16), "0:B": (32, 14)})
    force(g2, *SIX)
    g2.apply(0, {"type": "throw", "angle": 0})
    assert g2.pending["figure"] == "0:B"  # same position and distance: team 0 first
    g2.apply(0, {"type": "catch", "answer": False})
    assert g2.pending["figure"] == "1:A"
    g2.apply(1, {"type": "catch", "answer": False})


def test_a_figure_on_a_roof_may_catch_a_thrown_ball(baa, force):
    house = Piece(30.0, 16.0, 34.0, 20.0, 3.0)
    g = holder_game(baa, others={"1:A": (31, 16.5, 0)}, pieces=[house])
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    assert (g.pending["type"], g.pending["figure"], g.pending["over_base"]) == (
        "catch",
        "1:A",
        False,
    )
    force(g, *SIX)
    g.apply(1, {"type": "catch", "answer": True})
    assert g.balls["b1"].holder == "1:A" and g.balls["b1"].level == 0


def test_a_failed_catch_by_the_figure_that_stops_a_kick_scatters_from_its_centre(baa, force):
    g = holder_game(baa, others={"1:A": (33, 15)})
    force(g, *SIX)
    g.apply(0, {"type": "kick", "angle": 0})
    force(g, *MISS, 90.0)
    g.apply(1, {"type": "catch", "answer": True})
    b = g.balls["b1"]
    assert (b.x, b.y, b.holder) == (pytest.approx(33.0), pytest.approx(17.0), None)


# ---------------------------------------------------------------- 6.1 movement
def test_a_jump_may_not_cross_a_third_building(baa):
    between = Piece(36.6, 14.0, 38.0, 16.0, 3.0)
    g = baa.make_game({"0:A": (35.5, 15, 0)}, pieces=[HOUSE, NEXT_HOUSE, between])
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="crosses building 2"):
        g.apply(0, {"type": "move", "legs": [{"kind": "jump", "to": [39, 15]}]})


def test_a_jump_between_touching_roofs_costs_its_length(baa):
    lower = Piece(36.0, 12.0, 40.0, 18.0, 2.5)
    g = baa.make_game({"0:A": (35, 15, 0)}, pieces=[HOUSE, lower])
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="stay on building 0"):
        g.apply(0, walk((37, 15)))
    g.apply(0, {"type": "move", "legs": [{"kind": "jump", "to": [37, 15]}]})
    f = g.figures["0:A"]
    assert (f.x, f.level, g.pending["move_left"]) == (37, 1, pytest.approx(4.0))


def test_a_stood_up_figure_may_move_the_full_six_inches(baa):
    g = baa.make_game({"0:A": (30, 15)}, prone={"0:A": True})
    baa.activate(g, "0:A")
    g.apply(0, {"type": "stand"})
    g.apply(0, walk((36, 15)))
    assert g.figures["0:A"].x == 36 and g.pending["move_left"] == pytest.approx(0.0)


def test_interceptors_reached_at_one_point_are_asked_by_rank(baa):
    g = baa.make_game({"0:A": (30, 15), "1:C": (30, 16.5), "2:B": (30, 13.5)}, teams=3)
    baa.activate(g, "0:A")
    g.apply(0, walk((33, 15)))
    assert (g.pending["type"], g.pending["figure"]) == ("intercept", "2:B")
    g.apply(2, {"type": "intercept", "answer": False})
    assert (g.pending["type"], g.pending["figure"]) == ("intercept", "1:C")
    g.apply(1, {"type": "intercept", "answer": False})
    assert g.figures["0:A"].x == 33


def test_interceptors_reached_at_one_point_are_asked_by_k_then_by_roll_off(baa, force):
    g = baa.make_game(
        {"0:A": (30, 15), "1:B": (30, 16.5), "2:B": (30, 13.5)}, teams=3, k={"2:B": 5}
    )
    baa.activate(g, "0:A")
    g.apply(0, walk((33, 15)))
    assert g.pending["figure"] == "1:B"  # higher K first
    g.apply(1, {"type": "intercept", "answer": False})
    g.apply(2, {"type": "intercept", "answer": False})
    g2 = baa.make_game({"0:A": (30, 15), "1:B": (30, 16.5), "2:B": (30, 13.5)}, teams=3)
    baa.activate(g2, "0:A")
    force(g2, 2, 5)  # the roll-off: 1:B rolls 2, 2:B rolls 5
    g2.apply(0, walk((33, 15)))
    assert g2.pending["figure"] == "2:B"
    assert baa.events_of(g2.events, "roll_off")[-1] == {
        "type": "roll_off",
        "figures": ["1:B", "2:B"],
        "rolls": [2, 5],
    }
    g2.apply(2, {"type": "intercept", "answer": False})
    assert g2.pending["figure"] == "1:B"
    g2.apply(1, {"type": "intercept", "answer": False})


def test_an_interceptor_on_the_roof_stops_a_climber_on_the_roof_and_pushes_it_off(baa, force):
    g = baa.make_game({"0:A": (31.5, 15), "1:B": (33.4, 15, 0)}, pieces=[HOUSE])
    baa.activate(g, "0:A")
    g.apply(0, {"type": "move", "legs": [{"kind": "climb", "piece": 0}]})
    assert g.pending["type"] == "intercept" and g.pending["at"] == [32.0, 15.0]
    force(g, *SIX)
    g.apply(1, {"type": "intercept", "answer": True})
    f = g.figures["0:A"]
    assert (f.x, f.y, f.level, f.prone) == (pytest.approx(31.5), pytest.approx(15.0), None, True)
    assert f.k == 6 - 1 - 2  # the push and a 3" fall
    assert g.figures["1:B"].k == 5
    pushed = baa.events_of(g.events, "pushed")[-1]
    assert pushed["fall"] == 3.0 and pushed["by"] == "1:B"


def test_an_interceptor_on_the_ground_stops_a_climber_before_it_climbs(baa, force):
    g = baa.make_game({"0:A": (31.5, 15), "1:B": (30.0, 16.0)}, pieces=[HOUSE])
    baa.activate(g, "0:A")
    g.apply(0, {"type": "move", "legs": [{"kind": "climb", "piece": 0}]})
    assert g.pending["at"] == [31.5, 15]
    g.apply(1, {"type": "intercept", "answer": False})
    assert g.figures["0:A"].level == 0


# ---------------------------------------------------------------- 6.3 fights
def test_a_punch_takes_the_ball_before_the_knock_out_so_it_does_not_scatter(baa, force):
    g = baa.make_game({"0:A": (30, 15), "1:A": (31, 15)}, k={"1:A": 1}, ball={"1:A": "b1"})
    baa.activate(g, "0:A")
    force(g, *SIX)  # no direction: nothing scatters
    g.apply(0, {"type": "punch", "target": "1:A"})
    assert g.figures["0:A"].ball == "b1" and g.balls["b1"].holder == "0:A"
    f = g.figures["1:A"]
    assert (f.k, f.ko, f.prone) == (0, 1, True)
    assert not baa.events_of(g.events, "scatter")
    assert g.pending["type"] == "act"


def test_an_attacker_holding_a_ball_takes_no_second_one(baa, force):
    g = baa.make_game({"0:A": (30, 15), "1:A": (31, 15)}, ball={"0:A": "b1", "1:A": "b2"})
    baa.activate(g, "0:A")
    force(g, *SIX)
    g.apply(0, {"type": "punch", "target": "1:A"})
    assert g.figures["0:A"].ball == "b1" and g.figures["1:A"].ball == "b2"
    assert g.figures["1:A"].k == 5
    g.apply(1, {"type": "punch_back", "answer": False})


@pytest.mark.parametrize("fight", ["punch", "push"])
def test_a_prone_figure_cannot_be_punched_or_pushed(baa, fight):
    g = baa.make_game({"0:A": (30, 15), "1:A": (31, 15)}, prone={"1:A": True})
    baa.activate(g, "0:A")
    with pytest.raises(IllegalAction, match="1:A is prone"):
        g.apply(0, {"type": fight, "target": "1:A"})


def test_a_team_mate_can_be_pushed(baa, force):
    g = baa.make_game({"0:A": (30, 15), "0:B": (31, 15)})
    baa.activate(g, "0:A")
    force(g, *SIX)
    g.apply(0, {"type": "push", "target": "0:B"})
    f = g.figures["0:B"]
    assert (f.x, f.prone, f.k) == (pytest.approx(32.0), True, 5)


def test_a_push_on_the_ground_stops_at_terrain(baa, force):
    wall = Piece(32.5, 13.0, 33.0, 17.0, 1.0, kind="wall")
    g = baa.make_game({"0:A": (30, 15), "1:A": (31.5, 15)}, pieces=[wall])
    baa.activate(g, "0:A")
    force(g, *SIX)
    g.apply(0, {"type": "push", "target": "1:A"})
    f = g.figures["1:A"]
    assert (f.x, f.level, f.prone, f.k) == (pytest.approx(32.0), None, True, 5)


def test_a_push_stops_at_the_table_edge(baa, force):
    g = baa.make_game({"0:A": (46, 15), "1:A": (47, 15)})
    baa.activate(g, "0:A")
    force(g, *SIX)
    g.apply(0, {"type": "push", "target": "1:A"})
    assert g.figures["1:A"].x == pytest.approx(47.5)


def test_a_fall_that_drops_k_below_one_knocks_out(baa, force):
    house = Piece(30.0, 12.0, 34.0, 18.0, 4.0)
    g = baa.make_game(
        {"0:A": (32, 15, 0), "1:A": (33.5, 15, 0)}, pieces=[house], k={"1:A": 2}, ball={"1:A": "b1"}
    )
    baa.activate(g, "0:A")
    force(g, *SIX, 90.0)  # the ball scatters from where the figure lands
    g.apply(0, {"type": "push", "target": "1:A"})
    f = g.figures["1:A"]
    assert (f.x, f.level, f.k, f.ko, f.prone) == (pytest.approx(34.5), None, 0, 3, True)
    b = g.balls["b1"]
    assert (b.x, b.y, b.level, b.holder) == (pytest.approx(34.5), pytest.approx(17.0), None, None)
    loss = baa.events_of(g.events, "k_loss")[-1]
    assert (loss["loss"], loss["k"]) == (4, -2)


def test_punching_back_uses_the_k_left_after_the_punch(baa, force):
    g = baa.make_game({"0:A": (30, 15), "1:A": (31, 15)}, k={"1:A": 3})
    baa.activate(g, "0:A")
    force(g, 6, 6, 1, 1, 1, 1)
    g.apply(0, {"type": "punch", "target": "1:A"})
    force(g, 6)  # K 1 after the punch: one die
    g.apply(1, {"type": "punch_back", "answer": True})
    assert g.figures["0:A"].k == 5
    assert baa.events_of(g.events, "k_test")[-1]["k"] == 1


# ---------------------------------------------------------------- 7. goals and the end
def test_a_hand_over_onto_the_own_marker_scores(baa):
    g0 = baa.make_game({})
    m = g0.map.marker(0)
    g = baa.make_game({"0:A": (m.x - 1, m.y), "0:B": (m.x, m.y)}, ball={"0:A": "b1"})
    baa.activate(g, "0:A")
    events = g.apply(0, {"type": "hand_over", "to": "0:B"})
    assert [(e["figure"], e["team"]) for e in events if e["type"] == "goal"] == [("0:B", 0)]
    assert g.goals == [1, 0]


@pytest.mark.parametrize(("off", "scores"), [(1.04, True), (1.1, False)])
def test_standing_completely_on_the_marker_means_a_centre_within_one_inch(baa, off, scores):
    g = baa.make_game({"0:A": (36, 36)}, ball={"0:A": "b1"})
    m = g.map.marker(0)
    baa.activate(g, "0:A")
    g.apply(0, walk((m.x + off * math.cos(2.5), m.y + off * math.sin(2.5))))
    assert g.goals == ([1, 0] if scores else [0, 0])


def test_the_rounds_criterion_comes_before_new_balls_and_the_leader_wins(baa):
    g = baa.make_game({"0:A": (36, 36)}, ball={"0:A": "b1"}, rules=Rules(rounds=1))
    m = g.map.marker(0)
    baa.activate(g, "0:A")
    g.apply(0, walk((m.x, m.y)))
    assert not g.finished and g.new_balls == 1
    baa.finish_round(g)
    assert g.result() == {
        "finished": True,
        "winner": 0,
        "goals": [1, 0],
        "rounds": 1,
        "reason": "rounds",
    }
    assert g.balls == {}
    after_goal = g.events[[e["type"] for e in g.events].index("goal") :]
    assert not baa.events_of(after_goal, "ball_placed")


def test_the_team_goals_criterion_ends_the_game_at_the_nth_goal_of_one_team(baa):
    g = baa.make_game(
        {"0:A": (36, 36), "0:B": (40, 36)},
        ball={"0:A": "b1", "0:B": "b2"},
        rules=Rules(team_goals=2),
    )
    m = g.map.marker(0)
    baa.activate(g, "0:A")
    g.apply(0, walk((m.x, m.y), (m.x - 2.7, m.y)))
    assert g.goals == [1, 0] and not g.finished
    g.apply(0, {"type": "end"})
    g.apply(1, {"type": "end"})  # 1:F
    g.apply(0, {"type": "pick", "figure": "0:B"})
    g.apply(1, {"type": "pick", "figure": "1:E"})
    g.apply(0, walk((m.x, m.y)))
    assert g.result()["reason"] == "team_goals" and g.result()["winner"] == 0
    assert g.pending is None


def test_equal_goals_at_the_end_are_a_draw(baa):
    g = baa.make_game({}, rules=Rules(rounds=1))
    g.goals = [1, 1]
    baa.finish_round(g)
    assert g.result()["winner"] is None and g.result()["reason"] == "rounds"


def test_a_new_ball_avoids_bases_and_loose_balls_in_the_order_0_1_minus1_2(baa):
    g = baa.make_game(
        {"0:A": (36, 36), "1:A": (24, 24), "1:B": (25, 24)},
        ball={"0:A": "b2"},
        balls=[(22.5, 24)],
    )
    m = g.map.marker(0)
    baa.activate(g, "0:A")
    g.apply(0, walk((m.x, m.y)))
    baa.finish_round(g)
    # 24 and 25 lie under bases, 23 is 0.5" from the loose b1: the next free spot is 26
    assert (g.balls["b3"].x, g.balls["b3"].y, g.balls["b3"].level) == (26.0, 24.0, None)


# ---------------------------------------------------------------- 8. illegal inputs say why
@pytest.mark.parametrize(
    ("action", "why"),
    [
        ({"type": "pick", "figure": "0:B"}, "unknown action 'pick'"),
        ({"type": "move", "legs": [{"kind": "climb", "piece": 7}]}, "index of a building"),
        ({"type": "move", "legs": [{"kind": "walk", "to": [30, 22]}]}, r"costs 7\.00"),
        ({"type": "punch", "target": "1:A", "take_ball": 1}, "'take_ball' must be"),
        ({"type": "stand"}, "is not prone"),
        ({"type": "catch", "answer": True}, "unknown action 'catch'"),
        ({"type": "hand_over", "to": "1:A"}, "holds no ball"),
        ("end", "dict with a 'type'"),
    ],
)
def test_more_illegal_inputs_say_why_and_change_nothing(baa, action, why):
    g = baa.make_game({"0:A": (30, 15), "1:A": (31, 15)})
    baa.activate(g, "0:A")
    before = g.to_json()
    with pytest.raises(IllegalAction, match=why):
        g.apply(0, action)
    assert g.to_json() == before


@pytest.mark.parametrize("angle", ["north", None, float("nan"), True])
def test_a_throw_needs_a_numeric_angle(baa, angle):
    g = holder_game(baa)
    with pytest.raises(IllegalAction, match="numeric 'angle'"):
        g.apply(0, {"type": "throw", "angle": angle})


def test_a_card_pick_must_name_an_own_unactivated_figure(baa):
    g = baa.make_game({})
    with pytest.raises(IllegalAction, match="not a figure of team 0"):
        g.apply(0, {"type": "pick", "figure": "1:A"})
    with pytest.raises(IllegalAction, match="waits for card picks"):
        g.apply(0, {"type": "end"})
    with pytest.raises(IllegalAction, match="no figure"):
        g.apply(0, {"type": "pick", "figure": ["0:A"]})
    g.apply(0, {"type": "pick", "figure": "0:A"})
    with pytest.raises(IllegalAction, match="no card to pick"):
        g.apply(0, {"type": "pick", "figure": "0:B"})


@pytest.mark.parametrize(
    ("action", "why"),
    [
        ({"type": "throw", "angle": 10**400}, "numeric 'angle'"),
        ({"type": "move", "legs": [{"kind": "walk", "to": [10**400, 15]}]}, "must be a point"),
        ({"type": "move", "legs": [{"kind": "climb", "piece": True}]}, "index of a building"),
        ({"type": "pickup", "ball": ["b1"]}, "no ball"),
    ],
)
def test_odd_values_are_illegal_inputs_not_crashes(baa, action, why):
    g = holder_game(baa, at=(31.5, 15), pieces=[HOUSE, NEXT_HOUSE])
    with pytest.raises(IllegalAction, match=why):
        g.apply(0, action)


def test_a_move_that_goes_on_after_a_failed_interception_is_logged_from_the_stop(baa, force):
    g = baa.make_game({"0:A": (30, 15), "1:B": (33, 16.5)})
    baa.activate(g, "0:A")
    g.apply(0, walk((36, 15)))
    at = g.pending["at"]
    force(g, *MISS)
    g.apply(1, {"type": "intercept", "answer": True})
    moves = baa.events_of(g.events, "move")
    assert [m["interrupted"] for m in moves] == [True, False]
    assert moves[0]["from"] == [30, 15] and moves[0]["to"] == at
    assert moves[1]["from"] == at and moves[1]["to"] == [36, 15]
    assert g.figures["0:A"].x == 36 and g.figures["1:B"].k == 5


def test_taking_the_ball_by_a_punch_on_the_own_marker_scores(baa, force):
    g0 = baa.make_game({})
    m = g0.map.marker(0)
    g = baa.make_game({"0:A": (m.x, m.y), "1:A": (m.x + 1, m.y)}, ball={"1:A": "b1"})
    baa.activate(g, "0:A")
    force(g, *SIX)
    g.apply(0, {"type": "punch", "target": "1:A"})
    assert g.goals == [1, 0] and "b1" not in g.balls and g.figures["0:A"].ball is None
    g.apply(1, {"type": "punch_back", "answer": False})  # the fight goes on after the goal


def test_two_goals_in_a_round_bring_two_new_balls_with_new_ids(baa):
    g = baa.make_game(
        {"0:A": (36, 36), "0:B": (40, 36)},
        ball={"0:A": "b1", "0:B": "b2"},
        rules=Rules(team_goals=None),
    )
    m = g.map.marker(0)
    baa.activate(g, "0:A")
    g.apply(0, walk((m.x, m.y), (m.x - 2.7, m.y)))
    g.apply(0, {"type": "end"})
    g.apply(1, {"type": "end"})
    g.apply(0, {"type": "pick", "figure": "0:B"})
    g.apply(1, {"type": "pick", "figure": "1:E"})
    g.apply(0, walk((m.x, m.y)))
    assert g.goals == [2, 0] and g.balls == {} and g.new_balls == 2
    baa.finish_round(g)
    assert {b: (v.x, v.y) for b, v in g.balls.items()} == {"b3": (24.0, 24.0), "b4": (25.0, 24.0)}


def test_input_before_the_start_is_illegal(baa):
    from engines.baa import Game

    g = Game(2, 1, baa.open_map(2), setup=False)
    with pytest.raises(IllegalAction, match="not started"):
        g.apply(0, {"type": "pick", "figure": "0:A"})
    assert g.legal_actions(0) == []
