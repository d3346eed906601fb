"""Saves at the same moment, in real concurrent PostgreSQL transactions: the rules still hold.

Each save locks both teams' rows, so of two saves touching a team the second one waits and is
then checked against the first."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from league.models import Season
from league.services import start_next_season
from matches.factories import days_ago, open_season, squad, staff_user
from matches.models import Casualty, CasualtyTick, Match
from matches.services import MatchEntry, enter_match
from matches.squad import delete_player
from roster.models import Player

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="real concurrent transactions need PostgreSQL"
    ),
]


def at_once(*actions) -> list[tuple[str, str]]:
    """Run the actions in threads released together; ("ok", "") or ("refused", message)."""
    barrier = threading.Barrier(len(actions))
    outcomes: list[tuple[str, str]] = []

    def run(action):
        try:
            barrier.wait()
            action()
            outcomes.append(("ok", ""))
        except ValidationError as error:
            outcomes.append(("refused", " ".join(error.messages)))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


@pytest.fixture
def reference_data_loaded(transactional_db):
    from django.core.management import call_command

    from rules.models import Race

    if not Race.objects.exists():
        call_command("loaddata", "reference", "handbook", verbosity=0)


def entry(home, away, **changes):
    values = {
        "home": home,
        "away": away,
        "played_at": days_ago(1),
        "home_touchdowns": 1,
        "away_touchdowns": 0,
    }
    return MatchEntry(**{**values, **changes})


def test_both_coaches_entering_the_same_game_at_once_save_it_once(reference_data_loaded):
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season()
    outcomes = at_once(
        lambda: enter_match(entry=entry(home, away), by=home.coach),
        lambda: enter_match(entry=entry(away, home), by=away.coach),
    )
    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"]
    assert "schon eingetragen" in next(m for kind, m in outcomes if kind == "refused")
    assert Match.objects.count() == 1


def test_two_matches_of_one_team_at_once_cannot_break_the_tick_rules(reference_data_loaded):
    home, away, third = squad(name="Heim"), squad(name="Gast"), squad(name="Dritte")
    open_season()
    player = away.players.get(number=1)
    # Injured (🏥) in the earlier match, so he must miss the later one.
    earlier = entry(home, away, played_at=days_ago(2), casualties={player.pk: "injured"})
    later = entry(third, away, played_at=days_ago(1), casualties={player.pk: "hurt"})
    outcomes = at_once(
        lambda: enter_match(entry=earlier, by=staff_user()),
        lambda: enter_match(entry=later, by=staff_user()),
    )
    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"]
    assert str(player) in next(m for kind, m in outcomes if kind == "refused")
    assert CasualtyTick.objects.filter(player=player).count() == 1


def test_deleting_a_player_while_a_match_ticks_him_loses_nothing(reference_data_loaded):
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season()
    player = away.players.get(number=7)
    outcomes = at_once(
        lambda: enter_match(
            entry=entry(home, away, casualties={player.pk: Casualty.BADLY_HURT}), by=home.coach
        ),
        lambda: delete_player(player=player),
    )
    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"]
    if Player.objects.filter(pk=player.pk).exists():
        # The match came first: it keeps its tick, the delete was refused.
        assert CasualtyTick.objects.filter(player=player).count() == 1
    else:
        # The delete came first: the match was refused, nothing half-saved.
        assert not Match.objects.exists()


@pytest.mark.parametrize("seasons_before", [0, 1])
def test_two_starts_of_the_next_season_at_once_start_one(reference_data_loaded, seasons_before):
    admin = staff_user()
    for number in range(1, seasons_before + 1):
        start_next_season(by=admin, closing=number - 1)
    outcomes = at_once(
        lambda: start_next_season(by=admin, closing=seasons_before),
        lambda: start_next_season(by=admin, closing=seasons_before),
    )
    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"]
    assert Season.objects.count() == seasons_before + 1
    assert Season.objects.filter(is_current=True).count() == 1
