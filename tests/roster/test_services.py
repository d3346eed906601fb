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
from rules.models import Position, PositionSkill, Race

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


def test_starting_skills_are_copied_with_their_values_and_order():
    team = human_team(7)
    ogre = position("Human", "Ogre")
    player = add_player(team=team, spec=PlayerSpec("Oger", 8, ogre))
    expected = [
        (entry.skill_id, entry.parameter, entry.order)
        for entry in PositionSkill.objects.filter(position=ogre).order_by("order")
    ]
    copied = [(s.skill_id, s.parameter, s.order) for s in player.skills.order_by("order")]
    assert copied == expected
    assert any(parameter for _skill, parameter, _order in copied)
    assert len({order for _skill, _parameter, order in copied}) == len(copied)


def test_new_team_needs_at_least_seven_players():
    with pytest.raises(ValidationError) as error:
        create_team(
            name="Zu wenige",
            race=Race.objects.get(name="Human"),
            coach=UserFactory(),
            players=specs("Human", [("Human Lineman", 6)]),
        )
    assert error.value.messages == ["Ein neues Team braucht mindestens 7 Spieler."]
    assert not Team.objects.filter(name="Zu wenige").exists()


def test_at_most_four_players_without_the_lineman_keyword():
    lineup = [("Human Lineman", 2), ("Human Catcher", 2), ("Human Blitzer", 2), ("Ogre", 1)]
    with pytest.raises(ValidationError) as error:
        create_team(
            name="Stars",
            race=Race.objects.get(name="Human"),
            coach=UserFactory(),
            players=specs("Human", lineup),
        )
    assert error.value.messages == [
        "Höchstens 4 Spieler ohne das Schlüsselwort Lineman (es wären 5)."
    ]


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


def test_position_maximum_above_one_names_its_maximum():
    errors = roster_limit_errors(
        race=Race.objects.get(name="Human"),
        positions=[position("Human", "Human Lineman")] * 4
        + [position("Human", "Human Catcher")] * 3,
    )
    assert errors == ["Human Catcher: höchstens 2 Spieler (es wären 3)."]


def test_at_most_eleven_players():
    errors = roster_limit_errors(
        race=Race.objects.get(name="Human"), positions=[position("Human", "Human Lineman")] * 12
    )
    assert "Höchstens 11 Spieler im Kader (es wären 12)." in errors


def test_positions_of_another_race_are_refused():
    errors = roster_limit_errors(
        race=Race.objects.get(name="Human"),
        positions=[position("Orc", "Orc Lineman")] * 6 + [position("Orc", "Orc Blitzer")],
    )
    assert "Diese Positionen gehören nicht zu Human: Orc Blitzer, Orc Lineman." in errors


def test_duplicate_numbers_are_refused():
    players = specs("Human", [("Human Lineman", 7)])
    players[2] = PlayerSpec("Doppelt", 1, players[2].position)
    players[3] = PlayerSpec("Auch doppelt", 2, players[3].position)
    with pytest.raises(ValidationError) as error:
        create_team(
            name="Doppelnummer",
            race=Race.objects.get(name="Human"),
            coach=UserFactory(),
            players=players,
        )
    assert error.value.messages == ["Jede Nummer nur einmal: 1, 2 kommt doppelt vor."]


def test_team_names_are_unique_ignoring_case():
    TeamFactory(name="Bierkutscher")
    with pytest.raises(ValidationError) as error:
        create_team(
            name=" bierkutscher ",
            race=Race.objects.get(name="Human"),
            coach=UserFactory(),
            players=specs("Human", [("Human Lineman", 7)]),
        )
    assert error.value.messages == ["Ein Team mit diesem Namen gibt es schon."]


def human_team(players: int, name: str = "Kaderteam") -> Team:
    return create_team(
        name=name,
        race=Race.objects.get(name="Human"),
        coach=UserFactory(),
        players=specs("Human", [("Human Lineman", players)]),
    )


def lineman(name: str, number: int) -> PlayerSpec:
    return PlayerSpec(name, number, position("Human", "Human Lineman"))


def test_adding_a_player_respects_the_limits_of_the_current_roster():
    team = human_team(11)
    with pytest.raises(ValidationError, match="Höchstens 11 Spieler im Kader"):
        add_player(team=team, spec=lineman("Zwölfter", 12))
    assert team.roster().count() == 11


def test_a_squad_of_eight_to_eleven_players_is_legal():
    team = human_team(7)
    for number in range(8, 12):
        add_player(team=team, spec=lineman(f"Neu {number}", number))
        assert team.roster().count() == number
    assert human_team(11, name="Gleich voll").roster().count() == 11


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


def test_undoing_a_retirement_returns_the_player_to_the_roster():
    team = human_team(7)
    player = team.players.get(number=3)
    retire_player(player=player, on=datetime.date(2026, 11, 1))
    assert team.roster().count() == 6
    unretire_player(player=player)
    player.refresh_from_db()
    assert player.retired_on is None and not player.is_retired
    assert team.roster().count() == 7


def test_undoing_a_retirement_keeps_the_squad_limits():
    team = human_team(11)
    player = team.players.get(number=11)
    retire_player(player=player, on=datetime.date(2026, 11, 1))
    add_player(team=team, spec=lineman("Ersatz", 12))
    with pytest.raises(ValidationError, match="Höchstens 11 Spieler im Kader"):
        unretire_player(player=player)
    player.refresh_from_db()
    assert player.is_retired


def test_retiring_a_retired_player_is_refused():
    team = human_team(7)
    player = team.players.get(number=1)
    retire_player(player=player, on=datetime.date(2026, 11, 1))
    with pytest.raises(ValidationError) as error:
        retire_player(player=player, on=datetime.date(2026, 11, 20))
    assert error.value.messages == ["Der Spieler ist schon entlassen."]
    player.refresh_from_db()
    assert player.retired_on == datetime.date(2026, 11, 1)


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


def test_squad_errors_name_numbers_twice_and_nothing_for_a_legal_squad():
    from roster.services import squad_errors

    human = Race.objects.get(name="Human")
    lineman = position("Human", "Human Lineman")
    legal = [(number, lineman) for number in range(1, 8)]
    assert squad_errors(race=human, players=legal) == []
    twice = [*legal, (3, lineman), (5, lineman)]
    assert squad_errors(race=human, players=twice) == [
        "Jede Nummer nur einmal: 3, 5 kommt doppelt vor."
    ]


# the team (locked), its roster with positions, the limits, the save with its history: a
# position read per player would add one query each
SQUAD_CHANGE_QUERIES = {"add": 11, "update": 11}


@pytest.mark.parametrize("change", ["add", "update"])
def test_squad_changes_read_the_roster_with_its_positions_at_once(
    change, django_assert_num_queries
):
    from matches.factories import squad
    from roster.services import update_player

    team = squad(name="Heim")
    lineman = team.players.first().position
    with django_assert_num_queries(SQUAD_CHANGE_QUERIES[change]):
        if change == "add":
            add_player(team=team, spec=PlayerSpec("Neu", 20, lineman))
        else:
            player = team.players.get(number=1)
            update_player(player=player, name="Anders", number=21, position=lineman)
