"""BALL on two phones through "Partie mit Link": two browser contexts play the game to its end
through the pages, a third watches; the winner's rematch has the sides swapped.

To keep the test short the game is set a few actions before its end through the engine (the
record of the game row); every action after that is given through the pages, by tapping the
board or the END button, and reaches the other phones by the page's own polling.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engines.ball import GameRecord, Options
from simulator.ball import link
from simulator.models import BallLinkGame

from ..simulator.ball.conftest import OPEN_SETUP, TOUCHDOWN_ACTIONS
from .test_ball import tap

pytestmark = pytest.mark.e2e

# Polling every 2 s: an update is on the other phone well within this.
POLL_MS = 6000


def _set_near_end(game: BallLinkGame, played: int) -> None:
    record = GameRecord(Options(setup=OPEN_SETUP, target_score=1), TOUCHDOWN_ACTIONS[:played])
    BallLinkGame.objects.filter(pk=game.pk).update(record=record.to_dict(), version=99)


def _end_turn(page) -> None:
    page.locator('button[name="zug"][value="END"]').click()


def test_two_phones_play_ball_to_the_end_through_the_link_game_and_a_third_watches(
    live_server, new_page, assert_accessible
):
    home = new_page()
    home.goto(live_server.url + "/simulator/ball/")
    home.get_by_text("Partie mit Link (zwei Geräte)").click()
    home.locator("#id_link-target_score").fill("1")
    home.get_by_role("button", name="Partie mit Link anlegen").click()
    expect(home.locator("[data-seat]")).to_have_text("Du spielst Heim.")
    away_url = home.locator('[data-share="gegner"]').input_value()
    watch_url = home.locator('[data-share="zuschauen"]').input_value()
    assert_accessible(home)

    game = BallLinkGame.objects.get()
    assert away_url.endswith(f"/{game.away_token}/") and watch_url.endswith(f"/{game.watch_token}/")
    _set_near_end(game, 3)  # home ended its turn, away ran L10-J8-H6; home to move

    away, watch = new_page(), new_page()
    for page, url in (
        (home, live_server.url + f"/simulator/ball/link/{game.home_token}/"),
        (away, away_url),
        (watch, watch_url),
    ):
        page.goto(url)
    expect(away.locator("[data-seat]")).to_have_text("Du spielst Gast.")
    expect(watch.locator("[data-seat]")).to_have_text("Du siehst zu.")
    expect(watch.locator("[data-hit]")).to_have_count(0)
    expect(away.locator("[data-hit]")).to_have_count(0)  # not away's turn

    _end_turn(home)
    # away's phone learns of it by polling, and may act now
    expect(away.locator('[data-hit="H6"]')).to_have_count(1, timeout=POLL_MS)
    tap(away, "H6-F4")
    tap(away, "F4-D2")
    expect(home.locator('button[name="zug"][value="END"]')).to_have_count(1, timeout=POLL_MS)
    _end_turn(home)
    expect(away.locator('[data-hit="D2"]')).to_have_count(1, timeout=POLL_MS)
    tap(away, "D2-E1")

    for page in (away, home, watch):
        expect(page.locator("[data-result]")).to_have_text("Gast gewinnt!", timeout=POLL_MS)
    expect(watch.locator("[data-touchdown]")).to_contain_text("Touchdown für Gast!")
    assert_accessible(watch)
    game.refresh_from_db()
    assert GameRecord.from_json(game.record).actions == TOUCHDOWN_ACTIONS

    # the rematch: who played away now plays home
    away.get_by_role("button", name="Revanche (Seiten getauscht)").click()
    expect(away.locator("[data-seat]")).to_have_text("Du spielst Heim.")
    expect(home.locator("[data-rematch]")).to_have_count(1, timeout=POLL_MS)
    home.locator("[data-rematch]").click()
    expect(home.locator("[data-seat]")).to_have_text("Du spielst Gast.")
    game.refresh_from_db()
    assert link.rematch_token(game, "home") == game.rematch.away_token


def test_a_move_from_a_phone_that_fell_behind_is_refused_and_the_page_resyncs(
    live_server, new_page
):
    game = link.create_link_game(visitor="e2e", target_score=1)
    _set_near_end(game, 3)
    home = new_page()
    home.goto(live_server.url + f"/simulator/ball/link/{game.home_token}/")
    home.evaluate("document.querySelector('[data-poll]').remove()")  # this page stops polling
    # meanwhile the other phone asked to take back its last action
    game.refresh_from_db()
    link.ask_undo(token=game.away_token, version=link.game_of(game).version)
    _end_turn(home)
    expect(home.locator(".sim-error--stale")).to_contain_text(
        "deine Eingabe wurde nicht ausgeführt"
    )
    expect(home.locator("[data-undo-request]")).to_contain_text("Gast möchte")
    home.get_by_role("button", name="Zustimmen").click()
    expect(home.locator("[data-undo-request]")).to_have_count(0)
    game.refresh_from_db()
    assert GameRecord.from_json(game.record).actions == TOUCHDOWN_ACTIONS[:2]  # J8-H6 back


def test_a_downloaded_game_loads_into_the_analysis_board_and_plays_on_from_any_position(
    live_server, new_page, tmp_path
):
    game = link.create_link_game(visitor="e2e", target_score=1)
    _set_near_end(game, 3)
    page = new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(live_server.url + f"/simulator/ball/link/{game.watch_token}/")
    with page.expect_download() as info:
        page.get_by_role("link", name="Notation (.txt)").click()
    saved = tmp_path / "partie.txt"
    info.value.save_as(saved)
    assert GameRecord.from_text(saved.read_text()).actions == TOUCHDOWN_ACTIONS[:3]

    page.goto(live_server.url + "/simulator/ball/")
    page.get_by_text("Partie laden (Analyse)").click()
    page.locator("#id_datei").set_input_files(str(saved))
    page.get_by_role("button", name="Partie laden", exact=True).click()
    expect(page.locator("[data-turn-indicator]")).to_contain_text(
        "Frühere Stellung nach 0 Aktionen"
    )
    page.get_by_role("link", name="weiter ›").click()
    # each step is a page of its own: wait for it, or the second tap hits the old page's link
    expect(page.locator("[data-turn-indicator]")).to_contain_text("nach 1 Aktionen")
    page.get_by_role("link", name="weiter ›").click()
    expect(page.locator("[data-turn-indicator]")).to_contain_text("nach 2 Aktionen")
    page.locator("[data-from-here]").click()
    expect(page.locator("[data-turn-indicator]")).to_contain_text("Zug 2 von 40")
    expect(page.locator('[data-piece="away X5"]')).to_have_attribute("data-square", "J8")
