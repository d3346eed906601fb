"""The API's docs page (Swagger UI from our own static files) works under the site's CSP."""

import pytest
from playwright.sync_api import expect

from matches.factories import open_season, squad, staff_user

pytestmark = pytest.mark.e2e


def test_api_docs_page_lists_the_operations_without_csp_violations(
    new_page, live_server, reference_data
):
    squad(name="Hopfenfeld")
    open_season(by=staff_user())
    page = new_page()
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    outside = []
    page.on(
        "request",
        lambda r: outside.append(r.url) if not r.url.startswith(live_server.url) else None,
    )
    page.goto(f"{live_server.url}/api/v1/docs")
    expect(page.get_by_text("/api/v1/seasons", exact=True)).to_be_visible()
    expect(page.get_by_text("/api/v1/matches/{match_id}", exact=True)).to_be_visible()
    # open one operation and run it from the page: fetch to our own origin is allowed
    page.get_by_text("/api/v1/seasons", exact=True).click()
    page.get_by_role("button", name="Try it out").click()
    page.get_by_role("button", name="Execute").click()
    expect(page.locator(".live-responses-table tbody .response-col_status")).to_have_text("200")
    assert [p for p in problems if "Content Security Policy" in p] == []
    assert problems == []
    assert [url for url in outside if not url.startswith("data:")] == []
