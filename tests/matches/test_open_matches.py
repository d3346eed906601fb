"""Open matches: appointments, cancellations and the 24-hour rule, the schedule, lapsing."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from matches import open_matches
from matches.factories import days_ago, open_match, open_season, play, squad, staff_user
from matches.models import Casualty, Match
from matches.services import MatchEntry, update_match
from matches.standings import season_table
from matches.status import suspended_for_next_match
from roster.factories import UserFactory

pytestmark = pytest.mark.django_db

NOW = timezone.now().replace(second=0, microsecond=0)


def in_hours(hours: float):
    return NOW + timedelta(hours=hours)


def test_coach_creates_a_match_without_appointment(season, home, away):
    match = open_matches.create_match(home=home, away=away, scheduled_at=None, by=home.coach)
    assert match.season == season and match.state == "open"
    assert match.played_at is None and match.scheduled_at is None


def test_coach_creates_a_match_with_appointment(season, home, away):
    match = open_matches.create_match(
        home=home, away=away, scheduled_at=in_hours(48), by=away.coach
    )
    assert match.scheduled_at == in_hours(48)
    assert list(Match.objects.upcoming()) == [match]


def test_coach_of_neither_team_cannot_create_a_match(season, home, away):
    with pytest.raises(PermissionDenied):
        open_matches.create_match(home=home, away=away, scheduled_at=None, by=UserFactory())
    assert not Match.objects.exists()


def test_appointment_in_the_past_is_refused_with_a_german_message(season, home, away):
    with pytest.raises(ValidationError) as error:
        open_matches.create_match(home=home, away=away, scheduled_at=in_hours(-1), by=home.coach)
    assert error.value.message_dict["scheduled_at"] == ["Der Termin liegt in der Vergangenheit."]
    assert not Match.objects.exists()


def test_either_coach_sets_and_moves_the_appointment(season, home, away):
    match = open_match(home, away)
    match = open_matches.set_appointment(
        match=match, scheduled_at=in_hours(30), version=match.version, by=home.coach
    )
    match = open_matches.set_appointment(
        match=match, scheduled_at=in_hours(50), version=match.version, by=away.coach
    )
    assert Match.objects.get(pk=match.pk).scheduled_at == in_hours(50)
    assert not match.cancellations.exists()


def test_moving_with_an_old_version_says_what_happened(season, home, away):
    match = open_match(home, away)
    loaded = match.version
    open_matches.set_appointment(
        match=match, scheduled_at=in_hours(30), version=loaded, by=home.coach
    )
    with pytest.raises(ValidationError) as error:
        open_matches.set_appointment(
            match=match, scheduled_at=in_hours(40), version=loaded, by=away.coach
        )
    assert "Jemand anderes war schneller" in error.value.messages[0]
    assert "Der Termin steht inzwischen auf" in error.value.messages[0]
    assert Match.objects.get(pk=match.pk).scheduled_at == in_hours(30)


def test_cancelling_23_hours_59_before_is_a_forfeit(season, home, away):
    match = open_match(home, away, at=in_hours(24) - timedelta(minutes=1))
    cancellation = open_matches.cancel_match(
        match=match, team=home, version=match.version, by=home.coach, now=NOW
    )
    match.refresh_from_db()
    assert cancellation.is_late and match.forfeited_by == home
    assert match.state == "forfeited"
    assert match.forfeit_score() == (0, 3)


def test_cancelling_24_hours_before_has_no_penalty_and_waits_for_a_new_date(season, home, away):
    match = open_match(home, away, at=in_hours(24))
    cancellation = open_matches.cancel_match(
        match=match, team=away, version=match.version, by=away.coach, now=NOW
    )
    match.refresh_from_db()
    assert not cancellation.is_late
    assert match.forfeited_by is None and match.scheduled_at is None and match.state == "open"
    assert cancellation.appointment == in_hours(24) and cancellation.cancelled_at == NOW


def test_cancelling_without_appointment_has_no_penalty(season, home, away):
    match = open_match(home, away)
    open_matches.cancel_match(match=match, team=home, version=match.version, by=home.coach)
    match.refresh_from_db()
    assert match.forfeited_by is None


def test_coach_cannot_cancel_for_the_other_team(season, home, away):
    match = open_match(home, away, at=in_hours(2))
    with pytest.raises(PermissionDenied):
        open_matches.cancel_match(match=match, team=away, version=match.version, by=home.coach)
    assert not Match.objects.get(pk=match.pk).is_forfeit


def test_coach_of_neither_team_cannot_cancel(season, home, away):
    match = open_match(home, away, at=in_hours(2))
    with pytest.raises(PermissionDenied):
        open_matches.cancel_match(match=match, team=home, version=match.version, by=UserFactory())
    assert not match.cancellations.exists()


def test_no_show_is_a_late_cancellation_by_the_absent_team(season, home, away):
    match = open_match(home, away, at=in_hours(-1))
    open_matches.cancel_match(
        match=match, team=away, version=match.version, by=home.coach, no_show=True
    )
    match.refresh_from_db()
    assert match.forfeited_by == away
    assert match.cancellations.get().no_show


def test_no_show_before_the_appointment_is_refused(season, home, away):
    match = open_match(home, away, at=in_hours(3))
    with pytest.raises(ValidationError):
        open_matches.cancel_match(
            match=match, team=away, version=match.version, by=home.coach, no_show=True
        )
    assert not match.cancellations.exists()


def test_cancelling_a_played_match_is_refused(season, home, away):
    match = play(home, away, at=days_ago(1))
    with pytest.raises(ValidationError) as error:
        open_matches.cancel_match(match=match, team=home, version=match.version, by=home.coach)
    assert error.value.messages == ["Dieses Spiel hat schon ein Ergebnis."]
    assert not match.cancellations.exists()


def test_cancelling_a_forfeited_match_again_is_refused(season, home, away):
    match = open_match(home, away, at=in_hours(1))
    open_matches.cancel_match(match=match, team=home, version=match.version, by=home.coach)
    match.refresh_from_db()
    with pytest.raises(ValidationError) as error:
        open_matches.cancel_match(match=match, team=away, version=match.version, by=away.coach)
    assert "kampflos gewertet" in error.value.messages[0]
    assert match.cancellations.count() == 1


def test_second_cancellation_with_the_old_version_sees_the_first(season, home, away):
    match = open_match(home, away, at=in_hours(1))
    loaded = match.version
    open_matches.cancel_match(match=match, team=home, version=loaded, by=home.coach)
    with pytest.raises(ValidationError) as error:
        open_matches.cancel_match(match=match, team=away, version=loaded, by=away.coach)
    assert "Heim hat zu spät abgesagt" in error.value.messages[0]
    assert Match.objects.get(pk=match.pk).forfeited_by == home


def test_lapsed_match_cannot_be_cancelled_or_moved(season, home, away):
    match = open_match(home, away, at=in_hours(5))
    open_season()
    match = Match.objects.get(pk=match.pk)
    assert match.state == "lapsed" and list(Match.objects.lapsed()) == [match]
    admin = staff_user()
    with pytest.raises(ValidationError) as error:
        open_matches.cancel_match(match=match, team=home, version=match.version, by=admin)
    assert "verfallen" in error.value.messages[0]
    with pytest.raises(ValidationError):
        open_matches.set_appointment(
            match=match, scheduled_at=in_hours(9), version=match.version, by=admin
        )


def test_forfeit_counts_in_the_table_as_0_3_without_casualties_or_bonus(season, home, away):
    match = open_match(home, away, at=in_hours(23))
    open_matches.cancel_match(match=match, team=home, version=match.version, by=home.coach)
    open_match(home, away, at=in_hours(100))  # open: not in the table
    rows = {row.team: row for row in season_table(season)}
    loser, winner = rows[home], rows[away]
    assert (loser.played, loser.lost, loser.td_for, loser.td_against) == (1, 1, 0, 3)
    assert (winner.played, winner.won, winner.td_for, winner.td_against) == (1, 1, 3, 0)
    assert winner.points == 3 and loser.points == 0
    assert winner.bonus == loser.bonus == 0 and winner.casualties == loser.casualties == 0
    # a forfeit follows from the cancellation: nobody has to confirm it
    assert winner.unconfirmed == loser.unconfirmed == 0


def test_lapsed_matches_are_not_in_the_table(season, home, away):
    open_match(home, away, at=in_hours(5))
    open_season()
    rows = season_table(season)
    assert all(row.played == 0 for row in rows)


def test_forfeit_is_not_a_played_match_for_a_serious_injury(season, home, away):
    victim = home.players.get(number=1)
    play(home, away, at=days_ago(2), ticks={victim: Casualty.SERIOUSLY_INJURED})
    match = open_match(home, away, at=in_hours(1))
    open_matches.cancel_match(match=match, team=away, version=match.version, by=away.coach)
    assert suspended_for_next_match(home)[victim.pk] == Casualty.SERIOUSLY_INJURED


def test_only_admins_undo_a_forfeit(season, home, away):
    match = open_match(home, away, at=in_hours(1))
    open_matches.cancel_match(match=match, team=home, version=match.version, by=home.coach)
    version = Match.objects.get(pk=match.pk).version
    with pytest.raises(PermissionDenied):
        open_matches.undo_forfeit(match=match, version=version, by=away.coach)
    admin = staff_user()
    match = open_matches.undo_forfeit(match=match, version=version, by=admin)
    assert not match.is_forfeit
    cancellation = match.cancellations.get()
    assert cancellation.forfeit_undone_by == admin


def test_undoing_a_forfeit_from_a_stale_page_is_refused(season, home, away):
    match = open_match(home, away, at=in_hours(1))
    open_matches.cancel_match(match=match, team=home, version=match.version, by=home.coach)
    admin = staff_user()
    stale = match.version  # the page before the cancellation
    with pytest.raises(ValidationError, match="Jemand anderes war schneller"):
        open_matches.undo_forfeit(match=match, version=stale, by=admin)
    assert Match.objects.get(pk=match.pk).is_forfeit


def test_an_undone_forfeit_is_a_new_version_of_the_match(season, home, away):
    match = open_match(home, away, at=in_hours(1))
    open_matches.cancel_match(match=match, team=home, version=match.version, by=home.coach)
    version = Match.objects.get(pk=match.pk).version
    undone = open_matches.undo_forfeit(match=match, version=version, by=staff_user())
    assert undone.version == version + 1 == Match.objects.get(pk=match.pk).version


def test_admin_corrects_the_time_of_a_late_cancellation_to_one_in_time(season, home, away):
    match = open_match(home, away, at=in_hours(10))
    cancellation = open_matches.cancel_match(
        match=match, team=home, version=match.version, by=home.coach, now=NOW
    )
    version = Match.objects.get(pk=match.pk).version
    match = open_matches.correct_cancellation_time(
        cancellation=cancellation, cancelled_at=in_hours(-30), version=version, by=staff_user()
    )
    assert not match.is_forfeit and match.scheduled_at is None
    assert match.version == version + 1


def test_correcting_a_cancellation_from_a_stale_page_is_refused(season, home, away):
    match = open_match(home, away, at=in_hours(10))
    cancellation = open_matches.cancel_match(
        match=match, team=home, version=match.version, by=home.coach, now=NOW
    )
    with pytest.raises(ValidationError, match="Jemand anderes war schneller"):
        open_matches.correct_cancellation_time(
            cancellation=cancellation,
            cancelled_at=in_hours(-30),
            version=match.version,  # before the cancellation
            by=staff_user(),
        )
    assert Match.objects.get(pk=match.pk).is_forfeit


def test_admin_corrects_a_cancellation_in_time_into_a_forfeit(season, home, away):
    match = open_match(home, away, at=in_hours(30))
    cancellation = open_matches.cancel_match(
        match=match, team=away, version=match.version, by=away.coach, now=NOW
    )
    version = Match.objects.get(pk=match.pk).version
    match = open_matches.correct_cancellation_time(
        cancellation=cancellation, cancelled_at=in_hours(20), version=version, by=staff_user()
    )
    assert match.forfeited_by == away and match.scheduled_at == in_hours(30)


def test_coach_cannot_correct_the_time_of_a_cancellation(season, home, away):
    match = open_match(home, away, at=in_hours(30))
    cancellation = open_matches.cancel_match(
        match=match, team=away, version=match.version, by=away.coach
    )
    with pytest.raises(PermissionDenied):
        open_matches.correct_cancellation_time(
            cancellation=cancellation, cancelled_at=in_hours(20), version=2, by=away.coach
        )


def test_either_coach_deletes_a_match_without_result(season, home, away):
    match = open_match(home, away, at=in_hours(30))
    open_matches.delete_open_match(match=match, version=match.version, by=away.coach)
    assert not Match.objects.exists()


def test_a_played_match_cannot_be_deleted_as_open(season, home, away):
    match = play(home, away, at=days_ago(1))
    with pytest.raises(ValidationError):
        open_matches.delete_open_match(match=match, version=match.version, by=home.coach)
    assert Match.objects.filter(pk=match.pk).exists()


def test_coach_of_neither_team_cannot_delete(season, home, away):
    match = open_match(home, away)
    with pytest.raises(PermissionDenied):
        open_matches.delete_open_match(match=match, version=match.version, by=UserFactory())


def test_entering_the_result_of_a_scheduled_match_uses_that_match(season, home, away):
    match = open_match(home, away, at=in_hours(-3), round=1)
    entry = MatchEntry(
        home=home, away=away, played_at=in_hours(-3), home_touchdowns=2, away_touchdowns=1
    )
    played = update_match(match=match, entry=entry, version=match.version, by=away.coach)
    assert played.pk == match.pk and played.state == "played" and played.round == 1
    assert Match.objects.count() == 1
    assert open_matches.open_match_for_pairing(season=season, home=away, away=home) is None


def test_open_match_for_a_pairing_is_found_whatever_the_venue(season, home, away):
    match = open_match(home, away)
    assert open_matches.open_match_for_pairing(season=season, home=away, away=home) == match


def test_a_forfeited_match_takes_no_result(season, home, away):
    match = open_match(home, away, at=in_hours(1))
    open_matches.cancel_match(match=match, team=home, version=match.version, by=home.coach)
    match.refresh_from_db()
    entry = MatchEntry(
        home=home, away=away, played_at=in_hours(-1), home_touchdowns=2, away_touchdowns=1
    )
    with pytest.raises(ValidationError):
        update_match(match=match, entry=entry, version=match.version, by=home.coach)


def test_admin_generates_the_schedule_for_the_current_season(season, home, away):
    third, fourth, fifth = squad(name="Drei"), squad(name="Vier"), squad(name="Fünf")
    season.teams.add(third, fourth, fifth)
    created = open_matches.generate_schedule(season=season, legs=2, by=staff_user())
    assert len(created) == 20
    assert {m.round for m in created} == set(range(1, 11))
    assert all(m.state == "open" for m in Match.objects.select_related("season"))


def test_generating_again_schedules_a_team_enrolled_later_in(season, home, away):
    third = squad(name="Drei")
    season.teams.add(third)
    open_matches.generate_schedule(season=season, legs=1, by=staff_user())
    late = squad(name="Spät")
    season.teams.add(late)
    added = open_matches.generate_schedule(season=season, legs=1, by=staff_user())
    assert {frozenset((m.home_id, m.away_id)) for m in added} == {
        frozenset((late.pk, t.pk)) for t in (home, away, third)
    }
    assert Match.objects.count() == 6


def test_coach_cannot_generate_the_schedule(season, home, away):
    with pytest.raises(PermissionDenied):
        open_matches.generate_schedule(season=season, legs=1, by=home.coach)
    assert not Match.objects.exists()
