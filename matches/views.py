from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league.models import Season
from league.views import season_from_request
from roster.models import Player

from . import development as dev
from . import services
from .forms import DevelopmentBonusForm, DevelopmentForm, DisputeForm, MatchForm, TeamPickForm
from .history import match_history
from .models import CasualtyTick, Development, Match
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
        _detail_queryset().prefetch_related(_ticks()),
        pk=pk,
    )
    if match.is_deleted and not Match.may_be_deleted_by(request.user):
        raise Http404
    return render(request, "matches/match_detail.html", _detail_context(request, match))


def _detail_queryset():
    return Match.objects.select_related(
        "season",
        "home",
        "away",
        "conceded_by",
        "entered_by",
        "saved_by",
        "confirmed_by",
        "disputed_by",
        "deleted_by",
    )


def _detail_context(request, match: Match, replace: dict | None = None, dispute_form=None) -> dict:
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
        "match": match,
        "sides": sides,
        "can_edit": match.is_editable_by(request.user),
        "may_answer": may_answer,
        "dispute_form": dispute_form if may_answer else None,
        "history": match_history(match),
        "developments": developments,
    }


@require_POST
def match_confirm(request, pk: int):
    """The other coach's one tap: the result is right ("bestätigt")."""
    match = get_object_or_404(_detail_queryset(), pk=pk)
    version = request.POST.get("version", "")
    try:
        services.confirm_match(
            match=match, version=int(version) if version.isdigit() else 0, by=request.user
        )
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
        players = dev.eligible_players(match=match, team=team)
        form = DevelopmentForm(players=players, prefix=f"team{team.pk}")
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


def _development_response(request, *, match: Match, side: dict, ok: bool):
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
        status=400,
    )


def _development_target(request, pk: int, team_pk: int):
    match = get_object_or_404(
        Match.objects.editable_by(request.user)
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
    players = dev.eligible_players(match=match, team=team)
    form = DevelopmentForm(request.POST, players=players, prefix=f"team{team.pk}")
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
    duplicate = None
    if request.method == "POST" and form.is_valid():
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
            "duplicate": duplicate,
        },
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
