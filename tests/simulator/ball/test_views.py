"""The BALL pages: the game (full page, htmx fragments, no-JS steps), German errors, the stale
tab, touchdowns, the move list, the rules page, and what an anonymous visit costs."""

import pytest
from django.contrib.sessions.models import Session
from django.urls import reverse

from engines.ball import GameRecord

from .conftest import TOUCHDOWN_ACTIONS

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
URL = "/simulator/ball/"


def _store(client, game):
    session = client.session
    session["simulator_ball"] = game.to_session()
    session.save()


def test_ball_page_is_public_and_draws_the_board(client):
    response = client.get(reverse("simulator:ball"))
    assert response.status_code == 200
    assert "<html" in response.text
    assert 'class="ball-board"' in response.text
    assert response.text.count('data-square="') >= 111
    assert response.text.count('class="cell') == 111
    assert "Du (DEF)" in response.text
    assert 'data-role="DEF"' in response.text and 'data-role="ATK"' in response.text


def test_looking_at_the_ball_page_stores_nothing(client):
    client.get(reverse("simulator:ball"))
    client.get(reverse("simulator:ball"), {"feld": "G5"})
    assert Session.objects.count() == 0
    assert "sessionid" not in client.cookies


def test_the_first_action_stores_the_game(client):
    client.post(reverse("simulator:ball-action"), {"zug": "G7-H8", "version": "0-0"})
    assert Session.objects.count() == 1


def test_tapping_a_piece_returns_the_game_fragment_with_its_targets(client):
    response = client.get(reverse("simulator:ball"), {"feld": "G7"}, **HTMX)
    assert response.status_code == 200
    assert "<html" not in response.text
    assert response.text.lstrip().startswith('<div id="ball-game"')
    assert 'data-notation="G7-H8"' in response.text
    assert "data-cancel" in response.text  # "Abbrechen" is visible while an action is built


def test_without_javascript_a_target_link_leads_to_a_confirm_button(client):
    response = client.get(reverse("simulator:ball"), {"feld": "G7", "art": "zug", "ziel": "H8"})
    assert 'name="zug" value="G7-H8"' in response.text


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
    assert "Computer hat gespielt" in response.text
    assert "cell--to" in response.text  # its last action is marked on the board


def test_illegal_ball_action_shows_german_error_and_keeps_the_game(client):
    client.post(reverse("simulator:ball-action"), {"zug": "G5-H6"})
    response = client.post(reverse("simulator:ball-action"), {"zug": "A1-B2"})
    assert response.status_code == 400
    assert "„A1-B2“ ist in dieser Stellung nicht erlaubt." in response.text
    assert "Auf A1 steht keine Figur." in response.text
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


def test_action_from_a_stale_tab_is_refused_and_the_tab_shows_the_current_game(client):
    client.post(reverse("simulator:ball-action"), {"zug": "G7-H8", "version": "0-0"})
    # The second tab still shows the game before G7-H8.
    response = client.post(reverse("simulator:ball-action"), {"zug": "G5-F4", "version": "0-0"})
    assert response.status_code == 409
    assert "in einem anderen Tab" in response.text
    assert 'data-version="0-1"' in response.text
    page = client.get(reverse("simulator:ball")).text
    assert "Partieverlauf (1 Aktion)" in page


def test_undo_from_a_stale_tab_is_refused(client):
    client.post(reverse("simulator:ball-action"), {"zug": "G7-H8"})
    response = client.post(reverse("simulator:ball-undo"), {"version": "0-0"}, **HTMX)
    assert "in einem anderen Tab" in response.text
    assert "Partieverlauf (1 Aktion)" in client.get(reverse("simulator:ball")).text


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
    assert "PE: Heim 0, Gast 0" in page
    assert "Partieverlauf" not in page
    assert 'value="+PE"' in page


def test_new_hot_seat_game_names_the_sides_home_and_away(client):
    client.post(reverse("simulator:ball-new"), {"mode": "zu-zweit", "target_score": "3"})
    client.post(reverse("simulator:ball-action"), {"zug": "END"})
    page = client.get(reverse("simulator:ball")).text
    assert "Gast (ATK)" in page  # away is to move: no computer answered
    assert "Computer" not in page.split('class="ball-sides"')[1].split("</section>")[0]


def test_new_game_against_the_computer_as_away(client):
    client.post(reverse("simulator:ball-new"), {"mode": "computer-heim", "target_score": "3"})
    page = client.get(reverse("simulator:ball")).text
    assert "Du (ATK)" in page
    assert "Computer hat gespielt" in page


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
    assert "Du (DEF)" in response.text


def test_finished_ball_game_shows_the_result_and_no_choices(client):
    session = client.session
    session["simulator_ball"] = {
        "record": {"options": {"turn_limit": 1}, "actions": ["END"]},
        "level": "easy",
    }
    session.save()
    response = client.get(reverse("simulator:ball"))
    assert "Unentschieden." in response.text
    assert "data-hit" not in response.text
    refused = client.post(reverse("simulator:ball-action"), {"zug": "END"})
    assert refused.status_code == 400
    assert "Die Partie ist vorbei" in refused.text


def test_touchdown_is_announced_before_the_board_resets(client, open_game):
    *before, scoring = TOUCHDOWN_ACTIONS
    game = open_game.__class__(
        record=GameRecord(open_game.record.options, tuple(before)),
        level="easy",
        computer=None,
        id="td",
    )
    _store(client, game)
    response = client.post(
        reverse("simulator:ball-action"), {"zug": scoring, "version": game.version}
    )
    assert response.status_code == 302
    assert response["Location"] == f"{URL}?tor={len(before)}"
    page = client.get(response["Location"]).text
    assert "Touchdown für Gast!" in page  # the side is named once
    assert 'data-piece="away X5" data-square="E1"' in page
    assert "Weiter zur neuen Aufstellung" in page
    after = client.get(URL).text
    assert 'data-piece="away X5" data-square="L10"' in after  # back in the setup


def test_the_move_list_steps_through_earlier_positions(client):
    client.post(reverse("simulator:ball-action"), {"zug": "G7-H8"})
    client.post(reverse("simulator:ball-action"), {"zug": "G5-F4"})
    page = client.get(URL, {"stellung": "1"}, **HTMX).text
    assert "Frühere Stellung nach 1 Aktionen" in page
    assert 'data-piece="home X5" data-square="G5"' in page
    assert "data-hit" not in page
    assert f'href="{URL}?stellung=0"' in page


@pytest.mark.parametrize(
    "query",
    [
        {"stellung": "²"},
        {"stellung": "9" * 5000},
        {"tor": "-1"},
        {"tor": "77"},
        {"feld": "Z99", "art": "<script>", "ziel": "G5" * 1000},
    ],
)
def test_bad_query_parameters_show_the_current_game(client, query):
    response = client.get(URL, query)
    assert response.status_code == 200
    assert "Du (DEF)" in response.text


def test_rules_page_has_diagrams_from_the_board_component_and_is_linked(client):
    page = client.get(reverse("simulator:ball")).text
    assert reverse("simulator:ball-rules") in page
    rules = client.get(reverse("simulator:ball-rules"))
    assert rules.status_code == 200
    assert rules.text.count('<figure class="diagram">') >= 10
    assert rules.text.count('class="ball-board ball-board--small"') >= 10
    assert "Taktisches Ausweichen" in rules.text


def test_tapping_in_a_tab_that_fell_behind_says_so_and_shows_the_current_game(client):
    client.post(reverse("simulator:ball-action"), {"zug": "G7-H8", "version": "0-0"})
    response = client.get(URL, {"feld": "G5", "v": "0-0"}, **HTMX)
    assert "in einem anderen Tab" in response.text
    assert 'data-version="0-1"' in response.text
    assert "cell--selected" not in response.text


def test_a_tab_coming_back_checks_its_version(client):
    client.post(reverse("simulator:ball-action"), {"zug": "G7-H8", "version": "0-0"})
    assert client.get(URL, {"pruefen": "1", "v": "0-1"}, **HTMX).status_code == 204
    behind = client.get(URL, {"pruefen": "1", "v": "0-0"}, **HTMX)
    assert behind.status_code == 200
    assert "in einem anderen Tab" in behind.text


def test_starting_a_new_game_asks_first_only_while_one_is_running(client):
    assert "hx-confirm" not in client.get(URL).text  # neither hx-confirm nor data-hx-confirm
    client.post(reverse("simulator:ball-action"), {"zug": "G7-H8"})
    assert "Die laufende Partie wird dabei beendet" in client.get(URL).text
