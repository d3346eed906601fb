"""Games of The Baa played by people: creating, seats, inputs under a lock, bots, limits."""

from datetime import timedelta

import pytest
from django.utils import timezone

from engines.baa import Game
from simulator.baa import play
from simulator.models import BaaGame

pytestmark = pytest.mark.django_db

PEOPLE_2 = ["person", "person"]


def new(seats=PEOPLE_2, end_kind="first_goal", end_value=None, visitor="v1", **kwargs):
    kwargs.setdefault("map_choice", "kirkwall")
    kwargs.setdefault("shared_device", True)
    return play.create_game(
        visitor=visitor, seats=seats, end_kind=end_kind, end_value=end_value, seed=7, **kwargs
    )


def seat(game, team):
    return game.seats.get(team=team)


def test_a_new_game_has_one_seat_per_team_and_bots_pick_at_once():
    game = new(["person", "greedy", "random"], end_kind="rounds", end_value=2)
    assert [(s.team, s.kind) for s in game.seats.all()] == [
        (0, "person"),
        (1, "greedy"),
        (2, "random"),
    ]
    engine = play.engine_of(game)
    assert engine.waiting_for() == [0]  # both bots have already picked
    assert game.map_name == "kirkwall-3" and engine.rules.rounds == 2
    assert engine.rules.team_goals is None and not engine.rules.first_goal


def test_a_generated_map_comes_from_the_games_seed():
    game = new(map_choice="generated")
    assert game.map_name == "generiert (7)"
    assert play.engine_of(game).map.to_dict()["seed"] == 7


@pytest.mark.parametrize(
    ("kind", "value", "rule", "expected"),
    [
        ("first_goal", None, "first_goal", True),
        ("team_goals", 2, "team_goals", 2),
        ("total_goals", 4, "total_goals", 4),
        ("rounds", 3, "rounds", 3),
    ],
)
def test_the_end_criterion_becomes_the_engines_rule(kind, value, rule, expected):
    game = new(end_kind=kind, end_value=value)
    assert getattr(play.engine_of(game).rules, rule) == expected


def test_a_pick_is_stored_and_the_game_resumes_from_the_database():
    game = new()
    play.play(token=game.host_token, team=0, action={"type": "pick", "figure": "0:A"}, version=1)
    stored = BaaGame.objects.get(pk=game.pk)
    assert stored.version == 2
    engine = play.engine_of(stored)
    assert engine.waiting_for() == [1] and engine.inputs == [[0, {"type": "pick", "figure": "0:A"}]]
    assert Game.from_dict(stored.state).snapshot() == engine.snapshot()


def test_a_seat_link_plays_only_its_own_team():
    game = new(shared_device=False)
    with pytest.raises(play.BaaPlayError, match="nicht für dieses Team"):
        play.play(
            token=seat(game, 0).token, team=1, action={"type": "pick", "figure": "1:A"}, version=1
        )
    with pytest.raises(play.BaaPlayError, match="nicht für dieses Team"):
        play.play(
            token=game.host_token, team=0, action={"type": "pick", "figure": "0:A"}, version=1
        )
    play.play(
        token=seat(game, 1).token, team=1, action={"type": "pick", "figure": "1:A"}, version=1
    )
    assert play.engine_of(BaaGame.objects.get(pk=game.pk)).waiting_for() == [0]


def test_a_stale_page_is_refused_and_changes_nothing():
    game = new()
    play.play(token=game.host_token, team=0, action={"type": "pick", "figure": "0:A"}, version=1)
    with pytest.raises(play.BaaPlayError, match="Inzwischen"):
        play.play(
            token=game.host_token, team=1, action={"type": "pick", "figure": "1:A"}, version=1
        )
    assert BaaGame.objects.get(pk=game.pk).version == 2


def test_a_pick_from_a_page_drawn_before_the_other_teams_pick_still_counts():
    game = new()
    step = play.pick_step(play.engine_of(game))
    pick = {"type": "pick", "figure": "0:A"}
    play.play(token=game.host_token, team=0, action=pick, version=1, step=step)
    play.play(
        token=game.host_token,
        team=1,
        action={"type": "pick", "figure": "1:A"},
        version=1,
        step=step,
    )
    stored = BaaGame.objects.get(pk=game.pk)
    assert stored.version == 3
    assert [team for team, _ in play.engine_of(stored).inputs] == [0, 1]


def test_a_pick_twice_from_one_stale_page_is_refused_the_second_time():
    game = new()
    step = play.pick_step(play.engine_of(game))
    pick = {"type": "pick", "figure": "0:A"}
    play.play(token=game.host_token, team=0, action=pick, version=1, step=step)
    with pytest.raises(play.BaaPlayError, match="Inzwischen"):
        play.play(
            token=game.host_token,
            team=0,
            action={"type": "pick", "figure": "0:B"},
            version=1,
            step=step,
        )
    assert BaaGame.objects.get(pk=game.pk).version == 2


def test_a_stale_pick_of_an_earlier_pick_step_is_refused():
    game = new()
    engine = play.engine_of(game)
    old_step = play.pick_step(engine)
    for team in (0, 1):
        version = BaaGame.objects.get(pk=game.pk).version
        play.play(
            token=game.host_token,
            team=team,
            action={"type": "pick", "figure": f"{team}:A"},
            version=version,
        )
    with pytest.raises(play.BaaPlayError, match="Inzwischen"):
        play.play(
            token=game.host_token,
            team=1,
            action={"type": "pick", "figure": "1:B"},
            version=1,
            step=old_step,
        )


def test_an_illegal_move_is_refused_with_a_german_reason():
    game = new()
    play.play(token=game.host_token, team=0, action={"type": "pick", "figure": "0:A"}, version=1)
    play.play(token=game.host_token, team=1, action={"type": "pick", "figure": "1:F"}, version=2)
    far = {"type": "move", "legs": [{"kind": "walk", "to": [18.0, 24.0]}]}
    with pytest.raises(play.BaaPlayError, match="nur noch 6,00 Zoll Bewegung"):
        play.play(token=game.host_token, team=0, action=far, version=3)
    assert BaaGame.objects.get(pk=game.pk).version == 3


def test_bot_inputs_per_request_are_bounded(monkeypatch):
    monkeypatch.setattr(play, "MAX_BOT_INPUTS_PER_REQUEST", 10)
    game = new(["greedy", "random"], end_kind="rounds", end_value=2)
    assert len(play.engine_of(game).inputs) == 10
    game = play.advance(game=game)
    assert len(play.engine_of(game).inputs) == 20


def test_a_bot_game_is_played_to_its_end_by_repeated_requests():
    game = new(["greedy", "greedy"], end_kind="rounds", end_value=1)
    for _ in range(20):
        if game.finished:
            break
        game = play.advance(game=game)
    engine = play.engine_of(game)
    assert game.finished and engine.result()["reason"] == "rounds" and engine.round == 1


def test_running_games_per_visitor_are_bounded():
    for _ in range(play.MAX_RUNNING_PER_VISITOR):
        new(visitor="busy")
    with pytest.raises(play.BaaPlayError, match="laufende Partien"):
        new(visitor="busy")
    new(visitor="someone else")


def test_new_games_per_visitor_and_hour_are_bounded():
    for _ in range(play.MAX_NEW_PER_VISITOR_PER_HOUR):
        game = new(visitor="eager")
        BaaGame.objects.filter(pk=game.pk).update(finished=True)
    with pytest.raises(play.BaaPlayError, match="in der letzten Stunde"):
        new(visitor="eager")


def test_a_time_limit_ends_the_game_at_the_first_round_end_after_it():
    game = new(["greedy", "greedy"], end_kind="minutes", end_value=5)
    assert game.deadline is not None
    BaaGame.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    game = BaaGame.objects.get(pk=game.pk)
    running_round = play.engine_of(game).round
    for _ in range(20):
        if game.finished:
            break
        game = play.advance(game=game)
    engine = play.engine_of(game)
    assert game.finished and engine.result()["reason"] == "time"
    assert engine.round == running_round


def test_the_host_can_end_a_game_and_a_seat_cannot():
    game = new(shared_device=False)
    with pytest.raises(play.BaaPlayError):
        play.give_up(token=seat(game, 0).token)
    play.give_up(token=game.host_token)
    assert BaaGame.objects.get(pk=game.pk).finished


def test_new_games_per_network_address_and_hour_are_bounded(monkeypatch):
    monkeypatch.setattr(play, "MAX_NEW_PER_ADDRESS_PER_HOUR", 3)
    address = play.address_key("203.0.113.9")
    for n in range(3):
        game = new(visitor=f"cookie-less {n}", address=address)
        BaaGame.objects.filter(pk=game.pk).update(finished=True)
    with pytest.raises(play.BaaPlayError, match="Von diesem Netz"):
        new(visitor="cookie-less 4", address=address)
    new(visitor="cookie-less 4", address=play.address_key("198.51.100.1"))
    assert "203.0.113.9" not in address


def test_polls_faster_than_the_pause_let_no_bot_play(monkeypatch):
    monkeypatch.setattr(play, "MIN_SECONDS_BETWEEN_BOT_STEPS", 60.0)
    monkeypatch.setattr(play, "MAX_BOT_INPUTS_PER_REQUEST", 10)
    game = new(["greedy", "random"], end_kind="rounds", end_value=2)
    for _ in range(5):
        game = play.advance(game=game)
    assert len(play.engine_of(game).inputs) == 10
    BaaGame.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=61))
    game = play.advance(game=BaaGame.objects.get(pk=game.pk))
    assert len(play.engine_of(game).inputs) == 20


def test_abandoned_games_stop_counting_against_the_running_limits(monkeypatch):
    monkeypatch.setattr(play, "MAX_RUNNING_TOTAL", 2)
    old = [new(visitor=f"gone {n}") for n in range(2)]
    with pytest.raises(play.BaaPlayError, match="zu viele Partien"):
        new(visitor="newcomer")
    BaaGame.objects.filter(pk__in=[g.pk for g in old]).update(
        updated_at=timezone.now() - play.ABANDONED_AFTER - timedelta(minutes=1)
    )
    new(visitor="newcomer")
    assert BaaGame.objects.running().count() == 3  # the old ones can still be resumed
