"""The simulators on a phone: play a BALL action against the computer, run a Baa game."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_visitor_plays_ball_actions_and_the_computer_answers(page: Page, live_server):
    page.goto(f"{live_server.url}/simulator/")
    page.get_by_role("link", name=re.compile("BALL")).first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("BALL")

    # Tap the piece on G7, then the highlighted target H8 (htmx swaps the game in place).
    page.locator('[data-hit="G7"]').click()
    expect(page.locator(".prompt")).to_contain_text("Zielfeld")
    page.locator('[data-hit="H8"]').click()
    expect(page.locator(".history")).to_contain_text("G7-H8")

    # A typed illegal action shows the German error and changes nothing.
    page.get_by_label("Oder Zug in Notation eingeben").fill("A1-B2")
    page.get_by_role("button", name="Ziehen").click()
    expect(page.get_by_role("alert")).to_contain_text("ist in dieser Stellung nicht erlaubt")
    expect(page.get_by_role("alert")).to_contain_text("Auf A1 steht keine Figur.")
    expect(page.locator(".history summary")).to_contain_text("1 Aktion")

    # Ending the turn lets the computer play; its actions are listed.
    page.get_by_role("button", name="Aktionsphase beenden").click()
    expect(page.locator(".last-actions")).to_contain_text("Computer hat gespielt")
    expect(page.locator("[data-turn-indicator]")).to_contain_text("Du (DEF)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_visitor_runs_a_baa_game_and_steps_through_rounds(page: Page, live_server):
    page.goto(f"{live_server.url}/simulator/baa/")
    page.get_by_label("Teams").fill("3")
    page.get_by_label("Seed").fill("2")
    page.get_by_role("button", name="Partie spielen").click()

    expect(page.get_by_role("heading", name="Ergebnis")).to_be_visible()
    expect(page.locator(".team-goals li")).to_have_count(3)
    expect(page.locator(".baa-map .figure")).to_have_count(18)
    last = page.locator(".round-nav span").first.inner_text()

    page.get_by_role("link", name=re.compile("zurück")).click()
    expect(page.get_by_role("heading", name=re.compile(r"^Stand nach Runde \d+"))).to_be_visible()
    expect(page.locator(".round-nav span").first).not_to_have_text(last)
    expect(page).to_have_url(re.compile(r"runde=\d+"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_baa_form_shows_german_errors_on_phone(page: Page, live_server):
    page.goto(f"{live_server.url}/simulator/baa/?teams=9&seed=x&bot=greedy")
    expect(page.get_by_role("alert")).to_contain_text("höchstens 6 Teams")
    expect(page.get_by_role("alert")).to_contain_text("Seed muss eine ganze Zahl sein")
