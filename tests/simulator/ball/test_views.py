"""The BALL page: full page, htmx fragments, German errors, public access."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_ball_page_is_public_and_draws_the_board(client):
    response = client.get(reverse("simulator:ball"))
    assert response.status_code == 200
    assert "<html" in response.text
    assert 'class="ball-board"' in response.text
    assert response.text.count('class="cell') == 111
    assert "Du bist dran" in response.text


def test_ball_piece_selection_returns_the_board_fragment(client):
    response = client.get(reverse("simulator:ball"), {"feld": "G5"}, **HTMX)
    assert response.status_code == 200
    assert "<html" not in response.text
    assert response.text.lstrip().startswith('<div id="ball-game"')
    assert 'value="G5-H6"' in response.text


def test_ball_action_without_js_redirects_back_to_the_page(client):
    response = client.post(reverse("simulator:ball-action"), {"zug": "G5-H6"})
    assert response.status_code == 302
    assert response["Location"] == reverse("simulator:ball")
    page = client.get(reverse("simulator:ball"))
    assert "<code>G5-H6</code>" in page.text


def test_ball_end_with_htmx_shows_the_computer_reply_in_the_fragment(client):
    response = client.post(reverse("simulator:ball-action"), {"zug": "END"}, **HTMX)
    assert response.status_code == 200
    assert "<html" not in response.text
    assert "Der Computer hat gespielt" in response.text


def test_illegal_ball_action_shows_german_error_and_keeps_the_game(client):
    client.post(reverse("simulator:ball-action"), {"zug": "G5-H6"})
    response = client.post(reverse("simulator:ball-action"), {"zug": "A1-B2"})
    assert response.status_code == 400
    assert "„A1-B2“ ist in dieser Stellung nicht erlaubt." in response.text
    assert 'value="A1-B2"' in response.text  # the typed text stays in the field
    history = client.get(reverse("simulator:ball")).text
    assert "Partieverlauf (1 Aktion)" in history


def test_illegal_ball_action_with_htmx_is_swapped_in_with_status_200(client):
    response = client.post(reverse("simulator:ball-action"), {"zug": "Hallo"}, **HTMX)
    assert response.status_code == 200
    assert "kein Zug in BALL-Notation" in response.text


def test_empty_ball_action_asks_for_a_move(client):
    response = client.post(reverse("simulator:ball-action"), {"zug": ""})
    assert response.status_code == 400
    assert "Bitte gib einen Zug ein" in response.text


def test_ball_action_refuses_get(client):
    assert client.get(reverse("simulator:ball-action")).status_code == 405


def test_ball_undo_takes_the_last_action_back(client):
    client.post(reverse("simulator:ball-action"), {"zug": "G5-H6"})
    response = client.post(reverse("simulator:ball-undo"), **HTMX)
    assert response.status_code == 200
    assert "Partieverlauf" not in response.text


def test_new_ball_game_uses_the_chosen_options(client):
    client.post(reverse("simulator:ball-action"), {"zug": "G5-H6"})
    response = client.post(
        reverse("simulator:ball-new"),
        {"level": "schwer", "target_score": "1", "card_mode": "on"},
    )
    assert response.status_code == 302
    page = client.get(reverse("simulator:ball")).text
    assert "Sieg bei 1 Touchdowns" in page
    assert "PE: du 0, Computer 0." in page
    assert "Partieverlauf" not in page
    assert 'value="+PE"' in page


def test_new_ball_game_with_invalid_options_shows_the_form_error(client):
    response = client.post(reverse("simulator:ball-new"), {"level": "schwer", "target_score": "9"})
    assert response.status_code == 400
    assert "kleiner oder gleich 5" in response.text


def test_broken_session_game_starts_afresh(client):
    session = client.session
    session["simulator_ball"] = {"record": {"actions": ["Z9-Z9"]}, "level": "easy"}
    session.save()
    response = client.get(reverse("simulator:ball"))
    assert response.status_code == 200
    assert "Du bist dran" in response.text


def test_finished_ball_game_shows_the_result_and_no_choices(client):
    session = client.session
    session["simulator_ball"] = {
        "record": {"options": {"turn_limit": 1}, "actions": ["END"]},
        "level": "easy",
    }
    session.save()
    response = client.get(reverse("simulator:ball"))
    assert "Unentschieden." in response.text
    assert "Dein Zug" not in response.text
    refused = client.post(reverse("simulator:ball-action"), {"zug": "END"})
    assert refused.status_code == 400
    assert "Die Partie ist vorbei" in refused.text
