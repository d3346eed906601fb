"""Pages of open matches: schedule, appointments, cancellations, deleting, "Spiel eintragen"."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches import open_matches
from matches.factories import open_match, open_season, play, squad, staff_user
from matches.models import Match
from roster.factories import UserFactory

pytestmark = pytest.mark.django_db


def local(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def in_hours(hours: float):
    return timezone.now().replace(second=0, microsecond=0) + timedelta(hours=hours)


def test_schedule_page_is_public_and_shows_rounds_and_states(
    client, season, home, away, django_assert_max_num_queries
):
    third = squad(name="Drei")
    season.teams.add(third)
    open_matches.generate_schedule(season=season, legs=1, by=staff_user())
    forfeited = Match.objects.filter(round=1).first()
    Match.objects.filter(pk=forfeited.pk).update(scheduled_at=in_hours(5))
    open_matches.cancel_match(
        match=forfeited,
        team=forfeited.home,
        version=forfeited.version,
        by=staff_user(),
    )
    play(home, away)
    with django_assert_max_num_queries(4):
        response = client.get(reverse("matches:schedule"))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="schedule-round"') == 4  # 3 rounds + the match outside them
    assert 'data-state="forfeited"' in html and 'data-state="played"' in html
    assert 'data-state="open"' in html
    assert "Spielplan erzeugen" not in html


def test_schedule_htmx_returns_only_the_rounds(client, season, home, away):
    open_match(home, away, round=1)
    response = client.get(reverse("matches:schedule"), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "Runde 1" in html and "<html" not in html


def test_admin_generates_the_schedule_on_the_schedule_page(client, season, home, away):
    client.force_login(staff_user())
    assert "Spielplan erzeugen" in client.get(reverse("matches:schedule")).content.decode()
    response = client.post(reverse("matches:schedule-generate"), {"legs": "2"}, follow=True)
    assert "2 neue Spiele" in response.content.decode()
    assert Match.objects.count() == 2


def test_coach_cannot_generate_the_schedule(client, season, home, away):
    client.force_login(home.coach)
    response = client.post(reverse("matches:schedule-generate"), {"legs": "1"})
    assert response.status_code == 403
    assert not Match.objects.exists()


def test_coach_creates_a_match_with_appointment(client, season, home, away):
    client.force_login(home.coach)
    url = reverse("matches:match-new")
    assert client.get(url).status_code == 200
    data = {"heim": home.pk, "gast": away.pk, "scheduled_at": local(in_hours(30))}
    response = client.post(url, data, follow=True)
    match = Match.objects.get()
    assert match.scheduled_at == in_hours(30) and match.played_at is None
    assert "Spiel angelegt" in response.content.decode()


def test_appointment_in_the_past_shows_a_german_error_next_to_the_field(client, season, home, away):
    client.force_login(home.coach)
    data = {"heim": home.pk, "gast": away.pk, "scheduled_at": local(in_hours(-2))}
    response = client.post(reverse("matches:match-new"), data)
    assert response.status_code == 400
    assert "Der Termin liegt in der Vergangenheit." in response.content.decode()
    assert not Match.objects.exists()


def test_coach_of_neither_team_cannot_create_a_match(client, season, home, away):
    client.force_login(UserFactory())
    data = {"heim": home.pk, "gast": away.pk, "scheduled_at": ""}
    response = client.post(reverse("matches:match-new"), data)
    assert response.status_code == 400
    assert "Du kannst nur Spiele deiner eigenen Teams" in response.content.decode()
    assert not Match.objects.exists()


def test_coach_sets_and_the_opponent_moves_the_appointment(client, season, home, away):
    match = open_match(home, away)
    client.force_login(home.coach)
    url = reverse("matches:appointment-update", args=[match.pk])
    client.post(url, {"scheduled_at": local(in_hours(30)), "version": 1})
    client.force_login(away.coach)
    response = client.post(url, {"scheduled_at": local(in_hours(50)), "version": 2}, follow=True)
    assert "Termin gespeichert" in response.content.decode()
    assert Match.objects.get().scheduled_at == in_hours(50)


def test_moving_an_appointment_someone_else_just_moved_shows_the_new_one(
    client, season, home, away
):
    match = open_match(home, away)
    url = reverse("matches:appointment-update", args=[match.pk])
    client.force_login(home.coach)
    client.post(url, {"scheduled_at": local(in_hours(30)), "version": 1})
    client.force_login(away.coach)
    response = client.post(url, {"scheduled_at": local(in_hours(40)), "version": 1})
    html = response.content.decode()
    assert response.status_code == 400
    assert "Jemand anderes war schneller" in html and "Der Termin steht inzwischen auf" in html
    assert Match.objects.get().scheduled_at == in_hours(30)


def test_moving_into_the_past_shows_a_german_error(client, season, home, away):
    match = open_match(home, away, at=in_hours(30))
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:appointment-update", args=[match.pk]),
        {"scheduled_at": local(in_hours(-30)), "version": 1},
    )
    assert response.status_code == 400
    assert "Der Termin liegt in der Vergangenheit." in response.content.decode()
    assert Match.objects.get().scheduled_at == in_hours(30)


def test_match_page_of_an_open_match_offers_appointment_cancel_and_delete(
    client, season, home, away
):
    match = open_match(home, away, at=in_hours(10))
    client.force_login(home.coach)
    html = client.get(match.get_absolute_url()).content.decode()
    assert "Termin verschieben" in html and "Absagen" in html and "Spiel löschen" in html
    assert "eine Absage zählt als 0:3-Niederlage" in html
    assert 'data-confirm="' in html


def test_visitor_sees_the_appointment_but_no_forms(client, season, home, away):
    match = open_match(home, away, at=in_hours(10))
    html = client.get(match.get_absolute_url()).content.decode()
    assert "Termin:" in html
    assert "Termin verschieben" not in html and "Spiel löschen" not in html


def test_coach_cancels_late_and_the_match_shows_the_forfeit(client, season, home, away):
    match = open_match(home, away, at=in_hours(23))
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:match-cancel", args=[match.pk]),
        {"absage-team": home.pk, "absage-version": 1},
        follow=True,
    )
    html = response.content.decode()
    assert "Heim verliert kampflos 0:3" in html
    assert 'data-state="forfeited"' in html
    assert Match.objects.get().forfeited_by == home


def test_cancelling_a_played_match_is_a_german_error(client, season, home, away):
    match = play(home, away)
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:match-cancel", args=[match.pk]),
        {"absage-team": home.pk, "absage-version": match.version},
    )
    assert response.status_code == 400
    assert "Dieses Spiel hat schon ein Ergebnis." in response.content.decode()
    assert not match.cancellations.exists()


def test_coach_of_neither_team_gets_a_german_error_when_cancelling(client, season, home, away):
    match = open_match(home, away, at=in_hours(23))
    client.force_login(UserFactory())
    response = client.post(
        reverse("matches:match-cancel", args=[match.pk]),
        {"absage-team": home.pk, "absage-version": 1},
    )
    assert response.status_code == 403
    assert "Absagen können nur die Coaches" in response.content.decode()
    assert not Match.objects.get().is_forfeit


def test_second_cancellation_sees_the_first(client, season, home, away):
    match = open_match(home, away, at=in_hours(5))
    client.force_login(home.coach)
    client.post(
        reverse("matches:match-cancel", args=[match.pk]),
        {"absage-team": home.pk, "absage-version": 1},
    )
    client.force_login(away.coach)
    response = client.post(
        reverse("matches:match-cancel", args=[match.pk]),
        {"absage-team": away.pk, "absage-version": 1},
    )
    assert response.status_code == 400
    assert "Heim hat zu spät abgesagt" in response.content.decode()


def test_lapsed_match_shows_as_lapsed_and_cannot_be_cancelled(client, season, home, away):
    match = open_match(home, away, at=in_hours(5))
    open_season()
    client.force_login(home.coach)
    html = client.get(match.get_absolute_url()).content.decode()
    assert "Verfallen" in html and "Absagen" not in html


def test_either_coach_deletes_an_open_match(client, season, home, away):
    match = open_match(home, away)
    client.force_login(away.coach)
    response = client.post(
        reverse("matches:match-delete", args=[match.pk]), {"version": 1}, follow=True
    )
    assert "Spiel gelöscht" in response.content.decode()
    assert not Match.objects.exists()


def test_admin_undoes_a_forfeit_coach_cannot(client, season, home, away):
    match = open_match(home, away, at=in_hours(5))
    open_matches.cancel_match(match=match, team=home, version=1, by=home.coach)
    version = {"zuruecknehmen-version": Match.objects.get().version}
    client.force_login(away.coach)
    assert "zurücknehmen" not in client.get(match.get_absolute_url()).content.decode()
    assert client.post(reverse("matches:forfeit-undo", args=[match.pk]), version).status_code == 403
    assert Match.objects.get().is_forfeit
    client.force_login(staff_user())
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'name="zuruecknehmen-version"' in page
    response = client.post(reverse("matches:forfeit-undo", args=[match.pk]), version, follow=True)
    assert "Kampflos-Wertung zurückgenommen." in response.content.decode()
    assert not Match.objects.get().is_forfeit


def test_undoing_a_forfeit_from_a_stale_page_says_what_happened(client, season, home, away):
    match = open_match(home, away, at=in_hours(5))
    open_matches.cancel_match(match=match, team=home, version=1, by=home.coach)
    client.force_login(staff_user())
    response = client.post(
        reverse("matches:forfeit-undo", args=[match.pk]), {"zuruecknehmen-version": 1}
    )
    assert response.status_code == 400
    assert "Jemand anderes war schneller" in response.content.decode()
    assert Match.objects.get().is_forfeit


def test_admin_corrects_the_time_of_a_cancellation(client, season, home, away):
    match = open_match(home, away, at=in_hours(5))
    cancellation = open_matches.cancel_match(match=match, team=home, version=1, by=home.coach)
    client.force_login(staff_user())
    client.post(
        reverse("matches:cancellation-update", args=[match.pk, cancellation.pk]),
        {"cancelled_at": local(in_hours(-48)), "version": Match.objects.get().version},
    )
    assert not Match.objects.get().is_forfeit


def test_spiel_eintragen_for_a_pair_with_an_open_match_leads_to_it(client, season, home, away):
    match = open_match(home, away, at=in_hours(-2))
    client.force_login(home.coach)
    response = client.get(reverse("matches:match-create"), {"heim": away.pk, "gast": home.pk})
    assert response.status_code == 302
    assert response.url == reverse("matches:match-update", args=[match.pk])
    form = client.get(response.url).content.decode()
    assert local(in_hours(-2)) in form  # played_at defaults to the appointment


def test_entering_the_result_of_an_open_match_keeps_one_match(client, season, home, away):
    match = open_match(home, away, at=in_hours(-2))
    client.force_login(away.coach)
    response = client.post(
        reverse("matches:match-update", args=[match.pk]),
        {
            "played_at": local(in_hours(-2)),
            "home_touchdowns": "1",
            "away_touchdowns": "2",
            "conceded_by": "",
            "home_journeymen_casualties": "0",
            "away_journeymen_casualties": "0",
            "version": "1",
        },
    )
    assert response.status_code == 302
    saved = Match.objects.get()
    assert saved.pk == match.pk and saved.is_played and saved.away_touchdowns == 2


def test_match_list_shows_forfeits_with_their_0_3(client, season, home, away):
    match = open_match(home, away, at=in_hours(5))
    open_matches.cancel_match(match=match, team=away, version=1, by=away.coach)
    open_match(home, away, at=in_hours(50))
    html = client.get(reverse("matches:match-list")).content.decode()
    assert html.count('class="match-list__item"') == 1
    assert "3:0" in html and "kampflos" in html


def test_both_team_pages_list_the_upcoming_appointment(client, season, home, away):
    open_match(home, away, at=in_hours(30))
    open_match(home, away, at=in_hours(-30))  # passed: waits for a result, not upcoming
    for team in (home, away):
        html = client.get(team.get_absolute_url()).content.decode()
        assert html.count('data-state="open"') == 1
        assert reverse("matches:calendar-team", args=[team.pk]) in html


def test_result_posted_after_an_open_match_appeared_keeps_the_input_and_points_to_it(
    client, season, home, away
):
    client.force_login(home.coach)
    match = open_match(away, home, at=in_hours(-1))
    response = client.post(
        reverse("matches:match-create"),
        {
            "heim": home.pk,
            "gast": away.pk,
            "played_at": local(in_hours(-1)),
            "home_touchdowns": "3",
            "away_touchdowns": "1",
            "conceded_by": "",
            "home_journeymen_casualties": "0",
            "away_journeymen_casualties": "0",
        },
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "gibt es inzwischen ein offenes Spiel" in html
    assert reverse("matches:match-update", args=[match.pk]) in html
    assert 'value="3"' in html
    assert Match.objects.count() == 1


def test_starting_the_next_season_reports_the_lapsed_matches(client, season, home, away):
    match = open_match(home, away, at=in_hours(5))
    client.force_login(UserFactory(username="chefin", is_staff=True, is_superuser=True))
    response = client.post(
        reverse("admin:league_season_start"), {"closing": season.number}, follow=True
    )
    assert "1 offenes Spiel der alten Saison ist verfallen." in response.content.decode()
    html = client.get(f"{reverse('matches:schedule')}?saison={season.pk}").content.decode()
    assert f'data-match="{match.pk}" data-state="lapsed"' in html
