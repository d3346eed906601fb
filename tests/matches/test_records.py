"""Casualties recorded by hand (🏥/💀 without a match) drive the status like a tick, in play
order."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.models import Season
from league.services import start_next_season
from matches.factories import days_ago, play, squad, staff_user
from matches.models import Casualty
from matches.records import record_casualty, remove_casualty_record
from matches.status import status_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams():
    home, away = squad(name="Heim"), squad(name="Gast")
    start_next_season(by=staff_user())
    Season.objects.update(started_at=days_ago(30))
    return home, away


def day(days_back: int):
    return timezone.localdate() - timezone.timedelta(days=days_back)


def test_a_recorded_injury_misses_the_next_played_match_only(teams):
    home, away = teams
    hurt = home.players.get(number=1)
    record_casualty(player=hurt, kind=Casualty.SERIOUSLY_INJURED, day=day(5), by=home.coach)
    assert status_of(hurt) == Casualty.SERIOUSLY_INJURED
    served = play(home, away, at=days_ago(2))
    assert status_of(hurt, served) == Casualty.SERIOUSLY_INJURED
    assert status_of(hurt) is None


def test_a_record_counts_in_play_order_not_in_entry_order(teams):
    home, away = teams
    hurt = home.players.get(number=1)
    before = play(home, away, at=days_ago(8))
    after = play(home, away, at=days_ago(2))
    # entered last, but it happened between the two matches: the later match serves it
    record_casualty(player=hurt, kind=Casualty.SERIOUSLY_INJURED, day=day(5), by=home.coach)
    assert status_of(hurt, before) is None
    assert status_of(hurt, after) == Casualty.SERIOUSLY_INJURED
    assert status_of(hurt) is None


def test_a_recorded_death_lasts_the_season_and_ends_with_it(teams):
    home, away = teams
    dead = home.players.get(number=2)
    record_casualty(player=dead, kind=Casualty.DEAD, day=day(6), by=staff_user())
    play(home, away, at=days_ago(3))
    play(away, home, at=days_ago(1))
    assert status_of(dead) == Casualty.DEAD
    start_next_season(by=staff_user())
    assert status_of(dead) is None


def test_removing_a_record_clears_the_status(teams):
    home, _ = teams
    hurt = home.players.get(number=3)
    record = record_casualty(player=hurt, kind=Casualty.DEAD, day=day(1), by=home.coach)
    remove_casualty_record(record=record, by=home.coach)
    assert status_of(hurt) is None


def test_only_the_teams_coach_or_an_admin_records(teams):
    home, away = teams
    with pytest.raises(PermissionDenied):
        record_casualty(player=home.players.first(), kind=Casualty.DEAD, day=day(1), by=away.coach)


@pytest.mark.parametrize(
    ("days_back", "message"),
    [(-1, "Zukunft"), (40, "vor dem Beginn der laufenden Saison")],
)
def test_a_record_outside_the_season_is_refused(teams, days_back, message):
    home, _ = teams
    with pytest.raises(ValidationError, match=message):
        record_casualty(
            player=home.players.first(), kind=Casualty.DEAD, day=day(days_back), by=home.coach
        )


def test_badly_hurt_cannot_be_recorded_by_hand(teams):
    home, _ = teams
    with pytest.raises(ValidationError):
        record_casualty(
            player=home.players.first(), kind=Casualty.BADLY_HURT, day=day(1), by=home.coach
        )


def post_record(client, player, **values):
    from django.urls import reverse

    url = reverse("roster:casualty-record-create", args=[player.team_id, player.pk])
    prefix = f"ausfall{player.pk}-"
    data = {prefix + "kind": "injured", prefix + "day": day(1).isoformat(), prefix + "note": ""}
    data.update({prefix + key: value for key, value in values.items()})
    return client.post(url, data)


def test_coach_records_an_injury_on_the_squad_page(client, teams):
    home, _ = teams
    player = home.players.get(number=4)
    client.force_login(home.coach)
    response = post_record(client, player, note="Beim Training umgeknickt")
    assert response.status_code == 302
    html = client.get(home.get_absolute_url()).content.decode()
    assert 'data-status="injured"' in html and "Beim Training umgeknickt" in html


def test_a_future_day_is_shown_next_to_the_date_field(client, teams):
    home, _ = teams
    player = home.players.get(number=4)
    client.force_login(home.coach)
    response = post_record(client, player, day=day(-2).isoformat())
    assert response.status_code == 400
    html = response.content.decode()
    assert f'id="id_ausfall{player.pk}-day_error"' in html and "Zukunft" in html
    assert status_of(player) is None


def test_another_coach_cannot_record_for_a_foreign_player(client, teams):
    home, away = teams
    client.force_login(away.coach)
    assert post_record(client, home.players.first()).status_code == 404


# --- a back-dated record never makes a stored match invalid (docs/league.md, "Korrekturen") ---


def block_for(match, team, player):
    from matches import development as dev
    from rules.models import Skill, SkillCategory

    class One:
        def roll(self, sides):
            return 1

    return dev.choose_primary(
        match=match,
        team=team,
        player=player,
        category=SkillCategory.objects.get(code="G"),
        proposals=[Skill.objects.get(name=n) for n in ("Block", "Kick", "Frenzy")],
        by=staff_user(),
        dice=One(),
    )


def test_a_back_dated_injury_before_a_match_with_his_development_is_refused(teams):
    home, away = teams
    player = home.players.get(number=1)
    match = play(home, away, at=days_ago(2))
    block_for(match, home, player)
    with pytest.raises(ValidationError) as refused:
        record_casualty(player=player, kind=Casualty.SERIOUSLY_INJURED, day=day(5), by=home.coach)
    text = " ".join(refused.value.messages)
    assert match.label() in text and "zuerst" in text
    assert not player.casualty_records.exists()


def test_a_back_dated_death_before_a_match_with_his_tick_is_refused(teams):
    home, away = teams
    player = home.players.get(number=2)
    play(home, away, at=days_ago(8))
    later = play(away, home, at=days_ago(2), ticks={player: Casualty.BADLY_HURT})
    with pytest.raises(ValidationError) as refused:
        record_casualty(player=player, kind=Casualty.DEAD, day=day(10), by=staff_user())
    assert any(later.label() in message for message in refused.value.messages)
    assert not player.casualty_records.exists()


def test_a_back_dated_injury_served_by_a_match_without_his_entries_is_accepted(teams):
    home, away = teams
    player = home.players.get(number=1)
    served = play(home, away, at=days_ago(3))
    later = play(away, home, at=days_ago(2))
    block_for(later, home, player)  # only the match after the served one has his development
    record_casualty(player=player, kind=Casualty.SERIOUSLY_INJURED, day=day(5), by=home.coach)
    assert status_of(player, served) == Casualty.SERIOUSLY_INJURED


def test_the_refusal_names_the_match_next_to_the_date_field(client, teams):
    home, away = teams
    player = home.players.get(number=1)
    match = play(home, away, at=days_ago(2))
    block_for(match, home, player)
    client.force_login(home.coach)
    response = post_record(client, player, day=day(5).isoformat())
    assert response.status_code == 400
    html = response.content.decode()
    assert f'id="id_ausfall{player.pk}-day_error"' in html and "zuerst" in html
    assert not player.casualty_records.exists()
