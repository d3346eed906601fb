import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


@pytest.fixture
def coach_login(live_server, reference_data, django_user_model):
    django_user_model.objects.create_user("trainerin", password="sicheres-pw-42")
    return "trainerin", "sicheres-pw-42"


def test_coach_creates_a_team_on_the_phone_and_sees_the_squad(page: Page, live_server, coach_login):
    username, password = coach_login
    page.goto(f"{live_server.url}/teams/")
    page.get_by_role("link", name="Anmelden").click()
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(password)
    page.get_by_role("button", name="Anmelden").click()

    page.goto(f"{live_server.url}/teams/")
    page.get_by_role("link", name="Team anlegen").click()
    page.get_by_role("link", name="Orc", exact=True).click()
    page.get_by_label("Teamname").fill("Grüne Gefahr")
    rows = page.locator(".player-row")
    expect(rows).to_have_count(7)
    for index in range(7):
        rows.nth(index).get_by_label("Name").fill(f"Ork {index + 1}")
    # Seven Orc Linemen are prefilled; make one a Blitzer.
    rows.nth(6).get_by_label("Position").select_option(label="Orc Blitzer (0–2)")
    page.get_by_role("button", name="Team speichern").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Grüne Gefahr")
    expect(page.locator(".squad__player")).to_have_count(7)
    expect(page.locator(".squad__player", has_text="Ork 7")).to_contain_text("Orc Blitzer")
    expect(page.locator("[data-journeymen]")).to_have_text("keine")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_breaking_the_limits_keeps_the_form_and_explains_in_german(
    page: Page, live_server, coach_login
):
    username, password = coach_login
    page.goto(f"{live_server.url}/teams/neu/human/")
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(password)
    page.get_by_role("button", name="Anmelden").click()

    page.get_by_label("Teamname").fill("Zu viele Stars")
    rows = page.locator(".player-row")
    for index in range(7):
        rows.nth(index).get_by_label("Name").fill(f"Star {index + 1}")
        rows.nth(index).get_by_label("Position").select_option(label="Human Catcher (0–2)")
    page.get_by_role("button", name="Team speichern").click()

    expect(page.get_by_role("alert")).to_contain_text("Human Catcher: höchstens 2 Spieler")
    expect(page.get_by_label("Teamname")).to_have_value("Zu viele Stars")


def test_deleting_a_player_asks_first_and_a_no_keeps_him(page: Page, live_server, coach_login):
    from django.contrib.auth import get_user_model

    from matches.factories import squad

    username, password = coach_login
    team = squad(name="Vorsichtige", players=7)
    team.coach = get_user_model().objects.get(username=username)
    team.save(update_fields=["coach"])
    page.goto(f"{live_server.url}{team.get_absolute_url()}")
    page.get_by_role("link", name="Anmelden").click()
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(password)
    page.get_by_role("button", name="Anmelden").click()
    page.goto(f"{live_server.url}{team.get_absolute_url()}")

    questions = []
    first = page.locator(".squad__player").first
    name = first.locator(".squad__name").inner_text()

    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    first.get_by_text("Bearbeiten").click()
    first.get_by_role("button", name="Löschen").click()
    expect(page.locator(".squad__player")).to_have_count(7)
    assert questions and "löschen" in questions[0]

    page.once("dialog", lambda dialog: dialog.accept())
    first.get_by_role("button", name="Löschen").click()
    expect(page.locator(".squad__player")).to_have_count(6)
    expect(page.locator(".squad__name", has_text=name)).to_have_count(0)
