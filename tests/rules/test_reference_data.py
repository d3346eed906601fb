"""The reference fixture matches the club's facts: 30 races, 159 positions, 108 skills."""

import pytest

from rules.models import Position, Race, Skill, SkillCategory

pytestmark = pytest.mark.django_db

# The handbook's table "Welche Rassen/Positionen das betrifft" (seed 000), race -> positions.
HANDBOOK_STUNTY = {
    "Halfling": {"Halfling Hopeful", "Halfling Hefty", "Halfling Catcher"},
    "Goblin": {"Goblin Lineman", "Loony", "Bomma", "Doom Diver", "Fanatic", "Pogoer", "'Ooligan"},
    "Snotling": {"Snotling Lineman", "Fun-hoppa", "Stilty Runna", "Fungus Flinga"},
    "Gnome": {"Gnome Lineman", "Woodland Fox", "Gnome Illusionist", "Gnome Beastmaster"},
    "Lizardmen": {"Chameleon Skink", "Skink Lineman"},
    "Ogre": {"Gnoblar Lineman"},
    "Orc": {"Goblin Lineman"},
    "Black Orc": {"Goblin Bruiser"},
    "Chaos Renegade": {"Renegade Goblin"},
    "Norse": {"Beer Boar"},
    "Human": {"Halfling Hopeful"},
    "Old World Alliance": {"Halfling Hopeful"},
    "Underworld Denizens": {"Goblin Lineman", "Snotling Lineman"},
}


def test_reference_data_has_all_races_positions_and_skills():
    assert Race.objects.count() == 30
    assert Position.objects.count() == 159
    assert Skill.objects.count() == 108
    assert list(SkillCategory.objects.values_list("code", flat=True)) == list("GASPMD")


@pytest.mark.parametrize(
    ("race", "position", "stats"),
    [
        ("Amazon", "Eagle Warrior", (16, 6, 3, 3, 4, 8)),
        ("Shambling Undead", "Skeleton Lineman", (16, 5, 3, 4, 6, 8)),
        ("Dwarf", "Dwarf Lineman", (16, 4, 3, 4, 5, 10)),
        ("Goblin", "Loony", (1, 6, 2, 3, None, 8)),
        ("Orc", "Goblin Lineman", (4, 6, 2, 3, 4, 8)),
    ],
)
def test_position_stats_match_reference(race, position, stats):
    p = Position.objects.get(race__name=race, name=position)
    assert (p.max_count, p.ma, p.st, p.ag, p.pa, p.av) == stats


def test_position_keeps_skill_values_and_categories():
    ogre = Position.objects.get(race__name="Human", name="Ogre")
    assert ogre.skill_names() == [
        "Bone Head",
        "Loner (3+)",
        "Mighty Blow",
        "Thick Skull",
        "Throw Team-mate",
    ]
    eagle = Position.objects.get(race__name="Amazon", name="Eagle Warrior")
    assert (eagle.primary_codes(), eagle.secondary_codes()) == ("G", "AS")


def test_stunty_positions_are_exactly_the_handbook_list():
    stunty = {}
    for position in Position.objects.stunty().select_related("race"):
        stunty.setdefault(position.race.name, set()).add(position.name)
    assert stunty == HANDBOOK_STUNTY
    assert sum(len(names) for names in stunty.values()) == 29


def test_dwarfs_are_not_stunty():
    assert not Position.objects.stunty().filter(race__name="Dwarf").exists()


def test_journeyman_position_is_the_most_common_lineman():
    journeymen = dict(Race.objects.values_list("name", "journeyman_position__name"))
    assert journeymen["Shambling Undead"] == "Skeleton Lineman"
    assert journeymen["Khorne"] == "Bloodborn Marauder"
    assert journeymen["Ogre"] == "Gnoblar Lineman"
    assert all(journeymen.values())


def test_leader_and_pro_are_never_gainable_in_sevens():
    not_gainable = set(
        Skill.objects.filter(gainable_in_sevens=False).values_list("name", flat=True)
    )
    assert not_gainable == {"Leader", "Pro"}
    pool = Skill.objects.development_pool()
    assert not pool.filter(name__in=["Leader", "Pro", "Stunty"]).exists()
    assert pool.filter(name="Dodge").exists()


def test_traits_have_no_category_and_skills_have_one():
    assert not Skill.objects.traits().exclude(category=None).exists()
    assert not Skill.objects.filter(is_trait=False, category=None).exists()
    assert Skill.objects.get(name="Stunty").is_trait


def test_race_keywords_exclude_roles():
    goblin = Position.objects.get(race__name="Orc", name="Goblin Lineman")
    assert goblin.race_keywords() == ["Goblin"]
    assert goblin.is_lineman


def test_out_of_range_stat_is_refused_with_a_german_message():
    from django.core.exceptions import ValidationError

    position = Position.objects.get(race__name="Human", name="Human Lineman")
    position.ma = 12
    with pytest.raises(ValidationError) as error:
        position.full_clean()
    assert "MA muss zwischen 1 und 9 liegen." in str(error.value)


def test_position_without_pass_value_is_valid():
    position = Position.objects.get(race__name="Goblin", name="Loony")
    assert position.pa is None
    position.full_clean()
