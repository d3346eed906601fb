"""A season in a coach's squad at phone size: hatred after a 🏥, a death by hand that lasts the
season, and a Selbst-wählen development that offers only what the player can gain."""

import pytest
from playwright.sync_api import Page, expect

from league.models import Season
from league.services import start_next_season
from matches.factories import days_ago, play, squad, staff_user
from roster.factories import UserFactory
from rules.models import Race, Skill, SkillCategory

pytestmark = pytest.mark.e2e


@pytest.fixture
def league(live_server, reference_data):
    coach = UserFactory(username="trainerin", password="sicheres-pw-42")
    humans = squad(name="Hopfen Hooligans", coach=coach)
    orcs = squad(name="Grüne Gefahr", race=Race.objects.get(name="Orc"))
    start_next_season(by=staff_user())
    Season.objects.update(started_at=days_ago(30))
    return humans, orcs


def log_in(page: Page, url: str):
    page.goto(url)
    page.get_by_label("Benutzername").fill("trainerin")
    page.get_by_label("Passwort").fill("sicheres-pw-42")
    page.get_by_role("button", name="Anmelden").click()


def fits_the_phone(page: Page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_a_serious_injury_leads_to_hatred_of_orcs(page: Page, live_server, league):
    humans, orcs = league
    log_in(page, f"{live_server.url}/spiele/neu/")
    page.get_by_label("Heim").select_option(label=humans.name)
    page.get_by_label("Gast").select_option(label=orcs.name)
    page.get_by_role("button", name="Weiter").click()
    row = page.locator(".casualty-row", has_text=f"{humans.name} 1")
    row.get_by_text("🏥 ernsthaft verletzt").click()
    page.get_by_role("button", name="Spiel speichern").click()

    # The match page points to the open question.
    page.get_by_role("link", name="🤬 Hass-Frage offen: im Kader beantworten").click()
    player = humans.players.get(number=1)
    question = page.locator(f"#spieler-{player.pk} [data-hatred-question]")
    expect(question).to_contain_text("4+ gewürfelt?")
    fits_the_phone(page)
    question.get_by_label("Gehasste Rasse").select_option(label="Orc")
    question.get_by_role("button", name="Ja, Hass eintragen").click()

    marker = page.locator(f"#spieler-{player.pk} [data-hatred='Orc']")
    expect(marker).to_be_visible()
    said = page.locator(f"#spieler-{player.pk} [data-player-message]")
    expect(said).to_have_text(f"🤬 {player} hasst jetzt Orc (bis Saisonende).")
    expect(said).to_be_in_viewport()
    expect(page.locator("[data-hatred-question]")).to_have_count(0)
    effect = marker.locator(".hatred__effect")
    expect(effect).to_be_hidden()
    marker.get_by_text("🤬 Hass (Orc)").click()
    expect(effect).to_be_visible()
    expect(effect).to_contain_text("„Spieler zu Boden“")
    fits_the_phone(page)


def test_a_death_by_hand_lasts_the_season_and_the_player_returns(page: Page, live_server, league):
    humans, _orcs = league
    player = humans.players.get(number=2)
    log_in(page, f"{live_server.url}/konto/anmelden/")
    page.goto(f"{live_server.url}{humans.get_absolute_url()}")
    card = page.locator(f"#spieler-{player.pk}")
    card.get_by_text("Bearbeiten", exact=True).click()
    form = card.locator(".casualty-record-form")
    form.get_by_label("Ausfall").select_option(label="💀 tot")
    form.get_by_label("Notiz").fill("Vom Bierfass erschlagen")
    form.get_by_role("button", name="Ausfall eintragen").click()

    card = page.locator(f"#spieler-{player.pk}")
    expect(card.locator("[data-status]")).to_contain_text("💀")
    expect(card.locator("[data-player-message]")).to_have_text(f"💀 für {player} eingetragen.")
    expect(card.locator("[data-player-message]")).to_be_in_viewport()
    expect(card.locator("[data-record='dead']")).to_contain_text("Vom Bierfass erschlagen")
    # He misses every match of this season: still out after a played match.
    play(humans, _orcs, at=days_ago(0.01))
    page.reload()
    expect(page.locator(f"#spieler-{player.pk} [data-status]")).to_contain_text("💀")

    start_next_season(by=staff_user())
    page.reload()
    expect(page.locator(f"#spieler-{player.pk} [data-status]")).to_have_count(0)
    fits_the_phone(page)


def test_saved_categories_are_confirmed_in_view_at_the_player(page: Page, live_server, league):
    humans, _orcs = league
    player = humans.players.get(number=7)  # the last row: the page jumps down to him
    log_in(page, f"{live_server.url}/konto/anmelden/")
    page.goto(f"{live_server.url}{humans.get_absolute_url()}")
    card = page.locator(f"#spieler-{player.pk}")
    card.get_by_text("Bearbeiten", exact=True).click()
    form = card.locator(".categories-form")
    form.get_by_label("Selbst festlegen").check()
    form.locator(".categories-form__set").first.get_by_label("General").check()
    form.get_by_role("button", name="Kategorien speichern").click()

    said = page.locator(f"#spieler-{player.pk} [data-player-message]")
    expect(said).to_have_text(f"Kategorien von {player} gespeichert.")
    expect(said).to_be_in_viewport()
    expect(page.locator(".messages .message").first).to_be_in_viewport()
    assert page.locator("body > .messages, main .messages:not(.messages--at-player)").count() == 0


def test_selbst_waehlen_offers_only_gainable_skills_of_his_categories(
    page: Page, live_server, league
):
    humans, orcs = league
    player = humans.players.get(number=3)
    player.set_categories(primary=SkillCategory.objects.filter(code="S"), secondary=[])
    from roster.models import PlayerSkill

    guard = Skill.objects.get(name="Guard")
    PlayerSkill.objects.create(player=player, skill=guard, source="gained")
    match = play(humans, orcs, at=days_ago(1))

    log_in(page, f"{live_server.url}/konto/anmelden/")
    page.goto(f"{live_server.url}{match.get_absolute_url()}")
    section = page.locator(f"#entwicklung-{humans.pk}")
    expect(section.locator("select[name$='-player']")).to_be_hidden()
    section.get_by_label("Selbst wählen (Primär-Skill)").check()
    expect(section.locator("select[name$='-player']")).to_be_visible()
    section.locator("select[name$='-player']").select_option(label=str(player))

    category = section.locator("select[name$='-category']")
    expect(category.locator("option")).to_have_count(3)  # —, Strength, Devious
    expect(category).to_contain_text("Strength")
    expect(category).not_to_contain_text("Agility")
    category.select_option(label="Strength (Stärke)")

    first = section.locator("select[name$='-proposal_1']")
    expect(first.locator("optgroup")).to_have_count(1)
    offered = first.locator("option").all_inner_texts()
    assert "Guard" not in offered and "Mighty Blow" in offered
    strength = set(
        Skill.objects.development_pool().filter(category__code="S").values_list("name", flat=True)
    )
    assert set(offered) - {"—"} <= strength - {"Guard"}
    fits_the_phone(page)

    first.select_option(label="Mighty Blow")
    section.locator("select[name$='-proposal_2']").select_option(label="Grab")
    section.locator("select[name$='-opponent_proposal']").select_option(label="Stand Firm")
    section.get_by_role("button", name="Entwicklung speichern").click()
    result = page.locator(f"#entwicklung-{humans.pk} [data-result]")
    expect(result).to_contain_text(f"{player} erhält")
