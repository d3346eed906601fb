"""Recording notifications: who hears of a change, in which words, on which channels.

`record` listens to the league's announcements (matches/outbox.py) and runs inside the
transaction of the change. For every recipient it writes a row for the start page and, unless
he switched the kind off, one for his mail (at once or for the daily digest), and puts the
delivery task into the task queue, whose rows live in the same database: committed together
with the change, or not at all. Nobody is told of his own action.
"""

from datetime import datetime, time, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from config.roles import league_admins
from matches.appointments import NOTICE
from matches.models import Casualty, CasualtyTick
from matches.outbox import Event, What

from . import tasks
from .models import Channel, Kind, Mode, Notification, Preference

DIGEST_AT = time(7, 0)
"""When the daily digest goes out (local time)."""

REMINDER_BEFORE_DEADLINE = timedelta(hours=24)
"""The reminder of an appointment comes this long before the last moment to cancel without
penalty (24 hours before the appointment): 48 hours before it."""

UNCONFIRMED_AFTER = timedelta(days=2)
"""A result still unconfirmed this long after it was saved reminds the other coach."""


def _local(moment: datetime) -> str:
    return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


def _name(user) -> str:
    return str(user) if user is not None else _("Ein Admin")


def next_digest_time(after: datetime) -> datetime:
    """The first digest time (DIGEST_AT, local) at or after `after`."""
    local = timezone.localtime(after)
    candidate = timezone.make_aware(datetime.combine(local.date(), DIGEST_AT))
    if candidate < after:
        candidate = timezone.make_aware(
            datetime.combine(local.date() + timedelta(days=1), DIGEST_AT)
        )
    return candidate


def _coaches(match, *, besides) -> list:
    """The coaches of both teams of `match`, without `besides` (who caused the change)."""
    users = get_user_model().objects.filter(pk__in=[match.home.coach_id, match.away.coach_id])
    return [user for user in users if besides is None or user.pk != besides.pk]


def _result_line(match) -> str:
    return f"{match.home} {match.home_touchdowns}:{match.away_touchdowns} {match.away}"


def record(event: Event) -> None:
    """Write what `event` tells whom (called by the services, in their transaction)."""
    with translation.override(settings.LANGUAGE_CODE):
        handler = {
            What.RESULT: _on_result,
            What.DISPUTE: _on_dispute,
            What.FORFEIT: _on_forfeit,
            What.APPOINTMENT: _on_appointment,
        }[event.what]
        handler(event)


def _on_result(event: Event) -> None:
    match, by = event.match, event.by
    if event.change == "changed":
        subject = _("Ergebnis geändert: %(match)s") % {"match": match.label()}
        body = _("%(who)s hat das Ergebnis geändert: %(result)s.")
    else:
        subject = _("Ergebnis eingetragen: %(match)s") % {"match": match.label()}
        body = _("%(who)s hat das Ergebnis eingetragen: %(result)s.")
    body = body % {"who": _name(by), "result": _result_line(match)}
    body += " " + _("Stimmt es? Dann bestätige es mit einem Tipp, sonst erhebe Einwand.")
    path = answer_path(match)
    now = timezone.now()
    for user in _coaches(match, besides=by):
        if not match.may_be_confirmed_by(user):
            continue
        waiting = _things_waiting(match, user, now=now) if event.change == "entered" else []
        notify(
            user,
            kind=Kind.RESULT,
            key=event.key,
            subject=subject,
            body=" ".join([body, *waiting]),
            path=path,
            action=_("Ergebnis bestätigen"),
            match=match,
            due_at=now,
        )
        # two days later, if it is still unconfirmed (same version), a reminder
        later = now + UNCONFIRMED_AFTER
        notify(
            user,
            kind=Kind.UNCONFIRMED,
            key=f"unconfirmed:{match.pk}:{match.version}",
            subject=_("Noch unbestätigt: %(match)s") % {"match": match.label()},
            body=_("Das Ergebnis %(result)s wartet seit zwei Tagen auf deine Bestätigung.")
            % {"result": _result_line(match)},
            path=path,
            action=_("Ergebnis bestätigen"),
            match=match,
            due_at=later,
            about_version=match.version,
            channels=(Channel.MAIL,),
        )


def _things_waiting(match, user, *, now: datetime) -> list[str]:
    """After a new result the coach's development is open, and every 🏥 of his players asks
    its hatred question: both wait for him (not for the coach who entered it: his own act).
    Listed on the start page; the result's mail says it too (one mail per result)."""
    said = []
    for team in (match.home, match.away):
        if team.coach_id != user.pk:
            continue
        injured = list(
            CasualtyTick.objects.filter(
                match=match, player__team=team, kind=Casualty.SERIOUSLY_INJURED
            ).select_related("player")
        )
        lines = [_("Die Entwicklung von %(team)s nach diesem Spiel ist offen.") % {"team": team}]
        if injured:
            lines.append(
                _("Hass-Frage nach 🏥 für: %(players)s (4+ gewürfelt?).")
                % {"players": ", ".join(str(tick.player) for tick in injured)}
            )
        notify(
            user,
            kind=Kind.WAITING,
            key=f"waiting:{match.pk}:{team.pk}",
            subject=_("Wartet auf dich: %(team)s nach %(match)s")
            % {"team": team, "match": match.label()},
            body=" ".join(lines),
            path=reverse("matches:development-create", args=[match.pk, team.pk]),
            action=_("Entwicklung wählen"),
            match=match,
            due_at=now,
            channels=(Channel.WEB,),
        )
        said += lines
    return said


def answer_path(match) -> str:
    return reverse("notifications:result-answer", args=[match.pk])


def _on_dispute(event: Event) -> None:
    match = event.match
    for admin in league_admins(get_user_model().objects.all()):
        if admin.pk == event.by.pk:
            continue
        notify(
            admin,
            kind=Kind.DISPUTE,
            key=event.key,
            subject=_("Einwand gegen %(match)s") % {"match": match.label()},
            body=_("%(who)s hat Einwand gegen das Ergebnis %(result)s erhoben: „%(note)s“")
            % {"who": _name(event.by), "result": _result_line(match), "note": match.dispute_note},
            path=match.get_absolute_url(),
            action=_("Spiel ansehen"),
            match=match,
            due_at=timezone.now(),
        )


def _on_forfeit(event: Event) -> None:
    match = event.match
    team = match.forfeited_by
    body = _(
        "%(team)s hat weniger als 24 Stunden vor dem Termin abgesagt (oder ist nicht "
        "erschienen): %(match)s zählt 0:3 gegen %(team)s."
    ) % {"team": team, "match": match.label()}
    for user in _coaches(match, besides=event.by):
        notify(
            user,
            kind=Kind.FORFEIT,
            key=event.key,
            subject=_("Kampflos gewertet: %(match)s") % {"match": match.label()},
            body=body,
            path=match.get_absolute_url(),
            action=_("Spiel ansehen"),
            match=match,
            due_at=timezone.now(),
        )


def _on_appointment(event: Event) -> None:
    match, by = event.match, event.by
    values = {"who": _name(by), "home": match.home, "away": match.away}
    if event.change == "cancelled":
        subject = _("Termin abgesagt: %(home)s – %(away)s") % values
        body = _(
            "%(who)s hat den Termin von %(home)s – %(away)s rechtzeitig abgesagt; das Spiel "
            "wartet auf einen neuen Termin."
        )
    else:
        values["when"] = _local(match.scheduled_at)
        if event.change == "moved":
            subject = _("Termin verschoben: %(home)s – %(away)s") % values
            body = _("%(who)s hat den Termin von %(home)s – %(away)s auf %(when)s verschoben.")
        else:
            subject = _("Neuer Termin: %(home)s – %(away)s") % values
            body = _("%(who)s hat %(home)s – %(away)s auf %(when)s angesetzt.")
    now = timezone.now()
    for user in _coaches(match, besides=by):
        notify(
            user,
            kind=Kind.APPOINTMENT,
            key=event.key,
            subject=subject,
            body=body % values,
            path=match.get_absolute_url(),
            action=_("Spiel ansehen"),
            match=match,
            due_at=now,
        )
    if match.scheduled_at is not None:
        schedule_reminders(match, now=now)


def schedule_reminders(match, *, now: datetime) -> None:
    """A reminder to both coaches before the appointment, while cancelling is still free."""
    deadline = match.scheduled_at - NOTICE
    if deadline <= now:
        return
    values = {"home": match.home, "away": match.away, "when": _local(match.scheduled_at)}
    for user in _coaches(match, besides=None):
        notify(
            user,
            kind=Kind.REMINDER,
            key=f"reminder:{match.pk}:{match.scheduled_at.isoformat()}",
            subject=_("Erinnerung: %(home)s – %(away)s am %(when)s") % values,
            body=_(
                "%(home)s – %(away)s ist am %(when)s angesetzt. Absagen ohne Strafe geht "
                "noch bis %(deadline)s; danach zählt eine Absage 0:3."
            )
            % {**values, "deadline": _local(deadline)},
            path=match.get_absolute_url(),
            action=_("Spiel ansehen"),
            match=match,
            due_at=max(now, deadline - REMINDER_BEFORE_DEADLINE),
            about_time=match.scheduled_at,
            channels=(Channel.MAIL,),
        )


def notify(
    user,
    *,
    kind: str,
    key: str,
    subject: str,
    body: str,
    path: str,
    due_at: datetime,
    action: str = "",
    match=None,
    about_version: int | None = None,
    about_time: datetime | None = None,
    channels: tuple[str, ...] = (Channel.WEB, Channel.MAIL),
) -> list[Notification]:
    """The rows telling `user` one thing, by channel, and their delivery tasks. The same key
    for the same person and channel is one row, however often it is recorded."""
    # no address and no phone: then the preference need not be read either
    has_push = bool(settings.VAPID_PRIVATE_KEY) and user.push_subscriptions.exists()
    mode = Preference.objects.mode_of(user, kind) if user.email or has_push else Mode.OFF
    if Channel.WEB in channels and mode == Mode.NOW and has_push and kind != Kind.WAITING:
        channels = (*channels, Channel.PUSH)  # the start page's news also to his phones
    created = []
    for channel in channels:
        if channel == Channel.MAIL and (mode == Mode.OFF or not user.email):
            continue
        digest = channel == Channel.MAIL and mode == Mode.DIGEST
        row = Notification(
            recipient=user,
            kind=kind,
            channel=channel,
            event_key=key,
            digest=digest,
            match=match,
            about_version=about_version,
            about_time=about_time,
            subject=subject[:200],
            body=body,
            path=path,
            action_label=action,
            due_at=next_digest_time(due_at) if digest else due_at,
        )
        try:
            with transaction.atomic():
                row.save()
        except IntegrityError:
            continue  # recorded before: the same change, told once
        created.append(row)
        if channel == Channel.PUSH:
            tasks.deliver_push.using(run_after=row.due_at).enqueue(row.pk)
        elif channel == Channel.MAIL:
            if digest:
                tasks.send_digest.using(run_after=row.due_at).enqueue(user.pk)
            else:
                tasks.deliver_mail.using(run_after=row.due_at).enqueue(row.pk)
    return created
