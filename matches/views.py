from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from league.models import Season
from league.views import season_from_request
from roster.models import Player

from . import services
from .forms import MatchForm, TeamPickForm
from .models import CasualtyTick, Match
from .status import suspended_for_match, suspended_for_next_match


@require_GET
@login_not_required
def match_list(request):
    season = season_from_request(request)
    matches = []
    if season is not None:
        matches = (
            Match.objects.for_season(season)
            .played()
            .select_related("home", "away")
            .with_casualty_counts()
            .order_by("-played_at", "-pk")
        )
    context = {
        "season": season,
        "seasons": Season.objects.latest_first(),
        "matches": matches,
        "can_enter": request.user.is_authenticated,
    }
    template = "matches/match_list.html#matches" if request.htmx else "matches/match_list.html"
    return render(request, template, context)


def _ticks():
    return Prefetch("casualties", queryset=CasualtyTick.objects.select_related("player"))


@require_GET
@login_not_required
def match_detail(request, pk: int):
    match = get_object_or_404(
        Match.objects.select_related(
            "season", "home", "away", "conceded_by", "entered_by"
        ).prefetch_related(_ticks()),
        pk=pk,
    )
    sides = []
    for causer, victims in ((match.home, match.away), (match.away, match.home)):
        sides.append(
            {
                "causer": causer,
                "victims": victims,
                "ticks": [t for t in match.casualties.all() if t.player.team_id == victims.pk],
                "journeymen": (
                    match.home_journeymen_casualties
                    if causer == match.home
                    else match.away_journeymen_casualties
                ),
                "caused": match.casualties_caused_by(causer),
            }
        )
    return render(
        request,
        "matches/match_detail.html",
        {
            "match": match,
            "sides": sides,
            "can_edit": Match.objects.editable_by(request.user).filter(pk=match.pk).exists(),
        },
    )


def _players(team, match: Match | None) -> list[Player]:
    """The team's roster, plus anybody already ticked in this match (retired since)."""
    players = team.players.select_related("position").order_by("number")
    ticked = set()
    if match is not None:
        ticked = {t.player_id for t in match.casualties.all()}
    return [p for p in players if not p.is_retired or p.pk in ticked]


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


@require_http_methods(["GET", "POST"])
def match_create(request):
    """ "Spiel eintragen": pick the two teams, then the result and the casualties."""
    season = Season.objects.current()
    if season is None:
        messages.error(request, _("Es läuft gerade keine Saison."))
        return redirect("matches:match-list")
    source = request.POST if request.method == "POST" else request.GET
    pick = TeamPickForm(source or None, season=season, user=request.user)
    if not pick.is_valid():
        return render(request, "matches/match_pick.html", {"pick": pick, "season": season})
    home, away = pick.cleaned_data["heim"], pick.cleaned_data["gast"]
    form = _match_form(request, home=home, away=away, match=None)
    if request.method == "POST" and form.is_valid():
        try:
            match = services.enter_match(entry=form.entry(), by=request.user)
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
        {"form": form, "season": season, "home": home, "away": away, "match": None},
        status=status,
    )


@require_http_methods(["GET", "POST"])
def match_update(request, pk: int):
    match = get_object_or_404(
        Match.objects.editable_by(request.user)
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
