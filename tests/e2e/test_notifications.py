"""Coach A enters a result on his phone; coach B gets one German mail (a real SMTP server on
the loopback, the real worker command), opens its link, logs in and confirms with one tap."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from matches.factories import open_season, squad, staff_user
from roster.factories import UserFactory

from ..notifications.mailbox import Mailbox, text_of

pytestmark = pytest.mark.e2e


@pytest.fixture
def mailbox(settings, live_server):
    box = Mailbox().start()
    settings.MAILERS = box.mailer()
    settings.SITE_URL = live_server.url
    yield box
    box.stop()


@pytest.fixture
def league(live_server, reference_data):
    anna = UserFactory(username="anna", email="anna@example.org", password="anna-pw-2026")
    bert = UserFactory(username="bert", email="bert@example.org", password="bert-pw-2026")
    home = squad(name="Hopfen Hooligans", coach=anna)
    away = squad(name="Grüne Gefahr", coach=bert)
    open_season(by=staff_user()).teams.add(home, away)
    return home, away


def log_in(page: Page, username: str, password: str):
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(password)
    page.get_by_role("button", name="Anmelden").click()


def test_the_other_coach_confirms_a_result_from_the_mail_he_gets(
    new_page, live_server, league, mailbox
):
    home, away = league
    anna = new_page()
    anna.goto(f"{live_server.url}/spiele/neu/")
    log_in(anna, "anna", "anna-pw-2026")
    anna.get_by_label("Heim").select_option(label=home.name)
    anna.get_by_label("Gast").select_option(label=away.name)
    anna.get_by_role("button", name="Weiter").click()
    anna.get_by_label(f"Touchdowns {home.name}").fill("2")
    anna.get_by_label(f"Touchdowns {away.name}").fill("1")
    anna.get_by_role("button", name="Spiel speichern").click()
    expect(anna.get_by_role("heading", level=1)).to_contain_text("2:1")

    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    [message] = mailbox.wait_for("bert@example.org")
    assert message["Subject"].startswith("Ergebnis eingetragen: Hopfen Hooligans – Grüne Gefahr")
    assert mailbox.to("anna@example.org") == []
    text = text_of(message)
    assert "anna hat das Ergebnis eingetragen: Hopfen Hooligans 2:1 Grüne Gefahr." in text
    link = re.search(r"Ergebnis bestätigen: (\S+)", text).group(1)

    bert = new_page()
    bert.goto(link)
    log_in(bert, "bert", "bert-pw-2026")
    expect(bert.locator("[data-result]")).to_contain_text("Hopfen Hooligans 2:1 Grüne Gefahr")
    button = bert.get_by_role("button", name="Ergebnis bestätigen")
    box = button.bounding_box()
    assert box["height"] >= 44
    assert bert.evaluate("document.documentElement.scrollWidth") <= 375
    button.click()
    expect(bert.locator("[data-confirmed]")).to_contain_text("bestätigt von bert")


def test_the_notification_pages_have_no_wcag_violations(
    new_page, live_server, reference_data, assert_accessible
):
    from matches.demo import DEMO_COACH
    from matches.models import Match

    call_command("setup_demo", verbosity=0)
    match = Match.objects.played().order_by("pk").first()
    page = new_page()
    failures = []
    for path in ["/konto/passwort-vergessen/", "/konto/passwort-vergessen/gesendet/"]:
        page.goto(f"{live_server.url}{path}")
        try:
            assert_accessible(page)
        except AssertionError as error:
            failures.append(str(error))
    page.goto(f"{live_server.url}/konto/anmelden/")
    log_in(page, DEMO_COACH.username, DEMO_COACH.password)
    page.wait_for_url(f"{live_server.url}/")
    # the demo's result, entered by the admin, waits for the coach on his start page
    expect(page.locator("[data-notifications]")).to_contain_text("Ergebnis eingetragen")
    for path in ["/", "/konto/", f"/konto/ergebnis/{match.pk}/"]:
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("networkidle")
        try:
            assert_accessible(page)
        except AssertionError as error:
            failures.append(f"{path}: {error}")
    assert not failures, "\n\n".join(failures)
