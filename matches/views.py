from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from config.exports import export_response
from config.numbers import parse_id
from config.pagecache import fragments, pages
from league.models import Season
from league.views import season_from_request, seasons_latest_first
from roster.models import Player, Team

from . import development as dev
from . import scheduling, services
from .appointments import is_late_cancellation
from .calendar import build_calendar
from .forms import (
    AppointmentForm,
    CancelForm,
    CancellationTimeForm,
    DevelopmentBonusForm,
    DevelopmentForm,
    DisputeForm,
    MatchForm,
    NewMatchForm,
    ScheduleForm,
    TeamPickForm,
    VersionForm,
)
from .history import match_history
from .models import Cancellation, Casualty, CasualtyTick, Development, Match
from .status import suspended_for_match, suspended_for_next_match

MATCHES_PER_PAGE = 20


@require_safe
@login_not_required
@pages.for_visitors(params=("saison", "seite"))
def match_list(request):
    """The season's matches, newest first, MATCHES_PER_PAGE per page (?seite=N)."""
    season = season_from_request(request)
    number = parse_id(request.GET.get("seite", "1"))
    if number is None:
        raise Http404

    def page():
        matches = Match.objects.none()
        if season is not None:
            matches = (
                Match.objects.for_season(season)
                .latest_results()
                .select_related("season", "home", "away", "forfeited_by")
                .with_casualty_counts()
            )
        return Paginator(matches, MATCHES_PER_PAGE).get_page(number)

    context = {
        "season": season,
        "seasons": seasons_latest_first(),
        # computed only when the cached fragment is missing (see config/pagecache/fragments.py)
        "page": fragments.lazy(page),
        "page_number": number,
        "can_enter": request.user.is_authenticated,
        **fragments.fragment_context(request),
    }
    template = "matches/match_list.html#matches" if request.htmx else "matches/match_list.html"
    return render(request, template, context)


@require_safe
@login_not_required
def match_export(request, fmt: str):
    """The season's matches (as on /spiele/) as a CSV or JSON download, oldest first."""
    season = season_from_request(request)
    if season is None:
        raise Http404
    matches = (
        Match.objects.for_season(season)
        .played()
        .select_related("home", "away", "conceded_by")
        .with_casualty_counts()
        .order_by("played_at", "pk")
    )
    header = [
        _("Datum"),
        _("Heim"),
        _("Gast"),
        _("TD Heim"),
        _("TD Gast"),
        _("Ausfälle durch Heim"),
        _("Ausfälle durch Gast"),
        _("aufgegeben von"),
        _("Adresse"),
    ]
    rows = (
        [
            match.played_on.isoformat(),
            match.home.name,
            match.away.name,
            match.home_touchdowns,
            match.away_touchdowns,
            match.casualties_caused_by(match.home_id),
            match.casualties_caused_by(match.away_id),
            match.conceded_by.name if match.conceded_by else "",
            request.build_absolute_uri(match.get_absolute_url()),
        ]
        for match in matches
    )
    filename = _("spiele-saison-%(number)d") % {"number": season.number}
    return export_response(fmt, filename, header, rows)


def _ticks():
    return Prefetch(
        "casualties", queryset=CasualtyTick.objects.select_related("player", "hatred__race")
    )


def _with_hatred(ticks, *, match: Match, victims, user) -> list:
    """Each tick with its hatred answer (`answer`, None if unanswered) and `asks`: an open
    hatred question this user may answer on the squad page (docs/league.md, „Hass“)."""
    may_answer = user.is_authenticated and (user.is_staff or victims.coach_id == user.pk)
    for tick in ticks:
        tick.answer = getattr(tick, "hatred", None)
        tick.asks = (
            may_answer
            and tick.answer is None
            and tick.kind == Casualty.SERIOUSLY_INJURED
            and match.season.is_current
            and not tick.player.is_retired
        )
    return ticks


@require_safe
@login_not_required
@pages.for_visitors()
def match_detail(request, pk: int):
    """A match: result, casualties per side and the developments of both teams, or its
    appointment while it waits for a result; a deleted result only for admins.

    Visitors (not logged in) all see the same page of a played match, which comes from the page
    cache; logged-in users (and every open match) get the live page with the forms they may use.
    """
    if request.user.is_authenticated:
        match = _match_for_page(pk)
        if match.is_deleted and not Match.may_be_deleted_by(request.user):
            raise Http404
        return render(request, "matches/match_detail.html", _detail_context(request, match))
    match = fragments.cached(
        "match", lambda: get_object_or_404(_detail_queryset().filter(deleted_at=None), pk=pk), pk
    )
    if not match.is_played:
        return render(
            request, "matches/match_detail.html", _detail_context(request, _match_for_page(pk))
        )
    details = fragments.lazy(lambda: _detail_context(request, _match_for_page(pk)))
    context = {
        "match": match,
        # computed only when the cached fragment is missing (see config/pagecache/fragments.py)
        "sides": lambda: details()["sides"],
        "developments": lambda: details()["developments"],
        "history": lambda: details()["history"],
        "can_edit": False,
        **fragments.fragment_context(request, personal=True),
    }
    return render(request, "matches/match_detail.html", context)


def _detail_queryset():
    return Match.objects.select_related(
        "season",
        "home",
        "away",
        "conceded_by",
        "forfeited_by",
        "entered_by",
        "saved_by",
        "confirmed_by",
        "disputed_by",
        "deleted_by",
    )


def _match_for_page(pk: int) -> Match:
    return get_object_or_404(_detail_queryset().prefetch_related(_ticks()), pk=pk)


def _detail_context(
    request,
    match: Match,
    replace: dict | None = None,
    forms: dict | None = None,
    dispute_form=None,
) -> dict:
    if not match.is_played:
        # Scheduled, forfeited or lapsed: no casualties and no development to show.
        return {
            **fragments.fragment_context(request, personal=True),
            "match": match,
            "can_edit": False,
            "history": match_history(match),
            **_appointment_context(request, match, forms or {}),
        }
    sides = []
    for causer, victims in ((match.home, match.away), (match.away, match.home)):
        sides.append(
            {
                "causer": causer,
                "victims": victims,
                "ticks": _with_hatred(
                    [t for t in match.casualties.all() if t.player.team_id == victims.pk],
                    match=match,
                    victims=victims,
                    user=request.user,
                ),
                "journeymen": (
                    match.home_journeymen_casualties
                    if causer == match.home
                    else match.away_journeymen_casualties
                ),
                "caused": match.casualties_caused_by(causer),
            }
        )
    developments = []
    for team in (match.home, match.away):
        if replace is not None and replace["team"].pk == team.pk:
            developments.append(replace)
        else:
            developments.append(_development_side(request, match=match, team=team))
    may_answer = match.may_be_confirmed_by(request.user)
    if may_answer and dispute_form is None:
        dispute_form = DisputeForm(initial={"version": match.version})
    return {
        **fragments.fragment_context(request, personal=True),
        "match": match,
        "sides": sides,
        "can_edit": match.is_editable_by(request.user),
        "may_answer": may_answer,
        "dispute_form": dispute_form if may_answer else None,
        "history": match_history(match),
        "developments": developments,
        **_appointment_context(request, match, forms or {}),
    }


def _development_form(*, match: Match, team, data=None, initial=None) -> DevelopmentForm:
    return DevelopmentForm(
        data,
        initial=initial,
        players=dev.eligible_players(match=match, team=team),
        prefix=f"team{team.pk}",
        options_for=lambda player: dev.primary_options(player=player, match=match),
        options_url=reverse("matches:development-options", args=[match.pk, team.pk]),
    )


@require_POST
def match_confirm(request, pk: int):
    """The other coach's one tap: the result is right ("bestätigt")."""
    match = get_object_or_404(_detail_queryset(), pk=pk)
    version = request.POST.get("version", "")
    try:
        services.confirm_match(match=match, version=parse_id(version) or 0, by=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Ergebnis bestätigt: %(match)s") % {"match": match})
    return redirect(match)


@require_POST
def match_dispute(request, pk: int):
    """The other coach objects: his note is shown to the admins."""
    match = get_object_or_404(_detail_queryset().prefetch_related(_ticks()), pk=pk)
    form = DisputeForm(request.POST)
    if form.is_valid():
        try:
            services.dispute_match(
                match=match,
                version=form.cleaned_data["version"],
                note=form.cleaned_data["note"],
                by=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Einwand an die Admins geschickt."))
            return redirect(match)
    context = _detail_context(request, match, dispute_form=form)
    return render(request, "matches/match_detail.html", context, status=400)


def _development_side(request, *, match: Match, team, form=None, bonus_form=None) -> dict:
    """Everything the development section of one team shows (see matches/development.py)."""
    user = request.user
    developments = list(
        Development.objects.filter(match=match, team=team).select_related(
            "player",
            "category",
            "skill",
            "bonus_skill",
            "proposal_1",
            "proposal_2",
            "opponent_proposal",
            "reset_by",
        )
    )
    for development in developments:
        development.match, development.team = match, team
    current = next((d for d in developments if not d.is_reset), None)
    latest = dev.is_latest_played(match=match, team=team)
    can_choose = match.is_editable_by(user) and latest and (current is None or current.is_open)
    if can_choose and form is None:
        form = _development_form(match=match, team=team)
    can_bonus = (
        current is not None
        and current.awaits_devious_bonus
        and current.bonus_may_be_recorded_by(user)
    )
    if can_bonus and bonus_form is None:
        skills = dev.devious_bonus_options(current)
        bonus_form = DevelopmentBonusForm(skills=skills, prefix=f"bonus{team.pk}")
    return {
        "team": team,
        "current": current,
        "history": [d for d in developments if d.is_reset],
        "lapsed": (current is None or current.is_open) and not latest,
        "can_choose": can_choose,
        "form": form if can_choose else None,
        "bonus_form": bonus_form if can_bonus else None,
        # errors of a refused submit whose form is no longer offered (e.g. a double submit)
        "errors": [
            error
            for refused, shown in ((form, can_choose), (bonus_form, can_bonus))
            if refused is not None and refused.is_bound and not shown
            for error in refused.non_field_errors()
        ],
        "can_reset": current is not None and Development.may_be_reset_by(user),
    }


def _development_response(request, *, match: Match, side: dict, ok: bool, status: int = 400):
    if request.htmx:
        return render(
            request, "matches/match_detail.html#development", {"match": match, "dev": side}
        )
    if ok:
        return redirect(match)
    return render(
        request,
        "matches/match_detail.html",
        _detail_context(request, match, replace=side),
        status=status,
    )


def _picked(data, team) -> dict:
    """Choice, player and category as sent (for narrowing the lists), by field name."""
    prefix = f"team{team.pk}-"
    names = ("choice", "player", "category")
    return {name: data.get(prefix + name) for name in names if data.get(prefix + name)}


@require_safe
def development_options(request, pk: int, team_pk: int):
    """htmx: the "Selbst wählen" fields narrowed to the picked player (and category).

    Without JavaScript the form's "Auswahl aktualisieren" button does the same by POST.
    """
    match, team = _development_target(request, pk, team_pk)
    if not dev.can_complete(match=match, team=team):
        raise Http404
    form = _development_form(match=match, team=team, initial=_picked(request.GET, team))
    return render(
        request,
        "matches/match_detail.html#development-primary",
        {"match": match, "dev": {"team": team}, "form": form},
    )


def _development_target(request, pk: int, team_pk: int):
    match = get_object_or_404(
        Match.objects.editable_by(request.user)
        .played()
        .select_related("season", "home", "away", "conceded_by", "entered_by")
        .prefetch_related(_ticks()),
        pk=pk,
    )
    if team_pk not in (match.home_id, match.away_id):
        raise Http404
    team = match.home if team_pk == match.home_id else match.away
    return match, team


@require_POST
def development_save(request, pk: int, team_pk: int):
    """Choose the development of one team: Automatisch, Selbst wählen, Keine, Offen."""
    match, team = _development_target(request, pk, team_pk)
    if "auswahl" in request.POST:
        # Without JavaScript: "Auswahl aktualisieren" narrows the lists to the picked player
        # and category; nothing is saved.
        form = _development_form(match=match, team=team, initial=_picked(request.POST, team))
        side = _development_side(request, match=match, team=team, form=form)
        return _development_response(request, match=match, side=side, ok=False, status=200)
    form = _development_form(match=match, team=team, data=request.POST)
    ok = False
    if form.is_valid():
        choice = form.cleaned_data["choice"]
        try:
            if choice == Development.Choice.AUTOMATIC:
                dev.choose_automatic(match=match, team=team, by=request.user)
            elif choice == Development.Choice.CHOOSE:
                dev.choose_primary(
                    match=match,
                    team=team,
                    player=form.cleaned_data["player"],
                    category=form.cleaned_data["category"],
                    proposals=form.proposals(),
                    by=request.user,
                )
            elif choice == Development.Choice.NONE:
                dev.choose_none(match=match, team=team, by=request.user)
            else:
                dev.leave_open(match=match, team=team, by=request.user)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            ok = True
            messages.success(request, _("Entwicklung von %(team)s gespeichert.") % {"team": team})
            form = None
    side = _development_side(request, match=match, team=team, form=form)
    return _development_response(request, match=match, side=side, ok=ok)


@require_POST
def development_bonus(request, pk: int, team_pk: int):
    """ "5+ am Tisch gewürfelt": the second Devious skill of a Selbst wählen in Devious."""
    match, team = _development_target(request, pk, team_pk)
    current = dev.active_development(match=match, team=team)
    if current is None:
        raise Http404
    current.match, current.team = match, team
    if not current.bonus_may_be_recorded_by(request.user):
        raise PermissionDenied
    skills = [] if current.player is None else dev.devious_bonus_options(current)
    form = DevelopmentBonusForm(request.POST, skills=skills, prefix=f"bonus{team.pk}")
    ok = False
    if form.is_valid():
        try:
            dev.record_devious_bonus(
                development=current, skill=form.cleaned_data["skill"], by=request.user
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            ok = True
            form = None
    side = _development_side(request, match=match, team=team, bonus_form=form)
    return _development_response(request, match=match, side=side, ok=ok)


@require_POST
def development_reset(request, pk: int, team_pk: int):
    """Admins only: the development no longer counts and may be chosen again (kept as history)."""
    if not Development.may_be_reset_by(request.user):
        raise PermissionDenied
    match, team = _development_target(request, pk, team_pk)
    current = dev.active_development(match=match, team=team)
    if current is None:
        raise Http404
    dev.reset_development(development=current, by=request.user)
    messages.success(request, _("Entwicklung von %(team)s zurückgesetzt.") % {"team": team})
    side = _development_side(request, match=match, team=team)
    return _development_response(request, match=match, side=side, ok=True)


def _players(team, match: Match | None) -> list[Player]:
    """Who may be ticked: for a new match the roster now; for a stored one the players on the
    roster at its time (created up to its minute, not retired before its day), plus anybody
    already ticked in it. So nobody is offered who the save would then refuse."""
    players = team.players.select_related("position").order_by("number")
    if match is None or match.played_at is None:  # new, or scheduled without a result yet
        return [p for p in players if not p.is_retired]
    ticked = {t.player_id for t in match.casualties.all()}
    on_roster = set(players.on_roster_at(match.played_at).values_list("pk", flat=True))
    return [p for p in players if p.pk in on_roster or p.pk in ticked]


def _match_form(request, *, home, away, match: Match | None) -> MatchForm:
    if match is None:
        suspended = {t.pk: suspended_for_next_match(t) for t in (home, away)}
    else:
        suspended = {t.pk: suspended_for_match(t, match) for t in (home, away)}
    data = request.POST if request.method == "POST" else None
    return MatchForm(
        data,
        initial=MatchForm.initial_for(match),
        home=home,
        away=away,
        players={t.pk: _players(t, match) for t in (home, away)},
        suspended=suspended,
    )


@require_http_methods(["GET", "HEAD", "POST"])
def match_create(request):
    """ "Spiel eintragen": pick the two teams, then the result and the casualties."""
    season = Season.objects.current()
    if season is None:
        messages.error(request, _("Es läuft gerade keine Saison."))
        return redirect("matches:match-list")
    source = request.POST if request.method == "POST" else request.GET
    initial = {}
    if request.method == "GET" and "gast" not in source:
        # One tap from the start page: ?heim=<team> preselects the coach's team.
        team = source.get("heim", "")
        initial = {"heim": team} if parse_id(team) else {}
        source = None
    pick = TeamPickForm(source or None, initial=initial, season=season, user=request.user)
    if not pick.is_valid():
        return render(request, "matches/match_pick.html", {"pick": pick, "season": season})
    home, away = pick.cleaned_data["heim"], pick.cleaned_data["gast"]
    scheduled = scheduling.open_match_for_pairing(season=season, home=home, away=away)
    if scheduled is not None and request.method == "GET":
        # No second match for the pairing by accident: the result belongs to the open one.
        messages.info(
            request,
            _("Für diese Paarung gibt es schon ein offenes Spiel: trag das Ergebnis hier ein."),
        )
        return redirect("matches:match-update", pk=scheduled.pk)
    form = _match_form(request, home=home, away=away, match=None)
    duplicate = None
    if scheduled is not None:
        # Created while this form was open: keep what was typed, point to the open match.
        form.is_valid()
        form.add_error(
            None,
            _(
                "Für diese Paarung gibt es inzwischen ein offenes Spiel (%(match)s). Bitte trag "
                "das Ergebnis dort ein, damit kein zweites Spiel entsteht."
            )
            % {"match": scheduled.label()},
        )
    elif request.method == "POST" and form.is_valid():
        try:
            match = services.enter_match(entry=form.entry(), by=request.user)
        except services.DuplicateMatch as error:
            form.add_error(None, error)
            duplicate = error.existing
        except ValidationError as error:
            form.add_error(None, error)
        except PermissionDenied as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Spiel eingetragen: %(match)s") % {"match": match})
            return redirect(match)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "matches/match_form.html",
        {
            "form": form,
            "season": season,
            "home": home,
            "away": away,
            "match": None,
            "scheduled": scheduled,
            "duplicate": duplicate,
        },
        status=status,
    )


@require_http_methods(["GET", "HEAD", "POST"])
def match_update(request, pk: int):
    match = get_object_or_404(
        Match.objects.editable_by(request.user)
        .filter(forfeited_by__isnull=True)
        .select_related("season", "home", "away")
        .prefetch_related(_ticks()),
        pk=pk,
    )
    form = _match_form(request, home=match.home, away=match.away, match=match)
    if request.method == "POST" and form.is_valid():
        version = form.cleaned_data["version"] or 0
        try:
            match = services.update_match(
                match=match, entry=form.entry(), version=version, by=request.user
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Spiel gespeichert: %(match)s") % {"match": match})
            return redirect(match)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "matches/match_form.html",
        {
            "form": form,
            "season": match.season,
            "home": match.home,
            "away": match.away,
            "match": match,
        },
        status=status,
    )


# --- open matches: appointments, cancellations, the schedule (matches/scheduling.py) ------


def _appointment_context(request, match: Match, forms: dict) -> dict:
    """What the match page offers for an open match, with any refused form in `forms`."""
    user = request.user
    now = timezone.now()
    context = {
        "cancellations": list(match.cancellations.select_related("team", "recorded_by")),
        "can_enter_result": match.is_open and match.is_editable_by(user),
        "can_undo_forfeit": match.is_forfeit and user.is_staff,
    }
    if match.is_open and match.may_be_scheduled_by(user):
        context["appointment_form"] = forms.get("appointment") or AppointmentForm(
            initial={
                "scheduled_at": match.scheduled_at and timezone.localtime(match.scheduled_at),
                "version": match.version,
            }
        )
        teams = scheduling.may_cancel_for(user, match)
        if teams:
            context["cancel_form"] = forms.get("cancel") or CancelForm(
                teams=teams, initial={"version": match.version}
            )
            if match.scheduled_at is not None:
                context["cancel_is_late"] = is_late_cancellation(
                    cancelled_at=now, appointment=match.scheduled_at
                )
        absent = scheduling.may_report_no_show(user, match)
        if absent and match.scheduled_at is not None and match.scheduled_at <= now:
            context["no_show_form"] = forms.get("no_show") or CancelForm(
                teams=absent, no_show=True, initial={"version": match.version}
            )
    if not match.has_result and match.may_be_scheduled_by(user):
        context["delete_form"] = forms.get("delete") or VersionForm(
            initial={"version": match.version}
        )
    latest = context["cancellations"][-1] if context["cancellations"] else None
    if latest is not None and user.is_staff and not match.is_played:
        context["correct_cancellation"] = latest
        context["correct_form"] = forms.get("correct") or CancellationTimeForm(
            initial={"cancelled_at": timezone.localtime(latest.cancelled_at)}
        )
    # A refused form that is no longer offered (the match changed meanwhile) still says why.
    errors = list(forms.get("errors", []))
    for key, form in forms.items():
        if key != "errors" and context.get(f"{key}_form") is not form:
            errors += [e for e in form.non_field_errors() if e not in errors]
    context["errors"] = errors
    return context


def _refused(request, match: Match, *, status: int = 400, **forms):
    """The match page again, fresh from the database, with the refused form and its errors."""
    match = _match_for_page(match.pk)
    context = _detail_context(request, match, forms=forms)
    return render(request, "matches/match_detail.html", context, status=status)


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
            match = scheduling.create_match(
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
def appointment_set(request, pk: int):
    """Either coach sets or moves the appointment."""
    match = _open_match(pk)
    form = AppointmentForm(request.POST)
    if form.is_valid():
        try:
            scheduling.set_appointment(
                match=match,
                scheduled_at=form.cleaned_data["scheduled_at"],
                version=form.cleaned_data["version"],
                by=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        except PermissionDenied as error:
            form.add_error(None, str(error))
            return _refused(request, match, status=403, appointment=form)
        else:
            match.refresh_from_db()
            messages.success(request, _("Termin gespeichert: %(match)s") % {"match": match.label()})
            return redirect(match)
    return _refused(request, match, appointment=form)


def _cancel(request, pk: int, *, no_show: bool):
    match = _open_match(pk)
    teams = (
        scheduling.may_report_no_show(request.user, match)
        if no_show
        else scheduling.may_cancel_for(request.user, match)
    )
    key = "no_show" if no_show else "cancel"
    form = CancelForm(request.POST, teams=teams, no_show=no_show)
    if not teams:
        message = _("Absagen können nur die Coaches der beiden Teams oder Admins.")
        return _refused(request, match, status=403, errors=[message])
    if form.is_valid():
        try:
            cancellation = scheduling.cancel_match(
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
    try:
        scheduling.undo_forfeit(match=match, by=request.user)
    except ValidationError as error:
        return _refused(request, match, errors=error.messages)
    messages.success(request, _("Kampflos-Wertung zurückgenommen."))
    return redirect(match)


@require_POST
def cancellation_correct(request, pk: int, cancellation_pk: int):
    """Admins only: correct when the latest cancellation was made (24-hour rule again)."""
    if not request.user.is_staff:
        raise PermissionDenied
    cancellation = get_object_or_404(Cancellation, pk=cancellation_pk, match_id=pk)
    match = _open_match(pk)
    form = CancellationTimeForm(request.POST)
    if form.is_valid():
        try:
            scheduling.correct_cancellation_time(
                cancellation=cancellation,
                cancelled_at=form.cleaned_data["cancelled_at"],
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
            scheduling.delete_open_match(
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
        "schedule_form": ScheduleForm() if request.user.is_staff else None,
        "can_create": request.user.is_authenticated,
    }
    template = "matches/schedule.html#rounds" if request.htmx else "matches/schedule.html"
    return render(request, template, context)


@require_POST
def schedule_generate(request):
    """Admins only: the round-robin schedule for the current season."""
    if not request.user.is_staff:
        raise PermissionDenied
    season = Season.objects.current()
    form = ScheduleForm(request.POST)
    if season is not None and form.is_valid():
        try:
            created = scheduling.generate_schedule(
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
    return redirect("matches:schedule")


# --- iCalendar feeds ---------------------------------------------------------------------


def _calendar_response(request, matches, *, name: str, filename: str):
    matches = matches.filter(scheduled_at__isnull=False).select_related("season", "home", "away")
    body = build_calendar(
        matches.order_by("scheduled_at", "pk"),
        name=name,
        link=lambda match: request.build_absolute_uri(match.get_absolute_url()),
        domain=request.get_host().split(":")[0],
    )
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_safe
@login_not_required
def calendar_league(request):
    """Every appointment of the league as a subscribable calendar."""
    return _calendar_response(
        request, Match.objects.all(), name=_("Hopfen&Sieg: Liga-Termine"), filename="liga.ics"
    )


@require_safe
@login_not_required
def calendar_team(request, team_pk: int):
    """One team's appointments as a subscribable calendar."""
    team = get_object_or_404(Team, pk=team_pk)
    return _calendar_response(
        request,
        Match.objects.for_team(team),
        name=_("Hopfen&Sieg: Termine von %(team)s") % {"team": team.name},
        filename=f"team-{team.pk}.ics",
    )
