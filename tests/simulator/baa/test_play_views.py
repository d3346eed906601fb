"""Pages of The Baa played by people: new game, the game page of a link, polling, inputs, the
match report and the list of running games."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from simulator.baa import play
from simulator.models import BaaGame

from ...conftest import assert_every_error_shown

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _new(client, **data):
    form = {
        "teams": "2",
        "seat_0": "person",
        "seat_1": "person",
        "map_choice": "kirkwall",
        "shared_device": "1",
        "end_kind": "first_goal",
        "end_value": "",
    }
    form.update(data)
    return client.post(reverse("simulator:baa-game-new"), form)


def _game(client, **data) -> BaaGame:
    response = _new(client, **data)
    assert response.status_code == 302, response.content
    return BaaGame.objects.latest("created_at")


def _post(client, token, **data):
    return client.post(reverse("simulator:baa-game-input", args=[token]), data, **HTMX)


def test_the_new_game_page_offers_teams_seats_map_and_end(client):
    response = client.get(reverse("simulator:baa-game-new"))
    assert response.status_code == 200
    for name in ("teams", "seat_5", "map_choice", "shared_device", "end_kind", "end_value"):
        assert f'name="{name}"' in response.text


def test_a_missing_number_for_the_end_is_refused_next_to_its_field(client):
    response = _new(client, end_kind="rounds", end_value="")
    assert response.status_code == 400
    assert 'id="end-value-errors"' in response.text and "wie viele" in response.text
    assert not BaaGame.objects.exists()


def test_creating_a_game_leads_to_its_page_and_the_list_of_running_games(client):
    game = _game(client, teams="3", seat_2="greedy", end_kind="rounds", end_value="2")
    assert game.teams == 3 and [s.kind for s in game.seats.all()] == ["person", "person", "greedy"]
    page = client.get(reverse("simulator:baa-game", args=[game.host_token]))
    assert page.status_code == 200 and 'class="baa-map baa-live' in page.text
    listing = client.get(reverse("simulator:baa-games"))
    assert reverse("simulator:baa-game", args=[game.host_token]) in listing.text


def test_the_list_of_games_needs_few_queries(client, django_assert_max_num_queries):
    for _ in range(3):
        _game(client)
    with django_assert_max_num_queries(6):
        response = client.get(reverse("simulator:baa-games"))
    assert response.text.count("/simulator/baa/partie/") == 3


def test_a_shared_device_covers_each_teams_pick_from_the_next(client):
    game = _game(client)
    token = game.host_token
    page = client.get(reverse("simulator:baa-game", args=[token]))
    assert "Team Grün wählt jetzt verdeckt" in page.text and 'value="pick"' not in page.text
    revealed = client.get(reverse("simulator:baa-game-state", args=[token]), {"team": 0}, **HTMX)
    assert revealed.text.count('name="aktion" value="pick"') == 6
    after = _post(client, token, team=0, v=game.version, aktion="pick", wert="0:C")
    assert "Team Rot wählt jetzt verdeckt" in after.text
    assert "Grün C" not in after.text.split('class="baa-map')[0]  # the pick stays secret


def test_the_polled_state_is_empty_while_nothing_changed(client):
    game = _game(client)
    url = reverse("simulator:baa-game-state", args=[game.host_token])
    assert client.get(url, {"v": game.version}, **HTMX).status_code == 204
    response = client.get(url, {"v": game.version - 1}, **HTMX)
    assert response.status_code == 200 and response.text.lstrip().startswith(
        '<section id="baa-board"'
    )


def test_seat_links_play_only_their_own_team_and_the_host_shows_the_qr_codes(client):
    game = _game(client, shared_device="0")
    host = client.get(reverse("simulator:baa-game", args=[game.host_token]))
    assert host.text.count('class="segno"') == 2
    red = game.seats.get(team=1)
    page = client.get(reverse("simulator:baa-game", args=[red.token]))
    assert "Rot A" in page.text and 'value="0:A"' not in page.text
    response = _post(client, red.token, team=0, v=game.version, aktion="pick", wert="0:A")
    assert "nicht für dieses Team" in response.text
    assert BaaGame.objects.get(pk=game.pk).version == game.version


def _to_green_activation(client, game):
    token = game.host_token
    _post(client, token, team=0, v=1, aktion="pick", wert="0:A")
    _post(client, token, team=1, v=2, aktion="pick", wert="1:F")
    return token


def test_a_tap_on_the_map_moves_the_active_figure_and_shows_the_inches_left(client):
    game = _game(client)
    token = _to_green_activation(client, game)
    engine = play.engine_of(BaaGame.objects.get(pk=game.pk))
    a = engine.figures["0:A"]
    target_x, target_y = a.x - 2.0, a.y  # 2" west, in the marketplace
    response = _post(
        client, token, team=0, v=3, aktion="tap", modus="laufen", x=target_x, y=48 - target_y
    )
    assert "Noch 4,0 Zoll Bewegung" in response.text
    moved = play.engine_of(BaaGame.objects.get(pk=game.pk)).figures["0:A"]
    assert (round(moved.x, 2), round(moved.y, 2)) == (round(target_x, 2), round(target_y, 2))


def test_an_illegal_tap_is_refused_with_the_reason_in_german(client):
    game = _game(client)
    token = _to_green_activation(client, game)
    response = _post(client, token, team=0, v=3, aktion="tap", modus="laufen", x=24, y=47)
    assert 'role="alert"' in response.text
    assert re.search(r"Zoll Bewegung übrig|Gebäude|Base", response.text)
    assert BaaGame.objects.get(pk=game.pk).version == 3


def test_a_plain_post_without_htmx_goes_back_to_the_page(client):
    game = _game(client)
    response = client.post(
        reverse("simulator:baa-game-input", args=[game.host_token]),
        {"team": 0, "v": game.version, "aktion": "pick", "wert": "0:A"},
    )
    assert response.status_code == 302


def test_the_report_steps_by_round_and_by_event_and_shows_every_die(client):
    game = _game(client, seat_0="greedy", seat_1="greedy", end_kind="rounds", end_value="1")
    while not game.finished:
        game = play.advance(game=game)
    url = reverse("simulator:baa-game-report", args=[game.host_token])
    engine = play.engine_of(game)
    rolls = sum(len(e["rolls"]) for e in engine.events if e["type"] in ("k_test", "roll_off"))
    by_round = client.get(url, {"runde": 1})
    assert by_round.status_code == 200 and "Runde 1 von 1" in by_round.text
    assert by_round.text.count('class="die') == rolls
    step = client.get(url, {"ereignis": 3})
    assert "Ereignis 4 von" in step.text and 'data-step="next-event"' in step.text
    assert "is-current" in step.text


def test_an_unknown_link_is_not_found(client):
    assert client.get(reverse("simulator:baa-game", args=["nichts"])).status_code == 404


def test_after_an_activation_the_shared_device_covers_the_next_pick_again(client):
    game = _game(client)
    token = _to_green_activation(client, game)
    _post(client, token, team=0, v=3, aktion="end")
    response = _post(client, token, team=1, v=4, aktion="end")
    assert "Team Grün wählt jetzt verdeckt" in response.text
    assert 'value="pick"' not in response.text


def test_a_game_joined_by_a_seat_link_is_listed_for_that_visitor(client):
    game = _game(client, shared_device="0")
    red = game.seats.get(team=1)
    other = Client()
    other.get(reverse("simulator:baa-game", args=[red.token]))
    listing = other.get(reverse("simulator:baa-games"))
    assert reverse("simulator:baa-game", args=[red.token]) in listing.text
    assert game.host_token not in listing.text


def test_only_the_host_link_can_end_a_game_after_confirmation(client):
    game = _game(client, shared_device="0")
    page = client.get(reverse("simulator:baa-game", args=[game.host_token]))
    assert "data-confirm=" in page.text
    seat = game.seats.get(team=0)
    refused = client.post(reverse("simulator:baa-game-give-up", args=[seat.token]))
    assert refused.status_code == 404 and not BaaGame.objects.get(pk=game.pk).finished
    ended = client.post(reverse("simulator:baa-game-give-up", args=[game.host_token]))
    assert ended.status_code == 302 and BaaGame.objects.get(pk=game.pk).finished


def test_the_report_of_an_unknown_link_is_not_found(client):
    assert client.get(reverse("simulator:baa-game-report", args=["x"])).status_code == 404
    assert client.get(reverse("simulator:baa-game-state", args=["x"])).status_code == 404


def test_polling_a_deleted_game_stops_with_286_and_a_german_note(client):
    game = _game(client)
    url = reverse("simulator:baa-game-state", args=[game.host_token])
    game.delete()
    response = client.get(url, {"v": 1}, **HTMX)
    assert response.status_code == 286
    assert "Diese Partie gibt es nicht mehr" in response.text
    assert "hx-trigger" not in response.text


@pytest.mark.parametrize("garbage", ["٣", "²", "9" * 30, "<b>x</b>", ""])
def test_garbage_in_every_field_of_the_new_game_form_is_explained_on_the_page(client, garbage):
    fields = ["teams", "map_choice", "shared_device", "end_kind", "end_value"]
    data = {name: garbage for name in fields + [f"seat_{t}" for t in range(6)]}
    response = client.post(reverse("simulator:baa-game-new"), data)
    assert response.status_code == 400
    assert_every_error_shown(response)
    assert not BaaGame.objects.exists()


@pytest.mark.parametrize("garbage", ["٣", "²", "9" * 30, "-1", "", "x" * 5000])
def test_garbage_in_an_input_is_refused_in_german_and_changes_nothing(client, garbage):
    game = _game(client)
    data = {name: garbage for name in ("team", "v", "aktion", "wert", "x", "y", "modus")}
    response = _post(client, game.host_token, **data)
    assert response.status_code == 200 and 'role="alert"' in response.text
    assert BaaGame.objects.get(pk=game.pk).version == game.version


@pytest.mark.parametrize("garbage", ["٣", "²", "9" * 30, "-1", "x"])
def test_garbage_round_or_event_numbers_show_the_report_anyway(client, garbage):
    game = _game(client)
    url = reverse("simulator:baa-game-report", args=[game.host_token])
    assert client.get(url, {"runde": garbage}).status_code == 200
    assert client.get(url, {"ereignis": garbage}).status_code == 200
    page = client.get(reverse("simulator:baa-game", args=[game.host_token]), {"team": garbage})
    assert page.status_code == 200 and "wählt jetzt verdeckt" in page.text


def test_the_report_draws_the_table_as_it_stood_after_the_round_or_the_event(client):
    game = _game(client, seat_0="greedy", seat_1="greedy", end_kind="rounds", end_value="2")
    while not game.finished:
        game = play.advance(game=game)
    url = reverse("simulator:baa-game-report", args=[game.host_token])
    setup = client.get(url, {"runde": 0})
    after_one = client.get(url, {"runde": 1})
    assert 'class="baa-map' in setup.text and "Der Tisch bei der Aufstellung" in setup.text
    assert "Der Tisch nach Runde 1" in after_one.text

    def figures(page):
        pattern = r'data-figure="[^"]+" transform="translate\(([\d.]+) ([\d.]+)\)'
        return re.findall(pattern, page.text)

    assert figures(setup) != figures(after_one)
    first = client.get(url, {"ereignis": 0})
    assert figures(first) == figures(setup)  # the first line is before anyone moved


def _two_phones(client):
    game = _game(client, shared_device="0")
    return game, {s.team: s.token for s in game.seats.all()}


def test_a_turn_that_arrives_by_polling_shows_the_zoomed_map(client):
    _game_row, seats = _two_phones(client)
    green = client.get(reverse("simulator:baa-game", args=[seats[0]]))
    # the waiting page polls without a zoom of its own
    poll = re.search(r'data-hx-get="([^"]*/stand/[^"]*)"', green.text).group(1)
    assert "zoom=" not in poll
    _post(client, seats[0], team=0, v=1, aktion="pick", wert="0:A", schritt="1.1")
    _post(client, seats[1], team=1, v=1, aktion="pick", wert="1:F", schritt="1.1")
    polled = client.get(poll.replace("&amp;", "&"), **HTMX)
    assert "ist dran" in polled.text
    assert 'viewBox="0 0 48 48"' not in polled.text  # the 16" view around the figure


def test_the_whole_table_chosen_holds_only_for_that_activation(client):
    _game_row, seats = _two_phones(client)
    _post(client, seats[0], team=0, v=1, aktion="pick", wert="0:A", schritt="1.1")
    _post(client, seats[1], team=1, v=2, aktion="pick", wert="1:F", schritt="1.1")
    url = reverse("simulator:baa-game-state", args=[seats[0]])
    whole = client.get(url, {"zoom": "0", "fuer": "1-0:A"}, **HTMX)
    assert 'viewBox="0 0 48 48"' in whole.text
    assert "zoom=0&amp;fuer=1-0:A" in whole.text  # the poll keeps the choice
    other = client.get(url, {"zoom": "0", "fuer": "1-0:B"}, **HTMX)
    assert 'viewBox="0 0 48 48"' not in other.text


def test_every_map_has_its_legend_and_figures_large_enough_on_the_whole_table(client):
    game, _seats = _two_phones(client)
    page = client.get(reverse("simulator:baa-game", args=[game.host_token]))
    assert 'class="baa-legend"' in page.text and "gestrichelter Ring" in page.text
    assert 'viewBox="0 0 48 48"' in page.text and "scale(2)" in page.text
    bot = client.get(reverse("simulator:baa"), {"teams": "2", "seed": "1", "bot": "greedy"})
    assert 'class="baa-legend"' in bot.text and "scale(2)" in bot.text


def test_a_finished_game_offers_no_end_button(client):
    game = _game(client, shared_device="0")
    url = reverse("simulator:baa-game", args=[game.host_token])
    assert "Partie beenden" in client.get(url).text
    client.post(reverse("simulator:baa-game-give-up", args=[game.host_token]))
    polled = client.get(reverse("simulator:baa-game-state", args=[game.host_token]), **HTMX)
    assert "Partie beenden" not in polled.text and "Partie beenden" not in client.get(url).text


def test_another_seat_hands_a_team_whose_phone_left_to_a_bot(client):
    game, seats = _two_phones(client)
    _post(client, seats[0], team=0, v=1, aktion="pick", wert="0:A", schritt="1.1")
    page = client.get(reverse("simulator:baa-game", args=[seats[0]]))
    url = reverse("simulator:baa-game-seat-bot", args=[seats[0], 1])
    assert f'action="{url}" data-confirm=' in page.text  # asked first
    response = client.post(url, **HTMX)
    assert "Ab jetzt spielt ein Bot für Team Rot" in response.text
    stored = BaaGame.objects.get(pk=game.pk)
    assert stored.seats.get(team=1).kind == "greedy"
    assert 1 not in play.engine_of(stored).waiting_for()  # the bot picked at once


def test_a_seat_cannot_hand_its_own_team_to_a_bot(client):
    game, seats = _two_phones(client)
    url = reverse("simulator:baa-game-seat-bot", args=[seats[1], 1])
    response = client.post(url, **HTMX)
    assert "Dein eigenes Team" in response.text
    assert BaaGame.objects.get(pk=game.pk).seats.get(team=1).kind == "person"
