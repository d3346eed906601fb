"""Skill development after a match (docs/league.md, "Entwicklung")."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.services import start_next_season
from matches import development as dev
from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Casualty, Development
from matches.skills import current_skills
from matches.squad import delete_player
from roster.factories import PlayerFactory
from roster.models import PlayerSkill
from rules.models import Skill, SkillCategory

pytestmark = pytest.mark.django_db


class FixedDice:
    """Rolls the given numbers in order and records the dice asked for."""

    def __init__(self, *numbers):
        self.numbers = list(numbers)
        self.sides = []

    def roll(self, sides):
        self.sides.append(sides)
        return self.numbers.pop(0)


@pytest.fixture
def home():
    return squad(name="Heim", players=3)


@pytest.fixture
def away():
    return squad(name="Gast", players=3)


@pytest.fixture
def admin():
    return staff_user()


@pytest.fixture
def season(home, away, admin):
    return open_season(by=admin)


@pytest.fixture
def match(season, home, away):
    return play(home, away, at=days_ago(2))


def restrict(player, primary="", secondary=""):
    player.categories_recorded = True
    player.save()
    player.primary_categories.set(SkillCategory.objects.filter(code__in=list(primary)))
    player.secondary_categories.set(SkillCategory.objects.filter(code__in=list(secondary)))


def skill(name):
    return Skill.objects.get(name=name)


def gainable_names(player, match, codes):
    return [s.name for s in dev.gainable_skills(player=player, match=match, categories=codes)]


# --- current skills and gainable ----------------------------------------------------------


def test_gainable_excludes_owned_traits_leader_and_pro(match, home):
    player = home.players.first()
    PlayerSkill.objects.create(player=player, skill=skill("Block"))
    names = [s.name for s in dev.gainable_skills(player=player, match=match)]
    assert "Block" not in names
    assert "Leader" not in names and "Pro" not in names
    assert not any(s.is_trait for s in dev.gainable_skills(player=player, match=match))


def test_current_skills_list_stored_skills_by_their_order_not_their_age(home):
    player = home.players.first()
    player.skills.all().delete()
    PlayerSkill.objects.create(player=player, skill=skill("Kick"), order=2)
    PlayerSkill.objects.create(player=player, skill=skill("Block"), order=1)
    assert [e.skill.name for e in current_skills(player)] == ["Block", "Kick"]


def test_current_skills_keep_the_values_of_stored_skills(home):
    player = home.players.first()
    PlayerSkill.objects.create(player=player, skill=skill("Kick"), parameter="3+", order=5)
    PlayerSkill.objects.create(
        player=player,
        skill=skill("Block"),
        parameter="4+",
        source=PlayerSkill.Source.GAINED,
        order=6,
    )
    entries = {e.skill.name: e for e in current_skills(player)}
    assert (entries["Kick"].parameter, entries["Kick"].is_gained) == ("3+", False)
    assert (entries["Block"].parameter, entries["Block"].is_gained) == ("4+", True)


def test_gains_add_up_and_a_death_counts_only_after_its_match(season, home, away, admin):
    player = home.players.get(number=1)
    first = play(home, away, at=days_ago(4))
    choose_block(match=first, team=home, player=player, by=admin)
    second = play(away, home, at=days_ago(3))
    dev.choose_primary(
        match=second,
        team=home,
        player=player,
        category=SkillCategory.objects.get(code="G"),
        proposals=[skill("Kick"), skill("Frenzy"), skill("Tackle")],
        by=admin,
        dice=FixedDice(1),
    )
    dying = play(home, away, at=days_ago(2), ticks={player: Casualty.DEAD})
    gained = [e.skill.name for e in current_skills(player, at_match=dying) if e.is_gained]
    assert gained == ["Block", "Kick"]
    assert not [e for e in current_skills(player) if e.is_gained]


def test_gained_skill_counts_from_the_next_match_on(match, home, away, admin):
    player = home.players.first()
    restrict(player, primary="G", secondary="S")
    development = choose_block(match, home, player, admin)
    assert development.skill.name == "Block"
    later = play(home, away, at=days_ago(1))
    assert "Block" in [e.skill.name for e in current_skills(player, at_match=later)]
    assert "Block" not in [e.skill.name for e in current_skills(player, at_match=match)]
    assert "Block" not in gainable_names(player, later, ["G"])


def test_death_resets_gains_of_that_season_and_earlier_only(match, home, away, admin):
    player = home.players.first()
    choose_block(match, home, player, admin)
    play(away, home, at=days_ago(1), ticks={player: Casualty.DEAD})
    assert [e.skill.name for e in current_skills(player)] == [
        e.skill.name for e in player.starting_skills()
    ]
    open_season(by=admin)
    next_match = play(home, away)
    choose_block(next_match, home, player, admin, dice=FixedDice(2))
    names = [e.skill.name for e in current_skills(player)]
    assert "Kick" in names and "Block" not in names
    # the old gain stays in the history
    assert Development.objects.active().filter(player=player).exclude(skill=None).count() == 2


# --- Automatisch --------------------------------------------------------------------------


def test_automatic_picks_a_candidate_then_a_secondary_skill_with_the_stored_rolls(
    match, home, admin
):
    first, second, third = home.players.order_by("number")
    restrict(first, secondary="")  # no secondary access: no candidate
    restrict(second, secondary="S")
    restrict(third, secondary="A")
    dice = FixedDice(2, 1)
    development = dev.choose_automatic(match=match, team=home, by=admin, dice=dice)
    strength = gainable_names(third, match, ["A"])
    assert dice.sides == [2, len(strength)]
    assert development.player == third
    assert development.skill.name == strength[0]
    assert development.rolls == [
        {
            "kind": "player",
            "options": [str(second), str(third)],
            "sides": 2,
            "roll": 2,
            "result": str(third),
        },
        {
            "kind": "skill",
            "options": strength,
            "sides": len(strength),
            "roll": 1,
            "result": strength[0],
        },
    ]
    development.refresh_from_db()
    assert development.rolls[0]["result"] == str(third)
    gained = [entry for entry in current_skills(third) if entry.is_gained]
    assert [(e.skill, e.development) for e in gained] == [(development.skill, development)]


def test_automatic_skips_players_dead_in_this_match_and_suspended(season, home, away, admin):
    first, second, third = home.players.order_by("number")
    play(away, home, at=days_ago(3), ticks={first: Casualty.SERIOUSLY_INJURED})
    match = play(
        home, away, at=days_ago(2), ticks={second: Casualty.DEAD, third: Casualty.BADLY_HURT}
    )
    development = dev.choose_automatic(match=match, team=home, by=admin, dice=FixedDice(1, 1))
    assert development.rolls[0]["options"] == [str(third)]
    assert development.player == third


def test_automatic_without_candidate_is_noted(match, home, away):
    for player in home.players.all():
        restrict(player, secondary="")
    opened = dev.leave_open(match=match, team=home, by=home.coach)
    development = dev.choose_automatic(match=match, team=home, by=away.coach, dice=FixedDice())
    assert development.pk == opened.pk
    development.refresh_from_db()
    assert development.choice == Development.Choice.AUTOMATIC
    assert development.player is None and development.skill is None
    assert development.rolls == [
        {"kind": "player", "options": [], "sides": 0, "roll": None, "result": ""}
    ]
    assert development.entered_by == away.coach
    assert not any(e.is_gained for p in home.players.all() for e in current_skills(p))


def test_the_away_team_develops_too(match, away, admin):
    development = dev.choose_automatic(match=match, team=away, by=admin, dice=FixedDice(2, 1))
    assert development.team == away
    assert development.player == away.players.get(number=2)
    assert [e.skill for e in current_skills(development.player) if e.is_gained] == [
        development.skill
    ]


# --- who may develop ----------------------------------------------------------------------


def test_retired_players_are_not_eligible_but_one_retired_on_match_day_is(match, home):
    first, second, third = home.players.order_by("number")
    second.retired_on = match.played_on - timedelta(days=1)
    second.save()
    third.retired_on = match.played_on
    third.save()
    assert dev.eligible_players(match=match, team=home) == [first, third]


def test_on_the_roster_at_played_at_to_the_minute(match, home):
    on_time = PlayerFactory(team=home, number=10, created_at=match.played_at)
    PlayerFactory(team=home, number=11, created_at=match.played_at + timedelta(minutes=1))
    eligible = dev.eligible_players(match=match, team=home)
    assert [p.number for p in eligible] == [1, 2, 3, 10]
    assert on_time in eligible


def choose_block(match, team, player, by, dice=None):
    return dev.choose_primary(
        match=match,
        team=team,
        player=player,
        category=SkillCategory.objects.get(code="G"),
        proposals=[skill("Block"), skill("Kick"), skill("Frenzy")],
        by=by,
        dice=dice or FixedDice(1),
    )


def test_primary_refuses_a_player_who_may_not_develop(season, home, away, admin):
    suspended = home.players.get(number=1)
    play(away, home, at=days_ago(3), ticks={suspended: Casualty.SERIOUSLY_INJURED})
    match = play(home, away, at=days_ago(2))
    with pytest.raises(ValidationError, match=r"Heim 1 kann sich nach .* nicht entwickeln"):
        choose_block(match, home, suspended, admin)
    assert not Development.objects.filter(match=match).exists()


def test_primary_refuses_a_player_of_another_team(match, home, away, admin):
    with pytest.raises(ValidationError, match=r"Gast 1 kann sich nach .* nicht entwickeln"):
        choose_block(match, home, away.players.get(number=1), admin)
    assert not Development.objects.filter(match=match).exists()


def test_a_player_with_a_development_but_no_tick_cannot_be_deleted(match, home, admin):
    development = choose_block(match, home, home.players.get(number=1), admin)
    assert not development.player.casualties.exists()
    with pytest.raises(ValidationError) as error:
        delete_player(player=development.player)
    assert error.value.messages == [
        f"{development.player} steht schon in Spielen und kann nur entlassen werden."
    ]
    assert home.players.filter(pk=development.player.pk).exists()


# --- Selbst wählen ------------------------------------------------------------------------


def test_primary_rolls_1d3_among_the_three_proposals(match, home, admin):
    player = home.players.first()
    dice = FixedDice(3)
    development = choose_block(match, home, player, admin, dice=dice)
    assert dice.sides == [3]
    assert development.skill.name == "Frenzy"
    assert development.opponent_proposal.name == "Frenzy"
    assert development.rolls == [
        {
            "kind": "d3",
            "options": ["Block", "Kick", "Frenzy"],
            "sides": 3,
            "roll": 3,
            "result": "Frenzy",
        }
    ]


def test_each_proposal_is_stored_in_its_place(match, home, admin):
    development = choose_block(match, home, home.players.first(), admin, dice=FixedDice(2))
    assert development.proposal_1 == skill("Block")
    assert development.proposal_2 == skill("Kick")
    assert development.opponent_proposal == skill("Frenzy")
    assert development.skill == skill("Kick")


def test_system_dice_roll_every_number_from_one_to_the_sides():
    dice = dev.SystemDice()
    assert {dice.roll(3) for _ in range(300)} == {1, 2, 3}
    assert {dice.roll(1) for _ in range(10)} == {1}


def test_primary_rolls_the_real_dice_without_fixed_ones(match, home, admin):
    development = choose_block(match, home, home.players.first(), admin, dice=dev.SystemDice())
    roll = development.rolls[0]["roll"]
    assert 1 <= roll <= 3
    assert development.skill == [skill("Block"), skill("Kick"), skill("Frenzy")][roll - 1]


def test_primary_refuses_a_category_outside_the_primary_set(match, home, admin):
    player = home.players.first()
    restrict(player, primary="G", secondary="S")
    with pytest.raises(ValidationError, match="keine Primär-Kategorie"):
        dev.choose_primary(
            match=match,
            team=home,
            player=player,
            category=SkillCategory.objects.get(code="S"),
            proposals=list(Skill.objects.filter(category__code="S")[:3]),
            by=admin,
            dice=FixedDice(1),
        )


def test_devious_is_always_allowed_as_primary(match, home, admin):
    player = home.players.first()
    restrict(player, primary="G", secondary="")
    devious = dev.gainable_skills(player=player, match=match, categories=["D"])[:3]
    development = dev.choose_primary(
        match=match,
        team=home,
        player=player,
        category=SkillCategory.objects.get(code="D"),
        proposals=devious,
        by=admin,
        dice=FixedDice(1),
    )
    assert development.skill == devious[0]


def test_category_with_fewer_than_three_gainable_skills_cannot_be_chosen(match, home, admin):
    player = home.players.first()
    passing = dev.gainable_skills(player=player, match=match, categories=["P"])
    for entry in passing[:-2]:
        PlayerSkill.objects.create(player=player, skill=entry)
    assert len(dev.gainable_skills(player=player, match=match, categories=["P"])) == 2
    with pytest.raises(ValidationError, match="weniger als drei"):
        dev.choose_primary(
            match=match,
            team=home,
            player=player,
            category=SkillCategory.objects.get(code="P"),
            proposals=passing[-2:] + passing[:1],
            by=admin,
            dice=FixedDice(1),
        )


def test_category_with_exactly_three_gainable_skills_can_be_chosen(match, home, admin):
    player = home.players.first()
    passing = dev.gainable_skills(player=player, match=match, categories=["P"])
    for entry in passing[:-3]:
        PlayerSkill.objects.create(player=player, skill=entry)
    development = dev.choose_primary(
        match=match,
        team=home,
        player=player,
        category=SkillCategory.objects.get(code="P"),
        proposals=passing[-3:],
        by=admin,
        dice=FixedDice(3),
    )
    assert development.skill == passing[-1]


def test_selbst_waehlen_offers_a_category_with_exactly_three_gainable_skills(match, home):
    player = home.players.first()
    passing = dev.gainable_skills(player=player, match=match, categories=["P"])
    for entry in passing[:-3]:
        PlayerSkill.objects.create(player=player, skill=entry)
    assert dev.primary_options(player=player, match=match)["P"] == passing[-3:]


def test_selbst_waehlen_offers_what_he_could_gain_at_that_match(season, home, away, admin):
    player = home.players.first()
    first = play(home, away, at=days_ago(3))
    dev.leave_open(match=first, team=home, by=admin)
    later = play(home, away, at=days_ago(1))
    block = choose_block(match=later, team=home, player=player, by=admin).skill
    assert block in dev.primary_options(player=player, match=first)["G"]
    # gained after that later match, it is his from the next one on
    assert block in dev.primary_options(player=player, match=later)["G"]
    following = play(home, away, at=days_ago(0.5))
    assert block not in dev.primary_options(player=player, match=following)["G"]


def test_primary_refuses_an_owned_or_repeated_proposal(match, home, admin):
    player = home.players.first()
    PlayerSkill.objects.create(player=player, skill=skill("Block"))
    general = SkillCategory.objects.get(code="G")
    with pytest.raises(ValidationError, match="hat Block schon") as refused:
        choose_block(match, home, player, admin)
    # The message belongs to the field that caused it.
    assert list(refused.value.message_dict) == ["proposal_1"]
    with pytest.raises(ValidationError, match="drei verschiedene") as refused:
        dev.choose_primary(
            match=match,
            team=home,
            player=player,
            category=general,
            proposals=[skill("Kick"), skill("Kick"), skill("Frenzy")],
            by=admin,
            dice=FixedDice(1),
        )
    assert list(refused.value.message_dict) == ["proposal_2"]


def test_primary_options_hold_only_gainable_skills_of_allowed_categories(match, home):
    player = home.players.first()
    player.set_categories(primary=SkillCategory.objects.filter(code="S"), secondary=[])
    PlayerSkill.objects.create(player=player, skill=skill("Block"), source="gained")
    options = dev.primary_options(player=player, match=match)
    # His primary set plus Devious, which everybody may choose.
    assert list(options) == ["S", "D"]
    offered = {s.name for skills in options.values() for s in skills}
    assert "Guard" in offered and "Block" not in offered
    assert all(not s.is_trait and s.gainable_in_sevens for ss in options.values() for s in ss)


def test_primary_options_leave_out_a_category_with_fewer_than_three(match, home):
    player = home.players.first()
    player.set_categories(primary=SkillCategory.objects.filter(code="P"), secondary=[])
    passing = dev.gainable_skills(player=player, match=match, categories=["P"])
    for entry in passing[:-2]:
        PlayerSkill.objects.create(player=player, skill=entry, source="gained")
    assert "P" not in dev.primary_options(player=player, match=match)


# --- Devious bonus ------------------------------------------------------------------------


def devious_development(match, team, by):
    player = team.players.first()
    devious = dev.gainable_skills(player=player, match=match, categories=["D"])
    return dev.choose_primary(
        match=match,
        team=team,
        player=player,
        category=SkillCategory.objects.get(code="D"),
        proposals=devious[:3],
        by=by,
        dice=FixedDice(1),
    ), devious


def test_devious_bonus_adds_a_second_devious_skill(match, home):
    development, devious = devious_development(match, home, home.coach)
    dev.record_devious_bonus(development=development, skill=devious[3], by=home.coach)
    development.refresh_from_db()
    assert development.bonus_skill == devious[3]
    assert development.history.latest().history_user == home.coach
    gained = [e.skill for e in current_skills(development.player) if e.is_gained]
    assert gained == [devious[0], devious[3]]


def test_devious_bonus_refuses_the_same_skill_and_the_other_coach(match, home, away):
    development, devious = devious_development(match, home, home.coach)
    with pytest.raises(ValidationError) as refused:
        dev.record_devious_bonus(development=development, skill=devious[0], by=home.coach)
    assert refused.value.messages == [
        f"{devious[0]} ist keine erlernbare Hinterlistig-Fertigkeit für {development.player}."
    ]
    with pytest.raises(PermissionDenied):
        dev.record_devious_bonus(development=development, skill=devious[3], by=away.coach)


def test_devious_bonus_only_after_a_selbst_waehlen(match, home, admin):
    # Everything else holds (a Devious category and skill, no bonus yet): only the choice is
    # not Selbst wählen.
    player = home.players.first()
    devious = dev.gainable_skills(player=player, match=match, categories=["D"])
    development = Development.objects.create(
        match=match,
        team=home,
        player=player,
        choice=Development.Choice.AUTOMATIC,
        category=SkillCategory.objects.get(code="D"),
        skill=devious[0],
    )
    with pytest.raises(
        ValidationError,
        match=r"^\['Der Bonus gibt es nur nach „Selbst wählen“ in Hinterlistig \(Devious\)\.'\]$",
    ):
        dev.record_devious_bonus(development=development, skill=devious[1], by=admin)


def test_devious_bonus_only_after_choosing_devious(match, home, admin):
    player = home.players.first()
    development = choose_block(match, home, player, admin)
    devious = dev.gainable_skills(player=player, match=match, categories=["D"])
    with pytest.raises(
        ValidationError,
        match=r"^\['Der Bonus gibt es nur nach „Selbst wählen“ in Hinterlistig \(Devious\)\.'\]$",
    ):
        dev.record_devious_bonus(development=development, skill=devious[0], by=admin)


def test_devious_bonus_is_recorded_once(match, home):
    development, devious = devious_development(match, home, home.coach)
    dev.record_devious_bonus(development=development, skill=devious[3], by=home.coach)
    with pytest.raises(ValidationError) as refused:
        dev.record_devious_bonus(development=development, skill=devious[4], by=home.coach)
    assert refused.value.messages == ["Der Bonus ist schon eingetragen."]
    development.refresh_from_db()
    assert development.bonus_skill == devious[3]


def test_devious_bonus_by_the_coach_only_while_the_season_is_open(match, home, admin):
    development, devious = devious_development(match, home, home.coach)
    start_next_season(by=admin)
    with pytest.raises(PermissionDenied):
        dev.record_devious_bonus(development=development, skill=devious[3], by=home.coach)
    dev.record_devious_bonus(development=development, skill=devious[3], by=admin)
    development.refresh_from_db()
    assert development.bonus_skill == devious[3]


# --- Offen, no re-roll, reset, double submit ----------------------------------------------


def test_open_development_is_completed_later_by_either_coach(match, home, away):
    dev.leave_open(match=match, team=home, by=home.coach)
    development = dev.choose_automatic(match=match, team=home, by=away.coach, dice=FixedDice(1, 1))
    assert development.choice == Development.Choice.AUTOMATIC
    assert Development.objects.filter(match=match, team=home).count() == 1


def test_open_development_lapses_when_the_next_match_is_entered(match, home, away, admin):
    dev.leave_open(match=match, team=home, by=admin)
    play(home, away, at=days_ago(1))
    assert not dev.can_complete(match=match, team=home)
    with pytest.raises(ValidationError, match="verfallen"):
        dev.choose_automatic(match=match, team=home, by=admin, dice=FixedDice(1, 1))


def test_a_chosen_development_is_never_rolled_again(match, home, admin):
    dev.choose_automatic(match=match, team=home, by=admin, dice=FixedDice(1, 1))
    with pytest.raises(ValidationError, match="schon eingetragen"):
        dev.choose_automatic(match=match, team=home, by=admin, dice=FixedDice(1, 1))
    assert Development.objects.filter(match=match, team=home).count() == 1
    assert sum(e.is_gained for p in home.players.all() for e in current_skills(p)) == 1


def test_editing_the_result_keeps_the_development(match, home, away, admin):
    from matches.services import MatchEntry, update_match

    development = dev.choose_automatic(match=match, team=home, by=admin, dice=FixedDice(1, 1))
    entry = MatchEntry(
        home=home, away=away, played_at=match.played_at, home_touchdowns=3, away_touchdowns=0
    )
    update_match(match=match, entry=entry, version=match.version, by=admin)
    development.refresh_from_db()
    assert development.skill is not None and development.rolls[0]["roll"] == 1


def test_a_correction_that_kills_the_developed_player_is_refused(match, home, away, admin):
    from matches.services import MatchEntry, update_match

    developed = [
        dev.choose_automatic(match=match, team=team, by=admin, dice=FixedDice(1, 1)).player
        for team in (home, away)
    ]
    entry = MatchEntry(
        home=home,
        away=away,
        played_at=match.played_at,
        home_touchdowns=0,
        away_touchdowns=0,
        casualties=dict.fromkeys((p.pk for p in developed), Casualty.DEAD),
    )
    with pytest.raises(ValidationError) as refused:
        update_match(match=match, entry=entry, version=match.version, by=admin)
    # both developments are named, each with what to do
    assert sorted(refused.value.messages) == sorted(
        f"{player} hat sich nach {match.label()} entwickelt, war dort aber nicht einsatzfähig. "
        "Bitte zuerst diese Entwicklung korrigieren."
        for player in developed
    )


def test_a_correction_that_would_give_a_skill_twice_is_refused(season, home, away, admin):
    from matches.services import MatchEntry, update_match

    player = home.players.get(number=1)
    first = play(home, away, at=days_ago(10))
    choose_block(match=first, team=home, player=player, by=admin)
    death = play(away, home, at=days_ago(9), ticks={player: Casualty.DEAD})
    open_season(by=admin)
    # The death took Block away, so he could gain it again in the next season.
    again = play(home, away, at=days_ago(1))
    choose_block(match=again, team=home, player=player, by=admin)
    entry = MatchEntry(
        home=away, away=home, played_at=death.played_at, home_touchdowns=0, away_touchdowns=0
    )
    with pytest.raises(ValidationError) as refused:
        update_match(match=death, entry=entry, version=death.version, by=admin)
    assert refused.value.messages == [
        f"{player} hätte Block nach {again.label()} doppelt. Bitte zuerst diese Entwicklung "
        "korrigieren."
    ]
    assert death.casualties.get().player == player


def test_admin_reset_keeps_the_old_roll_and_allows_a_new_choice(match, home, admin):
    old = dev.choose_automatic(match=match, team=home, by=admin, dice=FixedDice(1, 1))
    with pytest.raises(PermissionDenied):
        dev.reset_development(development=old, by=home.coach)
    dev.reset_development(development=old, by=admin)
    old.refresh_from_db()
    assert old.is_reset and old.skill is not None
    assert old.skill not in [e.skill for e in current_skills(old.player) if e.is_gained]
    new = dev.choose_none(match=match, team=home, by=home.coach)
    assert new.pk != old.pk
    assert Development.objects.filter(match=match, team=home).count() == 2


def test_third_coach_may_not_choose(match, home):
    other = squad(name="Fremd", players=1)
    with pytest.raises(PermissionDenied):
        dev.choose_none(match=match, team=home, by=other.coach)


# --- who completes it, and what an admin sees of it ---------------------------------------


def test_can_complete_while_none_or_open_and_not_once_chosen(season, home, away, admin):
    first = play(home, away, at=days_ago(3))
    assert dev.can_complete(match=first, team=home) and dev.can_complete(match=first, team=away)
    dev.leave_open(match=first, team=home, by=admin)
    assert dev.can_complete(match=first, team=home)
    dev.choose_none(match=first, team=home, by=admin)
    assert not dev.can_complete(match=first, team=home)
    assert dev.can_complete(match=first, team=away)  # the other team's choice is its own


def test_leaving_open_twice_and_then_choosing_none_keeps_one_row(match, home, away):
    opened = dev.leave_open(match=match, team=home, by=home.coach)
    again = dev.leave_open(match=match, team=home, by=away.coach)
    none = dev.choose_none(match=match, team=home, by=away.coach)
    assert opened.pk == again.pk == none.pk
    assert Development.objects.filter(match=match, team=home).count() == 1
    assert Development.objects.get(match=match, team=home).choice == Development.Choice.NONE


@pytest.mark.parametrize("choose", [dev.leave_open, dev.choose_none])
def test_the_development_names_the_coach_who_entered_it(match, home, away, choose):
    development = choose(match=match, team=home, by=away.coach)
    development.refresh_from_db()
    assert development.entered_by == away.coach
    assert development.history.latest().history_user == away.coach


def test_devious_bonus_offers_devious_skills_gainable_at_that_match_only(season, home, away):
    player = home.players.first()
    devious = SkillCategory.objects.get(code="D")
    first = play(home, away, at=days_ago(3))
    pool = dev.gainable_skills(player=player, match=first, categories=["D"])
    development = dev.choose_primary(
        match=first,
        team=home,
        player=player,
        category=devious,
        proposals=pool[:3],
        by=home.coach,
        dice=FixedDice(1),
    )
    # In a later match he gains another Devious skill: at the first match he did not have it.
    later = play(home, away, at=days_ago(1))
    dev.choose_primary(
        match=later,
        team=home,
        player=player,
        category=devious,
        proposals=pool[3:6],
        by=home.coach,
        dice=FixedDice(1),
    )
    options = dev.devious_bonus_options(development)
    assert pool[3] in options and pool[0] not in options
    assert options == pool[1:]
    assert {skill.category.code for skill in options} == {"D"}


# the lock (the match's teams first: their ids and their lock, then the match), the
# development with everything it shows in one query, the bonus options (his skills at that
# match), the save and its history row: a related row read on its own adds one
BONUS_QUERIES = 12


def test_devious_bonus_reads_the_development_in_a_fixed_number_of_queries(
    match, home, django_assert_num_queries
):
    development, devious = devious_development(match, home, home.coach)
    fresh = Development.objects.get(pk=development.pk)
    with django_assert_num_queries(BONUS_QUERIES):
        dev.record_devious_bonus(development=fresh, skill=devious[3], by=home.coach)


def test_devious_bonus_of_another_coach_is_refused_with_its_reason(match, home, away):
    development, devious = devious_development(match, home, home.coach)
    with pytest.raises(PermissionDenied) as refused:
        dev.record_devious_bonus(development=development, skill=devious[3], by=away.coach)
    assert str(refused.value) == "Den Bonus trägt nur der Coach des Teams oder ein Admin ein."


def test_reset_names_the_admin_and_a_second_reset_says_it_was_done(match, home, admin):
    old = dev.choose_automatic(match=match, team=home, by=admin, dice=FixedDice(1, 1))
    with pytest.raises(PermissionDenied) as refused:
        dev.reset_development(development=old, by=home.coach)
    assert str(refused.value) == "Nur Admins setzen eine Entwicklung zurück."
    dev.reset_development(development=old, by=admin)
    old.refresh_from_db()
    assert old.reset_by == admin and old.history.latest().history_user == admin
    with pytest.raises(ValidationError) as again:
        dev.reset_development(development=old, by=admin)
    assert again.value.messages == ["Diese Entwicklung ist schon zurückgesetzt."]


def test_selbst_waehlen_refusals_say_why_next_to_their_field(match, home, away, admin):
    player = home.players.get(number=1)
    label = match.label()
    general, strength, passing = (SkillCategory.objects.get(code=c) for c in "GSP")

    def refusal(player=player, category=general, proposals=("Block", "Kick", "Frenzy")):
        with pytest.raises(ValidationError) as refused:
            dev.choose_primary(
                match=match,
                team=home,
                player=player,
                category=category,
                proposals=[skill(name) for name in proposals],
                by=admin,
                dice=FixedDice(1),
            )
        return refused.value.message_dict

    stranger = away.players.get(number=1)
    assert refusal(player=stranger) == {
        "player": [f"{stranger} kann sich nach {label} nicht entwickeln."]
    }
    assert refusal(proposals=("Block", "Kick")) == {
        "proposal_1": ["Bitte drei verschiedene Fertigkeiten vorschlagen."]
    }
    PlayerSkill.objects.create(player=player, skill=skill("Kick"))
    assert refusal(proposals=("Block", "Block", "Kick")) == {
        "proposal_2": ["Block steht schon oben: bitte drei verschiedene Fertigkeiten."],
        "opponent_proposal": [f"{player} hat Kick schon."],
    }
    assert refusal(proposals=("Block", "Frenzy", "Mighty Blow")) == {
        "opponent_proposal": [f"Mighty Blow kann {player} in {general} nicht lernen."]
    }
    gainable = dev.gainable_skills(player=player, match=match, categories=["P"])
    for entry in gainable[:-2]:
        PlayerSkill.objects.create(player=player, skill=entry)
    assert refusal(category=passing) == {
        "category": [f"In {passing} gibt es für {player} weniger als drei erlernbare Fertigkeiten."]
    }
    player.set_categories(primary=SkillCategory.objects.filter(code="G"), secondary=[])
    assert refusal(category=strength) == {
        "category": [f"{strength} ist für {player} keine Primär-Kategorie."]
    }


@pytest.mark.parametrize("kind", ["primary", "automatic"])
def test_completing_an_open_development_keeps_its_row_and_names_who_chose(match, home, away, kind):
    opened = dev.leave_open(match=match, team=home, by=home.coach)
    player = home.players.get(number=1)
    if kind == "primary":
        chosen = choose_block(match, home, player, away.coach)
    else:
        chosen = dev.choose_automatic(match=match, team=home, by=away.coach, dice=FixedDice(1, 1))
    assert chosen.pk == opened.pk
    assert Development.objects.filter(match=match, team=home).count() == 1
    chosen.refresh_from_db()
    assert chosen.entered_by == away.coach
    assert chosen.history.latest().history_user == away.coach


def test_development_refusals_say_why(season, home, away, admin):
    stranger = squad(name="Fremd", players=1)
    match = play(home, away, at=days_ago(2))
    with pytest.raises(PermissionDenied) as denied:
        dev.choose_none(match=match, team=home, by=stranger.coach)
    assert str(denied.value) == "Die Entwicklung tragen nur die beiden Coaches oder Admins ein."
    with pytest.raises(ValidationError) as refused:
        dev.choose_none(match=match, team=stranger, by=admin)
    assert refused.value.messages == ["Fremd spielte nicht in diesem Spiel."]
    dev.choose_none(match=match, team=home, by=admin)
    with pytest.raises(ValidationError) as refused:
        dev.leave_open(match=match, team=home, by=admin)
    assert refused.value.messages == [
        "Die Entwicklung von Heim ist schon eingetragen; nur ein Admin kann sie zurücksetzen."
    ]
    play(home, away, at=days_ago(1))
    with pytest.raises(ValidationError) as refused:
        dev.leave_open(match=match, team=away, by=admin)
    assert refused.value.messages == [
        "Gast hat seitdem schon weitergespielt: die offene Entwicklung ist verfallen."
    ]


def test_a_die_that_rolls_outside_its_sides_is_an_error(match, home, admin):
    with pytest.raises(ValueError, match=r"^die roll 4 outside 1\.\.3$"):
        choose_block(match, home, home.players.first(), admin, dice=FixedDice(4))
    assert not Development.objects.exists()


# his categories, his skills at the match (stored, gained, deaths), the pool with the categories
OPTIONS_QUERIES = 5


def test_selbst_waehlen_options_in_a_fixed_number_of_queries(
    match, home, django_assert_num_queries
):
    player = home.players.first()
    with django_assert_num_queries(OPTIONS_QUERIES):
        options = dev.primary_options(player=player, match=match)
    assert len(options) == SkillCategory.objects.count()


# the players; their stored skills, both category sets, gains, 💀 ticks and records; the
# categories; the pool
FORM_OPTIONS_QUERIES = 9


def test_result_form_options_cost_the_same_queries_whatever_the_squad_size(
    match, home, django_assert_num_queries
):
    with django_assert_num_queries(FORM_OPTIONS_QUERIES):
        few = dev.options_before_result(team=home, match=None, suspended=set())
    for number in range(20, 26):
        PlayerFactory(team=home, number=number)
    with django_assert_num_queries(FORM_OPTIONS_QUERIES):
        many = dev.options_before_result(team=home, match=None, suspended=set())
    assert len(many) == len(few) + 6
    assert [p["id"] for p in many[: len(few)]] == [p["id"] for p in few]


def test_result_form_options_leave_out_the_suspended(match, home):
    suspended = home.players.get(number=2)
    offered = dev.options_before_result(team=home, match=None, suspended={suspended.pk: "x"})
    assert suspended.pk not in [p["id"] for p in offered]
    assert len(offered) == home.players.filter(retired_on=None).count() - 1


def test_a_player_dead_in_this_match_is_not_eligible_whatever_the_ids(season, home, away):
    # Ticks of other matches first, so that no tick has the id of the player it is for.
    play(away, home, at=days_ago(4), ticks={p: Casualty.BADLY_HURT for p in away.players.all()})
    dead = home.players.get(number=3)
    match = play(home, away, at=days_ago(2), ticks={dead: Casualty.DEAD})
    assert match.casualties.get().pk != dead.pk
    assert dead not in dev.eligible_players(match=match, team=home)
    assert [p.number for p in dev.eligible_players(match=match, team=home)] == [1, 2]


# the developments with team, player and skills, then for the developed player his team's
# eligible players and his skills at the match
CHECK_QUERIES = 9


def test_development_checks_of_a_correction_in_a_fixed_number_of_queries(
    match, home, admin, django_assert_num_queries
):
    development, devious = devious_development(match, home, home.coach)
    dev.record_devious_bonus(development=development, skill=devious[3], by=home.coach)
    with django_assert_num_queries(CHECK_QUERIES):
        assert dev.development_errors(match) == []


def test_gains_stay_after_a_tick_that_is_not_a_death(season, home, away, admin):
    player = home.players.get(number=1)
    first = play(home, away, at=days_ago(4))
    choose_block(first, home, player, admin)
    play(away, home, at=days_ago(3), ticks={player: Casualty.SERIOUSLY_INJURED})
    play(home, away, at=days_ago(2))  # he sits this one out
    play(away, home, at=days_ago(1), ticks={player: Casualty.BADLY_HURT})
    assert "Block" in [entry.skill.name for entry in current_skills(player)]


def test_a_death_in_a_deleted_result_takes_no_gains(season, home, away, admin):
    from matches.services import delete_match

    player = home.players.get(number=1)
    first = play(home, away, at=days_ago(4))
    choose_block(first, home, player, admin)
    death = play(away, home, at=days_ago(2), ticks={player: Casualty.DEAD})
    assert "Block" not in [entry.skill.name for entry in current_skills(player)]
    delete_match(match=death, by=admin)
    assert "Block" in [entry.skill.name for entry in current_skills(player)]


def test_current_skills_of_a_player_with_gains_in_three_queries(
    match, home, django_assert_num_queries
):
    development, devious = devious_development(match, home, home.coach)
    dev.record_devious_bonus(development=development, skill=devious[3], by=home.coach)
    player = development.player
    PlayerSkill.objects.create(player=player, skill=skill("Block"), order=1)
    PlayerSkill.objects.create(player=player, skill=skill("Kick"), order=2)
    fresh = type(player).objects.get(pk=player.pk)
    # stored skills, gaining developments, deaths: each with what it shows
    with django_assert_num_queries(3):
        names = [entry.skill.name for entry in current_skills(fresh)]
    assert names[-2:] == [devious[0].name, devious[3].name]


# --- one entry for the four choices (development.choose) ------------------------------------


@pytest.mark.parametrize(
    "choice", [Development.Choice.NONE, Development.Choice.OPEN, Development.Choice.AUTOMATIC]
)
def test_choose_records_the_choice_it_is_given(match, home, admin, choice):
    development = dev.choose(choice, match=match, team=home, by=admin, dice=FixedDice(1, 1))
    assert development.choice == choice
    assert Development.objects.active().get(match=match, team=home).choice == choice


def test_choose_selbst_waehlen_rolls_among_the_three_proposals(match, home, admin):
    player = home.players.get(number=1)
    proposals = [skill("Block"), skill("Kick"), skill("Frenzy")]
    development = dev.choose(
        Development.Choice.CHOOSE,
        match=match,
        team=home,
        by=admin,
        player=player,
        category=SkillCategory.objects.get(code="G"),
        proposals=proposals,
        dice=FixedDice(2),
    )
    assert (development.player, development.skill) == (player, skill("Kick"))
    assert development.proposals() == proposals


def test_choose_refuses_an_unknown_choice(match, home, admin):
    with pytest.raises(ValueError, match="unknown development choice"):
        dev.choose("bribe", match=match, team=home, by=admin)
    assert not Development.objects.exists()


# --- a 💀 recorded by hand on the squad page counts like a 💀 tick --------------------------


def test_a_death_recorded_by_hand_resets_gains_like_a_death_tick(season, home, away, admin):
    from matches.records import record_casualty
    from matches.squad import squad_page

    player = home.players.get(number=1)
    first = play(home, away, at=days_ago(4))
    choose_block(first, home, player, admin)
    later = play(away, home, at=days_ago(3))
    assert "Block" in [e.skill.name for e in current_skills(player)]
    record_casualty(
        player=player,
        kind=Casualty.DEAD,
        day=timezone.localdate(days_ago(2)),
        by=home.coach,
    )
    assert "Block" not in [e.skill.name for e in current_skills(player)]
    # going into a match before the death he still had it
    assert "Block" in [e.skill.name for e in current_skills(player, at_match=later)]
    # the squad page reads the same through its prefetch
    shown = next(p for p in squad_page(home, with_questions=False).roster if p.pk == player.pk)
    assert "Block" not in [e.skill.name for e in shown.skills_now]


def test_an_injury_recorded_by_hand_keeps_the_gains(season, home, away, admin):
    from matches.records import record_casualty

    player = home.players.get(number=1)
    first = play(home, away, at=days_ago(4))
    choose_block(first, home, player, admin)
    record_casualty(
        player=player,
        kind=Casualty.SERIOUSLY_INJURED,
        day=timezone.localdate(days_ago(2)),
        by=home.coach,
    )
    assert "Block" in [e.skill.name for e in current_skills(player)]


def test_a_death_recorded_by_hand_in_an_earlier_season_leaves_later_gains(
    season, home, away, admin
):
    from matches.records import record_casualty

    player = home.players.get(number=1)
    record_casualty(
        player=player, kind=Casualty.DEAD, day=timezone.localdate(days_ago(2)), by=admin
    )
    open_season(by=admin)
    match = play(home, away)
    choose_block(match, home, player, admin)
    assert "Block" in [e.skill.name for e in current_skills(player)]
