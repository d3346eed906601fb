"""Verwaltung › Spiele at phone size: what an admin looks for is in view without swiping."""

import pytest
from playwright.sync_api import Page, expect

from matches.factories import open_season, play, squad, staff_user
from matches.services import dispute_match

pytestmark = pytest.mark.e2e

PASSWORD = "sicheres-pw-42"


def test_objection_is_in_view_on_the_phone_and_the_buttons_are_german(
    page: Page, live_server, reference_data, django_user_model
):
    home, away = squad(name="Hopfen Hooligans"), squad(name="Grüne Gefahr")
    open_season(by=staff_user())
    match = play(home, away, score=(2, 1))
    dispute_match(match=match, version=match.version, note="Es war 1:1.", by=away.coach)
    django_user_model.objects.create_superuser("chef", "chef@example.org", PASSWORD)

    page.goto(f"{live_server.url}/admin/login/")
    page.locator("#id_username").fill("chef")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("input[type=submit]").click()
    page.goto(f"{live_server.url}/admin/matches/match/")

    objection = page.locator(".objection", has_text="Es war 1:1.")
    expect(objection).to_be_in_viewport()
    box = objection.bounding_box()
    assert box["x"] + min(box["width"], 100) <= 375
    expect(page.get_by_role("button", name="Ausführen")).to_be_visible()
    expect(page.locator("#changelist-search input[type=submit]")).to_have_value("Suchen")
