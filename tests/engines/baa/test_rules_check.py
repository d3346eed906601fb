"""Scenario tests for the deviations an independent rules check found: the default setup for
three teams, kicked balls behind walls and figures, catchers beyond a throw's end, and inputs
that are no plain JSON or name a team that is not an integer."""

import json
import math

import pytest

from engines.baa import IllegalAction, Piece, new_game
from engines.baa.geometry import BASE_R, CENTRE, TABLE, TOL, dist
from engines.baa.maps import team_angle

SIX = (6, 1, 1, 1, 1, 1)


def holder_game(baa, others=None, pieces=None):
    """0:A at (28, 15) holds b1 and is active."""
    g = baa.make_game({"0:A": (28, 15), **(others or {})}, pieces=pieces, ball={"0:A": "b1"})
    baa.activate(g, "0:A")
    return g


# ---------------------------------------------------------------- default setup
SETUPS = [(teams, seed) for teams in range(2, 7) for seed in range(6)]


def _marker_figures(g):
    """{(team, marker team): figures of that team within 6" of that marker}."""
    out: dict = {}
    for f in g.figures.values():
        if abs(dist(f.x, f.y, *CENTRE) - 6.0) <= TOL and f.rank in "AB":
            continue
        for m in g.map.markers:
            if dist(f.x, f.y, m.x, m.y) <= 6.0 + TOL:
                out.setdefault((f.team, m.team), []).append(f.id)
    return out


@pytest.mark.parametrize(("teams", "seed"), SETUPS)
def test_default_setup_puts_at_most_one_figure_per_team_at_each_marker(teams, seed):
    g = new_game(teams, seed=seed)
    crowded = {k: v for k, v in _marker_figures(g).items() if len(v) > 1}
    assert crowded == {}


@pytest.mark.parametrize(("teams", "seed"), SETUPS)
def test_default_setup_leftovers_touch_the_table_edge_in_their_district(teams, seed):
    g = new_game(teams, seed=seed)
    near_marker = {fid for ids in _marker_figures(g).values() for fid in ids}
    leftovers = [f for f in g.figures.values() if f.rank in "CDEF" and f.id not in near_marker]
    assert len(leftovers) == max(0, 4 - teams) * teams
    for f in leftovers:
        assert min(f.x, f.y, TABLE - f.x, TABLE - f.y) == pytest.approx(BASE_R, abs=TOL)
        a = math.degrees(math.atan2(f.y - CENTRE[1], f.x - CENTRE[0]))
        off = abs((a - team_angle(f.team, teams) + 180) % 360 - 180)
        assert off <= 180 / teams


@pytest.mark.parametrize(("teams", "seed"), SETUPS)
def test_default_setup_passes_the_setup_rules_so_players_can_adjust_it(teams, seed):
    g = new_game(teams, seed=seed)
    positions = {f.id: [f.x, f.y] for f in g.figures.values()}
    adjusted = new_game(teams, seed=seed, positions=positions)  # raises if a rule is broken
    assert {f.id: [f.x, f.y] for f in adjusted.figures.values()} == positions


# ---------------------------------------------------------------- kicks
def test_a_kicked_ball_cannot_be_caught_through_a_wall_beside_its_path(baa, force):
    wall = Piece(30.0, 15.3, 36.0, 15.8, 1.0, kind="wall")
    g = holder_game(baa, {"1:A": (33, 16.3)}, pieces=[wall])
    force(g, *SIX)
    g.apply(0, {"type": "kick", "angle": 0})
    assert g.pending["type"] == "act"  # 1:A behind the wall is never asked
    assert g.balls["b1"].x == pytest.approx(40.0)


def test_a_kicked_ball_stopped_by_a_wall_cannot_be_caught_behind_it(baa, force):
    wall = Piece(34.0, 13.0, 34.6, 17.0, 1.0, kind="wall")
    g = holder_game(baa, {"1:A": (35.2, 15)}, pieces=[wall])
    force(g, *SIX)
    g.apply(0, {"type": "kick", "angle": 0})
    assert g.pending["type"] == "act"
    assert g.balls["b1"].x == pytest.approx(34.0)


def test_a_kicked_ball_stopped_by_a_figure_is_not_offered_to_one_behind_it(baa, force):
    g = holder_game(baa, {"1:A": (33, 15), "1:B": (33.2, 16.1)})
    force(g, *SIX)
    g.apply(0, {"type": "kick", "angle": 0})
    assert g.pending["figure"] == "1:A"
    g.apply(1, {"type": "catch", "answer": False})
    assert g.pending["type"] == "act"  # 1:B is never asked
    assert g.balls["b1"].x == pytest.approx(32.5)


# ---------------------------------------------------------------- throws
def test_a_thrown_ball_is_not_offered_to_a_figure_beyond_the_end_of_its_path(baa, force):
    g = holder_game(baa, {"1:A": (36.8, 15.5)})
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    assert g.pending["type"] == "act"
    assert (g.balls["b1"].x, g.balls["b1"].holder) == (pytest.approx(36.0), None)


def test_a_thrown_ball_is_offered_to_a_figure_beside_the_end_of_its_path(baa, force):
    g = holder_game(baa, {"1:A": (35.9, 16.2)})
    force(g, *SIX)
    g.apply(0, {"type": "throw", "angle": 0})
    assert (g.pending["type"], g.pending["figure"]) == ("catch", "1:A")


# ---------------------------------------------------------------- inputs
@pytest.mark.parametrize("team", [True, 1.0, "1", None])
def test_a_team_that_is_not_an_integer_is_refused(team):
    g = new_game(2, seed=1)
    with pytest.raises(IllegalAction, match="team"):
        g.apply(team, {"type": "pick", "figure": "1:A"})
    assert g.inputs == [] and g.pending["teams"] == [0, 1]


@pytest.mark.parametrize(
    "extra", [{"note": object()}, {"note": float("nan")}, {"note": [float("inf")]}, {(1, 2): 3}]
)
def test_an_input_that_is_not_plain_json_is_refused_and_changes_nothing(extra):
    g = new_game(2, seed=1)
    with pytest.raises(IllegalAction, match="JSON"):
        g.apply(0, {"type": "pick", "figure": "0:A", **extra})
    assert g.inputs == [] and g.pending["teams"] == [0, 1]
    g.apply(0, {"type": "pick", "figure": "0:A"})
    assert json.loads(g.to_json())["inputs"] == [[0, {"type": "pick", "figure": "0:A"}]]
