"""The Baa page: the match, round navigation, German form errors."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_baa_page_without_input_shows_the_form(client):
    response = client.get(reverse("simulator:baa"))
    assert response.status_code == 200
    assert 'name="teams"' in response.text
    assert "baa-map" not in response.text


def test_baa_match_shows_map_result_and_log(client):
    response = client.get(reverse("simulator:baa"), {"teams": 2, "seed": 1, "bot": "greedy"})
    assert response.status_code == 200
    assert 'class="baa-map"' in response.text
    assert "Ergebnis" in response.text
    assert "TOR für" in response.text


def test_baa_round_navigation_returns_the_match_fragment(client):
    response = client.get(
        reverse("simulator:baa"), {"teams": 2, "seed": 1, "bot": "greedy", "runde": 3}, **HTMX
    )
    assert response.status_code == 200
    assert "<html" not in response.text
    assert "Runde 3" in response.text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"teams": 7, "seed": 1, "bot": "greedy"}, "höchstens 6 Teams"),
        ({"teams": 1, "seed": 1, "bot": "greedy"}, "mindestens 2 Teams"),
        ({"teams": 2, "seed": "abc", "bot": "greedy"}, "Seed muss eine ganze Zahl sein"),
        ({"teams": 2, "seed": 1, "bot": "klug"}, "einen der angebotenen Bots"),
    ],
)
def test_baa_form_rejects_bad_input_in_german(client, data, message):
    response = client.get(reverse("simulator:baa"), data)
    assert response.status_code == 400
    assert message in response.text
    assert "baa-map" not in response.text


def test_baa_round_out_of_range_shows_the_nearest_round(client):
    response = client.get(
        reverse("simulator:baa"), {"teams": 2, "seed": 1, "bot": "greedy", "runde": 999}
    )
    assert response.status_code == 200
    assert "Spielende" in response.text


def test_baa_map_coordinates_are_not_localised(client):
    response = client.get(reverse("simulator:baa"), {"teams": 2, "seed": 1, "bot": "greedy"})
    assert 'cx="24.0"' in response.text  # the marketplace, never "24,0" in German
    assert not re.search(r'\b(?:x|y|cx|cy|width|height)="-?\d+,\d', response.text)


@pytest.mark.parametrize("runde", ["²", "٣", "9" * 5000, "-1", "1e3"])
def test_baa_round_that_is_no_plain_number_shows_the_last_round(client, runde):
    response = client.get(
        reverse("simulator:baa"), {"teams": 2, "seed": 1, "bot": "greedy", "runde": runde}
    )
    assert response.status_code == 200
    assert "Spielende" in response.text


def test_looking_at_a_baa_match_stores_nothing(client):
    from django.contrib.sessions.models import Session

    client.get(reverse("simulator:baa"), {"teams": 2, "seed": 1, "bot": "greedy"})
    assert Session.objects.count() == 0
