"""The history of a match names what happened: creation, appointments, cancellations and
forfeits are no "Ergebnis eingetragen/geändert"; a dispute's note only for those who may read it;
a deleted result's page does not claim the result counts."""

from datetime import timedelta

import pytest
from django.utils import timezone

from matches.factories import play, staff_user
from matches.history import match_history
from matches.models import Match
from matches.open_matches import cancel_match, create_match, set_appointment
from matches.services import delete_match, dispute_match

pytestmark = pytest.mark.django_db


def texts(match) -> list[str]:
    """The history's lines, oldest first."""
    return [entry.what for entry in reversed(match_history(Match.objects.get(pk=match.pk)))]


def later(days: float):
    return (timezone.now() + timedelta(days=days)).replace(second=0, microsecond=0)


def test_creating_a_match_without_result_says_so_and_not_a_score(season, home, away):
    with_date = create_match(home=home, away=away, scheduled_at=later(3), by=home.coach)
    assert texts(with_date)[0].startswith("Spiel angelegt, Termin ")
    assert not any("Ergebnis" in text for text in texts(with_date))
    without = create_match(home=away, away=home, scheduled_at=None, by=home.coach)
    assert texts(without) == ["Spiel angelegt, noch ohne Termin"]


def test_appointment_set_and_moved_are_named_so(season, home, away):
    match = create_match(home=home, away=away, scheduled_at=None, by=home.coach)
    match = set_appointment(
        match=match, scheduled_at=later(3), version=match.version, by=home.coach
    )
    match = set_appointment(
        match=match, scheduled_at=later(4), version=match.version, by=away.coach
    )
    history = texts(match)
    assert history[1].startswith("Termin vereinbart: ")
    assert history[2].startswith("Termin verschoben: ") and " → " in history[2]


def test_cancellation_in_time_is_named_a_cancellation(season, home, away):
    match = create_match(home=home, away=away, scheduled_at=later(3), by=home.coach)
    cancel_match(match=match, team=home, version=match.version, by=home.coach)
    assert texts(match)[-1].startswith("Termin abgesagt: ")


def test_late_cancellation_is_named_a_forfeit(season, home, away):
    match = create_match(home=home, away=away, scheduled_at=later(0.5), by=home.coach)
    cancel_match(match=match, team=away, version=match.version, by=away.coach)
    assert texts(match)[-1] == "Kampflos gewertet: Gast verliert 0:3"
    assert "Ergebnis geändert" not in texts(match)


def test_result_entered_and_its_correction_keep_their_names(season, home, away):
    match = play(home, away, score=(1, 0))
    assert texts(match) == ["Ergebnis eingetragen: 1:0"]


def test_dispute_note_is_in_the_history_only_for_coaches_and_admins(client, season, home, away):
    match = play(home, away, score=(1, 0), by=home.coach)
    dispute_match(match=match, version=match.version, note="Es war 0:1, geheim", by=away.coach)
    url = f"/spiele/{match.pk}/"
    visitor = client.get(url).content.decode()
    assert "Einwand von" in visitor
    assert "geheim" not in visitor
    other = type(home.coach).objects.create_user("fremder")
    client.force_login(other)
    assert "geheim" not in client.get(url).content.decode()
    for reader in (home.coach, away.coach, staff_user()):
        client.force_login(reader)
        assert "Es war 0:1, geheim" in client.get(url).content.decode()


def test_deleted_result_page_does_not_say_the_result_counts(client, season, home, away):
    match = play(home, away, score=(1, 0))
    admin = staff_user()
    delete_match(match=match, by=admin)
    client.force_login(admin)
    page = client.get(f"/spiele/{match.pk}/").content.decode()
    assert "zählt nicht" in page
    assert "das Ergebnis zählt schon" not in page
