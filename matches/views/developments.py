"""A team's development after a match (matches/development.py): the four choices, the
"Selbst wählen" fields narrowed by htmx, the Devious bonus, and the admin's reset."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from .. import development as dev
from ..forms import DevelopmentBonusForm
from ..models import Development, Match
from .match_page import development_form, development_side, render_match_page, ticks


def _target(request, pk: int, team_pk: int):
    """The played match (one the user may edit) and the team of it whose development it is."""
    match = get_object_or_404(
        Match.objects.editable_by(request.user)
        .played()
        .select_related("season", "home", "away", "conceded_by", "entered_by")
        .prefetch_related(ticks()),
        pk=pk,
    )
    if team_pk not in (match.home_id, match.away_id):
        raise Http404
    team = match.home if team_pk == match.home_id else match.away
    return match, team


def _side(request, match: Match, team, **forms) -> dict:
    # The match came through `_target`: the user may edit it.
    return development_side(match, team, user=request.user, can_edit=True, **forms)


def _response(request, *, match: Match, side: dict, ok: bool, status: int = 400):
    if request.htmx:
        return render(
            request, "matches/match_detail.html#development", {"match": match, "dev": side}
        )
    if ok:
        return redirect(match)
    return render_match_page(request, match, replace=side, status=status)


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
    match, team = _target(request, pk, team_pk)
    if not dev.can_complete(match=match, team=team):
        raise Http404
    form = development_form(match=match, team=team, initial=_picked(request.GET, team))
    return render(
        request,
        "matches/match_detail.html#development-primary",
        {"match": match, "dev": {"team": team}, "form": form},
    )


@require_POST
def development_create(request, pk: int, team_pk: int):
    """Choose the development of one team: Automatisch, Selbst wählen, Keine, Offen."""
    match, team = _target(request, pk, team_pk)
    if "auswahl" in request.POST:
        # Without JavaScript: "Auswahl aktualisieren" narrows the lists to the picked player
        # and category; nothing is saved.
        form = development_form(match=match, team=team, initial=_picked(request.POST, team))
        side = _side(request, match, team, form=form)
        return _response(request, match=match, side=side, ok=False, status=200)
    form = development_form(match=match, team=team, data=request.POST)
    ok = False
    if form.is_valid():
        try:
            dev.choose(
                form.cleaned_data["choice"],
                match=match,
                team=team,
                player=form.cleaned_data.get("player"),
                category=form.cleaned_data.get("category"),
                proposals=form.proposals(),
                by=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            ok = True
            messages.success(request, _("Entwicklung von %(team)s gespeichert.") % {"team": team})
            form = None
    side = _side(request, match, team, form=form)
    return _response(request, match=match, side=side, ok=ok)


@require_POST
def development_bonus(request, pk: int, team_pk: int):
    """ "5+ am Tisch gewürfelt": the second Devious skill of a Selbst wählen in Devious."""
    match, team = _target(request, pk, team_pk)
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
    side = _side(request, match, team, bonus_form=form)
    return _response(request, match=match, side=side, ok=ok)


@require_POST
def development_reset(request, pk: int, team_pk: int):
    """Admins only: the development no longer counts and may be chosen again (kept as history)."""
    if not Development.may_be_reset_by(request.user):
        raise PermissionDenied
    match, team = _target(request, pk, team_pk)
    current = dev.active_development(match=match, team=team)
    if current is None:
        raise Http404
    dev.reset_development(development=current, by=request.user)
    messages.success(request, _("Entwicklung von %(team)s zurückgesetzt.") % {"team": team})
    return _response(request, match=match, side=_side(request, match, team), ok=True)
