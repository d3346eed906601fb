"""The bot match page of The Baa: dice drawn as dice, and stepping activation by activation."""

import re

import pytest
from django.urls import reverse

from simulator.baa import services

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
QUERY = {"teams": "2", "seed": "1", "bot": "greedy"}


def _page(client, **extra):
    return client.get(reverse("simulator:baa"), {**QUERY, **extra})


def test_every_round_is_split_into_activations_with_the_table_after_each():
    match = services.baa_match(teams=2, seed=1, bot="greedy")
    first = match.rounds[1]
    assert first.activations
    ends = [e for e in first.events if e.get("type") == "activation_end"]
    assert [a.figure for a in first.activations] == [e["figure"] for e in ends]


def test_the_round_log_draws_the_dice_of_every_test_as_dice(client):
    match = services.baa_match(teams=2, seed=1, bot="greedy")
    rolls = [
        r
        for e in match.rounds[1].events
        if e.get("type") in ("k_test", "roll_off")
        for r in e.get("rolls", [])
    ]
    page = _page(client, runde="1").text
    detail = page.split('class="round-detail"')[1].split("</details>")[0]
    assert detail.count('class="die') == len(rolls)


def test_the_page_steps_through_a_round_activation_by_activation(client):
    match = services.baa_match(teams=2, seed=1, bot="greedy")
    steps = len(match.rounds[1].activations)
    whole = _page(client, runde="1").text
    assert "aktivierung=1" in whole and "Aktivierung für Aktivierung" in whole
    first = _page(client, runde="1", aktivierung="1").text
    assert f"Aktivierung 1 von {steps}" in first
    assert "aktivierung=2" in first or steps == 1
    fragment = client.get(
        reverse("simulator:baa"), {**QUERY, "runde": "1", "aktivierung": "2"}, **HTMX
    )
    assert fragment.text.lstrip().startswith('<section id="baa-match"')
    assert f"Aktivierung 2 von {steps}" in fragment.text


def test_the_table_after_an_activation_differs_from_the_table_after_the_round(client):
    match = services.baa_match(teams=2, seed=1, bot="greedy")
    if len(match.rounds[1].activations) < 2:
        pytest.skip("one activation only")

    def figures(text):
        return re.findall(r'<g transform="translate\(([\d.]+) ([\d.]+)\)', text)

    first = figures(_page(client, runde="1", aktivierung="1").text)
    whole = figures(_page(client, runde="1").text)
    assert first and first != whole


@pytest.mark.parametrize("garbage", ["x", "-1", "999999", "٣"])
def test_garbage_activation_numbers_show_the_page_anyway(client, garbage):
    response = _page(client, runde="1", aktivierung=garbage)
    assert response.status_code == 200
