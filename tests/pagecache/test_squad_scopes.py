"""The squad's fragments hang on the team's players (`fragments.players_scope`) and who is
suspended (part of the key), not on every result of the team (roster/views/squad_page.py):
after a result that ticks nobody only the page around them is rebuilt, and what a result,
a development or a hatred changes shows at once."""

import re

import pytest

from league.models import Season
from matches import squad as squad_module
from matches.factories import days_ago, play, squad
from matches.hatred import answer_hatred
from matches.models import Casualty, Development
from rules.models import Keyword, Race, Skill


@pytest.fixture
def orcs(league):
    season, _, _ = league
    team = squad(name="Orks", race=Race.objects.get(name="Orc"))
    season.teams.add(team)
    Season.objects.filter(pk=season.pk).update(started_at=days_ago(30))
    return team


def row_of(page: str, player) -> str:
    return re.search(rf'<li class="squad__player" id="spieler-{player.pk}">.*?</li>', page, re.S)[0]


def journeymen(page: str) -> int:
    return int(re.search(r'data-journeymen="(\d+)"', page)[1])


def test_a_result_without_ticks_leaves_the_squad_fragment(client, league, orcs, monkeypatch):
    _, home, _ = league
    first = client.get(home.get_absolute_url()).content.decode()
    play(home, orcs, at=days_ago(1), score=(2, 0))
    built = []
    real = squad_module.squad_page
    monkeypatch.setattr(
        squad_module, "squad_page", lambda team, **kw: built.append(team.pk) or real(team, **kw)
    )
    again = client.get(home.get_absolute_url()).content.decode()
    assert built == []
    squad_part = re.compile(r'<ul class="squad">.*</ul>', re.S)
    assert squad_part.findall(again) == squad_part.findall(first) != []


def test_a_tick_shows_in_the_squad_at_once_and_lapses_with_the_next_result(client, league, orcs):
    _, home, _ = league
    client.get(home.get_absolute_url())
    hurt = home.players.order_by("number").first()
    roster = home.players.filter(retired_on=None).count()
    play(orcs, home, at=days_ago(2), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    page = client.get(home.get_absolute_url()).content.decode()
    assert 'data-status="injured"' in row_of(page, hurt)
    assert journeymen(page) == max(0, 7 - (roster - 1))
    play(home, orcs, at=days_ago(1))  # he sat this one out: the 🏥 is over
    page = client.get(home.get_absolute_url()).content.decode()
    assert "data-status" not in row_of(page, hurt)
    assert journeymen(page) == max(0, 7 - roster)


def test_a_gained_skill_and_a_hatred_show_in_the_squad_at_once(client, league, orcs):
    _, home, _ = league
    player = home.players.order_by("number").first()
    client.get(home.get_absolute_url())
    match = play(orcs, home, at=days_ago(1), ticks={player: Casualty.SERIOUSLY_INJURED})
    client.get(home.get_absolute_url())
    Development.objects.create(
        match=match,
        team=home,
        choice=Development.Choice.CHOOSE,
        player=player,
        skill=Skill.objects.get(name="Dodge"),
    )
    page = client.get(home.get_absolute_url()).content.decode()
    assert "Dodge" in row_of(page, player) and "data-gained" in row_of(page, player)
    tick = match.casualties.get(player=player)
    answer_hatred(casualty=tick, rolled=True, race=Keyword.objects.get(name="Orc"), by=home.coach)
    page = client.get(home.get_absolute_url()).content.decode()
    assert 'data-hatred="Orc"' in row_of(page, player)
