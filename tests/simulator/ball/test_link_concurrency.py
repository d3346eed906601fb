"""Two pages of one BALL link game send at the same moment (PostgreSQL, real transactions):
the game stays whole, exactly one input counts, the other is refused as coming from an old page."""

import threading

import pytest
from django.db import connection, connections

from simulator.ball import link, services
from simulator.models import BallLinkGame

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="real concurrent transactions need PostgreSQL"
    ),
]


def test_a_move_and_a_resignation_at_the_same_moment_only_one_counts():
    game = link.create_link_game(visitor="v")
    version = link.game_of(game).version
    barrier = threading.Barrier(2)
    outcomes = []

    def act(kind: str):
        try:
            barrier.wait()
            if kind == "move":
                link.play(token=game.home_token, notation="G7-H8", version=version)
            else:
                link.resign(token=game.away_token, version=version)
            outcomes.append(("ok", kind))
        except services.StaleGame as error:
            outcomes.append(("refused", error.message))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=act, args=(k,)) for k in ("move", "resign")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"]
    stored = BallLinkGame.objects.get(pk=game.pk)
    assert stored.version == game.version + 1
    winner = next(what for kind, what in outcomes if kind == "ok")
    if winner == "move":
        assert stored.record["actions"] == ["G7-H8"] and stored.resigned == ""
    else:
        assert stored.record["actions"] == [] and stored.resigned == "away"
