"""The schedule, appointments and the 24-hour rule as coaches use them on a phone."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from roster.factories import UserFactory

pytestmark = pytest.mark.e2e

PASSWORD = "sicheres-pw-42"


@pytest.fixture
def league(live_server, reference_data, admin_login):
    from league.services import start_next_season
    from matches.factories import squad

    coach = UserFactory(username="trainerin", password=PASSWORD)
    rival = UserFactory(username="gegner", password=PASSWORD)
    mine = squad(name="Hopfen Hooligans", coach=coach)
    theirs = squad(name="Grüne Gefahr", coach=rival)
    third = squad(name="Dritte Macht")
    admin, _ = admin_login
    start_next_season(by=admin)
    return mine, theirs, third


def log_in(page: Page, live_server, path: str, username: str, password: str = PASSWORD):
    """Log out whoever is logged in, log in as `username`, land on `path`."""
    page.goto(f"{live_server.url}{path}")
    if page.get_by_role("button", name="Abmelden").count():
        page.get_by_role("button", name="Abmelden").click()
        # Logging out first clears the phone's drafts (static/js/drafts.js), then submits: wait
        # for the page after it, or the next navigation would cut the logout short.
        expect(page.get_by_role("button", name="Abmelden")).to_have_count(0)
    page.goto(f"{live_server.url}/konto/anmelden/?next={path}")
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(password)
    page.get_by_role("button", name="Anmelden").click()


def local_input(hours: float) -> str:
    moment = timezone.localtime(timezone.now() + timedelta(hours=hours))
    return moment.strftime("%Y-%m-%dT%H:%M")


def open_pairing(page: Page, live_server, first: str, second: str):
    page.goto(f"{live_server.url}/spiele/spielplan/")
    page.locator(".match-list__item").filter(has_text=first).filter(has_text=second).click()


def fits_the_phone(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 375


def test_schedule_appointments_and_the_24_hour_rule_on_a_phone(page: Page, live_server, league):
    mine, theirs, third = league
    page.on("dialog", lambda dialog: dialog.accept())

    # The admin generates the schedule: three teams, each pair once, a bye per round.
    log_in(page, live_server, "/spiele/spielplan/", "chef", "geheim-123")
    page.get_by_text("Spielplan erzeugen (Admin)").click()
    page.get_by_label("Jeder gegen jeden").select_option("1")
    page.get_by_role("button", name="Spielplan erzeugen").click()
    expect(page.locator(".messages")).to_contain_text("3 neue Spiele")
    expect(page.locator(".schedule-round")).to_have_count(3)
    assert fits_the_phone(page)

    # The coach sets an appointment, the opponent moves it to 23 hours from now.
    log_in(page, live_server, "/", "trainerin")
    open_pairing(page, live_server, mine.name, theirs.name)
    page.get_by_label("Termin festlegen").fill(local_input(72))
    page.get_by_role("button", name="Termin speichern").click()
    expect(page.locator(".messages")).to_contain_text("Termin gespeichert")
    assert fits_the_phone(page)

    log_in(page, live_server, "/", "gegner")
    open_pairing(page, live_server, mine.name, theirs.name)
    page.get_by_label("Termin verschieben").fill(local_input(23))
    page.get_by_role("button", name="Termin speichern").click()
    expect(page.locator(".messages")).to_contain_text("Termin gespeichert")

    # The coach cancels 23 hours before: a forfeit, his team loses 0:3.
    log_in(page, live_server, "/", "trainerin")
    open_pairing(page, live_server, mine.name, theirs.name)
    expect(page.locator(".cancel-form")).to_contain_text("eine Absage zählt als 0:3-Niederlage")
    page.get_by_role("button", name="Absagen").click()
    expect(page.locator(".messages")).to_contain_text(f"{mine.name} verliert kampflos 0:3")
    expect(page.get_by_role("heading", level=1)).to_contain_text("0:3")

    page.get_by_role("link", name="Tabelle", exact=True).click()
    winner = page.locator("tbody tr", has_text=theirs.name)
    expect(winner.locator('[data-col="points"]')).to_have_text("3")
    expect(winner.locator('[data-col="td"]')).to_have_text("3:0")
    expect(winner.locator('[data-col="bonus"]')).to_have_text("0")
    expect(winner.locator('[data-col="cas"]')).to_have_text("0")
    loser = page.locator("tbody tr", has_text=mine.name)
    expect(loser.locator('[data-col="played"]')).to_have_text("1")
    expect(loser.locator('[data-col="lost"]')).to_have_text("1")
    expect(loser.locator('[data-col="td"]')).to_have_text("0:3")

    # Another match, cancelled 25 hours before: no penalty, it gets a new date.
    open_pairing(page, live_server, mine.name, third.name)
    page.get_by_label("Termin festlegen").fill(local_input(25))
    page.get_by_role("button", name="Termin speichern").click()
    page.get_by_role("button", name="Absagen").click()
    expect(page.locator(".messages")).to_contain_text("rechtzeitig abgesagt")
    expect(page.locator("[data-appointment]")).to_contain_text("Noch kein Termin")
    page.get_by_label("Termin festlegen").fill(local_input(96))
    page.get_by_role("button", name="Termin speichern").click()
    expect(page.locator("[data-appointment]")).to_contain_text("Termin:")

    page.get_by_role("link", name="Tabelle", exact=True).click()
    expect(
        page.locator("tbody tr", has_text=third.name).locator('[data-col="played"]')
    ).to_have_text("0")

    # The coach's start page lists what waits for him.
    page.get_by_role("link", name="Hopfen&Sieg").first.click()
    agenda = page.locator(".agenda")
    expect(agenda).to_contain_text("Deine Teams")
    expect(agenda.locator('[data-agenda="appointments"]')).to_contain_text(third.name)
    expect(agenda.get_by_role("link", name="Spiel eintragen")).to_be_visible()
    assert fits_the_phone(page)
    agenda.get_by_role("link", name="Spiel eintragen").click()
    expect(page.get_by_label("Heim")).to_have_value(str(mine.pk))
