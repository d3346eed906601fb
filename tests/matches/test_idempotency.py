"""A form sent twice (double tap, reload) stores its effect once and says what is already there
(issue 26): "Ausfall eintragen", the dispute, "Bestätigen"."""

import threading

import pytest
from django.contrib.messages import get_messages
from django.db import connection, connections
from django.urls import reverse
from django.utils import timezone

from league.models import Season
from league.services import start_next_season
from matches.factories import days_ago, play, squad, staff_user
from matches.models import Casualty, CasualtyRecord
from matches.records import record_casualty
from matches.services import AlreadyDone


def texts(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.mark.django_db
def test_a_double_post_of_ausfall_eintragen_stores_one_record(client, season, home, away):
    player = home.players.get(number=1)
    client.force_login(home.coach)
    url = reverse("roster:casualty-record-create", args=[home.pk, player.pk])
    prefix = f"ausfall{player.pk}-"
    data = {
        prefix + "kind": "injured",
        prefix + "day": timezone.localdate().isoformat(),
        prefix + "note": "",
    }
    assert client.post(url, data).status_code == 302
    second = client.post(url, data)
    assert second.status_code == 302
    assert any("schon eingetragen" in text for text in texts(second))
    assert CasualtyRecord.objects.filter(player=player).count() == 1


@pytest.mark.django_db
def test_a_double_post_of_a_dispute_stores_one_einwand(client, season, home, away):
    match = play(home, away, at=days_ago(1), by=home.coach)
    client.force_login(away.coach)
    url = reverse("matches:match-dispute", args=[match.pk])
    data = {"note": "Es war 1:1", "version": match.version}
    history_before = match.history.count()
    assert client.post(url, data).status_code == 302
    second = client.post(url, data)
    assert second.status_code == 302
    assert "Dein Einwand ist schon bei den Admins." in texts(second)
    assert match.history.count() == history_before + 1


@pytest.mark.django_db
def test_a_double_post_of_bestaetigen_says_schon_bestaetigt(client, season, home, away):
    match = play(home, away, at=days_ago(1), by=home.coach)
    client.force_login(away.coach)
    url = reverse("matches:match-confirm", args=[match.pk])
    assert client.post(url, {"version": match.version}).status_code == 302
    history_before = match.history.count()
    second = client.post(url, {"version": match.version})
    assert second.status_code == 302
    assert "Das Ergebnis ist schon bestätigt." in texts(second)
    assert match.history.count() == history_before


@pytest.mark.django_db
def test_an_outsider_still_gets_no_answer_on_a_confirmed_result(
    client, season, home, away, django_user_model
):
    match = play(home, away, at=days_ago(1), by=home.coach)
    client.force_login(away.coach)
    client.post(reverse("matches:match-confirm", args=[match.pk]), {"version": match.version})
    client.force_login(django_user_model.objects.create(username="fremd"))
    response = client.post(
        reverse("matches:match-confirm", args=[match.pk]), {"version": match.version}
    )
    assert response.status_code == 403


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="real concurrent transactions need PostgreSQL"
)
def test_two_concurrent_sends_of_ausfall_eintragen_store_one_record(reference_data_loaded):
    home, _away = squad(name="Heim"), squad(name="Gast")
    start_next_season(by=staff_user())
    Season.objects.update(started_at=days_ago(30))
    player = home.players.get(number=1)
    barrier = threading.Barrier(2)
    outcomes = []

    def send():
        try:
            barrier.wait()
            record_casualty(
                player=player,
                kind=Casualty.SERIOUSLY_INJURED,
                day=timezone.localdate(),
                by=home.coach,
            )
            outcomes.append("stored")
        except AlreadyDone:
            outcomes.append("already")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["already", "stored"]
    assert CasualtyRecord.objects.filter(player=player).count() == 1


@pytest.fixture
def reference_data_loaded(transactional_db):
    from django.core.management import call_command

    from rules.models import Race

    if not Race.objects.exists():
        call_command("loaddata", "reference", "handbook", verbosity=0)


@pytest.mark.django_db
def test_a_double_post_of_an_appointment_says_it_is_already_set(client, season, home, away):
    from datetime import timedelta

    from matches.factories import open_match

    match = open_match(home, away)
    client.force_login(home.coach)
    when = timezone.now().replace(second=0, microsecond=0) + timedelta(days=3)
    data = {
        "scheduled_at": timezone.localtime(when).strftime("%Y-%m-%dT%H:%M"),
        "version": match.version,
    }
    url = reverse("matches:appointment-update", args=[match.pk])
    assert client.post(url, data).status_code == 302
    versions = match.history.count()
    second = client.post(url, data)
    assert second.status_code == 302
    assert any(text.startswith("Der Termin steht schon") for text in texts(second))
    assert match.history.count() == versions


@pytest.mark.django_db
def test_a_double_post_of_a_cancellation_says_it_is_done_not_that_somebody_was_faster(
    client, season, home, away
):
    from datetime import timedelta

    from matches.factories import open_match
    from matches.models import Cancellation

    match = open_match(home, away, at=timezone.now() + timedelta(days=5))
    client.force_login(home.coach)
    data = {"absage-team": home.pk, "absage-version": match.version}
    url = reverse("matches:match-cancel", args=[match.pk])
    assert client.post(url, data).status_code == 302
    second = client.post(url, data, follow=True)
    page = second.content.decode()
    assert "Schon erledigt, das hast du eben eingetragen" in page
    assert "Jemand anderes war schneller" not in page
    assert Cancellation.objects.filter(match=match).count() == 1


@pytest.mark.django_db
def test_a_stale_cancellation_after_the_other_coachs_change_still_says_so(
    client, season, home, away
):
    from datetime import timedelta

    from matches import open_matches
    from matches.factories import open_match

    match = open_match(home, away, at=timezone.now() + timedelta(days=5))
    open_matches.set_appointment(
        match=match,
        scheduled_at=timezone.now() + timedelta(days=6),
        version=match.version,
        by=away.coach,
    )
    client.force_login(home.coach)
    data = {"absage-team": home.pk, "absage-version": match.version}
    response = client.post(reverse("matches:match-cancel", args=[match.pk]), data, follow=True)
    assert "Jemand anderes war schneller" in response.content.decode()
