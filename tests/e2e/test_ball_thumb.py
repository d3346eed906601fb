"""The BALL board at 375×812 with a thumb: piece, action and target on one screen without
scrolling, feedback for a piece that cannot act, the last move shown once, the touchdown in
view; with axe-core on the page while an action is being chosen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engines.ball import GameRecord, Options
from simulator.ball import link
from simulator.models import BallLinkGame

from ..simulator.ball.conftest import OPEN_SETUP, TOUCHDOWN_ACTIONS
from .test_ball import start_game, tap

pytestmark = pytest.mark.e2e

HEIGHT = 812


def _inside_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT + 1, (selector, box)


def test_piece_action_and_target_are_on_one_phone_screen(page: Page, live_server):
    page.set_viewport_size({"width": 375, "height": HEIGHT})
    page.on("dialog", lambda dialog: dialog.accept())
    start_game(page, live_server.url, mode="zu-zweit", target=1)
    tap(page, "END")  # away (ATK) to move, its ✕5 on G13 carries the ball
    page.evaluate("window.scrollTo(0, 0)")

    page.locator('[data-hit="G13"]').click()
    expect(page.locator('[data-kind="move"]')).to_have_count(1)
    page.locator('[data-kind="long pass"]').click()
    expect(page.locator('[data-kind="long pass"].is-selected')).to_have_count(1)
    for selector in ('[data-kind="long pass"]', ".cell--selected", ".target-ring", "[data-board]"):
        _inside_screen(page, selector)
    assert page.evaluate("window.scrollY") == 0
    # the squares are as large as the width allows: a playable square's diamond is ~55 px wide
    assert page.locator('.cell[data-square="G13"]').bounding_box()["width"] >= 50


def test_tapping_a_piece_that_cannot_act_says_why(page: Page, live_server, assert_accessible):
    page.set_viewport_size({"width": 375, "height": HEIGHT})
    page.goto(live_server.url + "/simulator/ball/")
    page.locator('[data-hit="G13"]').click()  # the computer's piece
    expect(page.locator("[data-refused]")).to_contain_text("gehört dem Gegner")
    expect(page.locator('.cell--refused[data-square="G13"]')).to_have_count(1)
    page.locator('[data-hit="G7"]').click()
    expect(page.locator("[data-refused]")).to_have_count(0)
    assert_accessible(page)


def test_the_last_move_slides_once_and_not_on_every_tap(page: Page, live_server):
    page.set_viewport_size({"width": 375, "height": HEIGHT})
    page.on("dialog", lambda dialog: dialog.accept())
    start_game(page, live_server.url, mode="zu-zweit", target=1)
    tap(page, "G7-H8")
    # just played: the move is drawn sliding (as long as it is still in the page)
    page.locator('[data-hit="G5"]').click()
    expect(page.locator(".cell--selected")).to_have_count(1)
    expect(page.locator(".ball-board animateTransform")).to_have_count(0)
    page.reload()
    expect(page.locator(".ball-board animateTransform")).to_have_count(0)


def test_the_touchdown_is_in_view_on_a_phone(page: Page, live_server):
    page.set_viewport_size({"width": 375, "height": HEIGHT})
    game = link.create_link_game(visitor="e2e", target_score=2)
    record = GameRecord(Options(setup=OPEN_SETUP, target_score=2), TOUCHDOWN_ACTIONS[:-1])
    BallLinkGame.objects.filter(pk=game.pk).update(record=record.to_dict(), version=5)
    page.goto(live_server.url + f"/simulator/ball/link/{game.away_token}/")
    tap(page, TOUCHDOWN_ACTIONS[-1])
    expect(page.locator("[data-touchdown]")).to_contain_text("Touchdown für Gast!")
    _inside_screen(page, '[data-piece="away X5"][data-square="E1"]')
    _inside_screen(page, "[data-touchdown] .button")


def test_the_rules_page_with_its_diagrams_passes_the_wcag_check(
    page: Page, live_server, assert_accessible
):
    page.set_viewport_size({"width": 375, "height": HEIGHT})
    page.goto(live_server.url + "/simulator/ball/regeln/")
    for section in ("ziel", "zug", "ballbesitz", "karten"):
        expect(page.locator(f"#{section} .diagram svg.ball-board")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert_accessible(page)


def test_on_the_link_page_piece_and_targets_are_on_one_phone_screen(page: Page, live_server):
    page.set_viewport_size({"width": 375, "height": HEIGHT})
    game = link.create_link_game(visitor="e2e")
    page.goto(live_server.url + f"/simulator/ball/link/{game.home_token}/")
    page.locator('[data-hit="G5"]').click()
    expect(page.locator(".cell--selected")).to_have_count(1)
    for selector in (".cell--selected", ".target-ring", "[data-board]", "[data-tools]"):
        _inside_screen(page, selector)
    assert page.evaluate("window.scrollY") == 0
