"""Every main page passes an automated WCAG 2 AA check (axe-core) at phone size."""

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from matches.demo import DEMO_ADMIN, DEMO_COACH
from matches.models import Match
from roster.models import Team

pytestmark = pytest.mark.e2e


@pytest.fixture
def demo_league(live_server, reference_data):
    call_command("setup_demo", verbosity=0)


def _public_paths() -> list[str]:
    match = Match.objects.order_by("pk").first()
    team = Team.objects.order_by("pk").first()
    return [
        "/",
        "/tabelle/",
        "/spiele/",
        f"/spiele/{match.pk}/",
        "/teams/",
        f"/teams/{team.pk}/",
        "/rassen/",
        "/rassen/orc/",
        "/regelheft/",
        "/fertigkeiten/",
        "/fertigkeiten/block/",
        "/konto/anmelden/",
        "/simulator/",
        "/simulator/ball/",
        "/simulator/ball/regeln/",
        "/simulator/baa/partien/",
        "/simulator/baa/partien/neu/",
        "/simulator/baa/?teams=2&seed=1&bot=greedy",
        "/simulator/baa/?teams=4&seed=7&bot=random&runde=1",
        "/gibt-es-nicht/",
    ]


def test_public_pages_have_no_wcag_violations(
    page: Page, live_server, demo_league, assert_accessible
):
    failures = []
    for path in _public_paths():
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("networkidle")
        try:
            assert_accessible(page)
        except AssertionError as error:
            failures.append(str(error))
    assert not failures, "\n\n".join(failures)


def _log_in(page: Page, live_server, login) -> None:
    page.goto(f"{live_server.url}/konto/anmelden/")
    page.get_by_label("Benutzername").fill(login.username)
    page.get_by_label("Passwort").fill(login.password)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{live_server.url}/")


def _check_all(page: Page, live_server, paths, assert_accessible) -> None:
    failures = []
    for path in paths:
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("networkidle")
        try:
            assert_accessible(page)
        except AssertionError as error:
            failures.append(str(error))
    assert not failures, "\n\n".join(failures)


def test_coach_pages_have_no_wcag_violations(
    page: Page, live_server, demo_league, assert_accessible
):
    _log_in(page, live_server, DEMO_COACH)
    team = Team.objects.get(coach__username=DEMO_COACH.username)
    paths = [
        "/teams/neu/",
        "/teams/neu/orc/",
        f"/teams/{team.pk}/",
        f"/teams/{team.pk}/spieler/neu/",
        "/spiele/neu/",
    ]
    _check_all(page, live_server, paths, assert_accessible)


def test_admin_match_pages_have_no_wcag_violations(
    page: Page, live_server, demo_league, assert_accessible
):
    _log_in(page, live_server, DEMO_ADMIN)
    match = Match.objects.order_by("pk").first()
    paths = [f"/spiele/{match.pk}/", f"/spiele/{match.pk}/bearbeiten/"]
    _check_all(page, live_server, paths, assert_accessible)


def test_forms_showing_errors_have_no_wcag_violations(
    page: Page, live_server, demo_league, assert_accessible
):
    page.goto(f"{live_server.url}/konto/anmelden/")
    page.get_by_label("Benutzername").fill("niemand")
    page.get_by_label("Passwort").fill("falsch")
    page.get_by_role("button", name="Anmelden").click()
    expect(page.locator(".form-errors")).to_be_visible()
    assert_accessible(page)

    _log_in(page, live_server, DEMO_ADMIN)
    page.goto(f"{live_server.url}/teams/neu/orc/")
    # Skip the browser's own checks so the server's error messages are on the page.
    page.locator("form.form").evaluate("form => form.noValidate = true")
    page.get_by_role("button", name="Team speichern").click()
    expect(page.locator(".player-row .form-errors").first).to_be_visible()
    assert_accessible(page)

    match = Match.objects.order_by("pk").first()
    page.goto(f"{live_server.url}/spiele/{match.pk}/bearbeiten/")
    page.locator("input[name=home_touchdowns]").fill("")
    page.get_by_role("button", name="Spiel speichern").click()
    expect(page.locator(".form-errors").first).to_be_visible()
    assert_accessible(page)


def test_baa_game_played_by_people_has_no_wcag_violations(
    page: Page, live_server, demo_league, assert_accessible
):
    page.goto(f"{live_server.url}/simulator/baa/partien/neu/")
    page.get_by_role("button", name="Partie anlegen").click()
    expect(page.get_by_text("wählt jetzt verdeckt eine Karte").first).to_be_visible()
    assert_accessible(page)
