"""Admins correct squads in the admin, but the roster rules hold for them too."""

import pytest
from django.utils import timezone

from matches.factories import days_ago, open_season, play, squad
from roster.factories import UserFactory
from roster.models import Player, PlayerSkill
from rules.models import Position, Skill

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


def created(obj) -> dict:
    moment = timezone.localtime(obj.created_at)
    return {"created_at_0": moment.date().isoformat(), "created_at_1": moment.strftime("%H:%M:%S")}


def team_form(team, *, new=(), changes=None):
    """The team's change form as the admin posts it: every player a row, plus new rows."""
    players = list(team.players.order_by("pk"))
    data = {
        "name": team.name,
        "coach": team.coach_id,
        **created(team),
        "players-TOTAL_FORMS": str(len(players) + len(new)),
        "players-INITIAL_FORMS": str(len(players)),
        "players-MIN_NUM_FORMS": "0",
        "players-MAX_NUM_FORMS": "1000",
    }
    rows = [
        {
            "id": p.pk,
            "team": team.pk,
            "number": p.number,
            "name": p.name,
            "position": p.position_id,
            "retired_on": p.retired_on.isoformat() if p.retired_on else "",
        }
        for p in players
    ] + [{"team": team.pk, "retired_on": "", **row} for row in new]
    for index, row in enumerate(rows):
        row.update((changes or {}).get(row.get("id"), {}))
        for name, value in row.items():
            data[f"players-{index}-{name}"] = value
    return data


def post_team(admin_client, team, **kwargs):
    return admin_client.post(f"/admin/roster/team/{team.pk}/change/", team_form(team, **kwargs))


def test_admin_adds_an_eighth_player_with_his_starting_skills(admin_client):
    team = squad(name="Heim")
    lineman = team.race.journeyman_position
    response = post_team(
        admin_client, team, new=[{"number": 8, "name": "Neu", "position": lineman.pk}]
    )
    assert response.status_code == 302
    new = team.players.get(number=8)
    assert list(new.skills.values_list("skill", flat=True)) == list(
        lineman.starting_skills.values_list("skill", flat=True)
    )


def test_admin_cannot_add_a_twelfth_player(admin_client):
    team = squad(name="Heim", players=11)
    lineman = team.race.journeyman_position
    response = post_team(
        admin_client, team, new=[{"number": 12, "name": "Zwölf", "position": lineman.pk}]
    )
    assert response.status_code == 200
    assert "Höchstens 11 Spieler" in response.content.decode()
    assert team.players.count() == 11


def test_admin_cannot_unretire_into_a_twelfth_player(admin_client):
    team = squad(name="Heim", players=12)
    retired = team.players.get(number=12)
    Player.objects.filter(pk=retired.pk).update(retired_on=days_ago(3).date())
    response = post_team(admin_client, team, changes={retired.pk: {"retired_on": ""}})
    assert "Höchstens 11 Spieler" in response.content.decode()
    retired.refresh_from_db()
    assert retired.is_retired


def test_admin_cannot_unretire_into_a_twelfth_player_on_the_player_page(admin_client):
    team = squad(name="Heim", players=12)
    retired = team.players.get(number=12)
    Player.objects.filter(pk=retired.pk).update(retired_on=days_ago(3).date())
    response = admin_client.post(
        f"/admin/roster/player/{retired.pk}/change/",
        {
            "name": retired.name,
            "number": 12,
            "position": retired.position_id,
            "retired_on": "",
            **created(retired),
            "skills-TOTAL_FORMS": "0",
            "skills-INITIAL_FORMS": "0",
            "skills-MIN_NUM_FORMS": "0",
            "skills-MAX_NUM_FORMS": "1000",
        },
    )
    assert "Höchstens 11 Spieler" in response.content.decode()
    retired.refresh_from_db()
    assert retired.is_retired


def test_admin_cannot_give_a_player_a_position_of_another_race(admin_client):
    team = squad(name="Heim")
    foreign = Position.objects.exclude(race=team.race).first()
    player = team.players.get(number=1)
    response = post_team(admin_client, team, changes={player.pk: {"position": foreign.pk}})
    assert "gehören nicht zu" in response.content.decode()
    player.refresh_from_db()
    assert player.position.race == team.race


def test_admin_cannot_change_a_position_after_the_first_match(admin_client):
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season()
    play(home, away, at=days_ago(1))
    player = home.players.get(number=1)
    other = home.race.positions.exclude(pk=player.position_id).first()
    response = post_team(admin_client, home, changes={player.pk: {"position": other.pk}})
    assert "die Position bleibt fest" in response.content.decode()
    player.refresh_from_db()
    assert player.position_id != other.pk


def test_admin_may_change_a_position_before_the_first_match(admin_client):
    team = squad(name="Heim")
    player = team.players.get(number=1)
    other = team.race.positions.exclude(pk=player.position_id).filter(max_count__gte=1).first()
    assert post_team(
        admin_client, team, changes={player.pk: {"position": other.pk}}
    ).status_code == (302)
    player.refresh_from_db()
    assert player.position_id == other.pk


def grant(admin_client, player, skill, source="gained"):
    return admin_client.post(
        f"/admin/roster/player/{player.pk}/change/",
        {
            "name": player.name,
            "number": player.number,
            "position": player.position_id,
            "retired_on": "",
            **created(player),
            "skills-TOTAL_FORMS": "1",
            "skills-INITIAL_FORMS": "0",
            "skills-MIN_NUM_FORMS": "0",
            "skills-MAX_NUM_FORMS": "1000",
            "skills-0-player": player.pk,
            "skills-0-skill": skill.pk,
            "skills-0-parameter": "",
            "skills-0-source": source,
            "skills-0-order": "0",
        },
    )


def test_admin_cannot_grant_leader_by_hand(admin_client):
    player = squad(name="Heim").players.get(number=1)
    response = grant(admin_client, player, Skill.objects.get(name="Leader"))
    assert "nicht dazugewinnen" in response.content.decode()
    assert not player.skills.filter(source=PlayerSkill.Source.GAINED).exists()


def test_admin_cannot_grant_a_skill_as_a_starting_skill(admin_client):
    player = squad(name="Heim").players.get(number=1)
    response = grant(admin_client, player, Skill.objects.get(name="Block"), source="start")
    assert "Start-Fertigkeiten kommen von der Position" in response.content.decode()
    assert not player.skills.exists()


def test_admin_grants_a_gainable_skill_by_hand(admin_client):
    player = squad(name="Heim").players.get(number=1)
    response = grant(admin_client, player, Skill.objects.get(name="Block"))
    assert response.status_code == 302
    assert player.skills.filter(skill__name="Block", source="gained").exists()
