"""Downloads for people: the table, a squad and a season's matches as CSV and JSON."""

import csv
import io
import json

import pytest
from django.urls import reverse

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Casualty


@pytest.fixture
def league(db):
    home, away = squad(name="Hopfenfeld"), squad(name="Sieg-Säufer")
    season = open_season(by=staff_user())
    victim = home.roster().get(number=1)
    play(home, away, at=days_ago(2), score=(2, 1), ticks={victim: Casualty.SERIOUSLY_INJURED})
    return season, home, away


def read_csv(response) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff"), "byte order mark for spreadsheet programs"
    return list(csv.reader(io.StringIO(text[1:]), delimiter=";"))


def test_table_downloads_as_csv_with_german_headers_in_table_order(client, league):
    season, _home, _away = league
    response = client.get(reverse("league:standings-export", args=["csv"]), {"saison": season.pk})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = read_csv(response)
    assert rows[0][:3] == ["Platz", "Team", "Punkte"]
    assert "Ausfälle" in rows[0]
    assert [row[1] for row in rows[1:]] == ["Hopfenfeld", "Sieg-Säufer"]
    winner, loser = (dict(zip(rows[0], row, strict=True)) for row in rows[1:])
    assert (winner["Platz"], winner["Punkte"], winner["Siege"], winner["TD-Differenz"]) == (
        "1",
        "3",
        "1",
        "1",
    )
    assert (loser["Punkte"], loser["Niederlagen"], loser["Ausfälle"]) == ("0", "1", "1")
    # nobody has confirmed the one result yet
    assert winner["unbestätigte Spiele"] == loser["unbestätigte Spiele"] == "1"


def test_table_download_of_the_current_season_matches_the_page(client, league):
    response = client.get(reverse("league:standings-export", args=["json"]))
    records = json.loads(response.content)
    page = client.get(reverse("league:standings")).content.decode()
    for record in records:
        assert f">{record['Team']}</a>" in page
        assert f'data-col="points">{record["Punkte"]}<' in page


def test_squad_downloads_with_skills_and_status(client, league):
    _, home, _ = league
    response = client.get(reverse("roster:team-export", args=[home.pk, "json"]))
    assert response.status_code == 200
    records = json.loads(response.content)
    assert [r["Nummer"] for r in records] == list(range(1, 8))
    assert set(records[0]) == {
        "Nummer",
        "Name",
        "Position",
        "Fertigkeiten",
        "Status",
        "Primär",
        "Sekundär",
    }
    assert "🏥" in records[0]["Status"]
    assert records[1]["Status"] == ""
    rows = read_csv(client.get(reverse("roster:team-export", args=[home.pk, "csv"])))
    assert rows[0][0] == "Nummer" and len(rows) == 8


def test_season_matches_download_with_result_and_casualties(client, league):
    season, _home, _away = league
    response = client.get(reverse("matches:match-export", args=["csv"]), {"saison": season.pk})
    rows = read_csv(response)
    assert rows[0][:5] == ["Datum", "Heim", "Gast", "TD Heim", "TD Gast"]
    record = dict(zip(rows[0], rows[1], strict=True))
    assert (record["Heim"], record["Gast"]) == ("Hopfenfeld", "Sieg-Säufer")
    assert (record["TD Heim"], record["TD Gast"]) == ("2", "1")
    assert (record["Ausfälle durch Heim"], record["Ausfälle durch Gast"]) == ("0", "1")
    assert record["Adresse"].endswith(f"/spiele/{season.matches.get().pk}/")


def test_pages_link_their_downloads(client, league):
    _season, home, _ = league
    table = client.get(reverse("league:standings")).content.decode()
    assert reverse("league:standings-export", args=["csv"]) in table
    matches = client.get(reverse("matches:match-list")).content.decode()
    assert reverse("matches:match-export", args=["csv"]) in matches
    squad_page = client.get(home.get_absolute_url()).content.decode()
    assert reverse("roster:team-export", args=[home.pk, "csv"]) in squad_page


@pytest.mark.django_db
def test_downloads_of_an_unknown_season_or_team_are_404(client):
    assert client.get(reverse("league:standings-export", args=["csv"])).status_code == 404
    url = reverse("matches:match-export", args=["csv"])
    assert client.get(url, {"saison": 999}).status_code == 404
    assert client.get(reverse("roster:team-export", args=[999, "csv"])).status_code == 404


def english_client(client):
    client.cookies["django_language"] = "en"
    return client


def download_urls(season, team) -> list[tuple[str, dict]]:
    urls = []
    for fmt in ("csv", "json"):
        urls.append((reverse("league:standings-export", args=[fmt]), {"saison": season.pk}))
        urls.append((reverse("matches:match-export", args=[fmt]), {"saison": season.pk}))
        urls.append((reverse("roster:team-export", args=[team.pk, fmt]), {}))
    return urls


def test_downloads_are_the_same_file_whatever_language_the_pages_are_in(client, league):
    season, home, _ = league
    home.roster().update(categories_recorded=False)  # "unbeschränkt" is a translated value
    german = {url: client.get(url, params) for url, params in download_urls(season, home)}
    english_client(client)
    assert "Points" in client.get(reverse("league:standings")).content.decode(), "pages: English"
    for url, params in download_urls(season, home):
        english = client.get(url, params)
        assert english.status_code == german[url].status_code == 200
        assert english.content == german[url].content, url
        assert english["Content-Disposition"] == german[url]["Content-Disposition"]
        assert english["Content-Language"] == "de"


def test_json_downloads_in_english_ui_keep_german_keys_and_integers(client, league):
    season, home, _ = league
    home.roster().update(categories_recorded=False)
    english_client(client)
    table = json.loads(
        client.get(reverse("league:standings-export", args=["json"]), {"saison": season.pk}).content
    )
    assert list(table[0])[:3] == ["Platz", "Team", "Punkte"]
    assert (table[0]["Platz"], table[0]["Punkte"]) == (1, 3)
    matches = json.loads(
        client.get(reverse("matches:match-export", args=["json"]), {"saison": season.pk}).content
    )
    assert (matches[0]["TD Heim"], matches[0]["TD Gast"]) == (2, 1)
    squad_records = json.loads(
        client.get(reverse("roster:team-export", args=[home.pk, "json"])).content
    )
    assert squad_records[0]["Nummer"] == 1
    assert squad_records[0]["Primär"] == "unbeschränkt"
    assert squad_records[0]["Status"] == "🏥 ernsthaft verletzt"
