"""BALL on two devices: the link game's rules (whose turn, stale pages, undo by consent,
resignation, rematch with the sides swapped), its pages and downloads, and loading a record
into the analysis board."""

import json

import pytest
from django.urls import reverse

from engines.ball import GameRecord, Options
from simulator.ball import link, services
from simulator.models import BallLinkGame

from .conftest import OPEN_SETUP, TOUCHDOWN_ACTIONS

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _version(game: BallLinkGame) -> str:
    game.refresh_from_db()
    return link.game_of(game).version


def _play(game, side, notation):
    token = game.home_token if side == "home" else game.away_token
    return link.play(token=token, notation=notation, version=_version(game))


@pytest.fixture
def game():
    return link.create_link_game(visitor="v1", target_score=1)


@pytest.fixture
def near_touchdown():
    """Away one action from the touchdown that ends the game (first to 1)."""
    record = GameRecord(Options(setup=OPEN_SETUP, target_score=1), TOUCHDOWN_ACTIONS[:-1])
    return BallLinkGame.objects.create(visitor="v1", record=record.to_dict())


def test_link_game_has_three_different_unguessable_tokens(game):
    tokens = {game.home_token, game.away_token, game.watch_token}
    assert len(tokens) == 3
    assert all(len(t) >= 20 for t in tokens)


def test_the_side_to_move_plays_and_the_game_is_stored(game):
    _play(game, "home", "G7-H8")
    stored = BallLinkGame.objects.get(pk=game.pk)
    assert stored.record["actions"] == ["G7-H8"]


def test_the_other_side_cannot_move_out_of_turn(game):
    with pytest.raises(link.LinkError, match="nicht am Zug"):
        _play(game, "away", "G13-H12")


def test_the_spectator_link_cannot_move(game):
    with pytest.raises(link.LinkError, match="zusehen"):
        link.play(token=game.watch_token, notation="G7-H8", version=_version(game))


def test_a_move_from_a_page_that_fell_behind_is_refused(game):
    old = _version(game)
    _play(game, "home", "G7-H8")
    with pytest.raises(services.StaleGame):
        link.play(token=game.home_token, notation="H8-I9", version=old)
    game.refresh_from_db()
    assert game.record["actions"] == ["G7-H8"]


def test_undo_needs_the_other_sides_consent(game):
    _play(game, "home", "G7-H8")
    link.ask_undo(token=game.home_token, version=_version(game))
    with pytest.raises(link.LinkError):
        link.answer_undo(token=game.home_token, version=_version(game), agree=True)
    link.answer_undo(token=game.away_token, version=_version(game), agree=True)
    game.refresh_from_db()
    assert game.record["actions"] == [] and game.undo_asked_by == ""


def test_a_declined_undo_keeps_the_action(game):
    _play(game, "home", "G7-H8")
    link.ask_undo(token=game.home_token, version=_version(game))
    link.answer_undo(token=game.away_token, version=_version(game), agree=False)
    game.refresh_from_db()
    assert game.record["actions"] == ["G7-H8"]


def test_an_undo_answer_from_an_old_page_is_refused(game):
    _play(game, "home", "G7-H8")
    before_request = _version(game)
    link.ask_undo(token=game.home_token, version=before_request)
    with pytest.raises(services.StaleGame):
        link.answer_undo(token=game.away_token, version=before_request, agree=True)


def test_resigning_ends_the_game_for_the_other_side(game):
    link.resign(token=game.away_token, version=_version(game))
    game.refresh_from_db()
    state = link.game_of(game).record.replay()
    assert link.result_of(game, state) == "home"
    with pytest.raises(link.LinkError, match="vorbei"):
        _play(game, "home", "G7-H8")


def test_rematch_swaps_the_sides_and_is_created_once(near_touchdown):
    _play(near_touchdown, "away", TOUCHDOWN_ACTIONS[-1])
    first = link.rematch(token=near_touchdown.home_token)
    again = link.rematch(token=near_touchdown.away_token)
    assert first.pk == again.pk
    near_touchdown.refresh_from_db()
    assert link.rematch_token(near_touchdown, "home") == first.away_token
    assert link.rematch_token(near_touchdown, "away") == first.home_token
    assert first.record["options"]["target_score"] == 1


def test_no_rematch_before_the_end(game):
    with pytest.raises(link.LinkError, match="vorbei"):
        link.rematch(token=game.home_token)


# -- pages -------------------------------------------------------------------------------------


def test_creating_a_link_game_leads_to_the_home_link(client):
    response = client.post(
        reverse("simulator:ball-link-new"), {"link-target_score": "2", "link-card_mode": ""}
    )
    game = BallLinkGame.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("simulator:ball-link", args=[game.home_token])
    page = client.get(response["Location"])
    assert "Du spielst Heim." in page.text
    assert game.away_token in page.text and game.watch_token in page.text


def test_a_wrong_target_score_is_told_next_to_its_field(client):
    response = client.post(reverse("simulator:ball-link-new"), {"link-target_score": "9"})
    assert response.status_code == 400
    assert BallLinkGame.objects.count() == 0


def test_an_unknown_link_is_404(client):
    assert client.get(reverse("simulator:ball-link", args=["nope"])).status_code == 404


def test_the_waiting_side_sees_no_action_choice(client, game):
    page = client.get(reverse("simulator:ball-link", args=[game.away_token]))
    assert "Du spielst Gast." in page.text
    assert "data-notation=" not in page.text
    page = client.get(reverse("simulator:ball-link", args=[game.home_token]))
    assert 'data-notation="' in page.text or "data-hit=" in page.text


def test_the_spectator_page_offers_no_input(client, game):
    page = client.get(reverse("simulator:ball-link", args=[game.watch_token]))
    assert "Du siehst zu." in page.text
    assert "data-hit=" not in page.text and "Aufgeben" not in page.text


def test_the_poll_answers_204_until_the_other_side_played(client, game):
    url = reverse("simulator:ball-link-state", args=[game.away_token])
    version = _version(game)
    assert client.get(url, {"v": version}, **HTMX).status_code == 204
    _play(game, "home", "G7-H8")
    response = client.get(url, {"v": version}, **HTMX)
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<div id="ball-game"')


def test_a_stale_move_through_the_page_is_refused_with_the_current_game(client, game):
    old = _version(game)
    _play(game, "home", "G7-H8")
    response = client.post(
        reverse("simulator:ball-link-action", args=[game.home_token]),
        {"zug": "H8-I9", "version": old},
        **HTMX,
    )
    assert response.status_code == 200
    assert "deine Eingabe wurde nicht ausgeführt" in response.text
    assert f'data-version="{_version(game)}"' in response.text


def test_an_illegal_move_through_the_page_says_why_in_german(client, game):
    response = client.post(
        reverse("simulator:ball-link-action", args=[game.home_token]),
        {"zug": "G7-G17", "version": _version(game)},
    )
    assert response.status_code == 400
    assert "nicht erlaubt" in response.text


def test_undo_request_and_consent_through_the_pages(client, game):
    _play(game, "home", "G7-H8")
    client.post(
        reverse("simulator:ball-link-undo-ask", args=[game.home_token]),
        {"version": _version(game)},
    )
    page = client.get(reverse("simulator:ball-link", args=[game.away_token]))
    assert "Heim möchte die letzte eigene Aktion zurücknehmen." in page.text
    client.post(
        reverse("simulator:ball-link-undo-answer", args=[game.away_token]),
        {"version": _version(game), "antwort": "ja"},
    )
    game.refresh_from_db()
    assert game.record["actions"] == []


def test_resign_and_rematch_through_the_pages(client, game):
    client.post(
        reverse("simulator:ball-link-resign", args=[game.home_token]), {"version": _version(game)}
    )
    page = client.get(reverse("simulator:ball-link", args=[game.watch_token]))
    assert "Heim hat aufgegeben – Gast gewinnt." in page.text
    response = client.post(reverse("simulator:ball-link-rematch", args=[game.home_token]))
    game.refresh_from_db()
    assert response["Location"] == reverse("simulator:ball-link", args=[game.rematch.away_token])


def test_the_record_downloads_replay_the_game(client, game):
    _play(game, "home", "G7-H8")
    _play(game, "home", "END")
    text = client.get(reverse("simulator:ball-link-text", args=[game.watch_token]))
    assert text["Content-Disposition"].startswith("attachment")
    assert GameRecord.from_text(text.content.decode()).actions == ("G7-H8", "END")
    data = client.get(reverse("simulator:ball-link-json", args=[game.watch_token]))
    assert json.loads(data.content)["actions"] == ["G7-H8", "END"]


def test_a_downloaded_record_loads_into_the_analysis_board_at_its_start(client, near_touchdown):
    text = GameRecord.from_json(near_touchdown.record).to_text()
    response = client.post(reverse("simulator:ball-load"), {"text": text})
    assert response.status_code == 302 and response["Location"].endswith("?stellung=0")
    page = client.get(response["Location"])
    assert "Frühere Stellung nach 0 Aktionen" in page.text


def test_playing_on_from_an_earlier_position_drops_the_later_actions(client, near_touchdown):
    text = json.dumps(near_touchdown.record)
    client.post(reverse("simulator:ball-load"), {"text": text})
    client.post(reverse("simulator:ball-from-here"), {"stellung": "2"})
    stored = services.BallGame.from_session(client.session["simulator_ball"])
    assert stored.record.actions == TOUCHDOWN_ACTIONS[:2]


def test_loading_something_that_is_no_record_says_so(client):
    response = client.post(reverse("simulator:ball-load"), {"text": "[BALL] {}\n1 home: Z99-A1"})
    assert response.status_code == 400
    assert "keine BALL-Partie" in response.text
    assert 'id="id_text_error"' in response.text


def test_the_result_of_a_finished_link_game_is_told_once(client, near_touchdown):
    _play(near_touchdown, "away", TOUCHDOWN_ACTIONS[-1])
    page = client.get(reverse("simulator:ball-link", args=[near_touchdown.watch_token])).text
    assert page.count("Gast gewinnt!") == 1
    assert "Der Revanche zusehen" not in page  # no rematch yet
