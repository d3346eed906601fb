"""The casualty rows and the development part of "Spiel eintragen" are kept as fragments under
each team's players' scope and suspensions (matches/views/result_form.py): the same for every
visit and after a result that ticks nobody, new at once when a player, his skills or his status
change, and never in place of what a coach sent."""

import json
import re

import pytest
from django.forms.boundfield import BoundField
from django.test import Client
from django.utils import timezone

from matches import development
from matches.factories import days_ago, play, squad, staff_user
from matches.models import Casualty, Development
from matches.records import record_casualty
from matches.services import delete_match
from roster.factories import PlayerFactory
from roster.models import PlayerSkill
from rules.models import Skill


@pytest.fixture
def coach_client(league):
    _, home, _ = league
    client = Client()
    client.force_login(home.coach)
    return client


def form_url(home, away):
    return f"/spiele/neu/?heim={home.pk}&gast={away.pk}"


def spy_on_fields(monkeypatch) -> list[str]:
    """The names of the fields a page writes out from then on: a widget rendered, or a radio
    group whose options the template iterates."""
    rendered = []
    options, widget = BoundField.__iter__, BoundField.as_widget
    monkeypatch.setattr(
        BoundField, "__iter__", lambda self: rendered.append(self.html_name) or options(self)
    )
    monkeypatch.setattr(
        BoundField,
        "as_widget",
        lambda self, *a, **k: rendered.append(self.html_name) or widget(self, *a, **k),
    )
    return rendered


def spy_on_options(monkeypatch) -> list[int]:
    """The teams whose development options are computed from then on."""
    computed = []
    options = development.options_before_result
    monkeypatch.setattr(
        development,
        "options_before_result",
        lambda **kwargs: computed.append(kwargs["team"].pk) or options(**kwargs),
    )
    return computed


def options_of(page: str, player) -> set[str]:
    """The skill names the development part offers `player` (its JSON for the phone)."""
    found = re.search(r'<script id="[^"]*-optionen" type="application/json">(.*?)</script>', page)
    offered = json.loads(found.group(1))
    entry = next((p for p in offered if p["id"] == player.pk), None)
    if entry is None:
        return set()
    return {name for category in entry["categories"] for _pk, name in category["skills"]}


def row_of(page: str, player) -> str:
    return re.search(rf'data-player="{player.pk}">.*?</li>', page, re.S).group(0)


@pytest.fixture
def third(league):
    season, _, _ = league
    team = squad(name="Dritte Kraft")
    season.teams.add(team)
    return team


def test_fresh_form_rows_are_rendered_once(coach_client, league, monkeypatch):
    _, home, away = league
    first = coach_client.get(form_url(home, away)).content.decode()
    rendered = spy_on_fields(monkeypatch)
    again = coach_client.get(form_url(home, away)).content.decode()
    assert "played_at" in rendered  # the spy sees what is rendered
    assert [name for name in rendered if name.startswith("ausfall_")] == []
    rows = re.compile(r'<ul class="casualty-rows">.*?</ul>', re.S)
    assert rows.findall(again) == rows.findall(first)


def test_fresh_form_development_part_is_rendered_once(coach_client, league, monkeypatch):
    _, home, away = league
    first = coach_client.get(form_url(home, away)).content.decode()
    rendered = spy_on_fields(monkeypatch)
    again = coach_client.get(form_url(home, away)).content.decode()
    assert "played_at" in rendered
    assert [name for name in rendered if name.startswith("entwicklung")] == []
    part = re.compile(r'<fieldset class="result-development".*?</fieldset>', re.S)
    assert part.findall(again) == part.findall(first) != []


def test_a_new_player_shows_in_the_development_part_at_once(coach_client, league):
    _, home, away = league
    coach_client.get(form_url(home, away))
    PlayerFactory(team=home, number=14, name="Gerade Gekommen")
    page = coach_client.get(form_url(home, away)).content.decode()
    part = re.search(r'<fieldset class="result-development".*?</fieldset>', page, re.S).group(0)
    assert "Gerade Gekommen" in part


def test_a_new_player_and_a_new_status_show_at_once(coach_client, league):
    _, home, away = league
    coach_client.get(form_url(home, away))
    PlayerFactory(team=away, number=12, name="Frisch Verpflichtet")
    hurt = home.players.order_by("number").first()
    record_casualty(player=hurt, kind="dead", day=timezone.localdate(), by=home.coach)
    page = coach_client.get(form_url(home, away)).content.decode()
    assert "Frisch Verpflichtet" in page
    assert "gesperrt" in row_of(page, hurt)


def test_a_refused_form_shows_the_ticks_that_were_sent(coach_client, league):
    _, home, away = league
    coach_client.get(form_url(home, away))  # the fresh rows are in the cache
    victim = away.players.order_by("number").first()
    page = coach_client.post(
        "/spiele/neu/",
        {
            "heim": home.pk,
            "gast": away.pk,
            "played_at": "nicht-heute",
            "home_touchdowns": 1,
            "away_touchdowns": 0,
            f"ausfall_{victim.pk}": "hurt",
        },
    ).content.decode()
    row = row_of(page, victim)
    assert re.search(r'value="hurt"[^>]*checked|checked[^>]*value="hurt"', row), row


def test_a_teams_rows_are_shared_by_its_pairings(coach_client, league, third, monkeypatch):
    _, home, away = league
    coach_client.get(form_url(home, away))
    rendered = spy_on_fields(monkeypatch)
    coach_client.get(form_url(home, third))
    home_fields = {f"ausfall_{p.pk}" for p in home.players.all()}
    assert rendered and not home_fields & set(rendered)  # only the new opponent's rows


def test_development_options_are_kept_until_the_team_changes(coach_client, league, monkeypatch):
    _, home, away = league
    coach_client.get(form_url(home, away))
    computed = spy_on_options(monkeypatch)
    coach_client.get(form_url(home, away))
    assert computed == []
    PlayerFactory(team=home, number=13, name="Neu Im Kader")
    page = coach_client.get(form_url(home, away)).content.decode()
    assert computed == [home.pk]
    assert "Neu Im Kader" in page


def test_a_result_without_ticks_keeps_the_teams_form_parts(
    coach_client, league, third, monkeypatch
):
    """The coach's next form after his own result (nobody ticked, no development): his team's
    rows and development options come from the cache, though the team's scope was renewed."""
    _, home, away = league
    coach_client.get(form_url(home, away))
    play(home, third, at=days_ago(1), score=(2, 0))
    computed = spy_on_options(monkeypatch)
    rendered = spy_on_fields(monkeypatch)
    coach_client.get(form_url(home, away))
    assert "played_at" in rendered
    assert [name for name in rendered if name.startswith(("ausfall_", "entwicklung"))] == []
    assert computed == []


def test_a_tick_in_a_result_shows_in_the_next_form_and_lapses_with_the_next_result(
    coach_client, league, third
):
    _, home, away = league
    coach_client.get(form_url(home, away))
    hurt = home.players.order_by("number").first()
    play(third, home, at=days_ago(2), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    page = coach_client.get(form_url(home, away)).content.decode()
    assert "gesperrt" in row_of(page, hurt) and 'type="radio"' not in row_of(page, hurt)
    assert options_of(page, hurt) == set()  # a suspended player does not develop
    play(home, third, at=days_ago(1))  # he sat this one out: the 🏥 is over
    page = coach_client.get(form_url(home, away)).content.decode()
    assert "gesperrt" not in row_of(page, hurt) and 'type="radio"' in row_of(page, hurt)
    assert options_of(page, hurt)  # and he may develop again


def test_a_gained_skill_leaves_the_options_and_comes_back_when_its_match_is_deleted(
    coach_client, league, third
):
    _, home, away = league
    player = home.players.order_by("number").first()
    page = coach_client.get(form_url(home, away)).content.decode()
    offered = options_of(page, player)
    assert offered
    skill = Skill.objects.get(name=sorted(offered)[0])
    match = play(home, third, at=days_ago(1))
    Development.objects.create(
        match=match, team=home, choice=Development.Choice.CHOOSE, player=player, skill=skill
    )
    page = coach_client.get(form_url(home, away)).content.decode()
    assert skill.name not in options_of(page, player)
    delete_match(match=match, by=staff_user())
    page = coach_client.get(form_url(home, away)).content.decode()
    assert skill.name in options_of(page, player)


def test_a_skill_granted_by_hand_leaves_the_options_at_once(coach_client, league):
    _, home, away = league
    player = home.players.order_by("number").first()
    page = coach_client.get(form_url(home, away)).content.decode()
    skill = Skill.objects.get(name=sorted(options_of(page, player))[0])
    PlayerSkill.objects.create(
        player=player, skill=skill, source=PlayerSkill.Source.GAINED, order=99
    )
    page = coach_client.get(form_url(home, away)).content.decode()
    assert skill.name not in options_of(page, player)
