"""A tap on the map becomes a move (walk, climb, jump) or a direction; the engine's refusals
read in German; the match report and the dice."""

import math

import pytest

from engines.baa import Game, IllegalAction, Map, Marker, Piece, Rules
from engines.baa.geometry import on_ray
from engines.baa.maps import team_angle
from simulator.baa import board
from simulator.baa.messages import german_reason

HOUSE = Piece(30.0, 10.0, 34.0, 14.0, 3.0)
NEIGHBOUR = Piece(35.5, 10.0, 39.0, 14.0, 3.5)


def game_with(positions: dict) -> Game:
    markers = [Marker(t, *on_ray(team_angle(t, 2), 20.0)) for t in range(2)]
    g = Game(2, 1, Map(2, [HOUSE, NEIGHBOUR], markers, name="t"), Rules(), setup=False)
    parked = 0
    for fid, f in g.figures.items():
        if fid in positions:
            x, y, *level = positions[fid]
            f.x, f.y, f.level = x, y, (level[0] if level else None)
        else:
            f.x, f.y = 0.6 + 1.1 * parked, 0.6
            parked += 1
    g.start()
    g.apply(0, {"type": "pick", "figure": "0:A"})
    g.apply(1, {"type": "pick", "figure": "1:F"})
    return g


def test_a_tap_on_open_ground_is_one_walk():
    g = game_with({"0:A": (24, 12)})
    assert board.legs_for_tap(g, "0:A", 26, 13) == [{"kind": "walk", "to": [26, 13]}]


def test_a_tap_on_a_roof_walks_to_the_wall_and_climbs():
    g = game_with({"0:A": (28, 12)})
    legs = board.legs_for_tap(g, "0:A", 31, 12)
    assert [leg["kind"] for leg in legs] == ["walk", "climb", "walk"]
    assert legs[0]["to"] == [pytest.approx(29.5), pytest.approx(12)]
    g.apply(0, {"type": "move", "legs": legs})
    f = g.figures["0:A"]
    assert (f.level, round(f.x, 2), round(f.y, 2)) == (0, 31, 12)
    assert g.pending["move_left"] == pytest.approx(6 - 1.5 - 3 - 1)


def test_a_tap_on_the_next_roof_is_a_jump_and_a_tap_on_the_ground_climbs_down():
    g = game_with({"0:A": (33.5, 12, 0)})
    assert board.legs_for_tap(g, "0:A", 36, 12) == [{"kind": "jump", "to": [36, 12]}]
    down = board.legs_for_tap(g, "0:A", 33, 9)
    assert [leg["kind"] for leg in down] == ["walk", "climb", "walk"]
    g.apply(0, {"type": "move", "legs": down})
    assert g.figures["0:A"].level is None


def test_a_throw_direction_points_at_the_tap():
    g = game_with({"0:A": (24, 12)})
    assert board.direction_to(g, "0:A", 24, 20) == pytest.approx(90.0)
    assert board.table_point(10, 8) == (10, 40)


@pytest.mark.parametrize(
    ("legs", "german"),
    [
        ([{"kind": "walk", "to": [24, 20]}], "nur noch 6,00 Zoll"),
        ([{"kind": "walk", "to": [32, 12]}], "in ein Gebäude"),
        ([{"kind": "jump", "to": [36, 12]}], "nur von Dach zu Dach"),
        ([{"kind": "walk", "to": [24.5, 12]}], "Base von Rot A"),
    ],
)
def test_an_illegal_move_reads_in_german(legs, german):
    g = game_with({"0:A": (24, 12), "1:A": (25, 12)})
    with pytest.raises(IllegalAction) as refused:
        g.validate(0, {"type": "move", "legs": legs})
    assert german in german_reason(str(refused.value))


def test_an_unknown_engine_message_gets_a_general_german_reason():
    assert german_reason("something new") == "Das ist nach den Regeln gerade nicht möglich."


def test_the_report_groups_lines_by_round_and_keeps_every_die():
    events = [
        {"type": "setup", "figure": "0:A", "x": 1, "y": 1, "level": None},
        {"type": "round_start", "round": 1},
        {
            "type": "k_test",
            "figure": "0:A",
            "for": "throw",
            "k": 3,
            "rolls": [6, 2, 6],
            "sixes": 2,
            "success": True,
        },
        {"type": "goal", "team": 0, "figure": "0:A", "ball": "b1", "goals": [1, 0]},
    ]
    rounds = board.report(events)
    assert [r["number"] for r in rounds] == [0, 1]
    test_line = rounds[1]["lines"][0]
    assert [d["value"] for d in test_line["dice"]] == [6, 2, 6]
    assert [d["six"] for d in test_line["dice"]] == [True, False, True]
    assert test_line["k"] == 3 and test_line["index"] == 2
    assert rounds[1]["goals"] == ["Grün"]
    assert board.last_round_lines(events) == rounds[1]["lines"]
    assert math.isclose(len(board.last_round_lines(events[:2])), 0)
