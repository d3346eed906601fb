"""Tampered match forms: every refused value is explained on the page, nothing is a 500."""

import pytest
from django.forms import BaseForm
from django.urls import reverse
from django.utils.html import escape

from matches.factories import play

from .test_views import form_data

pytestmark = pytest.mark.django_db


def _forms(value, depth: int = 0):
    """The forms in a template context value, also inside lists and dicts (the dev sides)."""
    if isinstance(value, BaseForm):
        yield value
    elif depth < 3 and isinstance(value, dict):
        for item in value.values():
            yield from _forms(item, depth + 1)
    elif depth < 3 and isinstance(value, list | tuple):
        for item in value:
            yield from _forms(item, depth + 1)


def assert_every_error_shown(response) -> None:
    """Each message of each form in the context appears on the page, in German."""
    html = response.content.decode()
    context = {}
    for layer in response.context:
        for values in layer.dicts:
            context.update(values)
    forms = list(_forms(context))
    messages = [m for form in forms for errors in form.errors.values() for m in errors]
    assert messages, "the form accepted the tampered value"
    missing = [m for m in messages if escape(m) not in html]
    assert not missing


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
