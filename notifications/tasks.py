"""Delivery by the background worker (`manage.py db_worker`, django-tasks-db).

Each mail row is claimed before it is sent (`NotificationQuerySet.claim`, a conditional update),
so two workers, a task enqueued twice or a retry never send it twice. A mail server that is down
or refuses the mail is tried again with a growing pause (`RETRY_DELAYS`); after the last try the
row is marked failed and shows in the admin's list ("endgültig fehlgeschlagen").
"""

import json
import logging
import smtplib
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.tasks import task
from django.utils import timezone

from .mail import digest_mail, single_mail
from .models import Channel, Kind, Notification, PushSubscription

logger = logging.getLogger(__name__)

RETRY_DELAYS = [timedelta(seconds=s) for s in (5, 10, 20, 40, 80, 160, 300, 600, 1200, 3600)]
"""The pause before each further try: 5 s up to an hour, about two hours in all."""


def still_wanted(notification: Notification) -> bool:
    """A reminder goes out only while what it reminds of still holds: the appointment is the
    same and the match open; the result is still unconfirmed at the same version."""
    match = notification.match
    if notification.kind == Kind.REMINDER:
        return (
            match is not None
            and match.is_open
            and not match.is_deleted
            and match.scheduled_at == notification.about_time
        )
    if notification.kind == Kind.UNCONFIRMED:
        return (
            match is not None
            and not match.is_deleted
            and not match.is_confirmed
            and match.version == notification.about_version
        )
    return True


def _failed(rows: list[Notification], error: Exception, *, now: datetime, retry) -> None:
    attempts = rows[0].attempts + 1
    final = attempts > len(RETRY_DELAYS)
    pks = [row.pk for row in rows]
    Notification.objects.filter(pk__in=pks).update(
        attempts=attempts,
        last_error=f"{type(error).__name__}: {error}"[:1000],
        claimed_at=None,
        failed_at=now if final else None,
    )
    if final:
        logger.error("Mail to %s failed for good: %s", rows[0].recipient, error)
    else:
        retry(now + RETRY_DELAYS[attempts - 1])


def deliver(notification_id: int, *, now: datetime | None = None) -> str:
    """Send one mail notification if it is due and nobody else sends it."""
    now = now or timezone.now()
    if not Notification.objects.claim(notification_id, now=now):
        return "skipped"
    row = Notification.objects.select_related("recipient", "match__home", "match__away").get(
        pk=notification_id
    )
    if not still_wanted(row):
        Notification.objects.filter(pk=row.pk).update(dropped_at=now, claimed_at=None)
        return "dropped"
    try:
        single_mail(row).send()
    except (smtplib.SMTPException, OSError) as error:
        _failed(
            [row],
            error,
            now=now,
            retry=lambda when: deliver_mail.using(run_after=when).enqueue(row.pk),
        )
        return "retry"
    Notification.objects.filter(pk=row.pk).update(sent_at=now, claimed_at=None)
    return "sent"


def digest(user_id: int, *, now: datetime | None = None) -> str:
    """One mail with every digest notification of the user that is due."""
    now = now or timezone.now()
    candidates = list(
        Notification.objects.pending()
        .due(now)
        .filter(recipient_id=user_id, channel=Channel.MAIL, digest=True)
        .values_list("pk", flat=True)
    )
    claimed = [pk for pk in candidates if Notification.objects.claim(pk, now=now)]
    if not claimed:
        return "skipped"
    rows = list(
        Notification.objects.filter(pk__in=claimed)
        .select_related("recipient", "match__home", "match__away")
        .order_by("created_at", "pk")
    )
    wanted = [row for row in rows if still_wanted(row)]
    dropped = [row.pk for row in rows if row not in wanted]
    Notification.objects.filter(pk__in=dropped).update(dropped_at=now, claimed_at=None)
    if not wanted:
        return "dropped"
    user = get_user_model().objects.get(pk=user_id)
    try:
        digest_mail(user, wanted).send()
    except (smtplib.SMTPException, OSError) as error:
        _failed(
            wanted,
            error,
            now=now,
            retry=lambda when: send_digest.using(run_after=when).enqueue(user_id),
        )
        return "retry"
    Notification.objects.filter(pk__in=[row.pk for row in wanted]).update(
        sent_at=now, claimed_at=None
    )
    return "sent"


def push(notification_id: int, *, now: datetime | None = None) -> str:
    """Send one notification to every phone of its recipient (Web Push, encrypted for each);
    a phone whose subscription is gone (404/410) is forgotten."""
    from pywebpush import WebPushException, webpush

    now = now or timezone.now()
    if not settings.VAPID_PRIVATE_KEY or not Notification.objects.claim(notification_id, now=now):
        return "skipped"
    row = Notification.objects.get(pk=notification_id)
    payload = json.dumps({"title": row.subject, "body": row.body, "url": row.absolute_url()})
    errors = []
    for subscription in PushSubscription.objects.filter(user_id=row.recipient_id):
        try:
            webpush(
                subscription.info(),
                data=payload,
                vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.VAPID_SUBJECT},
                ttl=60 * 60 * 24,
                timeout=10,
            )
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in (404, 410):
                subscription.delete()
            else:
                errors.append(error)
        except OSError as error:
            errors.append(error)
    if errors:
        _failed(
            [row],
            errors[0],
            now=now,
            retry=lambda when: deliver_push.using(run_after=when).enqueue(row.pk),
        )
        return "retry"
    Notification.objects.filter(pk=row.pk).update(sent_at=now, claimed_at=None)
    return "sent"


@task()
def deliver_push(notification_id: int) -> str:
    return push(notification_id)


@task()
def deliver_mail(notification_id: int) -> str:
    return deliver(notification_id)


@task()
def send_digest(user_id: int) -> str:
    return digest(user_id)
