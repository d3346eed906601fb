"""Skills an admin grants by hand obey the development rules (matches.skills.grant_errors):
the pool only, nothing twice, and with recorded categories only from the player's sets
(Devious always). The admin form shows these messages; here they are pinned word for word."""

import pytest

from matches.factories import squad
from matches.skills import grant_errors
from roster.models import PlayerSkill
from rules.models import Skill, SkillCategory

pytestmark = pytest.mark.django_db


def skills(*names):
    found = {skill.name: skill for skill in Skill.objects.filter(name__in=names)}
    return [found[name] for name in names]


@pytest.fixture
def player():
    return squad(name="Heim", players=1).players.get()


def test_any_gainable_skill_may_be_granted_to_an_unrestricted_player(player):
    assert grant_errors(player, skills("Block", "Dodge", "Mighty Blow", "Sneaky Git")) == []
    assert grant_errors(player, []) == []


def test_a_skill_outside_the_development_pool_is_refused(player):
    assert grant_errors(player, skills("Leader", "Block")) == [
        "Leader kann man in der Liga nicht dazugewinnen."
    ]


def test_a_skill_he_has_or_one_granted_twice_in_one_go_is_refused(player):
    PlayerSkill.objects.create(player=player, skill=Skill.objects.get(name="Block"))
    assert grant_errors(player, skills("Block", "Kick", "Kick", "Dodge")) == [
        f"{player} hat Block schon.",
        f"{player} hat Kick schon.",
    ]


def test_with_recorded_categories_only_his_primary_and_secondary_sets_and_devious(player):
    player.set_categories(
        primary=SkillCategory.objects.filter(code="G"),
        secondary=SkillCategory.objects.filter(code="S"),
    )
    assert grant_errors(player, skills("Block", "Mighty Blow", "Sneaky Git")) == []
    assert grant_errors(player, skills("Dodge", "Block")) == [
        f"Dodge gehört zu keiner Kategorie von {player}."
    ]
