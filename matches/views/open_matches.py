"""Matches without a result (matches/open_matches.py): creating one, its appointment, calling it
off or recording a no-show, deleting it, the admin's corrections, and the season's schedule."""

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from config.numbers import parse_id
from config.roles import is_league_admin
from league.models import Season
from league.seasons import season_from_request

from .. import open_matches
from ..forms import (
    AppointmentForm,
    CancelForm,
    CancellationTimeForm,
    NewMatchForm,
    ScheduleForm,
    VersionForm,
)
from ..models import Cancellation, Match
from ..services import AlreadyDone
from .match_page import match_for_page, render_match_page


def _refused(request, match: Match, *, status: int = 400, **forms):
    """The match page again, fresh from the database, with the refused form and its errors."""
    return render_match_page(request, match_for_page(match.pk), forms=forms, status=status)


def _open_match(pk: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related("season", "home", "away", "forfeited_by"), pk=pk
    )


@require_http_methods(["GET", "POST"])
def match_new(request):
    """ "Spiel anlegen": a match between two teams of the season, with or without appointment."""
    season = Season.objects.current()
    if season is None:
        messages.error(request, _("Es läuft gerade keine Saison."))
        return redirect("matches:schedule")
    data = request.POST if request.method == "POST" else None
    initial = {"heim": request.GET.get("heim")} if parse_id(request.GET.get("heim")) else {}
    form = NewMatchForm(data, initial=initial, season=season, user=request.user)
    if data is not None and form.is_valid():
        try:
            match = open_matches.create_match(
                home=form.cleaned_data["heim"],
                away=form.cleaned_data["gast"],
                scheduled_at=form.cleaned_data["scheduled_at"],
                by=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        except PermissionDenied as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Spiel angelegt: %(match)s") % {"match": match.label()})
            return redirect(match)
    status = 400 if data is not None else 200
    return render(
        request, "matches/match_new.html", {"form": form, "season": season}, status=status
    )


@require_POST
def appointment_update(request, pk: int):
    """Either coach sets or moves the appointment."""
    match = _open_match(pk)
    form = AppointmentForm(request.POST)
    if form.is_valid():
        try:
            match = open_matches.set_appointment(
                match=match,
                scheduled_at=form.cleaned_data["scheduled_at"],
                version=form.cleaned_data["version"],
                by=request.user,
            )
        except AlreadyDone as done:
            messages.info(request, done.message)
            return redirect(match)
        except ValidationError as error:
            form.add_error(None, error)
        except PermissionDenied as error:
            form.add_error(None, str(error))
            return _refused(request, match, status=403, appointment=form)
        else:
            messages.success(request, _("Termin gespeichert: %(match)s") % {"match": match.label()})
            return redirect(match)
    return _refused(request, match, appointment=form)


def _cancel(request, pk: int, *, no_show: bool):
    match = _open_match(pk)
    teams = (
        open_matches.may_report_no_show(request.user, match)
        if no_show
        else open_matches.may_cancel_for(request.user, match)
    )
    key = "no_show" if no_show else "cancel"
    form = CancelForm(request.POST, teams=teams, no_show=no_show)
    if not teams:
        message = _("Absagen können nur die Coaches der beiden Teams oder Admins.")
        return _refused(request, match, status=403, errors=[message])
    if form.is_valid():
        try:
            cancellation = open_matches.cancel_match(
                match=match,
                team=form.cleaned_data["team"],
                version=form.cleaned_data["version"],
                by=request.user,
                no_show=no_show,
            )
        except ValidationError as error:
            form.add_error(None, error)
        except PermissionDenied as error:
            form.add_error(None, str(error))
        else:
            late = _("%(team)s verliert kampflos 0:3 (weniger als 24 Stunden vor dem Termin).")
            in_time = _("%(team)s hat rechtzeitig abgesagt: ohne Strafe, neuer Termin folgt.")
            text = late if cancellation.is_late else in_time
            messages.success(request, text % {"team": cancellation.team})
            return redirect(match)
    return _refused(request, match, **{key: form})


@require_POST
def match_cancel(request, pk: int):
    """A coach calls off the appointment for his team (24-hour rule)."""
    return _cancel(request, pk, no_show=False)


@require_POST
def match_no_show(request, pk: int):
    """The opponent did not turn up: a late cancellation by the absent team."""
    return _cancel(request, pk, no_show=True)


@require_POST
def forfeit_undo(request, pk: int):
    """Admins only: take back a forfeit."""
    match = _open_match(pk)
    form = VersionForm(request.POST, prefix="zuruecknehmen")
    if form.is_valid():
        try:
            open_matches.undo_forfeit(
                match=match, version=form.cleaned_data["version"], by=request.user
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Kampflos-Wertung zurückgenommen."))
            return redirect(match)
    return _refused(request, match, undo=form)


@require_POST
def cancellation_update(request, pk: int, cancellation_pk: int):
    """Admins only: correct when the latest cancellation was made (24-hour rule again)."""
    if not is_league_admin(request.user):
        raise PermissionDenied
    cancellation = get_object_or_404(Cancellation, pk=cancellation_pk, match_id=pk)
    match = _open_match(pk)
    form = CancellationTimeForm(request.POST)
    if form.is_valid():
        try:
            open_matches.correct_cancellation_time(
                cancellation=cancellation,
                cancelled_at=form.cleaned_data["cancelled_at"],
                version=form.cleaned_data["version"],
                by=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Zeit der Absage korrigiert."))
            return redirect(match)
    return _refused(request, match, correct=form)


@require_POST
def match_delete(request, pk: int):
    """Either coach deletes a match without result (the page asks first)."""
    match = _open_match(pk)
    form = VersionForm(request.POST)
    if form.is_valid():
        try:
            open_matches.delete_open_match(
                match=match, version=form.cleaned_data["version"], by=request.user
            )
        except ValidationError as error:
            form.add_error(None, error)
        except PermissionDenied as error:
            return _refused(request, match, status=403, errors=[str(error)])
        else:
            messages.success(request, _("Spiel gelöscht: %(match)s") % {"match": match.label()})
            return redirect(f"{reverse('matches:schedule')}?saison={match.season_id}")
    return _refused(request, match, delete=form)


@require_safe
@login_not_required
def schedule(request):
    """ "Spielplan": the season's matches by round (played, open, forfeited, lapsed)."""
    season = season_from_request(request)
    rounds: dict = {}
    if season is not None:
        matches = (
            Match.objects.for_season(season)
            .select_related("season", "home", "away", "forfeited_by")
            .in_schedule_order()
        )
        for match in matches:
            rounds.setdefault(match.round, []).append(match)
    context = {
        "season": season,
        "seasons": Season.objects.latest_first(),
        "rounds": sorted(rounds.items(), key=lambda item: (item[0] is None, item[0] or 0)),
        "schedule_form": ScheduleForm() if is_league_admin(request.user) else None,
        "can_create": request.user.is_authenticated,
    }
    template = "matches/schedule.html#rounds" if request.htmx else "matches/schedule.html"
    return render(request, template, context)


@require_POST
def schedule_generate(request):
    """Admins only: the round-robin schedule for the current season."""
    if not is_league_admin(request.user):
        raise PermissionDenied
    season = Season.objects.current()
    form = ScheduleForm(request.POST)
    if season is not None and form.is_valid():
        try:
            created = open_matches.generate_schedule(
                season=season, legs=form.cleaned_data["legs"], by=request.user
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            if created:
                text = ngettext(
                    "Spielplan erzeugt: %(count)d neues Spiel.",
                    "Spielplan erzeugt: %(count)d neue Spiele.",
                    len(created),
                ) % {"count": len(created)}
            else:
                text = _("Der Spielplan ist vollständig; es fehlt keine Paarung.")
            messages.success(request, text)
    elif season is None:
        messages.error(request, _("Es läuft gerade keine Saison."))
    else:
        messages.error(
            request,
            _("Kein Spielplan erzeugt: bitte „einfach“ oder „doppelt“ wählen."),
        )
    return redirect("matches:schedule")
