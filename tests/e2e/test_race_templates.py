import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_admin_changes_position_stats_and_public_race_page_shows_them(
    page: Page, live_server, admin_login
):
    user, password = admin_login
    page.goto(f"{live_server.url}/admin/")
    page.get_by_label("Benutzername").fill(user.username)
    page.get_by_label("Passwort").fill(password)
    page.get_by_role("button", name="Anmelden").click()

    page.goto(f"{live_server.url}/admin/rules/position/?q=Skeleton+Lineman")
    page.get_by_role("link", name="Skeleton Lineman").first.click()
    expect(page.locator("#id_ma")).to_have_value("5")
    page.locator("#id_ma").fill("6")
    page.locator("#id_av").fill("9")
    page.get_by_role("button", name=re.compile("^Sichern$")).click()
    expect(page.locator(".messagelist")).to_contain_text("erfolgreich geändert")

    position_race = page.context.new_page()
    position_race.goto(f"{live_server.url}/rassen/shambling-undead/")
    row = position_race.locator("tr", has_text="Skeleton Lineman")
    expect(row.locator('[data-stat="ma"]')).to_have_text("6")
    expect(row.locator('[data-stat="av"]')).to_have_text("9+")
    # The page fits a phone: nothing forces the body wider than the viewport.
    width = position_race.evaluate("document.documentElement.scrollWidth")
    assert width <= 375


def test_visitor_finds_race_from_navigation_on_phone(page: Page, live_server, reference_data):
    page.goto(f"{live_server.url}/")
    page.get_by_role("navigation", name="Hauptnavigation").get_by_role(
        "link", name="Rassen"
    ).click()
    page.get_by_role("link", name=re.compile("^Goblin")).first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Goblin")
    expect(page.locator("tr", has_text="Loony")).to_contain_text("Stunty")
