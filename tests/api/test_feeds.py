"""Atom and RSS feeds of the latest results, parsed with feedparser."""

import feedparser
import pytest
from django.urls import reverse

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Casualty, Match


@pytest.fixture
def league(db):
    home, away, third = squad(name="Hopfenfeld"), squad(name="Sieg-Säufer"), squad(name="Dritte")
    season = open_season(by=staff_user())
    victim = away.roster().get(number=1)
    older = play(home, away, at=days_ago(5), score=(2, 1), ticks={victim: Casualty.DEAD})
    newer = play(away, third, at=days_ago(1), score=(0, 0))
    return season, home, away, third, older, newer


def parsed(response):
    assert response.status_code == 200
    return feedparser.parse(response.content)


def test_atom_feed_lists_the_latest_results_newest_first(client, league):
    *_, older, _newer = league
    response = client.get(reverse("api:results-feed", args=["atom"]))
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = parsed(response)
    assert feed.bozo == 0, feed.get("bozo_exception")
    assert feed.version == "atom10"
    assert [entry.title for entry in feed.entries] == [
        "Sieg-Säufer 0:0 Dritte",
        "Hopfenfeld 2:1 Sieg-Säufer",
    ]
    assert feed.entries[1].link == f"http://testserver{older.get_absolute_url()}"
    assert "Ausfälle 1:0" in feed.entries[1].summary
    assert feed.entries[0].published_parsed > feed.entries[1].published_parsed


def test_rss_feed_holds_the_same_results(client, league):
    feed = parsed(client.get(reverse("api:results-feed", args=["rss"])))
    assert feed.bozo == 0 and feed.version == "rss20"
    assert len(feed.entries) == 2


def test_team_feed_holds_only_that_teams_results(client, league):
    _season, home, *_ = league
    feed = parsed(client.get(reverse("api:team-results-feed", args=[home.pk, "atom"])))
    assert [entry.title for entry in feed.entries] == ["Hopfenfeld 2:1 Sieg-Säufer"]
    assert "Hopfenfeld" in feed.feed.title


def test_deleted_result_is_not_in_the_feed(client, league):
    *_, newer = league
    Match.objects.filter(pk=newer.pk).update(deleted_at=newer.played_at)
    feed = parsed(client.get(reverse("api:results-feed", args=["atom"])))
    assert [entry.title for entry in feed.entries] == ["Hopfenfeld 2:1 Sieg-Säufer"]


def test_feed_is_german_for_an_english_visitor(client, league):
    german = client.get(reverse("api:results-feed", args=["atom"])).content
    client.cookies["django_language"] = "en"
    english = client.get(reverse("api:results-feed", args=["atom"])).content
    assert german == english
    assert "Ergebnisse" in parsed_title(english)


def parsed_title(body: bytes) -> str:
    return feedparser.parse(body).feed.title


def test_unknown_team_feed_is_404(client, league):
    assert client.get(reverse("api:team-results-feed", args=[999, "atom"])).status_code == 404


def test_pages_announce_their_feeds(client, league):
    _season, home, *_ = league
    league_link = f'href="{reverse("api:results-feed", args=["atom"])}"'
    for url in (reverse("league:home"), reverse("league:standings"), reverse("matches:match-list")):
        html = client.get(url).content.decode()
        assert '<link rel="alternate" type="application/atom+xml"' in html
        assert league_link in html
    html = client.get(home.get_absolute_url()).content.decode()
    assert f'href="{reverse("api:team-results-feed", args=[home.pk, "atom"])}"' in html


def test_overview_page_for_programs_links_api_schema_docs_and_feeds(client, league):
    response = client.get(reverse("api:api-index"))
    assert response.status_code == 200
    html = response.content.decode()
    for url in (
        "/api/v1/docs",
        "/api/v1/openapi.json",
        reverse("api:results-feed", args=["atom"]),
        reverse("matches:calendar-league"),
    ):
        assert f'href="{url}"' in html
    assert "Daten für andere Programme" in html


@pytest.mark.parametrize("value", ["1" * 30, "9" * 5000])
def test_huge_team_ids_in_feed_paths_are_not_found(client, league, value):
    for fmt in ("atom", "rss"):
        assert client.get(f"/feeds/team-{value}/ergebnisse.{fmt}").status_code == 404
    assert client.get(f"/spiele/kalender/team-{value}.ics").status_code == 404


def test_feeds_and_overview_answer_head_like_get(client, league):
    _season, home, *_ = league
    for path in (
        "/api/",
        "/feeds/ergebnisse.atom",
        "/feeds/ergebnisse.rss",
        f"/feeds/team-{home.pk}/ergebnisse.atom",
    ):
        get, head = client.get(path), client.head(path)
        assert (get.status_code, head.status_code, head.content) == (200, 200, b""), path
