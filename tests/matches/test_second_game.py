"""A second result of the same pairing within 12 hours (docs/league.md, "Spiel eintragen"): the
app shows the first one and asks "Noch ein Spiel derselben Paarung eintragen?"; only an explicit
yes saves it, and the very same entry is never saved twice."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.factories import days_ago
from matches.models import Match
from matches.services import DuplicateMatch, MatchEntry, enter_match

pytestmark = pytest.mark.django_db


def form_data(home, away, when, **changes):
    data = {
        "heim": home.pk,
        "gast": away.pk,
        "played_at": timezone.localtime(when).strftime("%Y-%m-%dT%H:%M"),
        "home_touchdowns": "2",
        "away_touchdowns": "1",
        "conceded_by": "",
        "home_journeymen_casualties": "0",
        "away_journeymen_casualties": "0",
    }
    return {**data, **changes}


def first_game(client, home, away):
    when = days_ago(1).replace(second=0, microsecond=0)
    client.force_login(home.coach)
    assert client.post(reverse("matches:match-create"), form_data(home, away, when)).status_code
    return Match.objects.get(), when


def test_a_second_result_within_12_hours_shows_the_first_and_asks(client, season, home, away):
    first, when = first_game(client, home, away)
    later = when + timedelta(hours=1)
    response = client.post(
        reverse("matches:match-create"), form_data(home, away, later, home_touchdowns="0")
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Noch ein Spiel derselben Paarung eintragen?" in html
    assert first.get_absolute_url() in html and 'name="second_game"' in html
    assert Match.objects.count() == 1


def test_the_explicit_yes_saves_the_second_game(client, season, home, away):
    _first, when = first_game(client, home, away)
    later = when + timedelta(hours=1)
    data = form_data(home, away, later, home_touchdowns="0", second_game="1")
    response = client.post(reverse("matches:match-create"), data)
    assert response.status_code == 302
    assert Match.objects.count() == 2


def test_the_yes_sent_twice_saves_the_second_game_once(client, season, home, away):
    _first, when = first_game(client, home, away)
    data = form_data(home, away, when + timedelta(hours=1), home_touchdowns="0", second_game="1")
    assert client.post(reverse("matches:match-create"), data).status_code == 302
    again = client.post(reverse("matches:match-create"), data)
    assert again.status_code == 400
    assert "schon eingetragen" in again.content.decode()
    assert Match.objects.count() == 2


def test_the_same_form_sent_again_is_not_saved_even_with_a_yes(client, season, home, away):
    _first, when = first_game(client, home, away)
    data = form_data(home, away, when, second_game="1")
    response = client.post(reverse("matches:match-create"), data)
    assert response.status_code == 400
    assert Match.objects.count() == 1


def test_the_service_saves_a_second_game_only_with_the_yes(season, home, away):
    values = {"home": home, "away": away, "home_touchdowns": 1, "away_touchdowns": 0}
    first = enter_match(entry=MatchEntry(played_at=days_ago(1), **values), by=home.coach)
    later = first.played_at + timedelta(hours=2)
    with pytest.raises(DuplicateMatch) as refused:
        enter_match(entry=MatchEntry(played_at=later, **values), by=home.coach)
    assert refused.value.may_be_second_game and refused.value.existing == first
    enter_match(entry=MatchEntry(played_at=later, second_game=True, **values), by=home.coach)
    assert Match.objects.count() == 2
