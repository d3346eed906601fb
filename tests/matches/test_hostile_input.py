"""Tampered match forms: every refused value is explained on the page, nothing is a 500."""

import pytest
from django.urls import reverse

from matches.factories import play

from ..conftest import assert_every_error_shown
from .test_views import form_data

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "tampered",
    [
        {"version": "abc"},
        {"version": "-5"},
        {"version": "9" * 40},
        {"version": "²"},
        {"conceded_by": "somebody"},
        {"home_touchdowns": "٣"},
        {"played_at": "gestern"},
    ],
)
def test_tampered_match_edit_shows_every_error(client, season, home, away, tampered):
    match = play(home, away)
    client.force_login(home.coach)
    data = {**form_data(home, away, version=str(match.version)), **tampered}
    response = client.post(reverse("matches:match-update", args=[match.pk]), data)
    assert response.status_code == 400
    assert_every_error_shown(response)


def test_unknown_conceded_by_on_a_new_match_is_explained(client, season, home, away):
    client.force_login(home.coach)
    data = form_data(home, away, conceded_by="gast")
    response = client.post(reverse("matches:match-create"), data)
    assert response.status_code == 400
    assert "Bitte wähle eines der beiden Teams" in response.content.decode()


@pytest.mark.parametrize("value", ["²", "1" * 30, "9" * 5000, "abc"])
def test_tampered_team_pick_is_a_form_error(client, season, home, away, value):
    client.force_login(home.coach)
    response = client.get(reverse("matches:match-create"), {"heim": value, "gast": away.pk})
    assert response.status_code == 200
    assert_every_error_shown(response)


@pytest.mark.parametrize("value", ["²", "1" * 30, "9" * 5000])
def test_tampered_development_player_is_a_form_error(client, season, home, away, value):
    match = play(home, away)
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:development-create", args=[match.pk, home.pk]),
        {f"team{home.pk}-choice": "choose", f"team{home.pk}-player": value},
    )
    assert response.status_code == 400
    assert_every_error_shown(response)


ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def test_an_id_in_other_digits_is_not_taken_for_the_team(client, season, home, away):
    client.force_login(home.coach)
    foreign = str(home.pk).translate(ARABIC_INDIC)
    response = client.get(reverse("matches:match-create"), {"heim": foreign, "gast": away.pk})
    assert "heim" in response.context["pick"].errors
    assert_every_error_shown(response)
