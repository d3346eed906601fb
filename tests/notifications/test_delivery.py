"""Delivery: a real SMTP server on the loopback, the worker's task functions on a clock the
tests set, and the real worker command (in this process, on the test database)."""

import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from matches import open_matches
from matches.factories import open_match, play
from matches.services import confirm_match
from notifications import tasks
from notifications.models import Channel, Kind, Mode, Notification, Preference

from .mailbox import html_of, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def run_worker(monkeypatch):
    """The real worker command, in this process until the queue is empty. Inside a test's
    transaction it must not close the connection between tasks as it does in production (on
    PostgreSQL that would end the test's transaction)."""
    monkeypatch.setattr(
        "django_tasks_db.management.commands.db_worker.close_old_connections", lambda: None
    )
    return lambda: call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)


def mail_row(user, kind=Kind.RESULT) -> Notification:
    return Notification.objects.get(recipient=user, kind=kind, channel=Channel.MAIL)


def test_the_worker_command_delivers_one_german_mail_with_text_html_and_a_confirm_link(
    season, home, away, coach_a, coach_b, mailbox, run_worker
):
    match = play(home, away, score=(2, 1), by=coach_a)
    run_worker()
    [message] = mailbox.wait_for("bert@example.org")
    assert message["Subject"].startswith("Ergebnis eingetragen: Heim – Gast")
    text = text_of(message)
    assert "Hallo bert," in text
    assert "Heim 2:1 Gast" in text
    link = f"https://liga.example.org{reverse('notifications:result-answer', args=[match.pk])}"
    assert f"Ergebnis bestätigen: {link}" in text
    assert f'href="{link}"' in html_of(message)
    assert mailbox.to("anna@example.org") == []
    assert mail_row(coach_b).sent_at is not None


def test_each_mail_carries_a_signed_one_click_unsubscribe_link_for_its_kind(
    season, home, away, coach_a, coach_b, mailbox, client
):
    play(home, away, by=coach_a)
    tasks.deliver(mail_row(coach_b).pk)
    [message] = mailbox.to("bert@example.org")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = re.fullmatch(r"<(.+)>", message["List-Unsubscribe"]).group(1)
    assert url.startswith("https://liga.example.org/konto/abbestellen/")
    # on the wire the URL stands literally (no RFC 2047 encoded words mail programs won't read)
    raw = dict(message.raw_items())["List-Unsubscribe"]
    assert raw.replace("\r\n", "").replace("\n", "").strip() == f"<{url}>"
    assert url in text_of(message)
    # the mail program's one click: a POST without session or CSRF token
    response = client.post(
        url.removeprefix("https://liga.example.org"),
        {"List-Unsubscribe": "One-Click"},
    )
    assert response.status_code == 200
    assert Preference.objects.mode_of(coach_b, Kind.RESULT) == Mode.OFF
    assert Preference.objects.mode_of(coach_b, Kind.APPOINTMENT) == Mode.NOW


def test_an_unsubscribed_kind_sends_no_further_mail(
    season, home, away, coach_a, coach_b, mailbox, run_worker
):
    Preference.objects.create(user=coach_b, kind=Kind.RESULT, mode=Mode.OFF)
    play(home, away, by=coach_a)
    run_worker()
    assert mailbox.to("bert@example.org") == []


def test_a_tampered_unsubscribe_link_changes_nothing(client, coach_b):
    from notifications.mail import unsubscribe_token

    token = unsubscribe_token(coach_b, Kind.RESULT)
    response = client.post(reverse("notifications:unsubscribe", args=[token[:-2] + "xx"]))
    assert response.status_code == 400
    assert "ungültig" in response.content.decode()
    assert not Preference.objects.exists()


def test_a_mail_is_sent_once_however_often_its_task_runs(
    season, home, away, coach_a, coach_b, mailbox
):
    play(home, away, by=coach_a)
    row = mail_row(coach_b)
    assert [tasks.deliver(row.pk), tasks.deliver(row.pk)] == ["sent", "skipped"]
    assert len(mailbox.to("bert@example.org")) == 1


def test_a_mail_server_that_is_down_is_retried_with_backoff_and_nothing_is_lost(
    season, home, away, coach_a, coach_b, mailbox
):
    play(home, away, by=coach_a)
    row = mail_row(coach_b)
    mailbox.stop()
    now = timezone.now()
    assert tasks.deliver(row.pk, now=now) == "retry"
    assert tasks.deliver(row.pk, now=now + timedelta(seconds=6)) == "retry"
    row.refresh_from_db()
    assert row.attempts == 2
    assert row.sent_at is None and row.failed_at is None
    assert "ConnectionRefusedError" in row.last_error
    # the retries are queued with growing pauses
    from django_tasks_db.models import DBTaskResult

    retries = DBTaskResult.objects.filter(args_kwargs__args=[row.pk], run_after__gt=now)
    assert sorted(r.run_after - now for r in retries) == [
        timedelta(seconds=5),
        timedelta(seconds=16),
    ]
    mailbox.start()
    assert tasks.deliver(row.pk, now=now + timedelta(seconds=60)) == "sent"
    assert len(mailbox.to("bert@example.org")) == 1


def test_a_mail_that_keeps_failing_is_marked_failed_for_the_admins(
    season, home, away, coach_a, coach_b, mailbox, admin_client
):
    play(home, away, by=coach_a)
    row = mail_row(coach_b)
    mailbox.stop()
    now = timezone.now()
    for attempt in range(len(tasks.RETRY_DELAYS) + 1):
        assert tasks.deliver(row.pk, now=now + timedelta(days=attempt)) == "retry"
    row.refresh_from_db()
    assert row.failed_at is not None
    assert tasks.deliver(row.pk, now=now + timedelta(days=30)) == "skipped"
    page = admin_client.get(
        reverse("admin:notifications_notification_changelist") + "?zustand=failed"
    )
    assert page.status_code == 200
    assert "Ergebnis eingetragen" in page.content.decode()


def test_the_reminder_goes_out_before_the_last_free_cancellation_and_says_until_when(
    season, home, away, coach_a, coach_b, mailbox
):
    at = timezone.now().replace(microsecond=0) + timedelta(days=5)
    match = open_match(home, away)
    open_matches.set_appointment(match=match, scheduled_at=at, version=match.version, by=coach_a)
    reminder = mail_row(coach_a, Kind.REMINDER)  # also the coach who set it
    assert reminder.due_at == at - timedelta(hours=48)
    assert tasks.deliver(reminder.pk, now=reminder.due_at - timedelta(minutes=1)) == "skipped"
    assert tasks.deliver(reminder.pk, now=reminder.due_at) == "sent"
    [message] = mailbox.to("anna@example.org")
    deadline = timezone.localtime(at - timedelta(hours=24)).strftime("%d.%m.%Y %H:%M")
    assert f"Absagen ohne Strafe geht noch bis {deadline}" in text_of(message)


def test_a_reminder_of_a_moved_appointment_is_dropped(season, home, away, coach_a, mailbox):
    at = timezone.now().replace(microsecond=0) + timedelta(days=5)
    match = open_match(home, away)
    match = open_matches.set_appointment(
        match=match, scheduled_at=at, version=match.version, by=coach_a
    )
    old = mail_row(coach_a, Kind.REMINDER)
    open_matches.set_appointment(
        match=match, scheduled_at=at + timedelta(days=1), version=match.version, by=coach_a
    )
    assert tasks.deliver(old.pk, now=old.due_at) == "dropped"
    new = Notification.objects.get(
        recipient=coach_a, kind=Kind.REMINDER, channel=Channel.MAIL, dropped_at=None
    )
    assert tasks.deliver(new.pk, now=new.due_at) == "sent"
    assert len(mailbox.to("anna@example.org")) == 1


def test_a_result_still_unconfirmed_two_days_later_reminds_the_other_coach(
    season, home, away, coach_a, coach_b, mailbox
):
    play(home, away, by=coach_a)
    row = mail_row(coach_b, Kind.UNCONFIRMED)
    assert row.due_at - row.created_at > timedelta(days=1, hours=23)
    assert tasks.deliver(row.pk, now=row.due_at) == "sent"
    assert mailbox.to("bert@example.org")[0]["Subject"].startswith("Noch unbestätigt")


def test_a_result_confirmed_in_time_sends_no_reminder(
    season, home, away, coach_a, coach_b, mailbox
):
    match = play(home, away, by=coach_a)
    confirm_match(match=match, version=match.version, by=coach_b)
    row = mail_row(coach_b, Kind.UNCONFIRMED)
    assert tasks.deliver(row.pk, now=row.due_at) == "dropped"
    assert mailbox.to("bert@example.org") == []


def test_the_daily_digest_sends_the_days_notifications_in_one_mail_at_seven(
    season, home, away, coach_a, coach_b, mailbox
):
    Preference.objects.create(user=coach_b, kind=Kind.RESULT, mode=Mode.DIGEST)
    Preference.objects.create(user=coach_b, kind=Kind.APPOINTMENT, mode=Mode.DIGEST)
    play(home, away, by=coach_a)
    match = open_match(home, away)
    open_matches.set_appointment(
        match=match,
        scheduled_at=timezone.now() + timedelta(days=6),
        version=match.version,
        by=coach_a,
    )
    due = mail_row(coach_b).due_at
    assert tasks.digest(coach_b.pk, now=due - timedelta(minutes=1)) == "skipped"
    assert tasks.digest(coach_b.pk, now=due) == "sent"
    assert tasks.digest(coach_b.pk, now=due) == "skipped"
    [message] = mailbox.to("bert@example.org")
    assert message["Subject"] == "Hopfen&Sieg: 2 Neuigkeiten für dich"
    text = text_of(message)
    assert "tägliche Zusammenfassung" in text
    assert "Ergebnis eingetragen" in text and "Neuer Termin" in text
