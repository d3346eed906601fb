import pytest
from playwright.sync_api import Page, expect

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Development
from roster.factories import UserFactory

pytestmark = pytest.mark.e2e


def test_coach_enters_automatic_development_and_sees_the_skill_in_his_squad(
    page: Page, live_server, reference_data
):
    coach = UserFactory(username="trainerin", password="sicheres-pw-42")
    home = squad(name="Hopfen Hooligans", coach=coach, players=3)
    away = squad(name="Grüne Gefahr", players=3)
    open_season(by=staff_user())
    match = play(home, away, at=days_ago(1))

    page.goto(f"{live_server.url}{match.get_absolute_url()}")
    page.get_by_role("link", name="Anmelden").first.click()
    page.get_by_label("Benutzername").fill("trainerin")
    page.get_by_label("Passwort").fill("sicheres-pw-42")
    page.get_by_role("button", name="Anmelden").click()
    page.goto(f"{live_server.url}{match.get_absolute_url()}")

    section = page.locator(f"#entwicklung-{home.pk}")
    section.get_by_text("Automatisch").click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    section.get_by_role("button", name="Entwicklung speichern").click()
    expect(page.locator(f"#entwicklung-{home.pk} [data-roll='player']")).to_contain_text(
        "Kandidaten:"
    )
    development = Development.objects.get(match=match, team=home)
    skill = development.skill.name

    page.goto(f"{live_server.url}{home.get_absolute_url()}")
    player = page.locator(f"#spieler-{development.player.pk}")
    expect(player.locator(".squad__skills")).to_contain_text(skill)
    expect(player.locator("[data-gained]")).to_be_visible()
