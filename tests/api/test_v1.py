"""The read-only JSON API, version 1: every resource, stable keys, pagination, ETag and 304,
CORS, bad parameters, query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.development import choose_automatic
from matches.factories import days_ago, open_match, open_season, play, squad, staff_user
from matches.models import Casualty, Match

API = "/api/v1"


class FixedDice:
    def roll(self, sides: int) -> int:
        return 1


@pytest.fixture
def league(db):
    home, away = squad(name="Hopfenfeld"), squad(name="Sieg-Säufer")
    season = open_season(by=staff_user())
    victim = away.roster().get(number=1)
    match = play(home, away, at=days_ago(3), score=(2, 1), ticks={victim: Casualty.DEAD})
    development = choose_automatic(match=match, team=home, by=home.coach, dice=FixedDice())
    later = open_match(away, home, at=days_ago(-2), round=2)
    return season, home, away, match, development, later


def get(client, path, **params):
    response = client.get(API + path, params)
    assert response["Content-Type"].startswith("application/json"), response.content
    return response


def test_seasons_list_with_pagination(client, league):
    season, *_ = league
    body = get(client, "/seasons").json()
    assert body["count"] == 1 and body["limit"] == 20 and body["offset"] == 0
    (item,) = body["items"]
    assert item["id"] == season.pk and item["number"] == season.number
    assert item["is_current"] is True and item["points_win"] == 3
    assert get(client, "/seasons", offset=1).json()["items"] == []


def test_season_table_in_tie_break_order(client, league):
    season, home, away, *_ = league
    body = get(client, f"/seasons/{season.pk}/table").json()
    assert body["tie_break_order"] == ["points", "td_difference", "casualties", "td_for"]
    first, second = body["rows"]
    assert (first["rank"], first["team"], first["points"], first["td_difference"]) == (
        1,
        {"id": home.pk, "name": "Hopfenfeld"},
        3 + 0,
        1,
    )
    assert first["casualties"] == 1 and first["unconfirmed"] == 1
    assert second["team"]["id"] == away.pk and second["lost"] == 1


def test_team_with_roster_current_skills_and_status(client, league):
    _season, home, away, _match, development, _ = league
    body = get(client, f"/teams/{home.pk}").json()
    assert body["name"] == "Hopfenfeld" and body["race"] == home.race.name
    assert [p["number"] for p in body["roster"]] == list(range(1, 8))
    gainer = next(p for p in body["roster"] if p["id"] == development.player_id)
    assert {"name": development.skill.name, "gained": True} in gainer["skills"]
    victims = get(client, f"/teams/{away.pk}").json()["roster"]
    assert [p["status"] for p in victims if p["number"] == 1] in ([], ["dead"])
    assert all(set(p) >= {"status", "hatred", "skills"} for p in victims)


def test_teams_list(client, league):
    body = get(client, "/teams", limit=1).json()
    assert body["count"] == 2 and len(body["items"]) == 1
    assert set(body["items"][0]) == {"id", "name", "race"}


def test_match_with_score_casualties_developments_and_confirmation(client, league):
    _season, home, away, match, development, _ = league
    body = get(client, f"/matches/{match.pk}").json()
    assert body["state"] == "played"
    assert body["score"] == {"home": 2, "away": 1}
    assert body["casualties_caused"] == {"home": 1, "away": 0}
    assert body["casualties"] == [
        {
            "player_id": away.roster().get(number=1).pk,
            "player_name": "Sieg-Säufer 1",
            "team_id": away.pk,
            "kind": "dead",
        }
    ]
    assert body["developments"] == [
        {
            "team_id": home.pk,
            "player_id": development.player_id,
            "player_name": development.player.name,
            "choice": "auto",
            "skills": [development.skill.name],
        }
    ]
    assert body["confirmation"] == "unconfirmed"
    assert "dispute_note" not in body and "@" not in str(body)


def test_disputed_match_shows_the_state_but_not_the_note(client, league):
    *_, match, _development, _later = league
    Match.objects.filter(pk=match.pk).update(
        disputed_at=match.played_at, dispute_note="Geheime Notiz"
    )
    body = get(client, f"/matches/{match.pk}").json()
    assert body["confirmation"] == "disputed"
    assert "Geheime Notiz" not in str(body)


def test_matches_filter_by_season_team_and_date(client, league):
    season, home, _away, match, _development, later = league
    all_ids = [m["id"] for m in get(client, "/matches").json()["items"]]
    assert all_ids == [later.pk, match.pk]
    assert get(client, "/matches", season=season.pk).json()["count"] == 2
    assert get(client, "/matches", season=season.pk + 1).json()["count"] == 0
    third = squad(name="Dritte")
    assert get(client, "/matches", team=third.pk).json()["count"] == 0
    assert get(client, "/matches", team=home.pk).json()["count"] == 2
    day = match.played_at.astimezone().date().isoformat()
    only = get(client, "/matches", date_from=day, date_to=day).json()
    assert [m["id"] for m in only["items"]] == [match.pk]
    assert only["items"][0]["state"] == "played"
    assert get(client, f"/matches/{later.pk}").json()["score"] is None


def test_deleted_result_is_not_in_the_api(client, league):
    *_, match, _development, _later = league
    Match.objects.filter(pk=match.pk).update(deleted_at=match.played_at)
    assert get(client, f"/matches/{match.pk}").status_code == 404
    assert match.pk not in [m["id"] for m in get(client, "/matches").json()["items"]]


def test_player(client, league):
    _season, home, *_ = league
    player = home.roster().get(number=2)
    body = get(client, f"/players/{player.pk}").json()
    assert body["name"] == player.name and body["team"]["id"] == home.pk
    assert body["is_retired"] is False and body["status"] is None


def test_unknown_ids_are_404_with_a_german_message(client, league):
    for path in ("/seasons/999/table", "/teams/999", "/matches/999", "/players/999"):
        response = get(client, path)
        assert response.status_code == 404
        assert "gibt es nicht" in response.json()["detail"]


@pytest.mark.parametrize(
    "path, params",
    [
        ("/matches", {"season": "abc"}),
        ("/matches", {"date_from": "gestern"}),
        ("/matches", {"limit": 0}),
        ("/matches", {"limit": 1000}),
        ("/seasons", {"offset": -1}),
        ("/teams/99999999999999999999", {}),
    ],
)
def test_bad_parameters_get_422_with_a_clear_message(client, league, path, params):
    response = get(client, path, **params)
    assert response.status_code == 422
    body = response.json()
    assert body["detail"].startswith("Ungültige Parameter")


def test_date_range_the_wrong_way_round_is_400(client, league):
    response = get(client, "/matches", date_from="2027-02-01", date_to="2027-01-01")
    assert response.status_code == 400
    assert "date_from" in response.json()["detail"]


def test_keys_do_not_depend_on_the_language_cookie(client, league):
    season, home, *_ = league
    paths = ["/seasons", f"/seasons/{season.pk}/table", f"/teams/{home.pk}", "/matches"]
    german = [get(client, path).content for path in paths]
    client.cookies["django_language"] = "en"
    assert [get(client, path).content for path in paths] == german


def test_etag_gives_304_without_a_query_until_the_league_changes(client, league):
    _season, home, away, *_ = league
    first = get(client, "/matches")
    etag = first["ETag"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(API + "/matches", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and len(queries) == 0
    play(home, away, at=days_ago(1), score=(0, 0))
    changed = client.get(API + "/matches", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.json()["count"] == 3


def test_cors_allows_any_page_to_read_with_get(client, league):
    response = client.get(API + "/seasons", HTTP_ORIGIN="https://club.example")
    assert response["Access-Control-Allow-Origin"] == "*"
    preflight = client.options(
        API + "/seasons",
        HTTP_ORIGIN="https://club.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="if-none-match",
    )
    assert preflight.status_code == 200
    assert "GET" in preflight["Access-Control-Allow-Methods"]
    assert "POST" not in preflight["Access-Control-Allow-Methods"]
    page = client.get(reverse("league:standings"), HTTP_ORIGIN="https://club.example")
    assert "Access-Control-Allow-Origin" not in page, "only the API"


def test_only_get_is_allowed(client, league):
    assert client.post(API + "/seasons").status_code == 405


@pytest.mark.parametrize(
    "path, most",
    [
        ("/seasons", 2),
        ("/seasons/{season}/table", 3),
        ("/teams", 2),
        ("/teams/{home}", 14),
        ("/matches", 4),
        ("/matches/{match}", 3),
        ("/players/{player}", 17),  # + his deaths recorded by hand (they reset gained skills)
    ],
)
def test_query_counts_are_pinned(client, league, django_assert_max_num_queries, path, most):
    season, home, _away, match, *_ = league
    url = path.format(
        season=season.pk, home=home.pk, match=match.pk, player=home.roster().first().pk
    )
    # more matches must not mean more queries
    for days in (10, 20, 30):
        play(home, _away, at=days_ago(days), score=(1, 1))
    with django_assert_max_num_queries(most):
        assert get(client, url).status_code == 200


def test_schema_and_docs_page_are_served(client, league):
    schema = client.get(API + "/openapi.json").json()
    assert schema["info"]["version"] == "1"
    assert {
        "/api/v1/seasons",
        "/api/v1/seasons/{season_id}/table",
        "/api/v1/teams",
        "/api/v1/teams/{team_id}",
        "/api/v1/matches",
        "/api/v1/matches/{match_id}",
        "/api/v1/players/{player_id}",
    } <= set(schema["paths"])
    docs = client.get(API + "/docs")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "cdn" not in html.lower()
    assert "/static/ninja/swagger-ui-bundle.js" in html


def test_head_is_answered_like_get_without_body(client, league):
    get_answer = client.get(API + "/seasons")
    head = client.head(API + "/seasons")
    assert (head.status_code, head.content, head["ETag"]) == (200, b"", get_answer["ETag"])
