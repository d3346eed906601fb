import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Casualty, CasualtyTick, Match
from matches.services import MatchEntry, enter_match, update_match
from matches.standings import result_of
from roster.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def entry(home, away, **changes):
    values = {
        "home": home,
        "away": away,
        "played_at": days_ago(1),
        "home_touchdowns": 2,
        "away_touchdowns": 1,
    }
    return MatchEntry(**{**values, **changes})


def test_coach_enters_a_match_with_ticks_and_journeymen(season, home, away):
    victim = away.players.get(number=1)
    match = enter_match(
        entry=entry(
            home,
            away,
            casualties={victim.pk: Casualty.SERIOUSLY_INJURED},
            home_journeymen_casualties=1,
        ),
        by=home.coach,
    )
    assert match.season == season and match.entered_by == home.coach
    assert match.casualties_caused_by(home) == 2
    assert match.casualties_caused_by(away) == 0
    assert result_of(match).winner_id() == home.pk


def test_other_coach_of_the_two_teams_may_enter_too(season, home, away):
    assert enter_match(entry=entry(home, away), by=away.coach).pk


def test_coach_cannot_enter_result_for_other_teams(season, home, away):
    with pytest.raises(PermissionDenied):
        enter_match(entry=entry(home, away), by=UserFactory())
    assert not Match.objects.exists()


@pytest.mark.parametrize("outsider_plays_home", [False, True])
def test_both_teams_must_be_enrolled(season, home, outsider_plays_home):
    outsider = TeamFactory(name="Draußen")
    season.teams.remove(outsider)
    teams = (outsider, home) if outsider_plays_home else (home, outsider)
    with pytest.raises(ValidationError, match=r"Draußen ist in .* nicht gemeldet"):
        enter_match(entry=entry(*teams), by=staff_user())
    assert not Match.objects.exists()


def test_played_at_cannot_be_in_the_future(season, home, away):
    later = timezone.now() + timezone.timedelta(hours=1)
    with pytest.raises(ValidationError, match="Zukunft"):
        enter_match(entry=entry(home, away, played_at=later), by=home.coach)


def test_team_cannot_play_itself(season, home):
    with pytest.raises(ValidationError, match="sich selbst"):
        enter_match(entry=entry(home, home), by=home.coach)


def test_concession_must_be_one_of_the_two_teams(season, home, away):
    with pytest.raises(ValidationError, match="Aufgeben"):
        enter_match(entry=entry(home, away, conceded_by=squad(name="X")), by=home.coach)


def test_concession_loses_whatever_the_score(season, home, away):
    match = enter_match(entry=entry(home, away, conceded_by=home), by=home.coach)
    assert result_of(match).winner_id() == away.pk


def test_no_season_no_match(home, away):
    with pytest.raises(ValidationError, match="keine Saison"):
        enter_match(entry=entry(home, away), by=staff_user())


def test_tick_for_a_suspended_player_is_refused_and_nothing_is_saved(season, home, away):
    hurt = away.players.get(number=1)
    play(home, away, at=days_ago(3), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    with pytest.raises(ValidationError, match="gesperrt"):
        play(home, away, at=days_ago(2), ticks={hurt: Casualty.BADLY_HURT})
    assert Match.objects.count() == 1


def test_tick_for_a_suspended_home_player_is_refused(season, home, away):
    hurt = home.players.get(number=1)
    play(home, away, at=days_ago(3), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    with pytest.raises(ValidationError, match=r"Heim 1 war in .* gesperrt"):
        play(home, away, at=days_ago(2), ticks={hurt: Casualty.BADLY_HURT})
    assert Match.objects.count() == 1


def test_back_dated_entry_that_would_suspend_a_player_of_a_later_match_is_refused(
    season, home, away
):
    player = away.players.get(number=1)
    play(home, away, at=days_ago(2), ticks={player: Casualty.BADLY_HURT})
    with pytest.raises(ValidationError, match="gesperrt") as error:
        play(home, away, at=days_ago(3), ticks={player: Casualty.SERIOUSLY_INJURED})
    assert "Gast 1 war in Heim – Gast" in str(error.value)
    assert Match.objects.count() == 1


def test_back_dated_entry_is_checked_against_later_matches_with_other_opponents(season, home, away):
    player = away.players.get(number=1)
    third = squad(name="Dritte")
    season.teams.add(third)
    play(third, away, at=days_ago(2), ticks={player: Casualty.BADLY_HURT})
    with pytest.raises(ValidationError, match=r"Gast 1 war in Dritte – Gast .* gesperrt"):
        play(home, away, at=days_ago(3), ticks={player: Casualty.SERIOUSLY_INJURED})
    assert Match.objects.count() == 1


def test_tick_for_a_player_retired_after_the_match_stays_valid(season, home, away):
    retired = away.players.get(number=2)
    match = play(home, away, at=days_ago(3), ticks={retired: Casualty.BADLY_HURT})
    retired.retired_on = days_ago(1).date()
    retired.save()
    update_match(
        match=match,
        entry=entry(home, away, played_at=match.played_at, casualties={retired.pk: "hurt"}),
        version=match.version,
        by=staff_user(),
    )
    assert match.casualties.get().player == retired


def test_tick_for_a_player_retired_on_match_day_is_valid(season, home, away):
    retired, now = away.players.get(number=2), timezone.now()
    retired.retired_on = timezone.localtime(now).date()
    retired.save()
    match = play(home, away, at=now, ticks={retired: Casualty.BADLY_HURT})
    assert match.casualties.get().player == retired


@pytest.mark.parametrize(
    "field",
    [
        "home_touchdowns",
        "away_touchdowns",
        "home_journeymen_casualties",
        "away_journeymen_casualties",
    ],
)
def test_negative_numbers_are_refused(season, home, away, field):
    with pytest.raises(ValidationError, match="größer oder gleich 0"):
        enter_match(entry=entry(home, away, **{field: -1}), by=home.coach)
    assert not Match.objects.exists()


def test_unknown_casualty_kind_is_refused(season, home, away):
    victim = away.players.get(number=1)
    with pytest.raises(ValidationError, match="Unbekannter Ausfall"):
        enter_match(entry=entry(home, away, casualties={victim.pk: "zombie"}), by=home.coach)
    assert not Match.objects.exists()


def test_tick_for_a_player_who_joined_after_the_match_is_refused(season, home, away):
    newcomer = away.players.create(
        name="Neu", number=20, position=away.race.journeyman_position, created_at=timezone.now()
    )
    with pytest.raises(ValidationError, match="noch nicht im Kader"):
        play(home, away, at=days_ago(1), ticks={newcomer: Casualty.BADLY_HURT})


def test_tick_for_a_player_retired_before_the_match_is_refused(season, home, away):
    retired = away.players.get(number=2)
    retired.retired_on = days_ago(5).date()
    retired.save()
    with pytest.raises(ValidationError, match="entlassen"):
        play(home, away, at=days_ago(1), ticks={retired: Casualty.BADLY_HURT})


def test_tick_for_a_player_of_another_team_is_refused(season, home, away):
    stranger = squad(name="Fremd").players.first()
    with pytest.raises(ValidationError, match="spielte nicht"):
        play(home, away, ticks={stranger: Casualty.DEAD})


def test_database_allows_one_tick_per_player_and_match(season, home, away):
    match = play(home, away)
    player = away.players.first()
    CasualtyTick.objects.create(match=match, player=player, kind=Casualty.BADLY_HURT)
    with pytest.raises(IntegrityError), transaction.atomic():
        CasualtyTick.objects.create(match=match, player=player, kind=Casualty.DEAD)


def test_database_refuses_a_team_against_itself(season, home):
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.create(season=season, home=home, away=home, played_at=days_ago(1))


def test_update_replaces_result_and_ticks(season, home, away):
    one, two = away.players.get(number=1), away.players.get(number=2)
    match = play(home, away, ticks={one: Casualty.DEAD})
    update_match(
        match=match,
        entry=entry(home, away, casualties={two.pk: Casualty.BADLY_HURT}),
        version=match.version,
        by=home.coach,
    )
    match.refresh_from_db()
    assert match.version == 2 and (match.home_touchdowns, match.away_touchdowns) == (2, 1)
    assert [(t.player, t.kind) for t in match.casualties.all()] == [(two, Casualty.BADLY_HURT)]


def test_second_of_two_concurrent_saves_fails_with_a_clear_message(season, home, away):
    match = play(home, away)
    loaded_version = match.version
    update_match(match=match, entry=entry(home, away), version=loaded_version, by=home.coach)
    with pytest.raises(ValidationError, match="inzwischen von jemand anderem"):
        update_match(
            match=match,
            entry=entry(home, away, home_touchdowns=5),
            version=loaded_version,
            by=away.coach,
        )
    match.refresh_from_db()
    assert match.home_touchdowns == 2 and match.version == 2


def test_edit_that_would_invalidate_a_later_match_is_refused_naming_it(season, home, away):
    player = away.players.get(number=1)
    first = play(home, away, at=days_ago(3))
    play(home, away, at=days_ago(2), ticks={player: Casualty.BADLY_HURT})
    with pytest.raises(ValidationError, match="gesperrt") as error:
        update_match(
            match=first,
            entry=entry(home, away, played_at=first.played_at, casualties={player.pk: "injured"}),
            version=first.version,
            by=staff_user(),
        )
    assert "Heim – Gast" in str(error.value)
    assert not first.casualties.exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"played_at": timezone.now() + timezone.timedelta(hours=1)}, "Zukunft"),
        ({"home_touchdowns": -1}, "größer oder gleich 0"),
        ({"conceded_by": "outsider"}, "Aufgeben"),
        ({"casualties": "unknown kind"}, "Unbekannter Ausfall"),
        ({"casualties": "suspended"}, "gesperrt"),
        ({"casualties": "stranger"}, "spielte nicht"),
    ],
    ids=["future", "negative", "concession", "unknown-kind", "suspended", "stranger"],
)
def test_update_runs_the_same_checks_as_a_new_entry(season, home, away, changes, message):
    hurt = home.players.get(number=1)
    play(home, away, at=days_ago(3), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    match = play(home, away, at=days_ago(2))
    stranger = squad(name="Fremd").players.first()
    casualties = {
        "unknown kind": {hurt.pk: "zombie"},
        "suspended": {hurt.pk: Casualty.BADLY_HURT},
        "stranger": {stranger.pk: Casualty.BADLY_HURT},
    }
    values = {"played_at": match.played_at, **changes}
    if "casualties" in values:
        values["casualties"] = casualties[values["casualties"]]
    if values.get("conceded_by") == "outsider":
        values["conceded_by"] = stranger.team
    with pytest.raises(ValidationError, match=message):
        update_match(match=match, entry=entry(home, away, **values), version=1, by=staff_user())
    match.refresh_from_db()
    assert (match.version, match.home_touchdowns) == (1, 0)
    assert not match.casualties.exists()


def test_coach_cannot_edit_a_closed_seasons_result(season, home, away):
    match = play(home, away)
    open_season(by=staff_user())
    with pytest.raises(PermissionDenied):
        update_match(match=match, entry=entry(home, away), version=1, by=home.coach)
    update_match(match=match, entry=entry(home, away), version=1, by=staff_user())


def test_teams_of_a_match_stay_fixed(season, home, away):
    match = play(home, away)
    with pytest.raises(ValidationError, match="bleiben fest"):
        update_match(match=match, entry=entry(away, home), version=1, by=home.coach)


def test_a_player_with_a_match_entry_can_only_be_retired_not_deleted(season, home, away, client):
    from matches.squad import delete_player

    victim = home.players.first()
    play(home, away, at=days_ago(1), ticks={victim: Casualty.BADLY_HURT})
    with pytest.raises(ValidationError, match="kann nur entlassen werden"):
        delete_player(player=victim)
    assert home.players.filter(pk=victim.pk).exists()

    client.force_login(home.coach)
    response = client.post(f"/teams/{home.pk}/spieler/{victim.pk}/loeschen/", follow=True)
    assert response.status_code == 200
    assert "kann nur entlassen werden" in response.content.decode()
    assert home.players.filter(pk=victim.pk).exists()


def test_a_correction_claims_only_its_own_match(season, home, away):
    first = play(home, away, at=days_ago(3))
    other = play(home, away, at=days_ago(2))
    assert first.version == other.version == 1
    update_match(
        match=first, entry=entry(home, away, played_at=first.played_at), version=1, by=home.coach
    )
    other.refresh_from_db()
    assert other.version == 1


def test_a_correction_is_saved_by_its_author_and_clears_a_dispute(season, home, away):
    from matches.services import dispute_match

    match = play(home, away, at=days_ago(1), by=home.coach)
    dispute_match(match=match, version=match.version, note="Es war 1:1", by=away.coach)
    update_match(
        match=match,
        entry=entry(home, away, played_at=match.played_at, home_touchdowns=1),
        version=match.version,
        by=away.coach,
    )
    match.refresh_from_db()
    assert match.saved_by == away.coach
    assert (match.disputed_by, match.disputed_at, match.dispute_note) == (None, None, "")


def test_a_correction_on_a_page_loaded_before_a_forfeit_is_refused(season, home, away):
    from matches.factories import open_match
    from matches.open_matches import cancel_match

    match = open_match(home, away, at=timezone.now() + timezone.timedelta(hours=2))
    loaded = Match.objects.get(pk=match.pk)
    cancel_match(match=match, team=home, by=home.coach, version=match.version)
    version = Match.objects.get(pk=match.pk).version
    with pytest.raises(ValidationError) as refused:
        update_match(match=loaded, entry=entry(home, away), version=version, by=staff_user())
    assert refused.value.messages == [
        "Dieses Spiel ist inzwischen kampflos gewertet; nur ein Admin nimmt das zurück."
    ]
    assert Match.objects.get(pk=match.pk).version == version


def test_moving_a_match_later_checks_the_matches_it_leaves_behind(season, home, away):
    player = away.players.get(number=1)
    play(home, away, at=days_ago(5), ticks={player: Casualty.SERIOUSLY_INJURED})
    sat_out = play(home, away, at=days_ago(4))  # he misses this one
    play(home, away, at=days_ago(3), ticks={player: Casualty.BADLY_HURT})
    # Moved behind the third match, the second no longer keeps him out of it.
    moved = entry(home, away, played_at=days_ago(2), home_touchdowns=0, away_touchdowns=0)
    with pytest.raises(ValidationError, match=r"#1 Gast 1 war in .* gesperrt"):
        update_match(match=sat_out, entry=moved, version=sat_out.version, by=staff_user())
    sat_out.refresh_from_db()
    assert sat_out.played_at < days_ago(3.5)


# every check of a correction (the model's, the pairing's, the ticks and developments of this
# and the later matches), the save with its history, the lock (the match's teams read, locked,
# then the match); a related row read on its own adds one; and the start-page notices of both
# coaches (notifications/services.py: the coaches read, a row each in its own savepoint);
# without ticks no team's statuses are read (`tick_errors`)
CORRECTION_QUERIES = 46


def test_a_correction_reads_the_match_with_season_and_teams_at_once(
    season, home, away, django_assert_num_queries
):
    match = play(home, away, at=days_ago(1))
    correction = entry(home, away, played_at=match.played_at, home_touchdowns=4)
    with django_assert_num_queries(CORRECTION_QUERIES):
        update_match(match=match, entry=correction, version=match.version, by=staff_user())


def test_statuses_are_read_only_for_teams_with_ticks(season, home, away, monkeypatch):
    """A result without ticks (most of them) costs no status reads (three queries per team);
    a tick of one team reads that team's statuses only, and a suspended player is still
    refused (see above)."""
    import matches.services as services

    read = []
    real = services.suspended_for_match

    def spy(team, match):
        read.append(team.pk)
        return real(team, match)

    monkeypatch.setattr(services, "suspended_for_match", spy)
    play(home, away, at=days_ago(3))
    assert read == []
    play(home, away, at=days_ago(2), ticks={away.players.get(number=1): Casualty.BADLY_HURT})
    assert read == [away.pk]
