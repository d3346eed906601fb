"""Who is told what: rows written with the change, once per event, person and channel."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from matches import open_matches
from matches.factories import open_match, play
from matches.services import MatchEntry, dispute_match, update_match
from notifications.models import Channel, Kind, Mode, Notification, Preference
from notifications.services import next_digest_time
from roster.factories import UserFactory

pytestmark = pytest.mark.django_db


def mails_to(user, kind=Kind.RESULT):
    return Notification.objects.filter(recipient=user, kind=kind, channel=Channel.MAIL)


def test_a_result_entered_by_one_coach_tells_the_other_by_mail_and_on_the_start_page(
    season, home, away, coach_a, coach_b
):
    match = play(home, away, score=(2, 1), by=coach_a)
    rows = Notification.objects.filter(recipient=coach_b, kind=Kind.RESULT)
    assert sorted(rows.values_list("channel", flat=True)) == [Channel.MAIL, Channel.WEB]
    mail = rows.get(channel=Channel.MAIL)
    assert mail.match == match
    assert "Heim 2:1 Gast" in mail.body
    assert "anna" in mail.body
    # the delivery task is queued in the same database, with the row
    assert DBTaskResult.objects.filter(args_kwargs__args=[mail.pk]).count() == 1


def test_nobody_is_told_of_his_own_result(season, home, away, coach_a):
    play(home, away, by=coach_a)
    assert not Notification.objects.filter(recipient=coach_a, kind=Kind.RESULT).exists()


def test_a_result_entered_by_an_admin_tells_both_coaches(season, home, away, coach_a, coach_b):
    play(home, away)  # by the league admin
    assert mails_to(coach_a).count() == 1
    assert mails_to(coach_b).count() == 1


def test_a_change_rolled_back_records_nothing(season, home, away, coach_a):
    with pytest.raises(RuntimeError), transaction.atomic():
        play(home, away, by=coach_a)
        raise RuntimeError("crash after the save")
    assert Notification.objects.count() == 0
    assert DBTaskResult.objects.count() == 0


def test_the_same_event_recorded_twice_is_one_row_per_recipient_and_channel(
    season, home, away, coach_a, coach_b
):
    from matches.outbox import What, announce

    match = play(home, away, by=coach_a)
    with transaction.atomic():
        announce(What.RESULT, match=match, by=coach_a, key=f"result:{match.pk}:{match.version}")
    assert mails_to(coach_b).count() == 1
    # the result and what waits for him (development), each once
    assert Notification.objects.filter(recipient=coach_b, channel=Channel.WEB).count() == 2


def test_a_corrected_result_tells_the_other_coach_again(season, home, away, coach_a, coach_b):
    match = play(home, away, score=(1, 1), by=coach_b)
    entry = MatchEntry(
        home=home, away=away, played_at=match.played_at, home_touchdowns=2, away_touchdowns=1
    )
    update_match(match=match, entry=entry, version=match.version, by=coach_a)
    mail = mails_to(coach_b).get()
    assert mail.subject.startswith("Ergebnis geändert")
    assert mails_to(coach_a).count() == 1  # the first entry, by B


def test_a_dispute_goes_to_the_admins(season, home, away, coach_a, coach_b):
    admin = UserFactory(username="chefin", email="chefin@example.org", is_staff=True)
    match = play(home, away, by=coach_a)
    dispute_match(match=match, version=match.version, note="Es war 1:2", by=coach_b)
    mail = Notification.objects.get(recipient=admin, kind=Kind.DISPUTE, channel=Channel.MAIL)
    assert "Es war 1:2" in mail.body
    assert not Notification.objects.filter(recipient=coach_a, kind=Kind.DISPUTE).exists()


def test_moving_an_appointment_tells_the_other_coach_once(season, home, away, coach_a, coach_b):
    soon = timezone.now() + timedelta(days=5)
    match = open_match(home, away, at=soon)
    open_matches.set_appointment(
        match=match, scheduled_at=soon + timedelta(days=1), version=match.version, by=coach_a
    )
    mail = mails_to(coach_b, Kind.APPOINTMENT).get()
    assert mail.subject.startswith("Termin verschoben")
    assert not mails_to(coach_a, Kind.APPOINTMENT).exists()


def test_a_late_cancellation_tells_the_other_coach_of_the_forfeit_once(
    season, home, away, coach_a, coach_b
):
    match = open_match(home, away, at=timezone.now() + timedelta(hours=3))
    open_matches.cancel_match(match=match, team=home, version=match.version, by=coach_a)
    mail = mails_to(coach_b, Kind.FORFEIT).get()
    assert "0:3 gegen Heim" in mail.body
    assert not mails_to(coach_a, Kind.FORFEIT).exists()


def test_a_cancellation_in_time_tells_the_other_coach(season, home, away, coach_a, coach_b):
    match = open_match(home, away, at=timezone.now() + timedelta(days=4))
    open_matches.cancel_match(match=match, team=away, version=match.version, by=coach_b)
    assert mails_to(coach_a, Kind.APPOINTMENT).get().subject.startswith("Termin abgesagt")


def test_a_refused_change_tells_nobody(season, home, away, coach_a):
    match = open_match(home, away, at=timezone.now() + timedelta(days=4))
    with pytest.raises(ValidationError):
        open_matches.set_appointment(
            match=match, scheduled_at=timezone.now() + timedelta(days=3), version=99, by=coach_a
        )
    assert Notification.objects.count() == 0


def test_a_kind_switched_off_sends_no_mail_but_still_lists_it(season, home, away, coach_a, coach_b):
    Preference.objects.create(user=coach_b, kind=Kind.RESULT, mode=Mode.OFF)
    play(home, away, by=coach_a)
    assert not mails_to(coach_b).exists()
    assert Notification.objects.filter(recipient=coach_b, channel=Channel.WEB).exists()


def test_a_digest_kind_waits_for_the_next_morning(season, home, away, coach_a, coach_b):
    Preference.objects.create(user=coach_b, kind=Kind.RESULT, mode=Mode.DIGEST)
    play(home, away, by=coach_a)
    mail = mails_to(coach_b).get()
    assert mail.digest
    local = timezone.localtime(mail.due_at)
    assert (local.hour, local.minute) == (7, 0)
    assert mail.due_at > timezone.now()


def test_the_digest_time_is_seven_oclock_local_today_or_tomorrow():
    tz = timezone.get_current_timezone()
    early = timezone.make_aware(timezone.datetime(2026, 3, 29, 6, 30), tz)
    late = timezone.make_aware(timezone.datetime(2026, 3, 28, 7, 1), tz)
    assert next_digest_time(early) == timezone.make_aware(timezone.datetime(2026, 3, 29, 7), tz)
    assert next_digest_time(late) == timezone.make_aware(timezone.datetime(2026, 3, 29, 7), tz)


def test_a_coach_without_an_address_gets_only_the_start_page_entry(season, home, away, coach_a):
    coach_b = away.coach
    coach_b.email = ""
    coach_b.save()
    play(home, away, by=coach_a)
    channels = Notification.objects.filter(recipient=coach_b).values_list("channel", flat=True)
    assert set(channels) == {Channel.WEB}


def test_after_a_new_result_the_other_coach_hears_of_his_open_development_and_hatred_question(
    season, home, away, coach_a, coach_b
):
    from matches.models import Casualty

    victim = away.roster().order_by("number").first()
    play(home, away, by=coach_a, ticks={victim: Casualty.SERIOUSLY_INJURED})
    notice = Notification.objects.get(recipient=coach_b, kind=Kind.WAITING)
    assert notice.channel == Channel.WEB
    assert "Die Entwicklung von Gast nach diesem Spiel ist offen." in notice.body
    assert f"Hass-Frage nach 🏥 für: {victim}" in notice.body
    assert "/entwicklung/" in notice.path
    # the one mail of the result says it too
    assert f"Hass-Frage nach 🏥 für: {victim}" in mails_to(coach_b).get().body
    # the coach who entered it chose to: nothing waits for him in a notice
    assert not Notification.objects.filter(recipient=coach_a, kind=Kind.WAITING).exists()
