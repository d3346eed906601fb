"""Property tests: random games stay legal, serialise and never mutate (hypothesis)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.ball import IllegalAction, State, new_game, parse_action
from engines.ball.board import BOTTOM_ACTIVE, IS_PLAYABLE, TOP


def assert_valid(state: State) -> None:
    pos, sts = state.positions, state.piece_states
    squares: dict[int, list[int]] = {}
    for pid in range(14):
        assert IS_PLAYABLE[pos[pid]], "piece off the hatched squares"
        squares.setdefault(pos[pid], []).append(pid)
    tops = {top: bottom for top, bottom, _ in state.stacks}
    for pids in squares.values():
        if len(pids) == 1:
            assert sts[pids[0]] < TOP
        else:
            assert len(pids) == 2, "more than two pieces on a square"
            kinds = sorted(sts[p] for p in pids)
            assert kinds[0] == TOP and kinds[1] >= BOTTOM_ACTIVE, "two pieces, no stack"
            top = pids[0] if sts[pids[0]] == TOP else pids[1]
            assert tops[top] in pids
    if state.carrier >= 0:
        assert state.free_ball == -1 and sts[state.carrier] < BOTTOM_ACTIVE
    else:
        assert IS_PLAYABLE[state.free_ball] and state.free_ball not in squares, "ball under a piece"
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "duplicate actions"
    if state.phase == "action":
        assert len(legal) > 1 and any(str(a) == "END" for a in legal)
    elif state.phase == "resolution":
        assert legal and all(a.is_resolution for a in legal)
    else:
        assert legal == ()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), card_mode=st.booleans(), limit=st.integers(2, 14))
def test_random_games_stay_legal_and_round_trip(seed, card_mode, limit):
    rng = random.Random(seed)
    state = new_game(card_mode=card_mode, turn_limit=limit, target_score=2)
    previous = None
    while not state.is_over:
        assert_valid(state)
        text = state.to_json()
        assert State.from_json(text) == state
        legal = state.legal_actions()
        action = rng.choice(legal)
        assert parse_action(str(action)) == action
        if previous is not None and previous not in legal:
            try:
                state.apply(previous)
                raise AssertionError("an action outside legal_actions() was accepted")
            except IllegalAction as exc:
                assert str(exc).startswith(str(previous) + ": ")
        nxt = state.apply(action)
        assert state.to_json() == text, "apply mutated the state"
        previous, state = action, nxt
    assert_valid(state)
    assert state.result in ("home", "away", "draw")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_replaying_the_action_texts_gives_the_same_game(seed):
    rng = random.Random(seed)
    state = new_game(card_mode=seed % 2 == 0, turn_limit=10)
    texts = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        texts.append(str(action))
        state = state.apply(action)
    again = new_game(card_mode=seed % 2 == 0, turn_limit=10)
    for t in texts:
        again = again.apply(t)
    assert again == state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), card_mode=st.booleans())
def test_fast_move_path_agrees_with_the_plain_rule_on_every_move(seed, card_mode):
    from engines.ball.actions import MOVE, SPRINT
    from engines.ball.state import _apply_move_reference

    rng = random.Random(seed)
    state = new_game(card_mode=card_mode, turn_limit=12)
    while not state.is_over:
        for action in state.legal_actions():
            if action.kind in (MOVE, SPRINT):
                fast = state.apply(action)
                assert fast == _apply_move_reference(state, action)
                assert fast._occ == _occupancy_of(fast)[0]
                assert fast._kind == _occupancy_of(fast)[1]
        state = state.apply(rng.choice(state.legal_actions()))


def _occupancy_of(state):
    from engines.ball.state import _occupancy

    return _occupancy(state.positions, state.piece_states)
