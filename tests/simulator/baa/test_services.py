"""The Baa workflow: a whole bot match with a picture per round."""

from simulator.baa import services


def test_baa_match_has_a_picture_per_round_and_the_result():
    match = services.baa_match(teams=2, seed=1, bot="greedy")
    assert match.result["finished"]
    assert len(match.rounds) == match.result["rounds"] + 1
    assert match.rounds[-1].picture["goals"] == match.result["goals"]
    assert sum(len(r.goals) for r in match.rounds) == sum(match.result["goals"])


def test_baa_match_is_the_same_game_as_the_engine_runs():
    from engines.baa import run_game

    match = services.baa_match(teams=3, seed=5, bot="random")
    assert match.result == run_game(3, seed=5, bot="random").result()
