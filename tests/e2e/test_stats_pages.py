"""The archive, leaders, ratings and record pages with their charts pass axe-core (WCAG 2 AA)
at phone size and fit its width."""

import pytest
from playwright.sync_api import Page

from ..stats.conftest import build_small_league

pytestmark = pytest.mark.e2e


def test_statistics_pages_and_charts_pass_axe_at_phone_width(
    page: Page, live_server, reference_data, assert_accessible
):
    league = build_small_league()
    paths = [
        "/saisons/",
        "/saisons/bestenlisten/",
        f"/saisons/bestenlisten/?saison={league.first.pk}",
        "/saisons/elo/",
        f"/saisons/teams/{league.alpha.pk}/",
        f"/saisons/coaches/{league.alpha.coach_id}/",
        f"/teams/{league.alpha.pk}/kader-drucken/",
    ]
    failures = []
    for path in paths:
        page.goto(f"{live_server.url}{path}")
        try:
            assert_accessible(page)
        except AssertionError as error:
            failures.append(f"{path}: {error}")
        overflow = page.evaluate("document.documentElement.scrollWidth")
        if overflow > 375:
            failures.append(f"{path}: {overflow}px wide")
    page.goto(f"{live_server.url}/saisons/teams/{league.alpha.pk}/")
    assert page.locator("svg.chart[role=img]").count() == 3
    width = page.locator("svg.chart").first.bounding_box()["width"]
    assert 250 < width <= 375
    assert not failures, "\n\n".join(failures)
