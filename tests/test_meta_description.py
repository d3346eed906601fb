"""Every page has one meta description in German, page-specific where the page is about one
thing (a match, team, player, race or skill)."""

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from matches.demo import DEMO_COACH
from matches.models import Match
from roster.models import Team
from rules.models import Skill

pytestmark = pytest.mark.django_db

DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)">')


def description(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code in (200, 404), path
    found = DESCRIPTION.findall(response.content.decode())
    assert len(found) == 1, f"{path}: {len(found)} meta descriptions"
    text = unescape(found[0])
    assert 50 <= len(text) <= 170, f"{path}: {len(text)} characters: {text}"
    return text


@pytest.fixture
def demo(client):
    call_command("setup_demo", verbosity=0)


def test_every_main_page_has_its_own_german_description(client, demo):
    team = Team.objects.get(coach__username=DEMO_COACH.username)
    paths = [
        "/",
        "/tabelle/",
        "/spiele/",
        "/spiele/spielplan/",
        "/teams/",
        "/rassen/",
        "/regelheft/",
        "/fertigkeiten/",
        "/simulator/",
        "/simulator/ball/",
        "/simulator/ball/regeln/",
        "/simulator/baa/",
        "/simulator/baa/partien/",
        "/konto/anmelden/",
    ]
    texts = {path: description(client, path) for path in paths}
    assert len(set(texts.values())) == len(paths), "two pages share a description"
    assert "Blood-Bowl" in description(client, "/gibt-es-nicht/")
    client.force_login(get_user_model().objects.get(username=DEMO_COACH.username))
    assert team.name in description(client, f"/teams/{team.pk}/")


def test_pages_about_one_thing_name_it_in_their_description(client, demo):
    team = Team.objects.order_by("pk").first()
    player = team.roster().first()
    played = Match.objects.played().first()
    scheduled = Match.objects.open().first()
    assert team.name in description(client, f"/teams/{team.pk}/")
    assert player.name in description(client, f"/teams/{team.pk}/spieler/{player.pk}/")
    assert str(played.home) in description(client, f"/spiele/{played.pk}/")
    assert "Termin" in description(client, f"/spiele/{scheduled.pk}/")
    assert "Orc" in description(client, "/rassen/orc/")
    block = Skill.objects.get(slug="block")
    assert description(client, "/fertigkeiten/block/").startswith(block.explanation[:30])
