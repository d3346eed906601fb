"""The master level: alpha-beta with a transposition table gives the plain minimax value, the
table tells positions apart by the action points left, and the answer respects its budget.

Its strength against "hard" is measured by benchmarks/ball_master.py (no timed match here).
"""

import random
import time

import pytest

from engines.ball import choose_action, new_game
from engines.ball.ai import evaluate
from engines.ball.master import Search, choose

FAR = 1e9  # a deadline that never comes: the search is then deterministic


def minimax(state, depth, team):
    if depth == 0 or state.is_over:
        return evaluate(state, team)
    values = [minimax(state.apply_legal(a), depth - 1, team) for a in state.legal_actions()]
    return max(values) if state.team_to_move == team else min(values)


def _positions():
    """A few positions of a seeded greedy game, in both modes, some mid-turn."""
    out = []
    for cards in (False, True):
        state = new_game(card_mode=cards)
        for n in range(30):
            state = state.apply(choose_action(state, "easy", seed=n))
            if n % 7 == 3:
                out.append(state)
    return out


@pytest.mark.parametrize("index", range(8))
def test_alpha_beta_with_the_table_gives_the_minimax_value(index):
    state = _positions()[index]
    team = state.team_to_move
    search = Search(team, FAR, evaluate)
    assert search.value(state, 2, -float("inf"), float("inf")) == pytest.approx(
        minimax(state, 2, team)
    )


def test_the_table_keeps_positions_apart_that_differ_only_in_action_points_left(kit):
    two = kit.position({"X4": "G9"}, {"O1": "I11"}, pa=2)
    one = kit.position({"X4": "G9"}, {"O1": "I11"}, pa=1)
    search = Search(0, FAR, evaluate)
    search.value(two, 2, -float("inf"), float("inf"))
    search.value(one, 2, -float("inf"), float("inf"))
    assert two in search.table and one in search.table
    assert search.table[two] is not search.table[one]


def test_master_scores_when_it_can(kit):
    state = kit.position({"X4": "H16"}, carrier="home X4", atk="home")
    action = choose(state, random.Random(1), evaluate, budget=0.3)
    assert state.apply(action).score["home"] == 1


def test_master_takes_the_ball_off_an_adjacent_carrier(kit):
    state = kit.position({"X4": "G9"}, {"O1": "I11"}, carrier="away O1", atk="away")
    # a fixed depth, not a time: on a loaded machine 0.3 s may not reach it
    action, _ = Search(state.team_to_move, FAR, evaluate).root(state, random.Random(1), max_depth=2)
    assert str(action).startswith("G9-I11/")


def test_the_answer_comes_within_its_budget():
    state = new_game(card_mode=True)
    start = time.perf_counter()
    choose(state, random.Random(1), evaluate, budget=0.2)
    # one node's expansion past the deadline at most (a few ms, more on a loaded machine)
    assert time.perf_counter() - start < 0.45


def test_a_deeper_search_finishes_in_more_time():
    state = _positions()[2]
    quick = Search(state.team_to_move, time.perf_counter() + 0.02, evaluate)
    _, shallow = quick.root(state, random.Random(1))
    slow = Search(state.team_to_move, FAR, evaluate)
    _, deep = slow.root(state, random.Random(1), max_depth=3)
    assert deep == 3 and shallow < deep


def test_same_seed_and_depth_give_the_same_choice():
    state = _positions()[1]
    first = Search(state.team_to_move, FAR, evaluate).root(state, random.Random(5), max_depth=2)
    again = Search(state.team_to_move, FAR, evaluate).root(state, random.Random(5), max_depth=2)
    assert first == again
