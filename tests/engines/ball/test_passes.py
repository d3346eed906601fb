"""Hand-off, short pass and long pass (docs/ball.md §5.4 to §5.6)."""

import pytest

from engines.ball import IllegalAction
from engines.ball.board import LETTERS


def handoffs(kit, state):
    return {t for t in kit.texts(state) if "=" in t}


def test_hand_off_reaches_the_whole_network_of_active_allies(kit):
    state = kit.position(
        {"X5": "G9", "X2": "H10", "X4": "I11", "O1": "J12", "S3": "E9"},
        down=("home O1",),
        carrier="home X5",
    )
    assert handoffs(kit, state) == {"G9=H10", "G9=I11"}


def test_hand_off_moves_nothing_and_leaves_the_receiver_free_to_act(kit):
    state = kit.position({"X5": "G9", "X2": "H10"}, carrier="home X5").apply("G9=H10")
    assert state.ball == {"carrier": "home X2", "square": "H10"}
    assert kit.piece(state, "home", "X5")["square"] == "G9"
    assert state.pa == 1
    assert kit.moves_from(state, "H10")


def test_only_the_ball_carrier_may_hand_off_or_pass(kit):
    state = kit.position({"X5": "G9", "X2": "H10"}, carrier="home X2")
    with pytest.raises(IllegalAction, match="only the ball carrier"):
        state.apply("G9=H10")


def test_restricted_carrier_may_not_pass(kit):
    state = kit.position({"X5": "G9", "X2": "H10"}, carrier="home X5", restricted=("home X5",))
    assert not any(">" in t or "=" in t for t in kit.texts(state))


def test_short_pass_reaches_active_allies_within_four_squares(kit):
    state = kit.position({"X5": "G9", "X2": "G13", "X4": "G15"}, carrier="home X5")
    shorts = {t for t in kit.texts(state) if ">" in t and ">>" not in t}
    assert {t for t in shorts if ">G13@" in t} == {
        "G9>G13@F12",
        "G9>G13@H12",
        "G9>G13@F14",
        "G9>G13@H14",
    }
    assert not any(">G15@" in t for t in shorts)


def test_short_pass_leaves_the_ball_free_next_to_the_receiver(kit):
    state = kit.position({"X5": "G9", "X2": "G13"}, carrier="home X5").apply("G9>G13@H14")
    assert state.ball == {"square": "H14"}
    assert not kit.piece(state, "home", "X2")["has_ball"]


def test_short_pass_needs_an_active_receiver_and_a_free_ball_square(kit):
    state = kit.position(
        {"X5": "G9", "X2": "G13", "X4": "E11"},
        {"O1": "F12"},
        carrier="home X5",
        down=("home X4",),
    )
    shorts = {t for t in kit.texts(state) if ">" in t and ">>" not in t}
    assert "G9>G13@F12" not in shorts
    assert not any(">E11@" in t for t in shorts)


def test_long_pass_targets_free_squares_two_away_from_every_ally(kit):
    state = kit.position(
        {"X5": "G9", "X2": "C5", "X4": "K13"}, {"O1": "G13"}, carrier="home X5", down=("home X2",)
    )
    home = [p["square"] for p in state.pieces() if p["team"] == "home"]
    taken = {p["square"] for p in state.pieces()}

    def coords(name):
        return LETTERS.index(name[0]) + 1, int(name[1:])

    expected = set()
    for r in range(1, 18):
        for c in range(1, 14):
            name = f"{LETTERS[c - 1]}{r}"
            if (c + r) % 2 or name in taken:
                continue
            if all(max(abs(c - coords(a)[0]), abs(r - coords(a)[1])) >= 2 for a in home):
                expected.add(f"G9>>{name}")
    longs = {t for t in kit.texts(state) if ">>" in t}
    assert longs == expected
    assert "G9>>C7" in longs  # two squares from the knocked-down X2 on C5
    assert "G9>>D6" not in longs  # next to it: knocked-down allies count too


def test_long_pass_puts_the_ball_free_on_its_square(kit):
    state = kit.position({"X5": "G9"}, carrier="home X5").apply("G9>>G13")
    assert state.ball == {"square": "G13"}


def test_long_pass_too_close_to_an_ally_is_refused_with_a_reason(kit):
    state = kit.position({"X5": "G9", "X2": "G13"}, carrier="home X5")
    with pytest.raises(IllegalAction, match="within 1 square of home X2"):
        state.apply("G9>>H14")


def test_stacked_allies_take_no_part_in_hand_offs_or_short_passes(kit):
    # X2 (top on H10) and O1 (bottom on F10) are in stacks: X4 on I11 is reachable only
    # through H10, so the network is empty, and neither stacked ally can receive a pass.
    stacks = (
        {"top": "home X2", "bottom": "away O1", "bottom_state": "active", "turn": 4},
        {"top": "away X2", "bottom": "home O1", "bottom_state": "active", "turn": 4},
    )
    state = kit.position(
        {"X5": "G9", "X2": "H10", "O1": "F10", "X4": "I11"},
        {"O1": "H10", "X2": "F10"},
        carrier="home X5",
        stacks=stacks,
    )
    legal = kit.texts(state)
    assert not any("=" in t for t in legal)
    assert not any(">H10@" in t or ">F10@" in t for t in legal)
    assert any(">I11@" in t for t in legal)


def test_hand_off_and_passes_cost_one_pa_each(kit):
    state = kit.position({"X5": "G9", "X2": "H10", "X4": "G13"}, carrier="home X5")
    assert state.apply("G9=H10").pa == 1
    assert state.apply("G9>G13@F12").pa == 1
    assert state.apply("G9>>K13").pa == 1


def test_a_pass_into_the_end_zone_scores_nothing_until_a_piece_takes_the_ball(kit):
    state = kit.position({"X5": "G13", "X2": "E15"}, carrier="home X5").apply("G13>>G17")
    assert state.ball == {"square": "G17"}
    assert state.score["home"] == 0
    assert state.apply("E15-G17").score["home"] == 1
