import pytest
from playwright.sync_api import Page, expect

from matches.factories import open_season, squad, staff_user
from roster.factories import UserFactory

pytestmark = pytest.mark.e2e


@pytest.fixture
def league(live_server, reference_data):
    coach = UserFactory(username="trainerin", password="sicheres-pw-42")
    home = squad(name="Hopfen Hooligans", coach=coach)
    away = squad(name="Grüne Gefahr")
    open_season(by=staff_user())
    return home, away


def log_in(page: Page, url: str):
    page.goto(url)
    page.get_by_label("Benutzername").fill("trainerin")
    page.get_by_label("Passwort").fill("sicheres-pw-42")
    page.get_by_role("button", name="Anmelden").click()


def test_coach_enters_a_result_with_an_injury_and_sees_table_and_status(
    page: Page, live_server, league
):
    home, away = league
    log_in(page, f"{live_server.url}/spiele/neu/")

    page.get_by_label("Heim").select_option(label=home.name)
    page.get_by_label("Gast").select_option(label=away.name)
    page.get_by_role("button", name="Weiter").click()

    page.get_by_label(f"Touchdowns {home.name}").fill("2")
    page.get_by_label(f"Touchdowns {away.name}").fill("1")
    row = page.locator(".casualty-row", has_text=f"{away.name} 1")
    row.get_by_text("🏥 ernsthaft verletzt").click()
    page.get_by_label(f"Journeymen von {away.name} mit Ausfall").fill("1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.get_by_role("button", name="Spiel speichern").click()

    expect(page.get_by_role("heading", level=1)).to_contain_text("2:1")
    expect(page.locator(".casualty-summary").first).to_contain_text("🏥")

    page.get_by_role("link", name="Tabelle", exact=True).click()
    first = page.locator("tbody tr").first
    expect(first).to_contain_text(home.name)
    # Win (3) plus one bonus point for two casualties caused (tick + journeyman).
    expect(first.locator('[data-col="points"]')).to_have_text("4")
    expect(first.locator('[data-col="cas"]')).to_have_text("2")

    page.get_by_role("link", name=away.name).click()
    injured = page.locator(".squad__player", has_text=f"{away.name} 1")
    expect(injured.locator("[data-status]")).to_contain_text("🏥")
    expect(page.locator("[data-journeymen]")).to_have_text(
        "1 × Human Lineman mit Einzelgänger (5+)"
    )
