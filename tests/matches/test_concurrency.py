"""Two coaches save the same match at the same moment: one wins, the other gets a message."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Match
from matches.services import MatchEntry, update_match

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="real concurrent transactions need PostgreSQL"
    ),
]


def test_two_concurrent_saves_of_one_match_one_fails_cleanly(reference_data_loaded):
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season(by=staff_user())
    match = play(home, away, at=days_ago(1))
    barrier = threading.Barrier(2)
    outcomes = []

    def save(touchdowns: int, by):
        try:
            barrier.wait()
            entry = MatchEntry(
                home=home,
                away=away,
                played_at=match.played_at,
                home_touchdowns=touchdowns,
                away_touchdowns=0,
            )
            update_match(match=match, entry=entry, version=1, by=by)
            outcomes.append(("ok", touchdowns))
        except ValidationError as error:
            outcomes.append(("refused", " ".join(error.messages)))
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=save, args=(3, home.coach)),
        threading.Thread(target=save, args=(5, away.coach)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"]
    refused = next(message for kind, message in outcomes if kind == "refused")
    assert "inzwischen von jemand anderem gespeichert" in refused
    winner = next(value for kind, value in outcomes if kind == "ok")
    saved = Match.objects.get(pk=match.pk)
    assert (saved.home_touchdowns, saved.version) == (winner, 2)


@pytest.fixture
def reference_data_loaded(transactional_db):
    from django.core.management import call_command

    from rules.models import Race

    if not Race.objects.exists():
        call_command("loaddata", "reference", "handbook", verbosity=0)


def test_two_coaches_cancelling_at_once_one_wins_the_other_sees_it(reference_data_loaded):
    from datetime import timedelta

    from django.utils import timezone

    from matches import open_matches
    from matches.factories import open_match

    home, away = squad(name="Heim"), squad(name="Gast")
    open_season()
    match = open_match(home, away, at=timezone.now() + timedelta(hours=3))
    barrier = threading.Barrier(2)
    outcomes = []

    def cancel(team):
        try:
            barrier.wait()
            open_matches.cancel_match(match=match, team=team, version=1, by=team.coach)
            outcomes.append(("ok", team.name))
        except ValidationError as error:
            outcomes.append(("refused", " ".join(error.messages)))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=cancel, args=(team,)) for team in (home, away)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"]
    winner = next(name for kind, name in outcomes if kind == "ok")
    refused = next(message for kind, message in outcomes if kind == "refused")
    assert f"{winner} hat zu spät abgesagt" in refused
    saved = Match.objects.get(pk=match.pk)
    assert saved.forfeited_by.name == winner and saved.cancellations.count() == 1


def test_one_coach_moving_while_the_other_cancels_one_wins(reference_data_loaded):
    from datetime import timedelta

    from django.utils import timezone

    from matches import open_matches
    from matches.factories import open_match

    home, away = squad(name="Heim"), squad(name="Gast")
    open_season()
    appointment = timezone.now().replace(second=0, microsecond=0) + timedelta(hours=3)
    match = open_match(home, away, at=appointment)
    barrier = threading.Barrier(2)
    outcomes = {}

    def move():
        try:
            barrier.wait()
            open_matches.set_appointment(
                match=match,
                scheduled_at=appointment + timedelta(days=2),
                version=1,
                by=home.coach,
            )
            outcomes["move"] = "ok"
        except ValidationError as error:
            outcomes["move"] = " ".join(error.messages)
        finally:
            connections.close_all()

    def cancel():
        try:
            barrier.wait()
            open_matches.cancel_match(match=match, team=away, version=1, by=away.coach)
            outcomes["cancel"] = "ok"
        except ValidationError as error:
            outcomes["cancel"] = " ".join(error.messages)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=move), threading.Thread(target=cancel)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    saved = Match.objects.get(pk=match.pk)
    assert sorted(outcomes) == ["cancel", "move"]
    assert list(outcomes.values()).count("ok") == 1
    if outcomes["move"] == "ok":
        assert "Der Termin steht inzwischen auf" in outcomes["cancel"]
        assert not saved.is_forfeit and saved.scheduled_at == appointment + timedelta(days=2)
    else:
        assert "Gast hat zu spät abgesagt" in outcomes["move"]
        assert saved.forfeited_by_id == away.pk and saved.scheduled_at == appointment


def test_a_result_racing_a_late_cancellation_never_deadlocks(reference_data_loaded):
    """Both lock the two teams before the match (MatchQuerySet.locked): whatever the timing,
    one of them wins and the other is told so; no deadlock, no server error."""
    from datetime import timedelta

    from django.utils import timezone

    from matches import open_matches
    from matches.factories import open_match

    open_season()
    for round_ in range(5):
        home, away = squad(name=f"Heim {round_}"), squad(name=f"Gast {round_}")
        match = open_match(home, away, at=timezone.now() + timedelta(hours=3))
        barrier = threading.Barrier(2)
        outcomes = {}

        def enter(match=match, home=home, away=away, outcomes=outcomes, barrier=barrier):
            entry = MatchEntry(
                home=home,
                away=away,
                played_at=timezone.now() - timedelta(minutes=5),
                home_touchdowns=2,
                away_touchdowns=1,
            )
            try:
                barrier.wait()
                update_match(match=match, entry=entry, version=1, by=home.coach)
                outcomes["result"] = "ok"
            except ValidationError as error:
                outcomes["result"] = " ".join(error.messages)
            except Exception as error:  # a deadlock would surface here
                outcomes["result"] = f"error: {error!r}"
            finally:
                connections.close_all()

        def cancel(match=match, away=away, outcomes=outcomes, barrier=barrier):
            try:
                barrier.wait()
                open_matches.cancel_match(match=match, team=away, version=1, by=away.coach)
                outcomes["cancel"] = "ok"
            except ValidationError as error:
                outcomes["cancel"] = " ".join(error.messages)
            except Exception as error:
                outcomes["cancel"] = f"error: {error!r}"
            finally:
                connections.close_all()

        threads = [threading.Thread(target=enter), threading.Thread(target=cancel)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        assert not any(value.startswith("error") for value in outcomes.values()), outcomes
        assert list(outcomes.values()).count("ok") == 1, outcomes
        saved = Match.objects.get(pk=match.pk)
        assert saved.is_played == (outcomes["result"] == "ok")
        assert saved.is_forfeit == (outcomes["cancel"] == "ok")
