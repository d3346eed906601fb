"""Whole pages for visitors come from memory, carry this request's CSRF token and CSP nonce, and
are stored only for what every visitor sees and only as long as it holds
(config/pagecache/pages.py)."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from config.pagecache import csrf, fragments, pages
from matches.factories import days_ago, play, staff_user
from matches.models import Match


def test_table_is_served_from_the_cache_without_queries(client, league, django_assert_num_queries):
    client.get(reverse("league:standings"))
    with django_assert_num_queries(0):
        response = client.get(reverse("league:standings"))
    assert b"Hopfenfeld" in response.content


def test_squad_loads_retired_players_on_demand(client, league):
    from django.utils import timezone

    from roster.services import retire_player

    _, home, _ = league
    retired = home.players.order_by("number").last()
    retire_player(player=retired, on=timezone.localdate())
    page = client.get(home.get_absolute_url()).content.decode()
    assert "Entlassene Spieler anzeigen (1)" in page
    assert f"#{retired.number} {retired.name} ·" not in page
    fragment = client.get(
        home.get_absolute_url(), {"entlassen": "1"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert f"#{retired.number} {retired.name} ·" in fragment and "<html" not in fragment
    without_js = client.get(home.get_absolute_url(), {"entlassen": "1"}).content.decode()
    assert f"#{retired.number} {retired.name} ·" in without_js and "<html" in without_js


def test_squad_queries_do_not_grow_with_the_leagues_history(
    client, league, django_assert_max_num_queries
):
    from django.core.cache import caches
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from roster.services import retire_player

    _, home, away = league

    def cold_queries() -> int:
        for cache in caches.all():
            cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(home.get_absolute_url()).status_code == 200
        return len(queries)

    young = cold_queries()
    for day in range(6):
        play(home, away, at=days_ago(10 - day), score=(day % 3, 1))  # a day apart
    for player in home.players.order_by("-number")[:3]:
        retire_player(player=player, on=timezone.localdate())
    assert cold_queries() == young <= 15  # + the upcoming appointments, + the active hatreds
    with django_assert_max_num_queries(0):
        client.get(home.get_absolute_url())


def test_coach_sees_his_own_edit_buttons_never_a_cached_visitor_page(client, league):
    _, home, _ = league
    client.get(home.get_absolute_url())  # cached for visitors
    client.force_login(home.coach)
    page = client.get(home.get_absolute_url()).content.decode()
    assert "Spieler hinzufügen" in page or "Bearbeiten" in page
    assert 'name="csrfmiddlewaretoken"' in page


def test_match_page_for_visitors_comes_from_the_cache_and_follows_a_development(
    client, league, django_assert_num_queries
):
    from matches import development as dev

    _, home, _ = league
    match = Match.objects.get()
    first = client.get(match.get_absolute_url()).content.decode()
    assert "Noch nicht eingetragen." in first
    with django_assert_num_queries(0):
        client.get(match.get_absolute_url())
    dev.choose_none(match=match, team=home, by=staff_user())
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Keine Entwicklung" in page


@pytest.mark.django_db
def test_handbook_repeated_needs_no_query(client, django_assert_num_queries):
    client.get(reverse("rules:handbook"))
    with django_assert_num_queries(0):
        client.get(reverse("rules:handbook"))


def test_cached_visitor_page_carries_this_requests_csrf_token_and_csp_nonce(league):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    url = reverse("league:standings")
    client.get(url)  # stored
    second = Client(enforce_csrf_checks=True)
    response = second.get(url)
    html = response.content.decode()
    assert csrf.SLOT not in html and pages.NONCE_SLOT not in html
    nonces = set(re.findall(r'nonce="([^"]+)"', html))
    if nonces:
        assert len(nonces) == 1
        assert f"'nonce-{nonces.pop()}'" in response["Content-Security-Policy"]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    switched = second.post(
        reverse("set_language"), {"language": "en", "next": url, "csrfmiddlewaretoken": token}
    )
    assert switched.status_code == 302  # the token from the cached page is accepted


def test_visitor_page_follows_the_chosen_language(client, league):
    url = reverse("league:standings")
    german = client.get(url).content.decode()
    client.cookies["django_language"] = "en"
    english = client.get(url)
    assert english["Content-Language"] == "en"
    assert english.content.decode() != german


def test_visitor_pages_are_stored_per_parameter_the_view_reads(
    client, league, django_assert_num_queries
):
    season, _, _ = league
    url = reverse("league:standings")
    client.get(url, {"saison": season.pk})
    with django_assert_num_queries(0):
        response = client.get(url, {"saison": season.pk})
    assert b"Hopfenfeld" in response.content


def test_a_query_with_parameters_the_view_ignores_is_not_stored(client, league):
    season, _, _ = league
    url = reverse("league:standings")
    client.get(url)
    stored = len(fragments.local_cache()._cache)
    for n in range(5):
        response = client.get(url, {"x": n})
        assert response.status_code == 200 and b"Hopfenfeld" in response.content
    client.get(f"{url}?saison={season.pk}&saison={season.pk}")
    assert len(fragments.local_cache()._cache) == stored


def test_a_squad_page_with_an_appointment_is_kept_until_the_appointment_only(client, league):
    import time

    from matches.factories import open_match

    _, home, away = league
    soon = timezone.now() + timedelta(hours=1)
    open_match(home, away, at=soon)
    page = client.get(home.get_absolute_url()).content.decode()
    assert "Kein Termin vereinbart." not in page
    expiries = [
        expiry - time.time()
        for key, expiry in fragments.local_cache()._expire_info.items()
        if f":{pages.KEY_PREFIX}:" in key  # the stored whole page (config/pagecache/pages.py)
    ]
    assert expiries and max(expiries) <= 3600


def test_a_started_appointment_leaves_the_squad_page_without_any_write(client, league):
    from matches.factories import open_match

    _, home, away = league
    match = open_match(home, away, at=timezone.now() + timedelta(hours=1))
    assert "Kein Termin vereinbart." not in client.get(home.get_absolute_url()).content.decode()
    # Time passes (no save, no signal): the appointment has started.
    Match.objects.filter(pk=match.pk).update(scheduled_at=timezone.now() - timedelta(minutes=1))
    page = client.get(home.get_absolute_url(), {"entlassen": 1}).content.decode()
    assert "Kein Termin vereinbart." in page
