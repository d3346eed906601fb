"""Hostile input from outside never makes a 500: odd digits, huge numbers, tampered forms.

Each query-string id is read as ASCII digits within range; anything else is a 404 or a form
error. These tests probe every public page with the values an attacker would try.
"""

import pytest
from django.urls import reverse

from league.services import start_next_season
from matches.factories import play, squad, staff_user

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
    start_next_season(by=staff_user())
    return play(home, away, score=(1, 0))


@pytest.mark.parametrize("value", ODD_NUMBERS)
@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("url_name", ["league:standings", "matches:match-list"])
def test_season_parameter_that_is_not_a_plain_number_is_not_found(
    client, league, url_name, value, htmx
):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(reverse(url_name), {"saison": value}, headers=headers)
    assert response.status_code == 404


@pytest.mark.parametrize("value", ["1" * 30, "9" * 5000])
@pytest.mark.parametrize("path", ["/spiele/{}/", "/teams/{}/"])
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
