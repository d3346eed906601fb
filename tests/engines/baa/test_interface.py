"""The engine interface: pending decisions, legal actions, validation, setup, description,
JSON and the command line."""

import json
import math
from pathlib import Path

import pytest

from engines.baa import Game, IllegalAction, answer, new_game, run_game
from engines.baa.__main__ import main


def test_a_new_game_waits_for_every_teams_card_pick():
    g = new_game(3, seed=1)
    assert g.pending == {"type": "pick", "teams": [0, 1, 2]}
    assert g.waiting_for() == [0, 1, 2]
    assert [a["figure"] for a in g.legal_actions(1)] == [f"1:{r}" for r in "ABCDEF"]


def test_the_act_pending_names_team_figure_and_movement_left(baa):
    g = baa.make_game({"0:A": (30, 15)})
    baa.activate(g, "0:A")
    p = g.pending
    assert (p["type"], p["team"], p["figure"], p["move_left"], p["first"]) == (
        "act",
        0,
        "0:A",
        6.0,
        True,
    )


def test_legal_actions_list_discrete_actions_and_templates(baa):
    g = baa.make_game({"0:A": (30, 15), "1:A": (31, 15), "0:B": (29, 15)}, ball={"0:A": "b1"})
    baa.activate(g, "0:A")
    legal = g.legal_actions(0)
    types = [(a["type"], a.get("target") or a.get("to")) for a in legal]
    assert ("punch", "1:A") in types and ("push", "1:A") in types and ("push", "0:B") in types
    assert ("hand_over", "0:B") in types and ("rest", None) in types
    assert ("punch", "0:B") not in types and ("stand", None) not in types
    templates = {a["type"] for a in legal if a.get("template")}
    assert templates == {"move", "throw", "kick"}
    assert legal[-1] == {"type": "end"}
    assert g.legal_actions(1) == []
    for a in legal:
        if not a.get("template"):
            g.validate(0, a)


def test_a_decision_pending_offers_yes_and_no_to_its_team_only(baa, force):
    g = baa.make_game({"0:A": (30, 15), "1:A": (31, 15)})
    baa.activate(g, "0:A")
    force(g, 1, 1, 1, 1, 1, 1)
    g.apply(0, {"type": "punch", "target": "1:A"})
    assert g.legal_actions(1) == [
        {"type": "punch_back", "answer": True},
        {"type": "punch_back", "answer": False},
    ]
    with pytest.raises(IllegalAction, match="waits for a 'punch_back' decision"):
        g.apply(1, {"type": "catch", "answer": True})
    with pytest.raises(IllegalAction, match="answer"):
        g.apply(1, {"type": "punch_back", "answer": "yes"})
    with pytest.raises(IllegalAction, match="waits for team 1"):
        g.apply(0, {"type": "punch_back", "answer": True})


@pytest.mark.parametrize(
    ("action", "why"),
    [
        ({"type": "fly"}, "unknown action"),
        ({"type": "throw", "angle": 0, "extra": "yes"}, "'extra' must be true or false"),
        ({"kind": "walk"}, "dict with a 'type'"),
        ({"type": "move"}, "non-empty list of 'legs'"),
        ({"type": "move", "legs": [{"kind": "walk", "to": [31, "x"]}]}, r"leg 1: 'to' must be"),
        ({"type": "move", "legs": [{"kind": "fly", "to": [31, 15]}]}, "unknown leg kind"),
        ({"type": "move", "legs": [{"kind": "walk", "to": [30, 15]}]}, "positive length"),
        ({"type": "move", "legs": [{"kind": "jump", "to": [31, 15]}]}, "roof to roof"),
        ({"type": "pickup", "ball": "b9"}, "no ball 'b9'"),
        ({"type": "throw", "angle": 0}, "holds no ball"),
        ({"type": "push", "target": "9:Z"}, "no figure"),
        ({"type": "punch", "target": "0:A"}, "cannot fight itself"),
    ],
)
def test_illegal_actions_say_why_and_change_nothing(baa, action, why):
    g = baa.make_game({"0:A": (30, 15)})
    baa.activate(g, "0:A")
    before = json.dumps(g.to_dict())
    with pytest.raises(IllegalAction, match=why):
        g.apply(0, action)
    assert json.dumps(g.to_dict()) == before


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


def test_the_setup_may_be_adjusted_within_its_rules():
    g = new_game(2, seed=1)
    a = g.figures["0:A"]
    angle = math.atan2(a.y - 24, a.x - 24) - 0.2
    spot = [24 + 6 * math.cos(angle), 24 + 6 * math.sin(angle)]
    g2 = new_game(2, seed=1, positions={"0:A": spot})
    assert (g2.figures["0:A"].x, g2.figures["0:A"].y) == tuple(spot)
    with pytest.raises(IllegalAction, match="exactly 2 figures 6"):
        new_game(2, seed=1, positions={"0:A": [24 + 7 * math.cos(angle), 24 + 7 * math.sin(angle)]})
    m = g.map.marker(1)  # 0:D already stands there
    free = next(
        [m.x + r * math.cos(a / 8), m.y + r * math.sin(a / 8)]
        for r in (3, 4, 5)
        for a in range(50)
        if g._valid_spot(m.x + r * math.cos(a / 8), m.y + r * math.sin(a / 8))
    )
    with pytest.raises(IllegalAction, match="two figures at marker 1"):
        new_game(2, seed=1, positions={"0:C": free})


def test_a_game_from_a_custom_start_replays_from_json(baa, force):
    g = baa.make_game({"0:A": (30, 15), "1:A": (31, 15)})
    baa.activate(g, "0:A")
    g.apply(0, {"type": "punch", "target": "1:A"})
    g.apply(1, {"type": "punch_back", "answer": True})
    copy = Game.from_json(g.to_json())
    assert copy.events == g.events and copy.snapshot() == g.snapshot()


def test_the_description_holds_what_a_page_needs_to_draw_the_table():
    g = new_game(4, seed=2)
    d = g.describe()
    assert d["size"] == 48.0 and len(d["markers"]) == 4 and len(d["figures"]) == 24
    assert len(d["pieces"]) == len(g.map.pieces) and len(d["balls"]) == 3
    assert {"x0", "y0", "x1", "y1", "h", "kind", "owner"} <= set(d["pieces"][0])
    assert {"id", "team", "rank", "x", "y", "height", "k", "prone", "ko", "ball"} <= set(
        d["figures"][0]
    )
    json.dumps(d)


def test_the_cli_plays_a_bot_game_and_prints_json(capsys):
    assert main(["simulate", "--teams", "2", "--seed", "5", "--bot", "greedy", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"result", "state", "events"}
    assert out["result"]["finished"] and out["events"][-1]["type"] == "game_end"


def test_the_cli_prints_a_short_result(capsys):
    assert (
        main(["simulate", "--teams", "3", "--seed", "1", "--bot", "random", "--rounds", "3"]) == 0
    )
    out = capsys.readouterr().out
    assert "3 teams, seed 1" in out and "after 3 rounds" in out


def test_the_cli_rejects_an_unknown_bot():
    with pytest.raises(SystemExit):
        main(["simulate", "--bot", "clever"])


def test_the_engine_never_imports_django():
    import subprocess
    import sys

    code = (
        "import sys, engines.baa, engines.baa.__main__; "
        "from engines.baa import run_game; run_game(2, 1, rounds=2); "
        "sys.exit(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    root = Path(__file__).resolve().parents[3]
    assert subprocess.run([sys.executable, "-c", code], cwd=root, check=False).returncode == 0


def test_a_seeded_greedy_game_gives_the_same_result_every_time():
    first = run_game(2, seed=1, bot="greedy")
    again = run_game(2, seed=1, bot="greedy")
    assert first.events == again.events and first.inputs == again.inputs


def test_a_bot_can_answer_for_one_team_of_a_human_game():
    g = new_game(2, seed=8)
    g.apply(0, {"type": "pick", "figure": "0:A"})
    g.apply(1, answer(g, 1, "greedy"))
    while g.pending["team"] != 0:
        g.apply(g.pending["team"], answer(g, g.pending["team"], "random"))
    assert g.pending["figure"] == "0:A"
