"""The Baa bot match on a phone (375 x 812): dice drawn as dice, and a round stepped through
activation by activation, each with its table and its own events."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_a_visitor_steps_through_a_round_activation_by_activation(
    page: Page, live_server, assert_accessible
):
    page.goto(f"{live_server.url}/simulator/baa/?teams=2&seed=1&bot=greedy&runde=1")
    page.get_by_role("link", name=re.compile("Aktivierung für Aktivierung")).click()
    step = page.locator(".baa-steps span")
    expect(step).to_contain_text(re.compile(r"^Aktivierung 1 von \d+"))
    total = int(re.search(r"von (\d+)", step.inner_text()).group(1))
    page.get_by_role("link", name=re.compile("Aktivierung vor")).click()
    expect(step).to_contain_text(f"Aktivierung 2 von {total}")
    expect(page).to_have_url(re.compile(r"aktivierung=2"))
    # the events of this activation are open, their dice drawn as dice
    expect(page.locator(".round-detail")).to_have_attribute("open", "")
    dice = page.locator(".round-detail .die")
    if dice.count():
        box = dice.first.bounding_box()
        assert box["width"] >= 20 and box["height"] >= 20
    heights = page.evaluate(
        "[...document.querySelectorAll('svg.baa-map .figure__rank')]"
        ".map(t => t.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 9
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert_accessible(page)
