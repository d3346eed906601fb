"""Results people can trust: no result twice, no impossible dates, no tick lost on the way."""

from datetime import UTC, datetime, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from matches.factories import days_ago, play, squad
from matches.models import Casualty, Match
from matches.services import DUPLICATE_WINDOW, DuplicateMatch, MatchEntry, enter_match
from matches.squad import delete_player
from roster.services import retire_player

pytestmark = pytest.mark.django_db


def entry(home, away, **changes):
    values = {
        "home": home,
        "away": away,
        "played_at": days_ago(1),
        "home_touchdowns": 2,
        "away_touchdowns": 1,
    }
    return MatchEntry(**{**values, **changes})


def form_data(home, away, **changes):
    data = {
        "heim": home.pk,
        "gast": away.pk,
        "played_at": timezone.localtime(days_ago(1)).strftime("%Y-%m-%dT%H:%M"),
        "home_touchdowns": "2",
        "away_touchdowns": "1",
        "conceded_by": "",
        "home_journeymen_casualties": "0",
        "away_journeymen_casualties": "0",
    }
    return {**data, **changes}


# --- the same result twice ------------------------------------------------------------------


def test_second_entry_of_the_same_pairing_close_in_time_is_refused(season, home, away):
    first = enter_match(entry=entry(home, away, played_at=days_ago(1)), by=home.coach)
    later = first.played_at + DUPLICATE_WINDOW - timedelta(minutes=1)
    with pytest.raises(DuplicateMatch, match="schon eingetragen") as refused:
        enter_match(entry=entry(away, home, played_at=later), by=away.coach)
    assert refused.value.existing == first
    assert Match.objects.count() == 1


def test_same_pairing_outside_the_window_is_a_new_match(season, home, away):
    first = enter_match(entry=entry(home, away, played_at=days_ago(3)), by=home.coach)
    enter_match(
        entry=entry(home, away, played_at=first.played_at + DUPLICATE_WINDOW), by=home.coach
    )
    assert Match.objects.count() == 2


def test_other_pairing_at_the_same_time_is_not_a_duplicate(season, home, away):
    third = squad(name="Dritte")
    season.teams.add(third)
    enter_match(entry=entry(home, away), by=home.coach)
    enter_match(entry=entry(home, third), by=home.coach)
    assert Match.objects.count() == 2


def test_sending_the_form_twice_saves_one_match_and_links_to_it(client, season, home, away):
    client.force_login(home.coach)
    assert client.post(reverse("matches:match-create"), form_data(home, away)).status_code == 302
    response = client.post(reverse("matches:match-create"), form_data(home, away))
    html = response.content.decode()
    match = Match.objects.get()
    assert response.status_code == 400
    assert "schon eingetragen" in html and match.get_absolute_url() in html


# --- impossible dates -------------------------------------------------------------------------


@pytest.mark.parametrize("when", ["0001-01-01T12:00", "1999-12-31T20:00"])
def test_played_at_long_ago_is_a_form_error_next_to_the_field(client, season, home, away, when):
    client.force_login(home.coach)
    response = client.post(reverse("matches:match-create"), form_data(home, away, played_at=when))
    assert response.status_code == 400
    assert "played_at" in response.context["form"].errors
    assert not Match.objects.exists()
    assert client.get(reverse("matches:match-list")).status_code == 200


def test_played_at_before_the_season_started_is_refused(season, home, away):
    before = season.started_at - timedelta(minutes=5)
    with pytest.raises(ValidationError, match="vor dem Beginn") as refused:
        enter_match(entry=entry(home, away, played_at=before), by=home.coach)
    assert "played_at" in refused.value.message_dict


def test_played_at_before_a_team_existed_is_refused(season, home, away):
    newcomer = squad(name="Neu")
    season.teams.add(newcomer)
    type(newcomer).objects.filter(pk=newcomer.pk).update(created_at=days_ago(2))
    newcomer.refresh_from_db()
    with pytest.raises(ValidationError, match="gab es"):
        enter_match(entry=entry(home, newcomer, played_at=days_ago(3)), by=home.coach)


def test_future_played_at_is_an_error_of_the_field(season, home, away):
    later = timezone.now() + timedelta(hours=1)
    with pytest.raises(ValidationError, match="Zukunft") as refused:
        enter_match(entry=entry(home, away, played_at=later), by=home.coach)
    assert "played_at" in refused.value.message_dict


def test_the_database_refuses_a_played_at_before_the_league_existed(season, home, away):
    from django.db import IntegrityError, transaction

    match = play(home, away)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(played_at=datetime(1, 1, 1, tzinfo=UTC))


# --- ticks lost on the way --------------------------------------------------------------------


def test_tick_for_a_player_suspended_since_the_form_loaded_is_refused_by_name(
    client, season, home, away
):
    hurt = away.players.get(number=1)
    play(home, away, at=days_ago(2), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:match-create"), form_data(home, away, **{f"ausfall_{hurt.pk}": "dead"})
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert str(hurt) in html and "gesperrt" in html
    assert Match.objects.count() == 1


def test_tick_for_a_player_deleted_since_the_form_loaded_is_refused(client, season, home, away):
    gone = away.players.get(number=7)
    pk, name = gone.pk, str(gone)
    delete_player(player=gone)
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:match-create"), form_data(home, away, **{f"ausfall_{pk}": "hurt"})
    )
    assert response.status_code == 400
    assert "nicht mehr" in response.content.decode()
    assert name not in Match.objects.values_list("home__name", flat=True)
    assert not Match.objects.exists()


def test_tick_for_a_player_retired_since_the_form_loaded_is_refused_by_name(
    client, season, home, away
):
    retired = away.players.get(number=6)
    retire_player(player=retired, on=timezone.localdate() - timedelta(days=3))
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:match-create"), form_data(home, away, **{f"ausfall_{retired.pk}": "hurt"})
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert str(retired) in html and "entlassen" in html
    assert not Match.objects.exists()


def test_tick_for_a_player_of_another_team_is_refused(client, season, home, away):
    stranger = squad(name="Fremd").players.first()
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:match-create"), form_data(home, away, **{f"ausfall_{stranger.pk}": "hurt"})
    )
    assert response.status_code == 400
    assert str(stranger) in response.content.decode()
    assert not Match.objects.exists()


def test_service_refuses_a_tick_for_a_player_who_no_longer_exists(season, home, away):
    with pytest.raises(ValidationError, match="nicht mehr"):
        enter_match(entry=entry(home, away, casualties={999_999: Casualty.DEAD}), by=home.coach)
    assert not Match.objects.exists()


def test_correction_cannot_move_a_result_onto_another_of_the_same_pairing(season, home, away):
    from matches.services import update_match

    first = enter_match(entry=entry(home, away, played_at=days_ago(3)), by=home.coach)
    second = enter_match(entry=entry(home, away, played_at=days_ago(1)), by=home.coach)
    moved = entry(home, away, played_at=first.played_at + timedelta(hours=1))
    with pytest.raises(DuplicateMatch):
        update_match(match=second, entry=moved, version=second.version, by=home.coach)
    second.refresh_from_db()
    assert second.played_at > first.played_at + DUPLICATE_WINDOW
