"""The result counts at once; the other coach confirms it with one tap or objects."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from matches.factories import days_ago, play
from matches.models import Match
from matches.services import MatchEntry, confirm_match, dispute_match, update_match
from matches.standings import season_table

pytestmark = pytest.mark.django_db

# the match's teams and their locks (every match lock takes its teams first, see
# MatchQuerySet.locked), the match with season and teams (locked), the save and its history row
CONFIRM_QUERIES = 8


def test_result_counts_before_it_is_confirmed(season, home, away):
    play(home, away, score=(1, 0), by=home.coach)
    assert season_table(season)[0].team == home


def test_other_coach_confirms_with_one_tap(client, season, home, away):
    match = play(home, away, by=home.coach)
    client.force_login(away.coach)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Ergebnis bestätigen" in page
    response = client.post(
        reverse("matches:match-confirm", kwargs={"pk": match.pk}), {"version": match.version}
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.confirmed_by == away.coach
    page = client.get(match.get_absolute_url()).content.decode()
    assert "bestätigt von" in page and "Ergebnis bestätigen" not in page
    listing = client.get(reverse("matches:match-list")).content.decode()
    assert "data-confirmed" in listing


def test_the_coach_who_entered_it_cannot_confirm_his_own_result(season, home, away):
    match = play(home, away, by=home.coach)
    with pytest.raises(PermissionDenied):
        confirm_match(match=match, version=match.version, by=home.coach)
    assert not Match.objects.get(pk=match.pk).is_confirmed


def test_an_outsider_cannot_confirm(season, home, away, django_user_model):
    match = play(home, away, by=home.coach)
    with pytest.raises(PermissionDenied):
        confirm_match(match=match, version=1, by=django_user_model.objects.create(username="x"))


def test_confirming_a_version_changed_meanwhile_is_refused(season, home, away):
    match = play(home, away, by=home.coach)
    entry = MatchEntry(
        home=home, away=away, played_at=match.played_at, home_touchdowns=3, away_touchdowns=0
    )
    update_match(match=match, entry=entry, version=1, by=home.coach)
    with pytest.raises(ValidationError, match="inzwischen geändert"):
        confirm_match(match=match, version=1, by=away.coach)


def test_an_edit_after_a_confirmation_clears_it(season, home, away):
    match = play(home, away, at=days_ago(1), by=home.coach)
    confirm_match(match=match, version=1, by=away.coach)
    entry = MatchEntry(
        home=home, away=away, played_at=match.played_at, home_touchdowns=3, away_touchdowns=0
    )
    match = update_match(match=match, entry=entry, version=1, by=home.coach)
    match.refresh_from_db()
    assert not match.is_confirmed and match.confirmed_by is None
    # Now the other coach answers the new version.
    confirm_match(match=match, version=match.version, by=away.coach)


def test_dispute_reaches_the_admins_list_of_disputed_matches(client, season, home, away):
    match = play(home, away, by=home.coach)
    client.force_login(away.coach)
    response = client.post(
        reverse("matches:match-dispute", kwargs={"pk": match.pk}),
        {"version": match.version, "note": "Es stand 1:1, nicht 0:0."},
    )
    assert response.status_code == 302
    admin = type(home.coach).objects.create_superuser("boss", "b@example.org", "pw-geheim-1")
    client.force_login(admin)
    listing = client.get("/admin/matches/match/?bestritten=ja").content.decode()
    assert str(match.home) in listing and "Es stand 1:1" in listing


def test_dispute_without_a_note_is_a_german_error_next_to_the_field(client, season, home, away):
    match = play(home, away, by=home.coach)
    client.force_login(away.coach)
    response = client.post(
        reverse("matches:match-dispute", kwargs={"pk": match.pk}),
        {"version": match.version, "note": "  "},
    )
    assert response.status_code == 400
    assert "dispute_form" in response.context and response.context["dispute_form"].errors
    assert not Match.objects.get(pk=match.pk).is_disputed


def test_dispute_service_needs_a_note(season, home, away):
    match = play(home, away, by=home.coach)
    with pytest.raises(ValidationError):
        dispute_match(match=match, version=1, note="", by=away.coach)


def test_home_page_asks_the_coach_to_confirm(client, season, home, away):
    match = play(home, away, by=home.coach)
    client.force_login(away.coach)
    page = client.get(reverse("league:home")).content.decode()
    assert match.get_absolute_url() in page and "bestätigen" in page
    confirm_match(match=match, version=1, by=away.coach)
    page = client.get(reverse("league:home")).content.decode()
    assert "✓" in page


def test_confirming_after_a_dispute_clears_it(season, home, away):
    match = play(home, away, at=days_ago(1), by=home.coach)
    dispute_match(match=match, version=match.version, note="Es war 1:1", by=away.coach)
    confirm_match(match=match, version=match.version, by=away.coach)
    match.refresh_from_db()
    assert match.is_confirmed and match.confirmed_by == away.coach
    assert (match.disputed_by, match.disputed_at, match.dispute_note) == (None, None, "")


def test_confirming_reads_the_match_with_its_teams_and_season_at_once(
    season, home, away, django_assert_num_queries
):
    match = play(home, away, at=days_ago(1), by=home.coach)
    with django_assert_num_queries(CONFIRM_QUERIES):
        confirm_match(match=Match.objects.get(pk=match.pk), version=match.version, by=away.coach)
