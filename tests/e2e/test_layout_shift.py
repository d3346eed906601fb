"""/fertigkeiten/ on a phone: the lazily loaded list does not push the page around (cumulative
layout shift at most 0.1, Google's "good"), measured in Chromium with a PerformanceObserver."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

# Registered before any script of the page: sums every layout shift without recent input.
OBSERVE_LAYOUT_SHIFT = """
window.__cls = 0;
window.__shifts = [];
new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__cls += entry.value;
        const moved = entry.sources.map((s) => s.node && `${s.node.nodeName}.${s.node.className}`);
        window.__shifts.push([entry.value, moved]);
    }
}).observe({type: 'layout-shift', buffered: true});
"""


def test_skills_page_has_no_layout_shift_above_a_tenth(page: Page, live_server, reference_data):
    page.add_init_script(OBSERVE_LAYOUT_SHIFT)

    # A phone on a slow network: the list arrives well after the page has been painted.
    def slow_list(route):
        page.wait_for_timeout(800)
        route.continue_()

    page.route("**/fertigkeiten/liste/**", slow_list)
    page.goto(f"{live_server.url}/fertigkeiten/")
    expect(page.locator("[data-skill-group]").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)  # let the observer report the last frames
    cls = page.evaluate("window.__cls")
    assert cls <= 0.1, f"cumulative layout shift {cls:.3f}: {page.evaluate('window.__shifts')}"
