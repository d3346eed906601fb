"""BALL in the browser, played only by tapping the board (piece → action → target), on a phone
and on a desktop: a whole hot-seat game, a whole game against the computer, the conventions of
the club's simulator (rotated figure, drawn stack, Esc, DEF/ATK), the touchdown announcement and
the warning in a stale second tab.

The test keeps its own copy of the game (the engine is deterministic, the "leicht" computer too)
to know what to tap next; the page is only ever driven by taps.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engines.ball import choose_action, parse_action
from simulator.ball import services

pytestmark = pytest.mark.e2e

VIEWPORTS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1366, "height": 768}}
URL = "/simulator/ball/"
MAX_ACTIONS = 400


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request, page: Page):
    page.set_viewport_size(VIEWPORTS[request.param])
    page.on("dialog", lambda dialog: dialog.accept())  # "start a new game?" confirmation
    return request.param


def game_div(page: Page):
    return page.locator("#ball-game")


def start_game(page: Page, base: str, *, mode: str, target: int = 1) -> None:
    page.goto(base + URL)
    before = game_div(page).get_attribute("data-version")
    page.get_by_text("Neues Spiel", exact=True).click()
    page.get_by_label("Gegner").select_option(mode)
    page.get_by_label("Computer", exact=True).select_option("leicht")
    page.locator("#id_target_score").fill(str(target))  # the link game form has one too
    page.get_by_role("button", name="Neues Spiel starten").click()
    expect(game_div(page)).not_to_have_attribute("data-version", before or "")
    page.evaluate("window.scrollTo(0, 0)")


def tap(page: Page, notation: str) -> None:
    """Play one action as a person does: the piece, its action kind when asked, the target,
    the second square when asked; END and the like by their button."""
    before = game_div(page).get_attribute("data-version")
    parts = parse_action(notation).parts()
    if parts.piece is None:
        page.locator(f'button[name="zug"][value="{notation}"]').click()
    else:
        page.locator(f'[data-hit="{parts.piece}"]').click()
        expect(page.locator(f'.cell--selected[data-square="{parts.piece}"]')).to_have_count(1)
        kind = page.locator(f'[data-kind="{parts.kind}"]')
        if kind.count():
            kind.click()
            expect(page.locator(f'[data-kind="{parts.kind}"].is-selected')).to_have_count(1)
        target = page.locator(f'[data-hit="{parts.target}"]')
        if parts.second is None and parts.keeper is None:
            expect(target).to_have_attribute("data-notation", notation)
        target.click()
        if parts.second is not None:
            expect(page.locator(f'.cell--chosen[data-square="{parts.target}"]')).to_have_count(1)
            second = page.locator(f'[data-hit="{parts.second}"]')
            if parts.keeper is None:
                expect(second).to_have_attribute("data-notation", notation)
            second.click()
        if parts.keeper is not None:
            page.locator(f'button[name="zug"][value="{notation}"]').click()
    expect(game_div(page)).not_to_have_attribute("data-version", before or "")


def carrier_dash(state) -> str | None:
    """The carrier's move that ends nearest its scoring row (a quick way to a touchdown)."""
    ball = state.ball
    if "carrier" not in ball or not ball["carrier"].startswith(state.player):
        return None
    best, best_progress = None, None
    for action in state.legal_actions():
        parts = action.parts()
        if parts.kind != "move" or parts.piece != ball["square"]:
            continue
        landing = parts.second if _is_dodge(state, action) else parts.target
        row = int(landing[1:])
        progress = row if state.player == "home" else 18 - row
        if best_progress is None or progress > best_progress:
            best, best_progress = str(action), progress
    return best


def _is_dodge(state, action) -> bool:
    """A dodge ends on its exit square (the second square); a tactical dodge on its target."""
    parts = action.parts()
    if parts.second is None:
        return False
    occupied = {p["square"] for p in state.pieces()}
    return parts.target in occupied


def expect_conventions_hold(page: Page) -> None:
    # The turn indicator tells DEF and ATK.
    expect(page.locator('[data-side="home"] [data-role]')).to_have_text(re.compile("DEF|ATK"))
    expect(page.locator('[data-side="away"] [data-role]')).to_have_text(re.compile("DEF|ATK"))


def test_hot_seat_game_by_taps_from_the_first_move_to_the_result(page: Page, live_server, viewport):
    start_game(page, live_server.url, mode="zu-zweit", target=1)
    game = services.ball_new_game(level="easy", computer=None, target_score=1, game_id="mirror")
    board = page.locator("[data-board]")

    # The whole board is visible at once, and tapping a piece does not move it.
    box = board.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORTS[viewport]["height"] + 1
    page.locator('[data-hit="G7"]').click()
    expect(page.locator('.cell--selected[data-square="G7"]')).to_have_count(1)
    assert board.bounding_box()["y"] == box["y"]

    # Esc cancels the action being built and leaves the game as it was.
    version = game_div(page).get_attribute("data-version")
    page.keyboard.press("Escape")
    expect(page.locator(".cell--selected")).to_have_count(0)
    expect(page.locator("[data-cancel]")).to_have_count(0)
    expect(game_div(page)).to_have_attribute("data-version", version)
    expect(page.locator('[data-piece="home S3"]')).to_have_attribute("data-square", "G7")

    expect(page.locator('[data-side="home"] [data-role]')).to_have_text("DEF")
    expect(page.locator('[data-side="away"] [data-role]')).to_have_text("ATK")
    expect(page.locator("[data-turn-indicator]")).to_contain_text("Heim (DEF)")

    opening = [
        "E7-G9",  # home ✕2
        "I7-K9",  # home ✕4
        "END",  # away passes its action phase
        "G9-F10",
        "K9-I11/J10",  # dodge: away ✕4 goes down on I11
    ]
    for notation in opening:
        tap(page, notation)
        game = services.ball_play(game=game, notation=notation)

    # A knocked-down figure is drawn rotated.
    down = page.locator('[data-piece="away X4"]')
    expect(down).to_have_attribute("data-state", "down")
    rotated = re.compile(r"rotate\(90\)")
    expect(down.locator(".figure__pose")).to_have_attribute("transform", rotated)
    expect(page.locator("[data-turn-indicator]")).to_contain_text("Gast (ATK)")

    # Away: END, then it must stand its ✕4 up (a resolution task, tapped on the board).
    tap(page, "END")
    game = services.ball_play(game=game, notation="END")
    task = _first_task(game)
    assert task.startswith("UP I11/")
    tap(page, task)
    game = services.ball_play(game=game, notation=task)

    # Home blocks away ✕2 on E11: the stack is drawn top on bottom, marked as a block.
    tap(page, "F10-E11")
    game = services.ball_play(game=game, notation="F10-E11")
    stack = page.locator('[data-stack="E11"]')
    expect(stack).to_have_attribute("data-role", "block")
    expect(stack).to_contain_text("B")
    expect(page.locator('[data-piece="home X2"]')).to_have_attribute("data-square", "E11")
    expect(page.locator('[data-piece="away X2"]')).to_have_attribute("data-square", "E11")
    expect(page.locator('[data-piece="home X2"]')).to_have_attribute(
        "aria-label", re.compile("blockt Gast ✕2")
    )
    expect_conventions_hold(page)

    # Then play on to the end: away runs its carrier home, home gives way.
    for _ in range(MAX_ACTIONS):
        state = game.record.replay()
        if state.is_over:
            break
        notation = _hot_seat_choice(state, len(game.record.actions))
        tap(page, notation)
        game = services.ball_play(game=game, notation=notation)
        if game.record.replay().score != state.score:
            break
    assert game.record.replay().is_over, "a touchdown decides a game to one touchdown"

    # The touchdown is announced on the board as it stood, then the result.
    announcement = page.locator("[data-touchdown]")
    expect(announcement).to_contain_text("Touchdown für")
    expect(page.locator("[data-ball]")).to_have_count(0)  # the ball is in the scorer's hands
    announcement.get_by_role("link", name="Zum Ergebnis").click()
    expect(page.locator(".result")).to_contain_text("gewinnt!")
    expect(page.locator("[data-hit]")).to_have_count(0)


def _first_task(game) -> str:
    return str(game.record.replay().legal_actions()[0])


def _hot_seat_choice(state, n: int) -> str:
    if state.player == "away":
        dash = carrier_dash(state)
        if dash and state.phase == "action":
            return dash
    elif state.phase == "action":
        return "END"
    return str(choose_action(state, "easy", seed=n))


def test_game_against_the_computer_by_taps(page: Page, live_server, viewport):
    start_game(page, live_server.url, mode="computer-heim", target=1)
    game = services.ball_new_game(level="easy", computer="home", target_score=1, game_id="m")
    expect(page.locator("[data-turn-indicator]")).to_contain_text("Du (ATK)")
    expect(page.locator(".last-actions")).to_contain_text("Computer hat gespielt")

    for _ in range(MAX_ACTIONS):
        state = game.record.replay()
        if state.is_over:
            break
        n = len(game.record.actions)
        notation = carrier_dash(state) if state.phase == "action" else None
        notation = notation or str(choose_action(state, "easy", seed=n))
        tap(page, notation)
        before = len(game.record.actions)
        game = services.ball_play(game=game, notation=notation)
        if len(game.record.actions) > before + 1 and not game.record.replay().is_over:
            # The computer answered: its last action is marked on the board.
            expect(page.locator(".last-actions")).to_contain_text("Computer hat gespielt")
            expect(page.locator(".cell--to").first).to_be_visible()
        if page.locator("[data-touchdown]").count():
            expect(page.locator("[data-touchdown]")).to_contain_text("Touchdown für")
            break
    state = game.record.replay()
    assert state.is_over
    page.goto(live_server.url + URL)
    expect(page.locator(".result")).to_be_visible()


def test_stale_second_tab_is_told_and_shows_the_current_game(page: Page, live_server, viewport):
    start_game(page, live_server.url, mode="zu-zweit", target=3)
    second = page.context.new_page()
    second.set_viewport_size(VIEWPORTS[viewport])
    second.goto(live_server.url + URL)
    version = game_div(second).get_attribute("data-version")

    # The second tab starts building an action; meanwhile the first tab plays.
    second.locator('[data-hit="G5"]').click()
    expect(second.locator('[data-hit="H6"]')).to_have_attribute("data-notation", "G5-H6")
    tap(page, "G7-H8")
    current = game_div(page).get_attribute("data-version")
    assert current != version

    # The second tab's tap does not play blind: it is told and shown the current game.
    second.locator('[data-hit="H6"]').click()
    expect(second.get_by_role("alert")).to_contain_text("in einem anderen Tab")
    expect(game_div(second)).to_have_attribute("data-version", current)
    expect(second.locator('[data-piece="home S3"]')).to_have_attribute("data-square", "H8")
    expect(second.locator('[data-piece="home X5"]')).to_have_attribute("data-square", "G5")

    # A tab that comes back into view asks whether the game moved on, and is refreshed.
    tap(page, "G5-F4")
    second.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(second.locator('[data-piece="home X5"]')).to_have_attribute("data-square", "F4")
    expect(second.get_by_role("alert")).to_contain_text("in einem anderen Tab")
    second.close()


def test_keyboard_play_keeps_the_focus_on_the_board(page: Page, live_server):
    page.goto(live_server.url + URL)
    page.locator('[data-hit="G7"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator('.cell--selected[data-square="G7"]')).to_have_count(1)
    expect(page.locator('[data-hit="G7"]')).to_be_focused()
    page.locator('[data-hit="H8"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator('[data-piece="home S3"]')).to_have_attribute("data-square", "H8")
    expect(page.locator("[data-hit]:focus")).to_have_count(1)


def test_ball_pages_while_choosing_pass_the_wcag_check(page: Page, live_server, assert_accessible):
    for path in (URL + "?feld=G7", "/simulator/ball/regeln/"):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        assert_accessible(page)
