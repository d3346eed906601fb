"""The whole result without signal, development included, on the production server at phone
size: the development is picked from the options the server sent with the form, travels with
the draft across a reload and is stored with the result once the signal returns; the "Spiel
eintragen" pick step works offline too; a pick the server no longer allows is named beside
the draft with the server's message, and the coach decides."""

import pytest
from playwright.sync_api import Page, expect

from ..test_production_server import (  # noqa: F401 (production_server: the fixture)
    production_server,
    production_server_process,
)
from .test_handbook_and_skills import wait_until_controlled_by_service_worker
from .test_offline_match_entry import (
    OPEN_MATCH,
    PENDING,
    SENT,
    log_in,
    on_server,
    wait_until_cached,
)

pytestmark = [pytest.mark.e2e, pytest.mark.browser_context_args(service_workers="allow")]

MINE = "Hopfenfeld Hooligans"  # the demo coach's team
CHOOSE = "Selbst wählen (Primär-Skill)"

DEVELOPMENTS = """
import json
from matches.models import Development, Match
print(json.dumps({"matches": Match.objects.exclude(played_at=None).count(),
    "developments": [[d.match_id, d.team.name, d.choice, d.player_id, d.skill_id,
        [d.proposal_1_id, d.proposal_2_id, d.opponent_proposal_id]]
        for d in Development.objects.order_by("pk")]}))
"""


def choose_offline(page: Page) -> dict:
    """Selbst wählen for the coach's team: the first player, his first category, its first
    three skills; what was picked (ids and names)."""
    part = page.locator("[data-result-development]")
    expect(part).to_have_count(1)
    expect(part.locator("legend")).to_have_text(f"Entwicklung von {MINE}")
    part.get_by_label(CHOOSE).check()
    player = part.get_by_label("Spieler")
    player.select_option(index=1)
    category = part.get_by_label("Kategorie")
    category.select_option(index=1)
    picked = {"player": int(player.input_value()), "skills": []}
    for index, name in enumerate(("Dein Vorschlag 1", "Dein Vorschlag 2", "Vorschlag des Gegners")):
        proposal = part.get_by_label(name)
        proposal.select_option(index=index + 1)
        picked["skills"].append(int(proposal.input_value()))
    picked["player_name"] = player.locator("option:checked").inner_text()
    return picked


def test_the_development_chosen_offline_is_stored_with_the_result(
    page: Page,
    production_server,  # noqa: F811
    assert_accessible,
):
    base = production_server
    # The demo's played match moves back: the return match played today is no game twice.
    on_server(
        "from datetime import timedelta\nfrom matches.models import Match\n"
        "for m in Match.objects.exclude(played_at=None):\n"
        "    Match.objects.filter(pk=m.pk).update(played_at=m.played_at - timedelta(days=2))\n"
        "print('{}')"
    )
    match = on_server(OPEN_MATCH)["pk"]
    before = on_server(DEVELOPMENTS)
    log_in(page, base)
    page.goto(f"{base}/spiele/{match}/")
    wait_until_controlled_by_service_worker(page)
    page.reload()
    wait_until_cached(page, f"/spiele/{match}/bearbeiten/")

    page.context.set_offline(True)
    page.get_by_role("link", name="Ergebnis eintragen").click()
    page.reload()  # no signal: the kept form, with the server's development options in it
    page.get_by_label("Touchdowns Sieg-Säufer").fill("0")
    page.get_by_label(f"Touchdowns {MINE}").fill("2")
    picked = choose_offline(page)
    page.get_by_role("button", name="Spiel speichern").click()
    region = page.locator("#drafts")
    expect(region).to_contain_text(PENDING)
    expect(region).to_contain_text(f"Entwicklung von {MINE}: {CHOOSE}, {picked['player_name']}")
    assert_accessible(page)

    page.reload()  # still no signal: the draft and the picks are there again
    expect(page.locator("#drafts")).to_contain_text(PENDING)
    part = page.locator("[data-result-development]")
    expect(part.get_by_label(CHOOSE)).to_be_checked()
    expect(part.get_by_label("Spieler")).to_have_value(str(picked["player"]))
    expect(part.get_by_label("Vorschlag des Gegners")).to_have_value(str(picked["skills"][2]))
    assert on_server(DEVELOPMENTS) == before  # nothing arrived yet

    page.context.set_offline(False)
    expect(page.locator("#drafts")).to_contain_text(SENT, timeout=30_000)
    after = on_server(DEVELOPMENTS)
    assert after["matches"] == before["matches"] + 1  # the open match, now played
    [development] = [d for d in after["developments"] if d[0] == match]
    _, team, choice, player, skill, proposals = development
    assert (team, choice, player, proposals) == (MINE, "choose", picked["player"], picked["skills"])
    assert skill in picked["skills"]  # the server rolled 1d3 among the three
    assert_accessible(page)


PREPARE_NEW_PAIRING = """
import json
from datetime import timedelta
from matches.models import Match
from roster.models import Team
for m in Match.objects.exclude(played_at=None):
    Match.objects.filter(pk=m.pk).update(played_at=m.played_at - timedelta(days=5))
Match.objects.filter(played_at=None).delete()
print(json.dumps([Team.objects.get(name=n).pk for n in ("Hopfenfeld Hooligans", "Sieg-Säufer")]))
"""


def test_the_team_pick_works_offline_and_a_pick_no_longer_allowed_is_named(
    page: Page,
    production_server,  # noqa: F811
    assert_accessible,
):
    base = production_server
    mine, other = on_server(PREPARE_NEW_PAIRING)
    before = on_server(DEVELOPMENTS)
    log_in(page, base)
    page.goto(f"{base}/spiele/neu/?heim={mine}")  # "Spiel eintragen" of his team
    wait_until_controlled_by_service_worker(page)
    page.reload()
    wait_until_cached(page, f"/spiele/neu/?heim={mine}&gast={other}")

    page.context.set_offline(True)
    page.reload()  # the pick step itself without signal
    expect(page.get_by_role("heading", level=1)).to_have_text("Spiel eintragen")
    page.get_by_label("Gast").select_option(label="Sieg-Säufer")
    page.get_by_role("button", name="Weiter").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{MINE} – Sieg-Säufer")
    page.get_by_label(f"Touchdowns {MINE}").fill("1")
    page.get_by_label("Touchdowns Sieg-Säufer").fill("1")
    picked = choose_offline(page)
    page.get_by_role("button", name="Spiel speichern").click()
    expect(page.locator("#drafts")).to_contain_text(PENDING)

    # Meanwhile the player is let go: the phone's options are stale.
    on_server(
        "from datetime import timedelta\nfrom django.utils import timezone\n"
        "from roster.models import Player\n"
        f"Player.objects.filter(pk={picked['player']}).update(retired_on=timezone.localdate()"
        " - timedelta(days=10))\nprint('{}')"
    )
    page.context.set_offline(False)
    region = page.locator("#drafts")
    expect(region).to_contain_text("Nicht gesendet", timeout=30_000)
    expect(region).to_contain_text(
        f"Entwicklung von {MINE}: {picked['player_name']} kann sich nach"
    )
    assert on_server(DEVELOPMENTS) == before  # neither the result nor the development
    assert_accessible(page)

    # The coach decides: the result goes without the development.
    region.get_by_role("button", name="Ohne Entwicklung senden").click()
    expect(region).to_contain_text(SENT, timeout=30_000)
    after = on_server(DEVELOPMENTS)
    assert after["matches"] == before["matches"] + 1
    assert after["developments"] == before["developments"]
    assert_accessible(page)


def test_offline_a_pairing_the_phone_does_not_have_is_named(
    page: Page,
    production_server,  # noqa: F811
    assert_accessible,
):
    base = production_server
    log_in(page, base)
    page.goto(f"{base}/spiele/neu/")
    wait_until_controlled_by_service_worker(page)
    page.reload()
    page.context.set_offline(True)
    page.reload()
    page.get_by_label("Heim").select_option(label="Sieg-Säufer")
    page.get_by_label("Gast").select_option(label="Sieg-Säufer")
    page.get_by_role("button", name="Weiter").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Ohne Netz geht das nur für eine Paarung deiner Teams")
    assert_accessible(page)
    page.context.set_offline(False)
