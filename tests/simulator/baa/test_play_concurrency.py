"""Two seats of one game act at the same moment: the game stays whole, and hidden picks (made at
the same time by the rules) both count."""

import threading

import pytest
from django.db import connection, connections

from simulator.baa import play
from simulator.models import BaaGame

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="real concurrent transactions need PostgreSQL"
    ),
]


def test_two_seats_picking_at_once_from_pages_of_the_same_version_both_count():
    game = play.create_game(
        visitor="v",
        seats=["person", "person"],
        map_choice="kirkwall",
        end_kind="first_goal",
        end_value=None,
        shared_device=False,
        seed=3,
    )
    seats = {s.team: s.token for s in game.seats.all()}
    step = play.pick_step(play.engine_of(game))
    barrier = threading.Barrier(2)
    outcomes = []

    def pick(team: int):
        try:
            barrier.wait()
            play.play(
                token=seats[team],
                team=team,
                action={"type": "pick", "figure": f"{team}:A"},
                version=game.version,
                step=step,
            )
            outcomes.append(("ok", team))
        except play.BaaPlayError as error:
            outcomes.append(("refused", str(error)))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=pick, args=(t,)) for t in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == [("ok", 0), ("ok", 1)]
    stored = BaaGame.objects.get(pk=game.pk)
    engine = play.engine_of(stored)
    assert stored.version == game.version + 2
    assert sorted(team for team, _ in engine.inputs) == [0, 1]
    assert engine.pending["type"] != "pick"  # both cards revealed, the step goes on


def test_seats_acting_one_after_the_other_from_fresh_pages_both_count():
    game = play.create_game(
        visitor="v",
        seats=["person", "person"],
        map_choice="kirkwall",
        end_kind="first_goal",
        end_value=None,
        shared_device=False,
        seed=3,
    )
    seats = {s.team: s.token for s in game.seats.all()}
    for team in (0, 1):
        version = BaaGame.objects.get(pk=game.pk).version
        play.play(
            token=seats[team],
            team=team,
            action={"type": "pick", "figure": f"{team}:A"},
            version=version,
        )
    assert play.engine_of(BaaGame.objects.get(pk=game.pk)).pending["type"] == "act"
