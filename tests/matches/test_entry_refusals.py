"""Every refusal of match entry, confirmation and deletion says exactly why, in German, and
where it belongs (a field's error next to that field): coaches read these on their phones.

The behaviour behind each refusal is tested with the rule it belongs to (test_services,
test_confirmation, test_history_and_deletion); here the words are pinned.
"""

import pytest
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.utils import timezone

from matches.factories import days_ago, open_match, play, squad, staff_user
from matches.models import Casualty, Match
from matches.services import (
    DuplicateMatch,
    MatchEntry,
    confirm_match,
    delete_match,
    dispute_match,
    enter_match,
    restore_match,
    update_match,
)
from matches.squad import delete_player
from roster.factories import UserFactory

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


def same(match, **changes):
    """The entry that saves `match` as it is, with `changes`."""
    values = {
        "played_at": match.played_at,
        "home_touchdowns": match.home_touchdowns,
        "away_touchdowns": match.away_touchdowns,
        "casualties": {t.player_id: t.kind for t in match.casualties.all()},
    }
    return entry(match.home, match.away, **{**values, **changes})


def refusal(error: ValidationError) -> dict[str, list[str]]:
    return error.message_dict


def test_a_result_entered_twice_names_the_first_one(season, home, away):
    first = play(home, away, at=days_ago(1))
    with pytest.raises(DuplicateMatch) as refused:
        play(away, home, at=days_ago(1))
    assert refused.value.messages == [
        f"Dieses Spiel ist schon eingetragen: {first.label()}. Bitte dort prüfen und "
        "gegebenenfalls korrigieren."
    ]
    assert refused.value.existing == first


def test_an_unknown_casualty_kind_is_a_general_error(season, home, away):
    victim = away.players.get(number=1)
    with pytest.raises(ValidationError) as refused:
        enter_match(entry=entry(home, away, casualties={victim.pk: "zombie"}), by=home.coach)
    assert refusal(refused.value) == {NON_FIELD_ERRORS: ["Unbekannter Ausfall."]}


def test_ticks_for_players_deleted_meanwhile_are_counted(season, home, away):
    gone = [away.players.get(number=n) for n in (1, 2)]
    ids = [player.pk for player in gone]
    for player in gone:
        delete_player(player=player)
    with pytest.raises(ValidationError) as refused:
        enter_match(entry=entry(home, away, casualties=dict.fromkeys(ids, "hurt")), by=home.coach)
    assert refusal(refused.value) == {
        NON_FIELD_ERRORS: ["2 angekreuzte Spieler gibt es nicht mehr."]
    }


def test_a_field_error_stays_with_its_field(season, home, away):
    later = timezone.now() + timezone.timedelta(hours=1)
    with pytest.raises(ValidationError) as refused:
        enter_match(entry=entry(home, away, played_at=later), by=home.coach)
    assert list(refusal(refused.value)) == ["played_at"]


def test_tick_refusals_name_the_player_the_match_and_the_reason(season, home, away):
    hurt = away.players.get(number=1)
    first = play(home, away, at=days_ago(3), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    with pytest.raises(ValidationError) as refused:
        play(home, away, at=days_ago(2), ticks={hurt: Casualty.BADLY_HURT})
    second = Match(home=home, away=away, played_at=first.played_at + timezone.timedelta(days=1))
    assert refused.value.messages == [f"#1 Gast 1 war in {second.label()} gesperrt (🏥)."]

    stranger = squad(name="Fremd").players.first()
    with pytest.raises(ValidationError) as refused:
        play(home, away, at=days_ago(1), ticks={stranger: Casualty.DEAD})
    assert refused.value.messages[0].startswith("#1 Fremd 1 spielte nicht in Heim – Gast (")

    newcomer = away.players.create(
        name="Neu", number=20, position=away.race.journeyman_position, created_at=timezone.now()
    )
    with pytest.raises(ValidationError) as refused:
        play(home, away, at=days_ago(1), ticks={newcomer: Casualty.BADLY_HURT})
    assert refused.value.messages[0].endswith(") noch nicht im Kader.")
    assert refused.value.messages[0].startswith("#20 Neu war in Heim – Gast (")

    retired = away.players.get(number=2)
    retired.retired_on = days_ago(5).date()
    retired.save()
    with pytest.raises(ValidationError) as refused:
        play(home, away, at=days_ago(1), ticks={retired: Casualty.BADLY_HURT})
    assert refused.value.messages[0].startswith("#2 Gast 2 war in Heim – Gast (")
    assert refused.value.messages[0].endswith(") schon entlassen.")


def test_entering_for_other_teams_or_without_a_season_says_why(home, away):
    with pytest.raises(ValidationError) as refused:
        enter_match(entry=entry(home, away), by=staff_user())
    assert refused.value.messages == ["Es läuft gerade keine Saison."]
    with pytest.raises(PermissionDenied) as denied:
        enter_match(entry=entry(home, away), by=UserFactory())
    assert str(denied.value) == "Nur die Coaches der beiden Teams oder Admins tragen ein."


def test_correction_refusals_say_why(season, home, away):
    match = play(home, away, at=days_ago(2), by=home.coach)
    with pytest.raises(PermissionDenied) as denied:
        update_match(match=match, entry=same(match), version=match.version, by=UserFactory())
    assert str(denied.value) == "Dieses Spiel darfst du nicht ändern."
    with pytest.raises(ValidationError) as refused:
        update_match(match=match, entry=same(match), version=match.version - 1, by=home.coach)
    assert refused.value.messages == [
        "Dieses Spiel wurde inzwischen von jemand anderem gespeichert. Bitte lade die Seite "
        "neu und prüfe das Ergebnis, bevor du erneut speicherst."
    ]
    swapped = entry(away, home, played_at=match.played_at)
    with pytest.raises(ValidationError) as refused:
        update_match(match=match, entry=swapped, version=match.version, by=home.coach)
    assert refused.value.messages == ["Die Teams eines Spiels bleiben fest."]


def test_a_forfeit_takes_no_result_and_says_who_undoes_it(season, home, away):
    from matches.open_matches import cancel_match

    match = open_match(home, away, at=timezone.now() + timezone.timedelta(hours=2))
    cancel_match(match=match, team=home, by=home.coach, version=match.version)
    forfeit = Match.objects.get(pk=match.pk)
    with pytest.raises(ValidationError) as refused:
        update_match(match=forfeit, entry=same(forfeit), version=forfeit.version, by=staff_user())
    assert refused.value.messages == [
        "Dieses Spiel ist kampflos gewertet; nur ein Admin nimmt das zurück."
    ]


def test_answers_to_a_result_say_why_they_are_refused(season, home, away):
    match = play(home, away, at=days_ago(1), by=home.coach)
    with pytest.raises(PermissionDenied) as denied:
        confirm_match(match=match, version=match.version, by=home.coach)
    assert str(denied.value) == "Dieses Ergebnis bestätigt der andere Coach."
    with pytest.raises(ValidationError) as refused:
        confirm_match(match=match, version=match.version + 1, by=away.coach)
    assert refused.value.messages == [
        "Das Ergebnis wurde inzwischen geändert. Bitte prüfe es noch einmal."
    ]
    with pytest.raises(ValidationError) as refused:
        dispute_match(match=match, version=match.version, note="  ", by=away.coach)
    assert refusal(refused.value) == {"note": ["Bitte kurz schreiben, was nicht stimmt."]}


def test_a_dispute_is_recorded_in_the_name_of_the_coach_who_objects(season, home, away):
    match = play(home, away, at=days_ago(1), by=home.coach)
    dispute_match(match=match, version=match.version, note="Es war 1:1", by=away.coach)
    match.refresh_from_db()
    assert (match.disputed_by, match.dispute_note) == (away.coach, "Es war 1:1")
    assert match.history.latest().history_user == away.coach


def test_only_admins_delete_and_restoring_a_result_that_counts_changes_nothing(season, home, away):
    match = play(home, away, at=days_ago(1), by=home.coach)
    with pytest.raises(PermissionDenied) as denied:
        delete_match(match=match, by=home.coach)
    assert str(denied.value) == "Nur Admins löschen Ergebnisse oder stellen sie wieder her."
    versions = match.history.count()
    restored = restore_match(match=match, by=staff_user())
    assert not restored.is_deleted and match.history.count() == versions
