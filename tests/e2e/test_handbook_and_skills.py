import re

import pytest
from playwright.sync_api import Page, expect

from rules.models import Position, Skill

pytestmark = pytest.mark.e2e


def wait_until_controlled_by_service_worker(page: Page, seconds: float = 15) -> None:
    # Polled from Python: wait_for_function would evaluate a string, which our CSP forbids.
    for _ in range(int(seconds * 10)):
        if page.evaluate("() => navigator.serviceWorker.controller !== null"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("Der Service Worker übernimmt die Seite nicht.")


def test_phone_user_jumps_from_contents_to_the_injury_table(
    page: Page, live_server, reference_data
):
    page.goto(f"{live_server.url}/regelheft/")
    page.get_by_text("Inhalt", exact=True).click()
    page.get_by_role("link", name="Verletzungen in Sevens").click()
    expect(page).to_have_url(re.compile("#verletzungen$"))
    expect(page.locator("#verletzungen-title")).to_be_in_viewport()
    page.locator("#tabelle-injury").scroll_into_view_if_needed()
    expect(page.locator("#tabelle-injury")).to_contain_text("Ernsthaft verletzt")


def test_position_an_admin_just_made_stunty_appears_in_the_handbook_stunty_table(
    page: Page, live_server, admin_login
):
    user, password = admin_login
    position = Position.objects.get(race__name="Dwarf", name="Dwarf Lineman")
    page.goto(f"{live_server.url}/admin/rules/position/{position.pk}/change/")
    page.get_by_label("Benutzername").fill(user.username)
    page.get_by_label("Passwort").fill(password)
    page.get_by_role("button", name="Anmelden").click()

    # The empty row of the "Start-Fertigkeiten" inline: pick the Stunty trait.
    page.locator("#starting_skills-group .select2-selection").last.click()
    page.locator(".select2-search__field").fill("Stunty")
    page.locator(".select2-results__option", has_text="Stunty").click()
    page.get_by_role("button", name=re.compile("^Sichern$")).click()
    expect(page.locator(".messagelist")).to_contain_text("erfolgreich geändert")

    page.goto(f"{live_server.url}/regelheft/#verletzungen")
    table = page.locator("#stunty-tabelle")
    expect(table.locator("table")).to_be_hidden()
    table.locator("summary").click()
    expect(table.locator("tr", has_text="Dwarf")).to_contain_text("Dwarf Lineman")
    expect(table.locator("tr", has_text="Goblin").first).to_be_visible()


@pytest.mark.parametrize("query", ["Ausweichen", "Dodge"])
def test_player_searches_a_skill_and_opens_its_explanation(
    page: Page, live_server, reference_data, query
):
    page.goto(f"{live_server.url}/fertigkeiten/")
    expect(page.locator("#skill-list [data-names]").first).to_be_attached()
    page.get_by_label("Suchen (deutsch oder englisch)").fill(query)
    dodge = page.locator("details#dodge")
    expect(dodge).to_be_visible()
    expect(page.locator("details#block")).to_be_hidden()
    if not dodge.evaluate("details => details.open"):
        dodge.locator("summary").click()
    expect(dodge).to_contain_text(Skill.objects.get(name="Dodge").explanation[:40])


@pytest.mark.browser_context_args(service_workers="allow")
def test_skills_page_works_again_with_the_network_switched_off(
    page: Page, live_server, reference_data
):
    page.goto(f"{live_server.url}/fertigkeiten/")
    expect(page.locator("details#dodge")).to_be_attached()
    # The first visit installs the service worker; once it controls the page, it has cached
    # the page, its list and the static files.
    wait_until_controlled_by_service_worker(page)

    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.get_by_role("heading", name="Fertigkeiten-Nachschlagewerk")).to_be_visible()
        expect(page.locator("details#dodge")).to_be_attached()
        page.get_by_label("Suchen (deutsch oder englisch)").fill("Ausweichen")
        expect(page.locator("details#dodge")).to_be_visible()
        expect(page.locator("details#block")).to_be_hidden()
    finally:
        page.context.set_offline(False)
