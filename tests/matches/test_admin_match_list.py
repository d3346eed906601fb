"""Verwaltung › Spiele: deleting a result asks first, the list reads German and a deleted row
looks deleted."""

import pytest

from matches.factories import play
from matches.models import Match
from matches.standings import changes_without

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/matches/match/"


@pytest.fixture
def admin_client(client, home):
    client.force_login(type(home.coach).objects.create_superuser("boss", "b@x.org", "pw-123-x"))
    return client


def test_deleting_a_result_first_asks_naming_the_match_and_its_table_change(
    admin_client, season, home, away
):
    match = play(home, away, score=(2, 0))
    response = admin_client.post(
        CHANGELIST, {"action": "soft_delete", "_selected_action": [match.pk]}
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Ergebnis löschen?" in page
    assert str(match) in page
    assert "Heim: 3 → 0 Punkte" in page
    assert "Ja, löschen" in page
    assert not Match.objects.get(pk=match.pk).is_deleted


def test_confirming_the_question_deletes_the_result(admin_client, season, home, away):
    match = play(home, away, score=(2, 0))
    response = admin_client.post(
        CHANGELIST,
        {"action": "soft_delete", "_selected_action": [match.pk], "post": "yes"},
        follow=True,
    )
    assert "Gelöscht: " in response.content.decode()
    assert Match.objects.get(pk=match.pk).is_deleted


def test_table_change_names_points_and_ranks_before_and_after(season, home, away):
    first = play(home, away, score=(1, 0))
    changes = {c.team.name: c for c in changes_without(first)}
    assert (changes["Heim"].points_before, changes["Heim"].points_after) == (3, 0)
    assert (changes["Heim"].rank_before, changes["Heim"].rank_after) == (1, 1)
    assert (changes["Gast"].points_before, changes["Gast"].points_after) == (0, 0)


def test_a_match_without_result_changes_nothing_in_the_table(season, home, away):
    match = play(home, away)
    Match.objects.filter(pk=match.pk).update(deleted_at=match.played_at)
    assert changes_without(Match.objects.get(pk=match.pk)) == []


def test_deleted_row_is_struck_through_and_named_deleted(admin_client, season, home, away):
    match = play(home, away)
    admin_client.post(
        CHANGELIST, {"action": "soft_delete", "_selected_action": [match.pk], "post": "yes"}
    )
    page = admin_client.get(CHANGELIST).content.decode()
    assert f'<del class="match-deleted">{match}</del> <strong>gelöscht</strong>' in page


def test_match_list_says_run_and_search_in_german(admin_client, season, home, away):
    play(home, away)
    page = admin_client.get(CHANGELIST).content.decode()
    assert ">Ausführen</button>" in page
    assert 'alt="Suchen"' in page
    assert 'value="Suchen"' in page
    for english in (">Run<", 'alt="Search"', 'value="Search"'):
        assert english not in page
