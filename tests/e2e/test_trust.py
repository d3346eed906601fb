"""One result from entry to restore, at phone size: enter, confirm, edit, history, delete."""

import pytest
from playwright.sync_api import Page, expect

from matches.factories import open_season, squad, staff_user
from matches.models import Match
from roster.factories import UserFactory

pytestmark = pytest.mark.e2e

PASSWORD = "sicheres-pw-42"


def signed_in(new_page, url: str, username: str) -> Page:
    page = new_page()
    page.goto(f"{url}/konto/anmelden/")
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    return page


def test_result_is_confirmed_edited_recorded_deleted_and_restored(
    new_page, live_server, reference_data, django_user_model
):
    coach_a = UserFactory(username="trainerin", password=PASSWORD, public_name="Anna")
    coach_b = UserFactory(username="gegner", password=PASSWORD, public_name="Bernd")
    home = squad(name="Hopfen Hooligans", coach=coach_a)
    away = squad(name="Grüne Gefahr", coach=coach_b)
    open_season(by=staff_user())
    django_user_model.objects.create_superuser("chef", "chef@example.org", PASSWORD)
    victim = away.players.get(number=1)

    # Coach A enters 2:1 with a 🏥 on the other side.
    a = signed_in(new_page, live_server.url, "trainerin")
    a.goto(f"{live_server.url}/spiele/neu/")
    a.get_by_label("Heim").select_option(label=home.name)
    a.get_by_label("Gast").select_option(label=away.name)
    a.get_by_role("button", name="Weiter").click()
    a.get_by_label(f"Touchdowns {home.name}").fill("2")
    a.get_by_label(f"Touchdowns {away.name}").fill("1")
    a.locator(".casualty-row", has_text=str(victim)).get_by_text("🏥 ernsthaft verletzt").click()
    a.get_by_role("button", name="Spiel speichern").click()
    expect(a.get_by_role("heading", level=1)).to_contain_text("2:1")
    match = Match.objects.get()
    detail = f"{live_server.url}{match.get_absolute_url()}"
    expect(a.locator("[data-unconfirmed]")).to_be_visible()

    # Coach B confirms with one tap; "bestätigt" on the match and on his start page.
    b = signed_in(new_page, live_server.url, "gegner")
    expect(b.locator("[data-to-confirm]")).to_contain_text(home.name)
    b.goto(detail)
    b.get_by_role("button", name="Ergebnis bestätigen").click()
    expect(b.locator("[data-confirmed]")).to_contain_text("bestätigt von Bernd")
    assert b.evaluate("document.documentElement.scrollWidth") <= 375
    b.goto(f"{live_server.url}/")
    expect(b.locator("[data-my-matches] [data-confirmed]")).to_be_visible()
    b.goto(f"{live_server.url}/tabelle/")
    expect(b.locator(f'tr[data-team="{home.pk}"] [data-col="played"]')).to_have_text("1")

    # Coach A corrects the score: the confirmation is gone, the history has both, with names.
    a.goto(detail)
    expect(a.locator("[data-confirmed]")).to_be_visible()
    a.get_by_role("link", name="Bearbeiten").click()
    a.get_by_label(f"Touchdowns {home.name}").fill("3")
    a.get_by_role("button", name="Spiel speichern").click()
    expect(a.get_by_role("heading", level=1)).to_contain_text("3:1")
    expect(a.locator("[data-confirmed]")).to_have_count(0)
    expect(a.locator("[data-unconfirmed]")).to_be_visible()
    history = a.locator("[data-history]")
    expect(history).to_contain_text("Ergebnis bestätigt")
    expect(history.locator("li", has_text="Ergebnis bestätigt")).to_contain_text("Bernd")
    changed = history.locator(".change-history__entry", has_text="Ergebnis geändert")
    expect(changed).to_contain_text("Anna")
    expect(changed).to_contain_text("2 → 3")
    assert a.evaluate("document.documentElement.scrollWidth") <= 375

    a.goto(f"{live_server.url}/tabelle/")
    expect(a.locator(f'tr[data-team="{home.pk}"] [data-col="points"]')).to_have_text("3")
    # the table marks the result as not confirmed again
    played = a.locator(f'tr[data-team="{home.pk}"] [data-col="played"]')
    expect(played.locator("[data-unconfirmed]")).to_have_attribute("data-unconfirmed", "1")
    a.goto(f"{live_server.url}{away.get_absolute_url()}")
    injured = a.locator(".squad__player", has_text=str(victim))
    expect(injured.locator("[data-status]")).to_contain_text("🏥")

    # The admin soft-deletes it: table and status as before the match; then restores it.
    admin = new_page()
    admin.goto(f"{live_server.url}/admin/login/")
    admin.locator("#id_username").fill("chef")
    admin.locator("#id_password").fill(PASSWORD)
    admin.locator("input[type=submit]").click()
    admin.goto(f"{live_server.url}/admin/matches/match/")
    admin.locator(f'input[name="_selected_action"][value="{match.pk}"]').check()
    admin.locator("select[name=action]").select_option("soft_delete")
    admin.get_by_role("button", name="Ausführen").click()
    # Asked first, naming the match and what it changes in the table.
    expect(admin.get_by_role("heading", name="Ergebnis löschen?")).to_be_visible()
    expect(admin.locator(f'[data-match="{match.pk}"]')).to_contain_text(
        f"{home.name}: 3 → 0 Punkte"
    )
    admin.get_by_role("button", name="Ja, löschen").click()
    expect(admin.locator(".messagelist")).to_contain_text("Gelöscht")
    # On the phone the deleted row looks deleted where the row starts, without swiping.
    deleted_label = admin.locator(f'tr:has(input[value="{match.pk}"]) del.match-deleted')
    expect(deleted_label).to_be_in_viewport()
    assert deleted_label.evaluate("e => getComputedStyle(e).textDecorationLine") == "line-through"

    a.goto(f"{live_server.url}/tabelle/")
    expect(a.locator(f'tr[data-team="{home.pk}"] [data-col="points"]')).to_have_text("0")
    a.goto(f"{live_server.url}{away.get_absolute_url()}")
    expect(
        a.locator(".squad__player", has_text=str(victim)).locator("[data-status]")
    ).to_have_count(0)

    admin.goto(f"{live_server.url}/admin/matches/match/?geloescht=ja")
    admin.locator(f'input[name="_selected_action"][value="{match.pk}"]').check()
    admin.locator("select[name=action]").select_option("restore")
    admin.locator("button[name=index]").click()
    expect(admin.locator(".messagelist")).to_contain_text("Wiederhergestellt")

    a.goto(f"{live_server.url}/tabelle/")
    expect(a.locator(f'tr[data-team="{home.pk}"] [data-col="points"]')).to_have_text("3")
    a.goto(detail)
    expect(a.locator("[data-history]")).to_contain_text("Ergebnis gelöscht")
    expect(a.locator("[data-history]")).to_contain_text("Ergebnis wiederhergestellt")
