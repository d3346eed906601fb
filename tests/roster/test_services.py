"""Squad rules (docs/league.md, "Teams und Kader") in the roster service."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from matches.status import journeymen_needed
from roster.factories import PlayerFactory, TeamFactory, UserFactory
from roster.models import PlayerSkill, Team
from roster.services import (
    PlayerSpec,
    add_player,
    create_team,
    retire_player,
    roster_limit_errors,
    unretire_player,
)
from rules.models import Position, Race

pytestmark = pytest.mark.django_db


def position(race: str, name: str) -> Position:
    return Position.objects.with_annotations().get(race__name=race, name=name)


def specs(race: str, lineup: list[tuple[str, int]]) -> list[PlayerSpec]:
    result = []
    for name, count in lineup:
        for _ in range(count):
            result.append(
                PlayerSpec(f"Spieler {len(result) + 1}", len(result) + 1, position(race, name))
            )
    return result


def test_new_team_gets_its_players_with_copied_starting_skills():
    team = create_team(
        name="Nordlichter",
        race=Race.objects.get(name="Human"),
        coach=UserFactory(),
        players=specs("Human", [("Human Lineman", 5), ("Human Catcher", 2)]),
    )
    assert team.roster().count() == 7
    catcher = team.players.filter(position__name="Human Catcher").first()
    assert [s.skill.name for s in catcher.starting_skills()] == ["Catch", "Dodge"]
    assert all(s.source == PlayerSkill.Source.START for s in catcher.skills.all())


def test_new_team_needs_at_least_seven_players():
    with pytest.raises(ValidationError, match="mindestens 7 Spieler"):
        create_team(
            name="Zu wenige",
            race=Race.objects.get(name="Human"),
            coach=UserFactory(),
            players=specs("Human", [("Human Lineman", 6)]),
        )
    assert not Team.objects.filter(name="Zu wenige").exists()


def test_at_most_four_players_without_the_lineman_keyword():
    lineup = [("Human Lineman", 2), ("Human Catcher", 2), ("Human Blitzer", 2), ("Ogre", 1)]
    with pytest.raises(ValidationError, match="ohne das Schlüsselwort Lineman"):
        create_team(
            name="Stars",
            race=Race.objects.get(name="Human"),
            coach=UserFactory(),
            players=specs("Human", lineup),
        )


def test_halfling_hopeful_counts_as_lineman():
    errors = roster_limit_errors(
        race=Race.objects.get(name="Human"),
        positions=[position("Human", "Halfling Hopeful")] * 3
        + [position("Human", "Human Blitzer")] * 2
        + [position("Human", "Human Catcher")] * 2,
    )
    assert errors == []


def test_position_maximum_holds_on_top():
    errors = roster_limit_errors(
        race=Race.objects.get(name="Human"),
        positions=[position("Human", "Human Lineman")] * 5 + [position("Human", "Ogre")] * 2,
    )
    assert errors == ["Ogre: höchstens 1 Spieler (es wären 2)."]


def test_at_most_eleven_players():
    errors = roster_limit_errors(
        race=Race.objects.get(name="Human"), positions=[position("Human", "Human Lineman")] * 12
    )
    assert "Höchstens 11 Spieler im Kader (es wären 12)." in errors


def test_positions_of_another_race_are_refused():
    errors = roster_limit_errors(
        race=Race.objects.get(name="Human"), positions=[position("Orc", "Orc Lineman")] * 7
    )
    assert any("gehören nicht zu Human" in e for e in errors)


def test_duplicate_numbers_are_refused():
    players = specs("Human", [("Human Lineman", 7)])
    players[1] = PlayerSpec("Doppelt", 1, players[1].position)
    with pytest.raises(ValidationError, match="1 kommt doppelt vor"):
        create_team(
            name="Doppelnummer",
            race=Race.objects.get(name="Human"),
            coach=UserFactory(),
            players=players,
        )


def test_team_names_are_unique_ignoring_case():
    TeamFactory(name="Bierkutscher")
    with pytest.raises(ValidationError, match="gibt es schon"):
        create_team(
            name="bierkutscher",
            race=Race.objects.get(name="Human"),
            coach=UserFactory(),
            players=specs("Human", [("Human Lineman", 7)]),
        )


def test_adding_a_player_respects_the_limits_of_the_current_roster():
    team = TeamFactory()
    for number in range(1, 12):
        PlayerFactory(team=team, number=number)
    with pytest.raises(ValidationError, match="Höchstens 11"):
        add_player(team=team, spec=PlayerSpec("Zwölfter", 12, position("Human", "Human Lineman")))
    assert team.roster().count() == 11


def test_retired_players_leave_the_roster_and_free_their_number():
    team = TeamFactory()
    player = PlayerFactory(team=team, number=7)
    retire_player(player=player, on=datetime.date(2026, 11, 1))
    assert team.roster().count() == 0
    newcomer = add_player(team=team, spec=PlayerSpec("Neu", 7, position("Human", "Human Lineman")))
    assert newcomer.number == 7
    assert team.players.count() == 2


def test_undoing_a_retirement_checks_number_and_limits():
    team = TeamFactory()
    player = PlayerFactory(team=team, number=7)
    retire_player(player=player, on=datetime.date(2026, 11, 1))
    add_player(team=team, spec=PlayerSpec("Neu", 7, position("Human", "Human Lineman")))
    with pytest.raises(ValidationError, match="7 kommt doppelt vor"):
        unretire_player(player=player)


def test_journeymen_fill_up_to_seven():
    team = TeamFactory()
    assert journeymen_needed(team) == 7
    for number in range(1, 6):
        PlayerFactory(team=team, number=number)
    assert journeymen_needed(team) == 2
    for number in range(6, 10):
        PlayerFactory(team=team, number=number)
    assert journeymen_needed(team) == 0


def test_copy_categories_from_template_and_back_to_unrestricted():
    player = PlayerFactory(position=Position.objects.get(race__name="Human", name="Human Catcher"))
    assert player.category_codes() is None
    player.copy_categories_from_position()
    assert player.category_codes() == ("GA", "SPD")
    player.clear_categories()
    assert player.category_codes() is None


def test_a_position_in_use_cannot_be_deleted():
    from django.db.models import ProtectedError

    player = PlayerFactory()
    with pytest.raises(ProtectedError):
        player.position.delete()
