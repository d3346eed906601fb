"""Cached pages are never stale: every write that changes a page renews its cache token."""

import re

import pytest
from django.urls import reverse

from config import pagecache
from league.services import start_next_season
from matches.factories import days_ago, play, squad, staff_user
from matches.models import Match
from matches.services import MatchEntry, update_match
from rules.models import HandbookSection


@pytest.fixture
def league(db):
    home, away = squad(name="Hopfenfeld"), squad(name="Sieg-Säufer")
    season = start_next_season(by=staff_user())
    play(home, away, at=days_ago(3), score=(1, 1))
    return season, home, away


def points(client, team) -> int:
    page = client.get(reverse("league:standings")).content.decode()
    row = re.search(rf'<tr data-team="{team.pk}">.*?</tr>', page, re.S).group(0)
    return int(re.search(r'data-col="points">(\d+)<', row).group(1))


def test_table_is_served_from_the_cache_without_queries(client, league, django_assert_num_queries):
    client.get(reverse("league:standings"))
    with django_assert_num_queries(0):
        response = client.get(reverse("league:standings"))
    assert b"Hopfenfeld" in response.content


def test_table_shows_a_result_right_after_it_is_saved(client, league):
    _, home, away = league
    assert points(client, home) == 1  # cached now
    play(home, away, at=days_ago(1), score=(2, 0))
    assert points(client, home) == 4
    assert points(client, away) == 1


def test_table_shows_a_corrected_result_at_once(client, league):
    _, home, away = league
    assert points(client, away) == 1
    match = Match.objects.get()
    entry = MatchEntry(
        home=home, away=away, played_at=match.played_at, home_touchdowns=0, away_touchdowns=2
    )
    update_match(match=match, entry=entry, version=match.version, by=staff_user())
    assert points(client, away) == 3
    assert points(client, home) == 0


def test_table_follows_points_settings_changed_in_the_admin(client, league):
    season, home, _ = league
    assert points(client, home) == 1
    season.points_draw = 2
    season.save()
    assert points(client, home) == 2


def test_handbook_shows_an_edited_section_at_once(client, db):
    url = reverse("rules:handbook")
    section = HandbookSection.objects.order_by("pk").first()
    assert section.title in client.get(url).content.decode()
    section.title = "Ganz neue Überschrift"
    section.save()
    assert "Ganz neue Überschrift" in client.get(url).content.decode()


def test_tokens_are_renewed_again_when_the_transaction_commits(
    league, django_capture_on_commit_callbacks
):
    _, home, away = league
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        play(home, away, at=days_ago(1))
        during = pagecache.tokens(pagecache.LEAGUE)
    assert callbacks, "a renewal waits for the commit"
    assert pagecache.tokens(pagecache.LEAGUE) != during


def test_a_login_does_not_empty_the_cache(client, league):
    _, home, _ = league
    home.coach.set_password("pw-12345-abc")
    home.coach.save()
    before = pagecache.tokens(pagecache.LEAGUE)
    response = client.post(
        reverse("login"), {"username": home.coach.username, "password": "pw-12345-abc"}
    )
    assert response.status_code == 302
    assert pagecache.tokens(pagecache.LEAGUE) == before
