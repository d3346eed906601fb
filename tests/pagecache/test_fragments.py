"""Cached values and fragments are never stale: every write that changes a page renews its
cache token (config/pagecache/fragments.py)."""

import re

from django.urls import reverse

from config.pagecache import fragments
from matches.factories import days_ago, play, staff_user
from matches.models import Match
from matches.services import MatchEntry, update_match
from rules.models import HandbookSection


def points(client, team) -> int:
    page = client.get(reverse("league:standings")).content.decode()
    row = re.search(rf'<tr data-team="{team.pk}">.*?</tr>', page, re.S).group(0)
    return int(re.search(r'data-col="points">(\d+)<', row).group(1))


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
        match = play(home, away, at=days_ago(1))
        season = fragments.season_scope(match.season_id)
        during = fragments.tokens(season)
    assert callbacks, "a renewal waits for the commit"
    assert fragments.tokens(season) != during


def test_a_login_does_not_empty_the_cache(client, league):
    _, home, _ = league
    home.coach.set_password("pw-12345-abc")
    home.coach.save()
    before = fragments.tokens(fragments.LEAGUE)
    response = client.post(
        reverse("login"), {"username": home.coach.username, "password": "pw-12345-abc"}
    )
    assert response.status_code == 302
    assert fragments.tokens(fragments.LEAGUE) == before


def test_squad_shows_a_new_injury_at_once(client, league):
    from matches.models import Casualty

    _, home, away = league
    victim = home.players.order_by("number").first()
    assert 'data-status="injured"' not in client.get(home.get_absolute_url()).content.decode()
    play(home, away, at=days_ago(1), ticks={victim: Casualty.SERIOUSLY_INJURED})
    page = client.get(home.get_absolute_url()).content.decode()
    assert 'data-status="injured"' in page
