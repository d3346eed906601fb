"""Who is told what, and whether it went out (docs: README, "Benachrichtigungen").

A `Notification` is one message to one person on one channel: on the start page ("web"), by
e-mail or by Web Push. It is written in the transaction of the change that causes it, with a
key naming that change, so the same change recorded twice (a double save, a retry) is one row
per person and channel; delivering it is the worker's job (notifications/tasks.py), and a row
is sent at most once because a worker first claims it with a conditional update.
"""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    RESULT = "result", _("Ergebnis deines Teams eingetragen oder geändert")
    DISPUTE = "dispute", _("Einwand gegen ein Ergebnis (für Admins)")
    FORFEIT = "forfeit", _("Kampflos-Wertung")
    APPOINTMENT = "appointment", _("Termin gesetzt, verschoben oder abgesagt")
    REMINDER = "reminder", _("Erinnerung vor einem Termin")
    UNCONFIRMED = "unconfirmed", _("Ergebnis nach zwei Tagen noch unbestätigt")
    WAITING = "waiting", _("Wartet auf dich: Entwicklung oder Hass-Frage")


class Channel(models.TextChoices):
    WEB = "web", _("Startseite")
    MAIL = "mail", _("E-Mail")
    PUSH = "push", _("Push")


class Mode(models.TextChoices):
    NOW = "now", _("sofort")
    DIGEST = "digest", _("tägliche Zusammenfassung")
    OFF = "off", _("aus")


CLAIM_TIMEOUT = timedelta(minutes=5)
"""A worker that claimed a row and did not finish it in this time is taken to have died."""


class NotificationQuerySet(models.QuerySet):
    def for_user(self, user):
        return self.filter(recipient=user)

    def unread(self):
        return self.filter(channel=Channel.WEB, read_at=None)

    def due(self, now=None):
        return self.filter(due_at__lte=now or timezone.now())

    def pending(self):
        return self.filter(sent_at=None, failed_at=None, dropped_at=None)

    def failed(self):
        return self.exclude(failed_at=None)

    def claim(self, pk: int, *, now) -> bool:
        """Take row `pk` for sending: True for exactly one of several workers trying at once
        (a conditional update, atomic on SQLite and PostgreSQL alike)."""
        free = Q(claimed_at=None) | Q(claimed_at__lt=now - CLAIM_TIMEOUT)
        return bool(self.pending().filter(free, pk=pk, due_at__lte=now).update(claimed_at=now))


class Notification(models.Model):
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Empfänger"),
        on_delete=models.CASCADE,
        related_name="notifications",
    )
    kind = models.CharField(_("Art"), max_length=20, choices=Kind.choices)
    channel = models.CharField(_("Weg"), max_length=10, choices=Channel.choices)
    event_key = models.CharField(_("Ereignis"), max_length=120)
    digest = models.BooleanField(_("in der Zusammenfassung"), default=False)
    match = models.ForeignKey(
        "matches.Match",
        verbose_name=_("Spiel"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # what a reminder depends on: the result's version, the appointment it is about
    about_version = models.PositiveIntegerField(_("zur Version"), null=True, blank=True)
    about_time = models.DateTimeField(_("zum Termin"), null=True, blank=True)
    subject = models.CharField(_("Betreff"), max_length=200)
    body = models.TextField(_("Text"))
    path = models.CharField(_("Link"), max_length=300)
    action_label = models.CharField(_("Knopf"), max_length=80, blank=True)
    created_at = models.DateTimeField(_("angelegt"), db_default=Now())
    due_at = models.DateTimeField(_("fällig ab"))
    claimed_at = models.DateTimeField(_("in Arbeit seit"), null=True, blank=True)
    sent_at = models.DateTimeField(_("gesendet"), null=True, blank=True)
    read_at = models.DateTimeField(_("gelesen"), null=True, blank=True)
    dropped_at = models.DateTimeField(_("hinfällig seit"), null=True, blank=True)
    failed_at = models.DateTimeField(_("endgültig fehlgeschlagen"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("Versuche"), default=0)
    last_error = models.TextField(_("letzter Fehler"), blank=True)

    objects = NotificationQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("Benachrichtigung")
        verbose_name_plural = _("Benachrichtigungen")
        constraints = [
            models.UniqueConstraint(
                fields=["event_key", "recipient", "channel"],
                name="notification_once_per_event_recipient_channel",
            )
        ]
        indexes = [models.Index(fields=["recipient", "channel", "read_at"])]

    def __str__(self) -> str:
        return f"{self.subject} → {self.recipient}"

    @property
    def is_read(self) -> bool:
        return self.read_at is not None

    def absolute_url(self) -> str:
        return settings.SITE_URL + self.path


class PreferenceQuerySet(models.QuerySet):
    def mode_of(self, user, kind: str) -> str:
        mode = self.filter(user=user, kind=kind).values_list("mode", flat=True).first()
        return mode or Mode.NOW


class Preference(models.Model):
    """How a person wants one kind: at once, in the daily digest or not at all (by mail and
    push; the start page always lists it). No row: at once."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Benutzer"),
        on_delete=models.CASCADE,
        related_name="notification_preferences",
    )
    kind = models.CharField(_("Art"), max_length=20, choices=Kind.choices)
    mode = models.CharField(_("Zustellung"), max_length=10, choices=Mode.choices, default=Mode.NOW)

    objects = PreferenceQuerySet.as_manager()

    class Meta:
        verbose_name = _("Benachrichtigungs-Einstellung")
        verbose_name_plural = _("Benachrichtigungs-Einstellungen")
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="preference_once_per_kind")
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.get_kind_display()} {self.get_mode_display()}"


class PushSubscription(models.Model):
    """A browser (a phone) where the person allowed Web Push: where to send and the keys to
    encrypt for it (RFC 8291)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Benutzer"),
        on_delete=models.CASCADE,
        related_name="push_subscriptions",
    )
    endpoint = models.URLField(_("Adresse"), max_length=500, unique=True)
    p256dh = models.CharField(_("Schlüssel"), max_length=200)
    auth = models.CharField(_("Geheimnis"), max_length=100)
    created_at = models.DateTimeField(_("erlaubt am"), db_default=Now())

    class Meta:
        verbose_name = _("Push-Empfänger")
        verbose_name_plural = _("Push-Empfänger")

    def __str__(self) -> str:
        return f"{self.user}: {self.endpoint[:40]}"

    def info(self) -> dict:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
