"""A saved game resumes from its last resume point instead of a replay from the start, and
goes on exactly as the original game would."""

import json

import pytest

from engines.baa import Game, IllegalAction, bots, new_game


def _same(a: Game, b: Game) -> None:
    assert json.loads(json.dumps(a.snapshot())) == json.loads(json.dumps(b.snapshot()))
    assert a.events == b.events and a.inputs == b.inputs


@pytest.mark.parametrize(
    ("teams", "seed", "bot"), [(2, 3, "greedy"), (3, 5, "random"), (4, 1, "greedy")]
)
def test_a_game_resumed_after_any_input_goes_on_like_the_original(teams, seed, bot):
    game = new_game(teams, seed, rounds=3)
    decisions = 0
    while not game.finished:
        team = game.waiting_for()[0]
        action = bots.answer(game, team, bot)
        game.apply(team, action)
        resumed = Game.resume(json.loads(game.to_json()))
        _same(resumed, game)
        if game.pending is not None and game.pending["type"] not in ("pick", "act"):
            decisions += 1  # only the action waiting for this decision is replayed
            assert game.to_dict()["resume"]["inputs"] < len(game.inputs)
        if game.finished:
            break
        nxt = bots.answer(game, game.waiting_for()[0], bot)
        assert nxt == bots.answer(resumed, resumed.waiting_for()[0], bot)
    assert decisions > 0  # resuming in the middle of an action was exercised


def test_a_resumed_game_still_refuses_illegal_inputs():
    g = new_game(2, seed=1)
    resumed = Game.resume(g.to_dict())
    with pytest.raises(IllegalAction):
        resumed.apply(0, {"type": "pick", "figure": "1:A"})


def test_a_game_told_to_end_after_the_round_ends_at_that_round_end(baa):
    g = new_game(2, seed=4, rounds=None, team_goals=None)
    baa.finish_round(g)
    assert g.round == 2 and not g.finished
    g.end_after_round()
    baa.finish_round(g)
    assert g.finished and g.result()["reason"] == "time" and g.round == 2
    assert Game.from_json(g.to_json()).result() == g.result()  # the replay ends there too


def test_a_replay_can_stop_at_a_round_and_shows_the_table_then():
    game = bots.run_game(2, seed=2, bot="greedy", rounds=4)
    data = game.to_dict()
    after_two = Game.replay(data, until=lambda g: g.round > 2)
    assert after_two.round == 3 and not after_two.finished
    whole = Game.replay(data)
    assert whole.snapshot() == Game.from_dict(data).snapshot()
    assert len(after_two.events) < len(whole.events)
