"""Hatred 🤬: asked after a 🏥, active in its casualty's season only, gone with its tick."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.models import Season
from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.hatred import active_hatreds, answer_hatred, open_questions
from matches.models import Casualty, CasualtyTick, Hatred
from matches.records import record_casualty
from matches.services import MatchEntry, update_match
from roster.factories import UserFactory
from rules.models import Keyword, Race

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams():
    humans = squad(name="Menschen")
    orcs = squad(name="Orks", race=Race.objects.get(name="Orc"))
    open_season()
    Season.objects.update(started_at=days_ago(30))
    return humans, orcs


def injure(humans, orcs, number=1, kind=Casualty.SERIOUSLY_INJURED):
    player = humans.players.get(number=number)
    match = play(humans, orcs, at=days_ago(2), ticks={player: kind})
    return player, match, match.casualties.get(player=player)


def orc():
    return Keyword.objects.get(name="Orc")


def test_a_serious_injury_asks_with_the_opponents_race_keywords(teams):
    humans, orcs = teams
    player, _match, tick = injure(humans, orcs)
    [question] = open_questions(teams=[humans])
    assert question.casualty == tick and question.player == player
    assert [k.name for k in question.options] == ["Goblin", "Orc", "Troll"]
    assert question.preselected is None


@pytest.mark.parametrize("kind", [Casualty.DEAD, Casualty.BADLY_HURT])
def test_death_and_badly_hurt_raise_no_question(teams, kind):
    humans, orcs = teams
    injure(humans, orcs, kind=kind)
    assert open_questions(teams=[humans]) == []


def test_a_race_with_one_race_keyword_is_preselected(teams):
    _humans, orcs = teams
    dwarfs = squad(name="Zwerge", race=Race.objects.get(name="Dwarf"))
    Season.objects.get(is_current=True).teams.add(dwarfs)
    orc_player = orcs.players.get(number=1)
    play(orcs, dwarfs, at=days_ago(2), ticks={orc_player: Casualty.SERIOUSLY_INJURED})
    [question] = open_questions(teams=[orcs])
    assert question.preselected is not None and question.preselected.name == "Dwarf"


def test_yes_with_a_race_makes_the_player_hate_it(teams):
    humans, orcs = teams
    player, _match, tick = injure(humans, orcs)
    answer_hatred(casualty=tick, rolled=True, race=orc(), by=humans.coach)
    assert active_hatreds([player]) == {player.pk: ["Orc"]}
    assert open_questions(teams=[humans]) == []


def test_no_closes_the_question_without_hatred(teams):
    humans, orcs = teams
    player, _match, tick = injure(humans, orcs)
    answer_hatred(casualty=tick, rolled=False, race=None, by=humans.coach)
    assert active_hatreds([player]) == {}
    assert open_questions(teams=[humans]) == []


def test_an_unanswered_question_means_no_hatred(teams):
    humans, orcs = teams
    player, _match, _tick = injure(humans, orcs)
    assert active_hatreds([player]) == {}


def test_a_race_not_on_offer_is_refused(teams):
    humans, orcs = teams
    _player, _match, tick = injure(humans, orcs)
    with pytest.raises(ValidationError, match="Rasse des Verursachers"):
        elf = Keyword.objects.get(name="Elf")
        answer_hatred(casualty=tick, rolled=True, race=elf, by=staff_user())
    assert not Hatred.objects.exists()


def test_yes_without_a_race_is_refused(teams):
    humans, orcs = teams
    _player, _match, tick = injure(humans, orcs)
    with pytest.raises(ValidationError):
        answer_hatred(casualty=tick, rolled=True, race=None, by=humans.coach)


def test_a_question_is_answered_once(teams):
    humans, orcs = teams
    _player, _match, tick = injure(humans, orcs)
    answer_hatred(casualty=tick, rolled=False, race=None, by=humans.coach)
    with pytest.raises(ValidationError, match="schon beantwortet"):
        answer_hatred(casualty=tick, rolled=True, race=orc(), by=humans.coach)
    assert Hatred.objects.count() == 1


def test_only_the_injured_players_coach_or_an_admin_answers(teams):
    humans, orcs = teams
    _player, _match, tick = injure(humans, orcs)
    with pytest.raises(PermissionDenied):
        answer_hatred(casualty=tick, rolled=True, race=orc(), by=orcs.coach)
    answer_hatred(casualty=tick, rolled=True, race=orc(), by=staff_user())
    assert Hatred.objects.get().race == orc()


def test_hatred_ends_with_its_season(teams):
    humans, orcs = teams
    player, _match, tick = injure(humans, orcs)
    answer_hatred(casualty=tick, rolled=True, race=orc(), by=humans.coach)
    open_season()
    assert active_hatreds([player]) == {}
    # The answer stays as history; nothing was deleted.
    assert Hatred.objects.filter(tick=tick).exists()


def test_an_open_question_lapses_with_its_season(teams):
    humans, orcs = teams
    _player, _match, tick = injure(humans, orcs)
    open_season()
    assert open_questions(teams=[humans]) == []
    with pytest.raises(ValidationError, match="Saisonende"):
        answer_hatred(casualty=tick, rolled=True, race=orc(), by=humans.coach)


def _entry(match, casualties):
    return MatchEntry(
        home=match.home,
        away=match.away,
        played_at=match.played_at,
        home_touchdowns=match.home_touchdowns,
        away_touchdowns=match.away_touchdowns,
        casualties=casualties,
    )


def test_removing_the_tick_removes_its_hatred(teams):
    humans, orcs = teams
    player, match, tick = injure(humans, orcs)
    answer_hatred(casualty=tick, rolled=True, race=orc(), by=humans.coach)
    update_match(match=match, entry=_entry(match, {}), version=match.version, by=staff_user())
    assert active_hatreds([player]) == {}
    assert not Hatred.objects.exists()


def test_correcting_the_tick_to_dead_removes_its_hatred(teams):
    humans, orcs = teams
    player, match, tick = injure(humans, orcs)
    answer_hatred(casualty=tick, rolled=True, race=orc(), by=humans.coach)
    entry = _entry(match, {player.pk: Casualty.DEAD})
    update_match(match=match, entry=entry, version=match.version, by=staff_user())
    assert not Hatred.objects.exists()
    assert open_questions(teams=[humans]) == []


def test_saving_the_match_unchanged_keeps_the_hatred(teams):
    humans, orcs = teams
    player, match, tick = injure(humans, orcs)
    answer_hatred(casualty=tick, rolled=True, race=orc(), by=humans.coach)
    entry = _entry(match, {player.pk: Casualty.SERIOUSLY_INJURED})
    update_match(match=match, entry=entry, version=match.version, by=staff_user())
    assert CasualtyTick.objects.get(match=match).pk == tick.pk
    assert active_hatreds([player]) == {player.pk: ["Orc"]}


def test_the_same_race_twice_shows_once(teams):
    humans, orcs = teams
    player = humans.players.get(number=1)
    for days in (6, 3):
        play(humans, orcs, at=days_ago(days + 1))  # he sits out the match after each 🏥
        match = play(humans, orcs, at=days_ago(days), ticks={player: Casualty.SERIOUSLY_INJURED})
        tick = match.casualties.get(player=player)
        answer_hatred(casualty=tick, rolled=True, race=orc(), by=humans.coach)
    assert active_hatreds([player]) == {player.pk: ["Orc"]}


def test_a_record_by_hand_offers_every_race_keyword(teams):
    humans, _orcs = teams
    player = humans.players.get(number=2)
    record = record_casualty(
        player=player, kind=Casualty.SERIOUSLY_INJURED, day=timezone.localdate(), by=humans.coach
    )
    [question] = open_questions(teams=[humans])
    assert question.casualty == record
    names = [k.name for k in question.options]
    assert "Elf" in names and "Orc" in names and "Lineman" not in names
    elf = Keyword.objects.get(name="Elf")
    answer_hatred(casualty=record, rolled=True, race=elf, by=staff_user())
    assert active_hatreds([player]) == {player.pk: ["Elf"]}
    record.delete()
    assert active_hatreds([player]) == {}


def test_a_dead_record_raises_no_question(teams):
    humans, _orcs = teams
    player = humans.players.get(number=2)
    record_casualty(player=player, kind=Casualty.DEAD, day=timezone.localdate(), by=humans.coach)
    assert open_questions(teams=[humans]) == []


def test_a_stranger_sees_no_questions_for_his_own_teams(teams):
    humans, orcs = teams
    injure(humans, orcs)
    stranger = UserFactory()
    from roster.models import Team

    assert open_questions(teams=Team.objects.coached_by(stranger)) == []


# --- the question on the match page (mark_questions) and by its key (casualty_of) ------------


def marked(match, team, user):
    from matches.hatred import mark_questions

    ticks = [t for t in match.casualties.select_related("player") if t.player.team_id == team.pk]
    return {
        tick.player.number: tick.asks
        for tick in mark_questions(ticks, match=match, team=team, user=user)
    }


def test_the_match_page_asks_the_injured_players_coach_and_admins_only(teams):
    humans, orcs = teams
    _player, match, _tick = injure(humans, orcs)
    assert marked(match, humans, humans.coach) == {1: True}
    assert marked(match, humans, staff_user()) == {1: True}
    assert marked(match, humans, orcs.coach) == {1: False}


def test_an_answered_or_other_casualty_asks_nothing_on_the_match_page(teams):
    humans, orcs = teams
    player, match, tick = injure(humans, orcs)
    dead = humans.players.get(number=2)
    update_match(
        match=match,
        entry=MatchEntry(
            home=humans,
            away=orcs,
            played_at=match.played_at,
            home_touchdowns=0,
            away_touchdowns=0,
            casualties={player.pk: Casualty.SERIOUSLY_INJURED, dead.pk: Casualty.DEAD},
        ),
        version=match.version,
        by=humans.coach,
    )
    match.refresh_from_db()
    assert marked(match, humans, humans.coach) == {1: True, 2: False}
    answer_hatred(casualty=tick, rolled=False, race=None, by=humans.coach)
    assert marked(match, humans, humans.coach) == {1: False, 2: False}


def test_a_deleted_result_asks_nothing_on_its_page(teams):
    from matches.services import delete_match

    humans, orcs = teams
    _player, match, _tick = injure(humans, orcs)
    delete_match(match=match, by=staff_user())
    match.refresh_from_db()
    assert marked(match, humans, staff_user()) == {1: False}
    assert open_questions(teams=[humans]) == []


def test_a_question_key_names_a_casualty_of_that_team_only(teams):
    from matches.hatred import casualty_of

    humans, orcs = teams
    _player, _match, tick = injure(humans, orcs)
    assert casualty_of(humans, f"t{tick.pk}") == tick
    assert casualty_of(orcs, f"t{tick.pk}") is None
    for key in ("", "t", "x1", f"r{tick.pk}", "t²", "t-1"):
        assert casualty_of(humans, key) is None
