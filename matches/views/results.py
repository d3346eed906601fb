"""Results: the season's matches and their download, a match's page, entering and correcting a
result (matches/services.py), and the other coach's confirmation or dispute."""

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import EmptyPage, Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from config.exports import export_response, in_german
from config.numbers import parse_id
from config.pagecache import fragments, pages
from league.models import Season
from league.seasons import season_from_request, season_scopes, seasons_latest_first

from .. import open_matches, services
from ..forms import DisputeForm, TeamPickForm
from ..models import Match
from . import result_form
from .match_page import (
    detail_queryset,
    match_context,
    match_for_page,
    match_scopes,
    match_vary,
    render_match_page,
    ticks,
)

MATCHES_PER_PAGE = 20


@require_safe
@login_not_required
@pages.for_readers(fragments.STRUCTURE, params=("saison", "seite"), scopes_for=season_scopes)
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
        try:
            return Paginator(matches, MATCHES_PER_PAGE, allow_empty_first_page=True).page(number)
        except EmptyPage as error:
            raise Http404 from error  # not the last page under another number

    context = {
        "season": season,
        "seasons": seasons_latest_first(),
        # computed only when the cached fragment is missing (see config/pagecache/fragments.py)
        "page": fragments.lazy(page),
        "page_number": number,
        "can_enter": request.user.is_authenticated,
        **fragments.fragment_context(request, fragments.STRUCTURE, *season_scopes(request)),
    }
    template = "matches/match_list.html#matches" if request.htmx else "matches/match_list.html"
    return render(request, template, context)


@require_safe
@login_not_required
@in_german
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


@require_safe
@login_not_required
@pages.for_readers(fragments.STRUCTURE, scopes_for=match_scopes, vary_for=match_vary)
def match_detail(request, pk: int):
    """A match: result, casualties per side and the developments of both teams, or its
    appointment while it waits for a result; a deleted result only for admins.

    Visitors (not logged in) all see the same page of a played match, which comes from the page
    cache; logged-in users get the page with the forms they may use, each his own copy from the
    page cache; an open match's forms change with the clock (late cancellation, no-show), so its
    page is not kept for them.
    """
    if request.user.is_authenticated:
        match = match_for_page(pk)
        if match.is_deleted and not Match.may_be_deleted_by(request.user):
            raise Http404
        if not match.is_played:
            pages.valid_until(request, timezone.now())
        return render_match_page(request, match)
    match = fragments.cached(
        "match",
        lambda: get_object_or_404(detail_queryset().filter(deleted_at=None), pk=pk),
        pk,
        scopes=(fragments.STRUCTURE, *match_scopes(request, pk)),
    )
    if not match.is_played:
        return render_match_page(request, match_for_page(pk))
    details = fragments.lazy(lambda: match_context(match_for_page(pk), user=request.user))
    context = {
        "match": match,
        # computed only when the cached fragment is missing (see config/pagecache/fragments.py)
        "sides": lambda: details()["sides"],
        "developments": lambda: details()["developments"],
        "history": lambda: details()["history"],
        "can_edit": False,
        **fragments.fragment_context(
            request,
            fragments.STRUCTURE,
            *match_scopes(request, pk),
            personal=True,
            vary=match_vary(request, pk),
        ),
    }
    return render(request, "matches/match_detail.html", context)


@require_POST
def match_confirm(request, pk: int):
    """The other coach's one tap: the result is right ("bestätigt")."""
    match = get_object_or_404(detail_queryset(), pk=pk)
    version = request.POST.get("version", "")
    try:
        services.confirm_match(match=match, version=parse_id(version) or 0, by=request.user)
    except services.AlreadyDone as done:
        messages.info(request, done.message)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Ergebnis bestätigt: %(match)s") % {"match": match})
    return redirect(match)


@require_POST
def match_dispute(request, pk: int):
    """The other coach objects: his note is shown to the admins."""
    match = get_object_or_404(detail_queryset().prefetch_related(ticks()), pk=pk)
    form = DisputeForm(request.POST)
    if form.is_valid():
        try:
            services.dispute_match(
                match=match,
                version=form.cleaned_data["version"],
                note=form.cleaned_data["note"],
                by=request.user,
            )
        except services.AlreadyDone as done:
            messages.info(request, done.message)
            return redirect(match)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Einwand an die Admins geschickt."))
            return redirect(match)
    return render_match_page(request, match, dispute_form=form, status=400)


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
        return render(
            request,
            "matches/match_pick.html",
            {
                "pick": pick,
                "season": season,
                "offline_targets": result_form.offline_targets(request, season),
            },
        )
    home, away = pick.cleaned_data["heim"], pick.cleaned_data["gast"]
    scheduled = open_matches.open_match_for_pairing(season=season, home=home, away=away)
    if scheduled is not None and request.method == "GET":
        # No second match for the pairing by accident: the result belongs to the open one.
        messages.info(
            request,
            _("Für diese Paarung gibt es schon ein offenes Spiel: trag das Ergebnis hier ein."),
        )
        return redirect("matches:match-update", pk=scheduled.pk)
    rows_tokens = result_form.rows_tokens(home, away)
    form = result_form.match_form(request, home=home, away=away, match=None)
    duplicate, ask_second_game = None, False
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
    elif request.method == "POST" and (entry := result_form.entry_of(form)) is not None:
        try:
            match = services.enter_match(entry=entry, by=request.user)
        except services.DuplicateMatch as error:
            form.add_error(None, error)
            duplicate, ask_second_game = error.existing, error.may_be_second_game
        except ValidationError as error:
            result_form.refuse(form, error)
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
            "ask_second_game": ask_second_game,
            **result_form.rows_cache(form, rows_tokens),
        },
        status=status,
    )


@require_http_methods(["GET", "HEAD", "POST"])
def match_update(request, pk: int):
    match = get_object_or_404(
        Match.objects.editable_by(request.user)
        .filter(forfeited_by__isnull=True)
        .select_related("season", "home", "away")
        .prefetch_related(ticks()),
        pk=pk,
    )
    form = result_form.match_form(request, home=match.home, away=match.away, match=match)
    if request.method == "POST" and (entry := result_form.entry_of(form)) is not None:
        version = form.cleaned_data["version"] or 0
        try:
            match = services.update_match(
                match=match, entry=entry, version=version, by=request.user
            )
        except ValidationError as error:
            result_form.refuse(form, error)
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
            "rows_seconds": 0,  # a stored match's rows show its own ticks
            "rows_viewer": f"match-{match.pk}",
        },
        status=status,
    )
