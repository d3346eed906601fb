"""Hostile input from outside never makes a 500: odd digits, huge numbers, tampered forms.

Each query-string id is read as ASCII digits within range; anything else is a 404 or a form
error. These tests probe every public page with the values an attacker would try.
"""

import csv
import io

import pytest
from django.urls import reverse
from django.utils.html import escape

from matches.factories import open_season, play, squad

from .conftest import assert_every_error_shown

pytestmark = pytest.mark.django_db

ODD_NUMBERS = [
    "²",  # superscript two: str.isdigit() says yes, int() says no
    "٣",  # Arabic-Indic three: int() reads it as 3
    "1" * 30,  # beyond any database integer
    "9" * 5000,  # beyond Python's int() digit limit
    "-1",
    " 1",
    "1\x00",
]


@pytest.fixture
def league():
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season()
    return play(home, away, score=(1, 0))


@pytest.mark.parametrize("value", ODD_NUMBERS)
@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize(
    "path", ["/tabelle/", "/spiele/", "/tabelle/export.csv", "/spiele/export.json"]
)
def test_season_parameter_that_is_not_a_plain_number_is_not_found(
    client, league, path, value, htmx
):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(path, {"saison": value}, headers=headers)
    assert response.status_code == 404


@pytest.mark.parametrize("value", [*ODD_NUMBERS, "0", "abc"])
@pytest.mark.parametrize("htmx", [False, True])
def test_match_list_page_that_is_not_a_plain_number_is_not_found(client, league, value, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(reverse("matches:match-list"), {"seite": value}, headers=headers)
    assert response.status_code == 404


@pytest.mark.parametrize("value", ["1" * 30, "9" * 5000])
@pytest.mark.parametrize(
    "path", ["/spiele/{}/", "/teams/{}/", "/teams/{}/kader.csv", "/teams/{}/kader.json"]
)
def test_huge_ids_in_the_path_are_not_found(client, league, path, value):
    assert client.get(path.format(value)).status_code == 404


@pytest.mark.parametrize("value", ODD_NUMBERS)
def test_baa_round_that_is_not_a_plain_number_shows_the_last_round(client, value):
    response = client.get(
        reverse("simulator:baa"), {"teams": "2", "seed": "1", "bot": "random", "runde": value}
    )
    assert response.status_code == 200


@pytest.mark.parametrize("value", ODD_NUMBERS)
def test_baa_numbers_that_are_not_plain_numbers_are_form_errors(client, value):
    response = client.get(reverse("simulator:baa"), {"teams": value, "seed": value})
    assert response.status_code == 400
    assert 'class="errorlist' in response.content.decode()


def _public_paths(match) -> list[str]:
    return [
        "/",
        "/tabelle/",
        "/spiele/",
        f"/spiele/{match.pk}/",
        "/teams/",
        f"/teams/{match.home_id}/",
        "/rassen/",
        "/rassen/orc/",
        "/regelheft/",
        "/fertigkeiten/",
        "/fertigkeiten/liste/",
        "/fertigkeiten/block/",
        "/sw.js",
        "/konto/anmelden/",
        "/simulator/",
        "/simulator/ball/",
        "/simulator/baa/",
        "/simulator/ball/regeln/",
        "/simulator/baa/partien/",
        "/simulator/baa/partien/neu/",
        "/tabelle/export.csv",
        "/spiele/export.json",
        f"/teams/{match.home_id}/kader.csv",
        "/healthz",
    ]


def test_public_pages_answer_head_like_get(client, league):
    answers = {}
    for path in _public_paths(league):
        get, head = client.get(path), client.head(path)
        answers[path] = (get.status_code, head.status_code, head.content, head["Content-Type"])
        assert answers[path] == (200, 200, b"", get["Content-Type"]), path


LONG = "ä" * 10_000


def test_overlong_text_never_reaches_the_database(client, league, django_user_model):
    client.force_login(league.home.coach)
    race_slug = league.home.race.slug
    answers = {
        "login": client.post(reverse("login"), {"username": LONG, "password": LONG}),
        "team": client.post(
            reverse("roster:team-create", args=[race_slug]),
            {"name": LONG, "spieler-TOTAL_FORMS": "7", "spieler-INITIAL_FORMS": "0"},
        ),
        "player": client.post(
            reverse("roster:player-create", args=[league.home_id]),
            {"name": LONG, "number": "20"},
        ),
        "skills": client.get(reverse("rules:skill-list-fragment"), {"q": LONG}),
        "ball": client.post(reverse("simulator:ball-action"), {"zug": LONG}),
    }
    assert {name: r.status_code for name, r in answers.items()} == {
        "login": 200,
        "team": 200,
        "player": 200,
        "skills": 200,
        "ball": 400,
    }


GARBAGE = "²" + "x" * 300


def test_every_error_of_a_tampered_team_form_is_on_the_page(client, league):
    client.force_login(league.home.coach)
    data = {"name": GARBAGE, "spieler-TOTAL_FORMS": "8", "spieler-INITIAL_FORMS": "0"}
    for i in range(8):
        data |= {f"spieler-{i}-{f}": GARBAGE for f in ("name", "number", "position")}
    response = client.post(reverse("roster:team-create", args=["human"]), data)
    assert response.status_code == 200
    assert_every_error_shown(response)


def test_every_error_of_a_tampered_player_form_is_on_the_page(client, league):
    client.force_login(league.home.coach)
    data = {f: GARBAGE for f in ("name", "number", "position")}
    response = client.post(reverse("roster:player-create", args=[league.home_id]), data)
    assert response.status_code == 200
    assert_every_error_shown(response)


def test_every_error_of_a_tampered_match_entry_is_on_the_page(client, league):
    client.force_login(league.home.coach)
    data = {"heim": league.home_id, "gast": league.away_id}
    for name in (
        "played_at",
        "home_touchdowns",
        "away_touchdowns",
        "conceded_by",
        "home_journeymen_casualties",
        "away_journeymen_casualties",
        "version",
    ):
        data[name] = GARBAGE
    for player in league.away.players.all():
        data[f"ausfall_{player.pk}"] = GARBAGE
    response = client.post(reverse("matches:match-create"), data)
    assert response.status_code == 400
    assert_every_error_shown(response)


def test_every_error_of_a_tampered_development_is_on_the_page(client, league):
    client.force_login(league.home.coach)
    prefix = f"team{league.home_id}"
    data = {
        f"{prefix}-{f}": GARBAGE
        for f in ("choice", "player", "category", "proposal_1", "proposal_2", "opponent_proposal")
    }
    response = client.post(
        reverse("matches:development-create", args=[league.pk, league.home_id]), data
    )
    assert response.status_code == 400
    assert_every_error_shown(response)


def test_every_error_of_a_tampered_login_is_on_the_page(client):
    response = client.post(reverse("login"), {"username": "x" * 300, "password": "x" * 2000})
    assert_every_error_shown(response)


def test_every_error_of_tampered_simulator_forms_is_on_the_page(client):
    new_game = {"level": GARBAGE, "target_score": GARBAGE, "card_mode": GARBAGE}
    assert_every_error_shown(client.post(reverse("simulator:ball-new"), new_game))
    baa = {"teams": GARBAGE, "seed": GARBAGE, "bot": GARBAGE}
    assert_every_error_shown(client.get(reverse("simulator:baa"), baa))


def _assert_injury_form_errors_shown(client, league, data: dict) -> None:
    """The squad page is built lazily (page cache), so the refused form is rebuilt here from
    the same data and each of its messages looked for on the page."""
    from matches.forms import CasualtyRecordForm

    player = league.home.players.first()
    prefixed = {f"ausfall{player.pk}-{name}": value for name, value in data.items()}
    response = client.post(
        reverse("roster:casualty-record-create", args=[league.home_id, player.pk]), prefixed
    )
    assert response.status_code == 400
    html = response.content.decode()
    form = CasualtyRecordForm(prefixed, player=player)
    messages = [m for errors in form.errors.values() for m in errors]
    assert messages
    assert [m for m in messages if escape(m) not in html] == []


def test_every_error_of_a_tampered_injury_record_is_on_the_page(client, league):
    client.force_login(league.home.coach)
    _assert_injury_form_errors_shown(
        client, league, {"kind": GARBAGE, "day": GARBAGE, "note": LONG}
    )


@pytest.mark.parametrize("day", ["99999-01-01", "2026-13-45", "٢٠٢٦-٠١-٠١"])
def test_impossible_injury_days_are_form_errors(client, league, day):
    client.force_login(league.home.coach)
    _assert_injury_form_errors_shown(client, league, {"kind": "si", "day": day})


def test_names_that_look_like_formulas_stay_text_in_the_csv_download(client, league):
    player = league.home.players.first()
    player.name = '=HYPERLINK("http://angreifer.example","Klick")'
    player.save(update_fields=["name"])
    text = client.get(f"/teams/{league.home_id}/kader.csv").content.decode("utf-8-sig")
    cells = [cell for row in csv.reader(io.StringIO(text), delimiter=";") for cell in row]
    assert "'" + player.name in cells
    assert not [cell for cell in cells if cell.startswith(("=", "+", "@"))]


def test_baa_game_pages_survive_odd_numbers_and_garbage(client):
    from simulator.models import BaaGame

    new_game = {
        "teams": "2",
        "seat_0": "person",
        "seat_1": "person",
        "map_choice": "kirkwall",
        "shared_device": "1",
        "end_kind": "first_goal",
        "end_value": "",
    }
    assert client.post(reverse("simulator:baa-game-new"), new_game).status_code == 302
    token = BaaGame.objects.get().host_token
    statuses = set()
    for value in [*ODD_NUMBERS, GARBAGE]:
        for name in ("baa-game", "baa-game-state", "baa-game-report"):
            for param in ("team", "v", "zoom", "runde", "ereignis"):
                url = reverse(f"simulator:{name}", args=[token])
                statuses.add(client.get(url, {param: value}).status_code)
        data = {f: value for f in ("team", "v", "aktion", "wert", "x", "y", "modus", "extra")}
        url = reverse("simulator:baa-game-input", args=[token])
        statuses.add(client.post(url, data, HTTP_HX_REQUEST="true").status_code)
        for field in ("teams", "end_kind", "end_value", "seat_0", "shared_device"):
            response = client.post(reverse("simulator:baa-game-new"), new_game | {field: value})
            statuses.add(response.status_code)
    assert max(statuses) < 500


@pytest.mark.parametrize("version", ["²", "٣", "1" * 40])
def test_a_confirmation_with_a_non_ascii_version_is_refused_not_a_500(client, league, version):
    client.force_login(league.away.coach)
    response = client.post(reverse("matches:match-confirm", args=[league.pk]), {"version": version})
    assert response.status_code == 302
    league.refresh_from_db()
    assert not league.is_confirmed


@pytest.mark.parametrize("row", ["²", "٧"])
def test_removing_a_row_named_by_a_non_ascii_digit_is_no_500(client, league, row):
    client.force_login(league.home.coach)
    response = client.post("/teams/neu/human/", {"name": "Zeilen", "remove_row": row})
    assert response.status_code in (200, 400)
