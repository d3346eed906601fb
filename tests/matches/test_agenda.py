"""The start page: visitors see the overview, the top of the table and the latest results; a
logged-in coach first sees his teams and what waits for him."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches import open_matches
from matches.agenda import agenda_for
from matches.development import choose_none
from matches.factories import days_ago, open_match, play, squad
from roster.factories import UserFactory

pytestmark = pytest.mark.django_db


def in_hours(hours: float):
    return timezone.now() + timedelta(hours=hours)


def test_visitor_sees_the_top_of_the_table_and_the_latest_results(
    client, season, home, away, django_assert_max_num_queries
):
    play(home, away, at=days_ago(1), score=(2, 0))
    forfeit = open_match(home, away, at=in_hours(3))
    open_matches.cancel_match(match=forfeit, team=away, version=1, by=away.coach)
    with django_assert_max_num_queries(6):
        response = client.get(reverse("league:home"))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('data-state="played"') == 1 and html.count('data-state="forfeited"') == 1
    assert f'data-team="{home.pk}"' in html and "6 Punkte" in html
    assert "Deine Teams" not in html
    assert "Rassen-Vorlagen" in html  # today's overview stays


def test_coach_sees_teams_appointments_and_what_waits(client, season, home, away):
    upcoming = open_match(home, away, at=in_hours(30))
    overdue = open_match(away, home, at=in_hours(-3))
    played = play(home, away, at=days_ago(2))
    client.force_login(home.coach)
    html = client.get(reverse("league:home")).content.decode()
    assert "Deine Teams" in html
    assert f"{reverse('matches:match-create')}?heim={home.pk}" in html
    assert f'data-match="{upcoming.pk}"' in html
    assert reverse("matches:match-update", args=[overdue.pk]) in html
    assert f"{played.get_absolute_url()}#entwicklung-{home.pk}" in html


def test_agenda_lists_a_development_only_until_it_is_chosen(season, home, away):
    played = play(home, away, at=days_ago(2))
    assert agenda_for(home.coach).awaiting_development == [(played, home)]
    choose_none(match=played, team=home, by=home.coach)
    assert agenda_for(home.coach).awaiting_development == []


def test_agenda_of_a_user_without_teams_is_empty(season, home, away):
    open_match(home, away, at=in_hours(30))
    agenda = agenda_for(UserFactory())
    assert agenda.teams == [] and agenda.is_empty


def test_agenda_does_not_show_other_teams_matches(season, home, away):
    third = squad(name="Drei")
    season.teams.add(third)
    open_match(away, third, at=in_hours(30))
    assert agenda_for(home.coach).appointments == []


def test_spiel_eintragen_from_the_start_page_preselects_the_team(client, season, home, away):
    client.force_login(home.coach)
    response = client.get(reverse("matches:match-create"), {"heim": home.pk})
    html = response.content.decode()
    assert response.status_code == 200
    assert f'<option value="{home.pk}" selected>' in html
    assert "errorlist" not in html
