"""„Mein Konto“, the start page's notifications, the mail's links (answer a result, unsubscribe)."""

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from matches.models import Match

from .forms import AccountForm
from .mail import read_unsubscribe_token
from .models import Kind, Mode, Notification, Preference, PushSubscription


def _modes(user) -> dict[str, str]:
    return dict(Preference.objects.filter(user=user).values_list("kind", "mode"))


@require_http_methods(["GET", "HEAD", "POST"])
def account(request):
    """The coach's e-mail address and how he wants to hear of each kind."""
    user = request.user
    form = AccountForm(request.POST or None, user=user, modes=_modes(user))
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user.email = form.cleaned_data["email"]
            user.public_name = form.cleaned_data["public_name"]
            user.save(update_fields=["email", "public_name"])
            for kind, mode in form.modes().items():
                Preference.objects.update_or_create(user=user, kind=kind, defaults={"mode": mode})
        messages.success(request, _("Deine Einstellungen sind gespeichert."))
        return redirect("notifications:account")
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "vapid_public_key": settings.VAPID_PUBLIC_KEY}
    return render(request, "notifications/account.html", context, status=status)


@require_POST
def push_subscribe(request):
    """The browser's push subscription (its JSON) for the logged-in person's phone."""
    try:
        data = json.loads(request.body)
        endpoint, keys = data["endpoint"], data["keys"]
        p256dh, auth = str(keys["p256dh"]), str(keys["auth"])
        URLValidator(schemes=["https"])(endpoint)
        if not (0 < len(p256dh) <= 200 and 0 < len(auth) <= 100):
            raise ValueError
    except (ValueError, KeyError, TypeError, ValidationError):
        return JsonResponse({"error": _("Ungültige Push-Anmeldung.")}, status=400)
    PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": request.user, "p256dh": p256dh, "auth": auth}
    )
    return JsonResponse({"ok": True}, status=201)


@require_POST
def notification_read(request, pk: int):
    """Mark one of the start page's notifications as read (or all with pk 0)."""
    rows = Notification.objects.for_user(request.user).unread()
    if pk:
        rows = rows.filter(pk=pk)
    rows.update(read_at=timezone.now())
    if request.htmx:
        return render(request, "notifications/_unread.html", {"notifications": []})
    return redirect("league:home")


@require_safe
def result_answer(request, pk: int):
    """The mail's link: the result and one button to confirm it (a link never changes
    anything itself: mail scanners open links too)."""
    match = get_object_or_404(
        Match.objects.select_related("season", "home", "away", "saved_by"), pk=pk
    )
    Notification.objects.for_user(request.user).unread().filter(match=match).update(
        read_at=timezone.now()
    )
    return render(
        request,
        "notifications/result_answer.html",
        {"match": match, "may_answer": match.may_be_confirmed_by(request.user)},
    )


@csrf_exempt  # mail programs post the one click (RFC 8058) without a form of ours
@login_not_required
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe(request, token: str):
    """The mail's signed link: no more mails of one kind (the start page keeps listing it)."""
    found = read_unsubscribe_token(token)
    user = None
    if found is not None:
        user = get_user_model().objects.filter(pk=found[0], is_active=True).first()
    if user is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    kind = found[1]
    done = False
    if request.method == "POST":
        Preference.objects.update_or_create(user=user, kind=kind, defaults={"mode": Mode.OFF})
        done = True
    return render(
        request,
        "notifications/unsubscribe.html",
        {"kind_label": Kind(kind).label, "done": done, "token": token},
    )
