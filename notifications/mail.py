"""The mails: German plain text and HTML, absolute links, a signed unsubscribe link per kind
with the List-Unsubscribe headers (RFC 2369, one click by RFC 8058)."""

import email.policy

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from .models import Kind, Notification

UNSUBSCRIBE_SALT = "notifications.unsubscribe"


def unsubscribe_token(user, kind: str) -> str:
    return signing.dumps([user.pk, kind], salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    """(user id, kind) of a token this site signed; None for anything else."""
    try:
        user_pk, kind = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(user_pk, int) or kind not in Kind.values:
        return None
    return user_pk, kind


def unsubscribe_url(user, kind: str) -> str:
    path = reverse("notifications:unsubscribe", args=[unsubscribe_token(user, kind)])
    return settings.SITE_URL + path


class LeagueMail(EmailMultiAlternatives):
    """A mail whose header lines may be as long as RFC 5322 allows (998 characters).

    The SMTP backend serialises with `email.policy.SMTP`, which folds a header line at 78
    characters; an unbreakable value such as the unsubscribe URL in angle brackets is then
    turned into RFC 2047 encoded words (`=?utf-8?q?=3Chttp…`), which mail programs do not
    decode in List-Unsubscribe (RFC 2369 wants the URL literally), so their unsubscribe
    button would not work."""

    def message(self, *, policy=email.policy.default):
        return super().message(policy=policy.clone(max_line_length=998))


def _message(*, user, kind: str, subject: str, context: dict) -> EmailMultiAlternatives:
    unsubscribe = unsubscribe_url(user, kind)
    context = {
        **context,
        "user": user,
        "kind_label": Kind(kind).label,
        "unsubscribe_url": unsubscribe,
        "account_url": settings.SITE_URL + reverse("notifications:account"),
        "site_url": settings.SITE_URL,
    }
    message = LeagueMail(
        subject=subject,
        body=render_to_string("notifications/mail.txt", context),
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )
    message.attach_alternative(render_to_string("notifications/mail.html", context), "text/html")
    return message


def single_mail(notification: Notification) -> EmailMultiAlternatives:
    with translation.override(settings.LANGUAGE_CODE):
        return _message(
            user=notification.recipient,
            kind=notification.kind,
            subject=notification.subject,
            context={"items": [notification], "digest": False},
        )


def digest_mail(user, items: list[Notification]) -> EmailMultiAlternatives:
    """One mail for the day's notifications of `user` (unsubscribe: of the first one's kind
    and the account page for the others)."""
    with translation.override(settings.LANGUAGE_CODE):
        subject = _("Hopfen&Sieg: %(count)d Neuigkeiten für dich") % {"count": len(items)}
        return _message(
            user=user,
            kind=items[0].kind,
            subject=subject,
            context={"items": items, "digest": True},
        )
