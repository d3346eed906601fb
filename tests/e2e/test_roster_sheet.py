"""„Kader drucken“ renders to a single A4 page for an 11-player team in Chromium."""

import re

import pytest
from playwright.sync_api import Page

from matches.factories import squad
from roster.models import PlayerSkill
from rules.models import Skill

pytestmark = pytest.mark.e2e

A4_POINTS = (595, 842)


def page_count(pdf: bytes) -> int:
    """Pages of a PDF: its page objects (/Type /Page, not /Pages)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_roster_sheet_of_eleven_players_prints_on_one_a4_page(
    page: Page, live_server, reference_data
):
    team = squad(name="Elf Freunde", players=11)
    skills = Skill.objects.filter(name__in=["Block", "Dodge", "Sure Hands", "Guard", "Tackle"])
    for player in team.players.all():
        for skill in skills[: player.number % 4]:
            PlayerSkill.objects.create(player=player, skill=skill)
    page.goto(f"{live_server.url}/teams/{team.pk}/kader-drucken/")
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4")
    assert page_count(pdf) == 1
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", pdf)
    assert box and tuple(int(float(v)) for v in box.groups()) == A4_POINTS
    assert page.locator("tr[data-player]").count() == 11
