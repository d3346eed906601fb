"""Touchdowns and the new drive (docs/ball.md §6)."""

from engines.ball import new_game

SETUP_HOME = {"O1": "C7", "X2": "E7", "S3": "G7", "X4": "I7", "X5": "G5", "O6": "K7", "S7": "G3"}


def test_moving_the_ball_into_the_opponents_end_zone_scores(kit):
    state = kit.position({"X4": "H16"}, carrier="home X4", atk="home").apply("H16-I17")
    assert state.score == {"home": 1, "away": 0}


def test_after_a_touchdown_the_board_resets_and_the_scorer_opens_as_def(kit):
    state = kit.position({"X4": "H16"}, carrier="home X4", atk="home", pa=2)
    state = state.apply("H16-I17")
    assert (state.turn, state.player, state.phase, state.pa) == (6, "home", "action", 2)
    assert (state.atk, state.defending) == ("away", "home")
    assert state.ball == {"carrier": "away X5", "square": "G13"}
    homes = {p["name"]: p["square"] for p in state.pieces() if p["team"] == "home"}
    assert homes == SETUP_HOME
    assert new_game().to_dict()["pieces"] == state.to_dict()["pieces"]


def test_hand_off_into_the_end_zone_scores(kit):
    state = kit.position({"X5": "G15", "X2": "H16", "X4": "I17"}, carrier="home X5")
    state = state.apply("G15=I17")
    assert state.score["home"] == 1


def test_dodge_whose_exit_is_in_the_end_zone_scores_with_the_fumbled_ball(kit):
    state = kit.position({"X4": "F14"}, {"O1": "H16"}, carrier="away O1").apply("F14-H16/I17")
    assert state.score["home"] == 1


def test_block_on_a_carrier_in_the_end_zone_scores_for_the_blocker(kit):
    state = kit.position({"X4": "H16"}, {"O1": "I17"}, carrier="away O1").apply("H16-I17")
    assert state.score["home"] == 1


def test_away_scores_in_row_one(kit):
    state = kit.position({}, {"X4": "H2"}, carrier="away X4", player="away", atk="away")
    state = state.apply("H2-I1")
    assert state.score == {"home": 0, "away": 1}
    assert (state.player, state.atk) == ("away", "home")
    assert state.ball["carrier"] == "home X5"


def test_touchdown_in_the_resolution_phase_scores(kit):
    stack = {"top": "home X4", "bottom": "away O1", "bottom_state": "active", "turn": 3}
    state = kit.position(
        {"X4": "H16"}, {"O1": "H16"}, stacks=(stack,), carrier="home X4", phase="resolution"
    ).apply("RS H16/G17,I15*top")
    assert state.score["home"] == 1


def test_reaching_the_target_score_ends_the_game(kit):
    state = kit.position({"X4": "H16"}, carrier="home X4", score=(2, 1)).apply("H16-I17")
    assert state.is_over and state.winner == "home"
    assert state.score == {"home": 3, "away": 1}


def test_touchdown_in_the_last_turn_ends_the_game(kit):
    state = kit.position({"X4": "H16"}, carrier="home X4", turn=40).apply("H16-I17")
    assert state.is_over and state.winner == "home"


def test_touchdown_keeps_pe_and_resets_restrictions(kit):
    state = kit.position(
        {"X4": "H16", "X2": "C9"},
        carrier="home X4",
        card_mode=True,
        pe=(4, 2),
        restricted=("home X2",),
    ).apply("H16-I17")
    assert state.pe == {"home": 4, "away": 2}
    assert not any(p["restricted"] for p in state.pieces())
    assert state.overtime_used is False


def test_target_score_is_configurable(kit):
    state = kit.position({"X4": "H16"}, carrier="home X4", target_score=1).apply("H16-I17")
    assert state.is_over


def test_taking_the_free_ball_in_the_end_zone_scores(kit):
    state = kit.position({"X4": "H16"}, ball="I17").apply("H16-I17")
    assert state.score["home"] == 1


def test_sprint_into_the_end_zone_scores(kit):
    state = kit.position({"X4": "H16"}, carrier="home X4", card_mode=True, pe=(2, 0))
    state = state.apply("SPRINT H16-I17")
    assert state.score["home"] == 1
    assert state.pe["home"] == 0


def test_standing_up_a_ball_holder_into_the_end_zone_scores(kit):
    state = kit.position(
        {"X4": "H16"}, carrier="home X4", down=("home X4",), phase="resolution"
    ).apply("UP H16/I17")
    assert state.score["home"] == 1


def test_giving_the_ball_to_an_opponent_in_its_end_zone_scores_for_the_opponent(kit):
    # Home resolves its block on H2 and lets away's O1 keep the ball on I1: away scores in
    # home's turn, becomes DEF and takes the next turn.
    stack = {"top": "home X4", "bottom": "away O1", "bottom_state": "active", "turn": 3}
    state = kit.position(
        {"X4": "H2"}, {"O1": "H2"}, stacks=(stack,), carrier="home X4", phase="resolution"
    ).apply("RS H2/G3,I1*bottom")
    assert state.score == {"home": 0, "away": 1}
    assert (state.player, state.atk, state.turn, state.phase) == ("away", "home", 6, "action")


def test_touchdown_ends_the_turn_at_once_without_a_resolution_phase(kit):
    # Home has a knocked-down piece that would be a stand-up task: the touchdown skips it.
    state = kit.position(
        {"X4": "H16", "X2": "C9"}, carrier="home X4", down=("home X2",), pa=2
    ).apply("H16-I17")
    assert (state.turn, state.phase, state.pa) == (6, "action", 2)
    assert all(p["state"] == "active" for p in state.pieces())


def test_touchdown_resets_overtime(kit):
    state = kit.position({"X4": "H16"}, carrier="home X4", card_mode=True, pe=(3, 0))
    state = state.apply("OVERTIME").apply("H16-I17")
    assert state.overtime_used is False
    assert state.pe["home"] == 0


def test_scoring_position_shows_the_board_before_the_reset(kit):
    state = kit.position({"X4": "H16"}, carrier="home X4", atk="home", pa=2)
    scene = state.scoring_position("H16-I17")
    assert scene.score == {"home": 1, "away": 0}
    assert scene.ball == {"carrier": "home X4", "square": "I17"}
    assert state.apply("H16-I17").ball["square"] == "G13"  # the game itself went on


def test_scoring_position_is_none_for_an_action_that_scores_nothing(kit):
    assert kit.position({"X4": "H14"}, carrier="home X4").scoring_position("H14-I15") is None
