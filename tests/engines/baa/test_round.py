"""Rounds: card picks, activation order, KO recovery, rest, standing up, goals, end of game."""

import pytest

from engines.baa import IllegalAction, Rules, new_game

MARKER_0 = (38.1421, 38.1421)  # team 0's marker in the 2-team layout: 20" out at 45°


def pick(g, *fids):
    for fid in fids:
        g.apply(int(fid[0]), {"type": "pick", "figure": fid})


def test_every_team_picks_a_card_at_once_and_higher_rank_acts_first(baa):
    g = baa.make_game({})
    assert g.pending == {"type": "pick", "teams": [0, 1]}
    pick(g, "0:C")
    assert g.pending == {"type": "pick", "teams": [1]}
    pick(g, "1:B")
    assert g.pending["figure"] == "1:B"
    assert baa.events_of(g.events, "order")[-1]["figures"] == ["1:B", "0:C"]


def test_on_equal_rank_the_higher_k_acts_first(baa):
    g = baa.make_game({}, k={"0:A": 4, "1:A": 5})
    pick(g, "0:A", "1:A")
    assert g.pending["figure"] == "1:A"


def test_on_equal_rank_and_k_a_roll_off_decides_and_ties_roll_again(baa, force):
    g = baa.make_game({})
    force(g, 3, 3, 1, 4)
    pick(g, "0:A", "1:A")
    assert g.pending["figure"] == "1:A"
    offs = baa.events_of(g.events, "roll_off")
    assert [e["rolls"] for e in offs] == [[3, 3], [1, 4]]
    assert not baa.events_of(g.events, "k_test")


def test_a_three_way_roll_off_orders_all_tied_figures(baa, force):
    g = baa.make_game({}, teams=3)
    force(g, 2, 5, 2, 1, 6)  # 1:A; then 0:A and 2:A tie and roll again
    pick(g, "0:A", "1:A", "2:A")
    assert baa.events_of(g.events, "order")[-1]["figures"] == ["1:A", "2:A", "0:A"]


def test_k_changes_during_a_card_step_do_not_reorder_it(baa, force):
    g = baa.make_game({"0:B": (30, 15), "1:B": (31, 15)}, k={"0:B": 6, "1:B": 5})
    pick(g, "0:B", "1:B")
    force(g, 6, 6, 6, 1, 1, 1)
    g.apply(0, {"type": "punch", "target": "1:B"})
    g.apply(1, {"type": "punch_back", "answer": False})
    g.apply(0, {"type": "end"})
    assert g.pending["figure"] == "1:B"


def test_a_picked_card_cannot_be_picked_again_in_the_same_round(baa):
    g = baa.make_game({})
    pick(g, "0:A", "1:A")
    g.apply(g.pending["team"], {"type": "end"})
    g.apply(g.pending["team"], {"type": "end"})
    with pytest.raises(IllegalAction, match="already activated"):
        g.apply(0, {"type": "pick", "figure": "0:A"})


def test_a_round_activates_every_figure_once_in_six_card_steps(baa):
    g = baa.make_game({}, teams=3)
    baa.finish_round(g)
    acts = baa.events_of(g.events, "activation")
    assert sorted(e["figure"] for e in acts) == sorted(g.figures)
    assert len(baa.events_of(g.events, "reveal")) == 6
    assert g.round == 2


def test_a_knocked_out_figure_loses_one_marker_per_activation_and_wakes_with_k_one(baa):
    g = baa.make_game({}, k={"1:A": 0}, ko={"1:A": 2}, prone={"1:A": True})
    baa.finish_round(g)
    assert (g.figures["1:A"].ko, g.figures["1:A"].k) == (1, 0)
    baa.finish_round(g)
    f = g.figures["1:A"]
    assert (f.ko, f.k, f.prone) == (0, 1, True)
    recoveries = baa.events_of(g.events, "ko_recovery")
    assert [e["markers"] for e in recoveries] == [1, 0]


def test_a_knocked_out_figure_is_never_asked_to_act(baa):
    g = baa.make_game({}, k={"0:A": 0}, ko={"0:A": 1}, prone={"0:A": True})
    pick(g, "0:A", "1:F")
    assert g.pending["figure"] == "1:F"


def test_resting_regains_two_k_up_to_six_and_ends_the_activation(baa):
    g = baa.make_game({}, k={"0:A": 5})
    pick(g, "0:A", "1:F")
    g.apply(0, {"type": "rest"})
    assert g.figures["0:A"].k == 6
    assert g.pending["figure"] == "1:F"


def test_resting_is_only_allowed_as_the_first_action(baa):
    g = baa.make_game({"0:A": (30, 15)})
    pick(g, "0:A", "1:F")
    g.apply(0, {"type": "move", "legs": [{"kind": "walk", "to": [31, 15]}]})
    with pytest.raises(IllegalAction, match="only allowed as the first action"):
        g.apply(0, {"type": "rest"})


def test_a_prone_figure_may_stand_up_first_and_then_act_or_rest(baa):
    g = baa.make_game({"0:A": (30, 15)}, prone={"0:A": True}, k={"0:A": 3})
    pick(g, "0:A", "1:F")
    with pytest.raises(IllegalAction, match="prone"):
        g.apply(0, {"type": "move", "legs": [{"kind": "walk", "to": [31, 15]}]})
    g.apply(0, {"type": "stand"})
    g.apply(0, {"type": "rest"})
    assert g.figures["0:A"].k == 5 and not g.figures["0:A"].prone


def test_standing_up_is_only_allowed_as_the_first_action(baa):
    g = baa.make_game({"0:A": (30, 15)}, ball={"0:A": "b1"})
    pick(g, "0:A", "1:F")
    with pytest.raises(IllegalAction, match="not prone"):
        g.apply(0, {"type": "stand"})


def test_after_thirty_actions_only_end_is_legal(baa):
    g = baa.make_game({"0:A": (30, 15)})
    pick(g, "0:A", "1:F")
    for i in range(30):
        g.apply(0, {"type": "move", "legs": [{"kind": "walk", "to": [30, 15.1 + 0.1 * i]}]})
    with pytest.raises(IllegalAction, match="only 'end'"):
        g.apply(0, {"type": "move", "legs": [{"kind": "walk", "to": [30, 20]}]})
    assert g.legal_actions(0) == [{"type": "end"}]
    g.apply(0, {"type": "end"})


def test_only_the_awaited_team_may_give_input(baa):
    g = baa.make_game({"0:A": (30, 15)})
    pick(g, "0:A", "1:F")
    with pytest.raises(IllegalAction, match="waits for team 0"):
        g.apply(1, {"type": "end"})


def test_walking_onto_the_own_marker_with_a_ball_scores_and_a_new_ball_comes_at_round_end(baa):
    g = baa.make_game({"0:A": (36, 36)}, ball={"0:A": "b1"})
    pick(g, "0:A", "1:F")
    events = g.apply(0, {"type": "move", "legs": [{"kind": "walk", "to": list(MARKER_0)}]})
    goal = baa.events_of(events, "goal")
    assert goal == [{"type": "goal", "team": 0, "figure": "0:A", "ball": "b1", "goals": [1, 0]}]
    assert g.figures["0:A"].ball is None and "b1" not in g.balls
    baa.finish_round(g)
    assert list(g.balls) == ["b2"] and (g.balls["b2"].x, g.balls["b2"].y) == (24.0, 24.0)


def test_a_ball_carried_onto_another_teams_marker_scores_nothing(baa):
    g = baa.make_game({"1:A": (36, 36)}, ball={"1:A": "b1"})
    pick(g, "0:F", "1:A")
    g.apply(1, {"type": "move", "legs": [{"kind": "walk", "to": list(MARKER_0)}]})
    assert g.goals == [0, 0]


def test_crossing_the_own_marker_within_a_leg_scores_nothing(baa):
    g = baa.make_game({"0:A": (36, 36)}, ball={"0:A": "b1"})
    pick(g, "0:A", "1:F")
    g.apply(0, {"type": "move", "legs": [{"kind": "walk", "to": [40, 40]}]})
    assert g.goals == [0, 0]


def test_picking_up_a_ball_on_the_own_marker_scores(baa):
    g = baa.make_game({"0:A": MARKER_0}, balls=[(MARKER_0[0] + 0.3, MARKER_0[1])])
    pick(g, "0:A", "1:F")
    g.apply(0, {"type": "pickup", "ball": "b1"})
    assert g.goals == [1, 0]


def test_the_first_goal_criterion_ends_the_game_at_once(baa):
    g = baa.make_game({"0:A": (36, 36)}, ball={"0:A": "b1"}, rules=Rules(first_goal=True))
    pick(g, "0:A", "1:F")
    g.apply(0, {"type": "move", "legs": [{"kind": "walk", "to": list(MARKER_0)}]})
    assert g.finished and g.pending is None
    assert g.result() == {
        "finished": True,
        "winner": 0,
        "goals": [1, 0],
        "rounds": 1,
        "reason": "first_goal",
    }
    with pytest.raises(IllegalAction, match="game is over"):
        g.apply(1, {"type": "end"})


def test_a_total_goals_criterion_counts_all_teams(baa):
    g = baa.make_game(
        {"0:A": (36, 36)}, ball={"0:A": "b1"}, rules=Rules(team_goals=None, total_goals=1)
    )
    pick(g, "0:A", "1:F")
    g.apply(0, {"type": "move", "legs": [{"kind": "walk", "to": list(MARKER_0)}]})
    assert g.result()["reason"] == "total_goals"


def test_the_rounds_criterion_ends_the_game_after_the_round_as_a_draw(baa):
    g = baa.make_game({}, rules=Rules(rounds=2))
    baa.finish_round(g)
    assert not g.finished
    baa.finish_round(g)
    assert g.result() == {
        "finished": True,
        "winner": None,
        "goals": [0, 0],
        "rounds": 2,
        "reason": "rounds",
    }


@pytest.mark.parametrize("teams", [2, 3, 4, 5, 6])
def test_one_ball_fewer_than_teams_is_in_play(teams):
    g = new_game(teams, seed=teams)
    assert sorted(g.balls) == [f"b{i}" for i in range(1, teams)]
    assert all(b.level is None and b.y == 24.0 for b in g.balls.values())
