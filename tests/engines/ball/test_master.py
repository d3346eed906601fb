"""The master level: alpha-beta with a transposition table gives the plain minimax value, the
table tells positions apart by the action points left, and the answer respects its budget.

Its strength against "hard" is measured by benchmarks/ball_master.py (no timed match here).
"""

import json
import random
import time

import pytest

from engines.ball import State, choose_action, master, new_game
from engines.ball.ai import evaluate
from engines.ball.master import WIDTH, Search, choose

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


# Turn 12 of a seeded game between two "hard" players: home's carrier S3 stands on H14, three
# rows before its scoring row, away (to move) has two knocked-down pieces. "hard" spends its
# turn elsewhere and home can score in its next turn; the master attacks the carrier.
CARRIER_RUNS = {
    "atk": "away",
    "ball": {"carrier": "home S3"},
    "down": ["away S3", "away S7"],
    "options": {"card_mode": False, "setup": None, "target_score": 3, "turn_limit": 40},
    "overtime_used": False,
    "pa": 2,
    "pe": {"away": 0, "home": 0},
    "phase": "action",
    "pieces": {
        "away": {
            "O1": "C11",
            "O6": "J12",
            "S3": "F10",
            "S7": "G13",
            "X2": "J14",
            "X4": "I11",
            "X5": "H12",
        },
        "home": {
            "O1": "C7",
            "O6": "K7",
            "S3": "H14",
            "S7": "G3",
            "X2": "F12",
            "X4": "H10",
            "X5": "G5",
        },
    },
    "player": "away",
    "restricted": [],
    "score": {"away": 0, "home": 0},
    "stacks": [],
    "turn": 12,
}


def _touchdown_within_the_turn(state):
    """Whether the side to move can score before its turn ends (every line of its turn)."""
    team, turn, score = state.team_to_move, state.turn, state.score_by_team[state.team_to_move]
    todo, seen = [state], set()
    while todo:
        s = todo.pop()
        for action in s.legal_actions():
            child = s.apply_legal(action)
            if child.score_by_team[team] > score:
                return True
            if child.turn == turn and not child.is_over and child not in seen:
                seen.add(child)
                todo.append(child)
    return False


def _play_turn(state, choose_one):
    turn = state.turn
    while not state.is_over and state.turn == turn:
        state = state.apply(choose_one(state))
    return state


def test_master_stops_a_touchdown_that_hard_lets_through():
    start = State.from_json(json.dumps(CARRIER_RUNS))
    n = iter(range(100))
    after_hard = _play_turn(start, lambda s: choose_action(s, "hard", seed=next(n)))
    assert _touchdown_within_the_turn(after_hard)

    def master_move(s):
        legal = s.legal_actions()
        if len(legal) == 1:
            return legal[0]
        # fixed depth, not a time, so that a loaded machine gives the same answer
        search = Search(s.team_to_move, FAR, evaluate, width=WIDTH)
        return search.root(s, random.Random(1), max_depth=2)[0]

    after_master = _play_turn(start, master_move)
    assert not after_master.is_over
    assert not _touchdown_within_the_turn(after_master)


def test_the_real_master_level_blocks_it_too_within_its_budget():
    start = State.from_json(json.dumps(CARRIER_RUNS))
    slowest = 0.0

    def master_move(s):
        nonlocal slowest
        t = time.perf_counter()
        action = choose(s, random.Random(1), evaluate, budget=0.6)
        slowest = max(slowest, time.perf_counter() - t)
        return action

    after = _play_turn(start, master_move)
    assert not _touchdown_within_the_turn(after)
    assert slowest < 1.0


def test_the_table_is_carried_from_one_action_to_the_next():
    state = _positions()[0]
    master._TABLES.clear()
    choose(state, random.Random(1), evaluate, budget=0.1)
    table = master._TABLES[(state.team_to_move, evaluate)]
    size = len(table)
    assert size > 0
    nxt = state.apply(state.legal_actions()[0])
    assert nxt.team_to_move == state.team_to_move
    choose(nxt, random.Random(1), evaluate, budget=0.1)
    assert master._TABLES[(state.team_to_move, evaluate)] is table
    assert len(table) > size


def test_a_narrow_search_looks_only_at_the_best_children():
    state = _positions()[3]
    wide = Search(state.team_to_move, FAR, evaluate)
    narrow = Search(state.team_to_move, FAR, evaluate, width=3)
    wide.value(state, 3, -float("inf"), float("inf"))
    narrow.value(state, 3, -float("inf"), float("inf"))
    assert narrow.nodes < wide.nodes


def test_entries_of_past_turns_are_dropped():
    state = _positions()[0]
    master._TABLES.clear()
    choose(state, random.Random(1), evaluate, budget=0.1)
    table = master._TABLES[(state.team_to_move, evaluate)]
    assert any(k.turn == state.turn for k in table)
    later = state
    while later.turn == state.turn or later.team_to_move != state.team_to_move:
        later = later.apply(choose_action(later, "easy", seed=1))
    choose(later, random.Random(1), evaluate, budget=0.1)
    kept = master._TABLES[(state.team_to_move, evaluate)]
    assert kept and all(k.turn >= later.turn for k in kept)


@pytest.mark.parametrize(
    "kwargs, error",
    [({"budget": 0}, ValueError), ({"budget": -1.0}, ValueError), ({"width": 0}, ValueError)],
)
def test_bad_settings_are_refused_clearly(kwargs, error):
    with pytest.raises(error):
        choose(new_game(), random.Random(1), evaluate, **kwargs)


def test_a_finished_game_or_no_position_is_refused(kit):
    one_to_win = kit.position({"X4": "H16"}, carrier="home X4", atk="home", target_score=1)
    over = one_to_win.apply("H16-I17")
    assert over.is_over
    with pytest.raises(ValueError, match="over"):
        choose(over, random.Random(1), evaluate)
    with pytest.raises(TypeError):
        choose("G5-H6", random.Random(1), evaluate)


def test_a_new_game_does_not_keep_the_last_games_later_turns():
    state = _positions()[0]
    master._TABLES.clear()
    master._TABLE_TURN.clear()
    late = state
    while late.turn < state.turn + 8 or late.team_to_move != state.team_to_move:
        late = late.apply(choose_action(late, "easy", seed=2))
    choose(late, random.Random(1), evaluate, budget=0.1)
    choose(state, random.Random(1), evaluate, budget=0.1)
    table = master._TABLES[(state.team_to_move, evaluate)]
    assert all(state.turn <= k.turn <= state.turn + master.TURNS_AHEAD for k in table)
