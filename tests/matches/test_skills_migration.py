"""The migration that stops copying gained skills into roster.PlayerSkill.

A league built with the old schema (every gain stored twice: the development's skill and a
PlayerSkill copy) shows the same current skills after the migration, now derived from the
developments alone.
"""

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from matches.skills import current_skills
from roster.models import Player

BEFORE = [("matches", "0002_development"), ("roster", "0002_playerskill_development")]


@pytest.fixture
def old_apps(transactional_db):
    """The project state before the migration; migrates forward again afterwards."""
    if not _reference_loaded():
        call_command("loaddata", "reference", "handbook", verbosity=0)
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    executor.loader.build_graph()
    yield executor.loader.project_state(BEFORE).apps
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _reference_loaded() -> bool:
    from rules.models import Race

    return Race.objects.exists()


def migrate_forward():
    """Through this migration and every later one: the code under test is today's."""
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def build_old_league(apps):
    """A season, one match, a player with a starting skill, a skill granted by hand, a gain
    (copied the old way) and a reset development (its copy deleted, as the old reset did)."""
    User = apps.get_model("league", "User")
    Season = apps.get_model("league", "Season")
    Race = apps.get_model("rules", "Race")
    Skill = apps.get_model("rules", "Skill")
    Team = apps.get_model("roster", "Team")
    Player = apps.get_model("roster", "Player")
    PlayerSkill = apps.get_model("roster", "PlayerSkill")
    Match = apps.get_model("matches", "Match")
    Development = apps.get_model("matches", "Development")

    coach = User.objects.create(username="altcoach")
    race = Race.objects.get(name="Human")
    position = race.positions.get(name="Human Catcher")
    home = Team.objects.create(name="Alt Heim", race=race, coach=coach)
    away = Team.objects.create(name="Alt Gast", race=race, coach=coach)
    season = Season.objects.create(number=1, is_current=True)
    season.teams.set([home, away])
    played = timezone.now() - timezone.timedelta(days=1)
    player = Player.objects.create(team=home, name="Frieda", number=1, position=position)
    Player.objects.filter(pk=player.pk).update(created_at=played - timezone.timedelta(days=1))
    skill = {name: Skill.objects.get(name=name) for name in ("Catch", "Block", "Dodge", "Tackle")}
    PlayerSkill.objects.create(player=player, skill=skill["Catch"], source="start", order=1)
    PlayerSkill.objects.create(player=player, skill=skill["Tackle"], source="gained", order=50)
    match = Match.objects.create(season=season, home=home, away=away, played_at=played)
    reset = Development.objects.create(
        match=match, team=home, choice="auto", player=player, skill=skill["Dodge"]
    )
    Development.objects.filter(pk=reset.pk).update(reset_at=timezone.now())
    gain = Development.objects.create(
        match=match, team=home, choice="auto", player=player, skill=skill["Block"]
    )
    PlayerSkill.objects.create(
        player=player, skill=skill["Block"], source="gained", order=101, development=gain
    )
    return player.pk


def test_a_league_built_before_the_migration_shows_the_same_current_skills(old_apps):
    player_pk = build_old_league(old_apps)
    # What the squad page showed before: starting, the hand-granted, then the gain.
    before = ["Catch", "Tackle", "Block"]
    migrate_forward()
    player = Player.objects.get(pk=player_pk)
    entries = current_skills(player)
    assert [e.skill.name for e in entries] == before
    assert [e.is_gained for e in entries] == [False, True, True]
    assert entries[2].development is not None and entries[1].development is None
    # the copy is gone: the gain is stored once, in its development
    assert list(player.skills.values_list("skill__name", flat=True)) == ["Catch", "Tackle"]


def test_a_copy_without_its_active_development_stays_as_a_hand_granted_skill(old_apps):
    player_pk = build_old_league(old_apps)
    PlayerSkill = old_apps.get_model("roster", "PlayerSkill")
    Development = old_apps.get_model("matches", "Development")
    Skill = old_apps.get_model("rules", "Skill")
    reset = Development.objects.get(reset_at__isnull=False)
    PlayerSkill.objects.create(
        player_id=player_pk,
        skill=Skill.objects.get(name="Dodge"),
        source="gained",
        order=102,
        development=reset,
    )
    migrate_forward()
    entries = current_skills(Player.objects.get(pk=player_pk))
    assert sorted(e.skill.name for e in entries if e.granted) == ["Dodge", "Tackle"]
