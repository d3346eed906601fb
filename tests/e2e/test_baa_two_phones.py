"""The Baa on two phones (375 x 812): hidden picks made at the same moment both count, and the
seat whose turn arrives by the page's own polling sees the zoomed map, with readable figures.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from simulator.baa import play
from simulator.models import BaaGame

pytestmark = pytest.mark.e2e

WHOLE = "0 0 48 48"


def _two_phone_game() -> BaaGame:
    return play.create_game(
        visitor="phones",
        seats=["person", "person"],
        map_choice="kirkwall",
        end_kind="rounds",
        end_value=2,
        shared_device=False,
        seed=3,
    )


def _open_seats(new_page, live_server, game) -> list[Page]:
    phones = []
    for team in (0, 1):
        phone = new_page()
        phone.goto(f"{live_server.url}{game.seats.get(team=team).get_absolute_url()}")
        expect(phone.get_by_role("heading", name="Karte wählen (verdeckt)")).to_be_visible()
        phones.append(phone)
    return phones


def _card(phone: Page, name: str):
    return phone.get_by_role("button", name=re.compile(rf"^{name}\b"))


def _rank_letter_heights(phone: Page) -> list[float]:
    return phone.evaluate(
        "[...document.querySelectorAll('svg.baa-live .figure__rank')]"
        ".map(t => t.getBoundingClientRect().height)"
    )


def test_two_phones_picking_at_the_same_moment_both_count(new_page, live_server, assert_accessible):
    game = _two_phone_game()
    green, red = _open_seats(new_page, live_server, game)
    # the whole table while waiting: rank letters still readable on a phone
    assert green.locator("svg.baa-live").get_attribute("viewBox") == WHOLE
    assert min(_rank_letter_heights(green)) >= 9
    # the seat picks its figure by a card button at least 44 px tall
    heights = green.evaluate(
        "[...document.querySelectorAll('.baa-buttons .action-button')]"
        ".map(b => b.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 44
    assert_accessible(green)

    # both pages were drawn at the same version; both taps go out before either answer is in
    _card(green, "Grün A").click(no_wait_after=True)
    _card(red, "Rot F").click(no_wait_after=True)

    for phone in (green, red):
        expect(phone.locator("#baa-board")).not_to_contain_text("Inzwischen")
        expect(phone.get_by_role("heading", name="Karte wählen (verdeckt)")).to_have_count(0)
    engine = play.engine_of(BaaGame.objects.get(pk=game.pk))
    assert sorted(team for team, _ in engine.inputs) == [0, 1]
    assert engine.pending["type"] != "pick"
    assert green.evaluate("document.documentElement.scrollWidth") <= 375


def test_the_acting_seat_sees_the_zoomed_map_after_the_automatic_refresh(
    new_page, live_server, assert_accessible
):
    game = _two_phone_game()
    green, red = _open_seats(new_page, live_server, game)
    _card(green, "Grün A").click()
    expect(green.locator(".baa-wait")).to_contain_text("Rot")
    assert green.locator("svg.baa-live").get_attribute("viewBox") == WHOLE

    _card(red, "Rot F").click()
    # Green A acts first; Green's page learns it only by polling, and zooms in
    expect(green.get_by_role("heading", name="Grün A ist dran")).to_be_visible(timeout=15000)
    box = green.locator("svg.baa-live").get_attribute("viewBox")
    assert box != WHOLE and box.split()[2:] == ["16", "16"]
    assert min(_rank_letter_heights(green)) >= 9
    expect(green.locator(".baa-legend")).to_be_visible()
    assert_accessible(green)


def test_a_page_whose_game_was_deleted_says_so_and_stops_polling(new_page, live_server):
    game = _two_phone_game()
    phone = new_page()
    phone.goto(f"{live_server.url}{game.seats.get(team=0).get_absolute_url()}")
    game.delete()
    expect(phone.get_by_role("alert")).to_contain_text(
        "Diese Partie gibt es nicht mehr", timeout=15000
    )
    polls = []
    phone.on(
        "request", lambda request: polls.append(request.url) if "/stand/" in request.url else None
    )
    phone.wait_for_timeout(5000)  # two and a half polling periods
    assert polls == []
