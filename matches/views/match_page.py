"""The match page (/spiele/<pk>/): what it shows and offers to one viewer, built once.

What a viewer may do depends on the match and on who he is (`user`, never the request): whether
he may edit the match is asked once here and handed to every part that needs it (the
development of each team, the forms of an open match). The views add what comes from the
request (the fragment cache's context) in `render_match_page`.
"""

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone

from config.pagecache import fragments, pages
from config.roles import is_league_admin

from .. import development as dev
from .. import open_matches
from ..appointments import is_late_cancellation
from ..forms import (
    AppointmentForm,
    CancelForm,
    CancellationTimeForm,
    DevelopmentBonusForm,
    DevelopmentForm,
    DisputeForm,
    VersionForm,
)
from ..hatred import mark_questions
from ..history import match_history
from ..models import CasualtyTick, Development, Match


def detail_queryset():
    """A match with everything its page names (season, teams, who did what).

    The people who saved, confirmed, disputed or deleted come in small queries of their own
    (none for an empty field): joined into one query with the rest, PostgreSQL spent about
    45 ms planning the eleven tables for a 1 ms lookup."""
    return Match.objects.select_related(
        "season", "home", "away", "conceded_by", "forfeited_by", "entered_by"
    ).prefetch_related("saved_by", "confirmed_by", "disputed_by", "deleted_by")


def ticks():
    """The match's ticks with their players and hatred answers, for `match.casualties.all()`."""
    return Prefetch(
        "casualties", queryset=CasualtyTick.objects.select_related("player", "hatred__race")
    )


def match_for_page(pk: int) -> Match:
    return get_object_or_404(detail_queryset().prefetch_related(ticks()), pk=pk)


def match_context(
    match: Match,
    *,
    user,
    forms: dict | None = None,
    dispute_form=None,
    replace: dict | None = None,
) -> dict:
    """The page's context for `user`. A refused form comes back in `forms` (an open match's
    forms by name, plus "errors"), `dispute_form` or `replace` (one team's development part, as
    `development_side` built it), and is shown instead of a fresh one."""
    can_edit = match.is_editable_by(user)
    may_read_note = match.may_read_dispute_note(user)
    context = {
        "match": match,
        "can_edit": can_edit and match.is_played,
        "may_read_note": may_read_note,
        "history": match_history(match, with_note=may_read_note),
        **appointment_context(match, user=user, can_edit=can_edit, forms=forms or {}),
    }
    if not match.is_played:
        # Scheduled, forfeited or lapsed: no casualties and no development to show.
        return context
    sides = []
    for causer, victims in ((match.home, match.away), (match.away, match.home)):
        journeymen = (
            match.home_journeymen_casualties
            if causer == match.home
            else match.away_journeymen_casualties
        )
        sides.append(
            {
                "causer": causer,
                "victims": victims,
                "ticks": mark_questions(
                    [t for t in match.casualties.all() if t.player.team_id == victims.pk],
                    match=match,
                    team=victims,
                    user=user,
                ),
                "journeymen": journeymen,
                "caused": match.casualties_caused_by(causer),
            }
        )
    developments = [
        replace
        if replace is not None and replace["team"].pk == team.pk
        else development_side(match, team, user=user, can_edit=can_edit)
        for team in (match.home, match.away)
    ]
    may_answer = match.may_be_confirmed_by(user)
    if may_answer and dispute_form is None:
        dispute_form = DisputeForm(initial={"version": match.version})
    return {
        **context,
        "sides": sides,
        "may_answer": may_answer,
        "dispute_form": dispute_form if may_answer else None,
        "developments": developments,
    }


def _teams_of_match(pk: int) -> tuple[int, ...]:
    """(home id, away id), looked up once per match token."""
    return fragments.cached(
        "teams-of-match",
        lambda: tuple(Match.objects.filter(pk=pk).values_list("home_id", "away_id").first() or ()),
        pk,
        scopes=(fragments.STRUCTURE, fragments.match_scope(pk)),
    )


def match_scopes(request, pk: int, *args, **kwargs) -> tuple[str, ...]:
    """The page cache's scopes of a match page (config/pagecache/fragments.py): the match's
    rows and its two teams'. A visitor's page names of the teams only their players (the ticked
    and the developed ones, `roster_scope`): a later result of a team changes nothing of it but
    whether its development has lapsed, which `match_vary` adds to the key. A logged-in reader's
    forms depend on the teams' other matches too (who may develop), so his page names the
    teams' whole scopes."""
    scope = fragments.roster_scope if pages.is_visitor(request) else fragments.team_scope
    return (fragments.match_scope(pk), *(scope(team) for team in _teams_of_match(pk)))


def match_vary(request, pk: int, *args, **kwargs) -> tuple[str, ...]:
    """For a visitor's page (see `match_scopes`): is the match each team's latest played one,
    as the page shows it (`development.shows_as_latest`, kept under the team's scope). So after
    a team's next result only the page of its previous match is rebuilt, not all of its
    pages."""
    if not pages.is_visitor(request):
        return ()
    return tuple(
        "latest" if dev.latest_played_pk(team) == pk else "earlier" for team in _teams_of_match(pk)
    )


def render_match_page(request, match: Match, *, status: int = 200, **parts):
    """The whole match page for the request's user (`parts` as for `match_context`)."""
    context = {
        **match_context(match, user=request.user, **parts),
        **fragments.fragment_context(
            request,
            fragments.STRUCTURE,
            *match_scopes(request, match.pk),
            personal=True,
            vary=match_vary(request, match.pk),
        ),
    }
    return render(request, "matches/match_detail.html", context, status=status)


# --- development, per team ------------------------------------------------------------------


def development_form(*, match: Match, team, data=None, initial=None) -> DevelopmentForm:
    return DevelopmentForm(
        data,
        initial=initial,
        players=dev.eligible_players(match=match, team=team),
        prefix=f"team{team.pk}",
        options_for=lambda player: dev.primary_options(player=player, match=match),
        options_url=reverse("matches:development-options", args=[match.pk, team.pk]),
    )


def development_side(
    match: Match, team, *, user, can_edit: bool, form=None, bonus_form=None
) -> dict:
    """Everything the development part of one team shows (see matches/development.py);
    `can_edit`: may `user` edit the match (asked once per page)."""
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
    latest = dev.shows_as_latest(match=match, team=team)
    can_choose = can_edit and latest and (current is None or current.is_open)
    if can_choose and form is None:
        form = development_form(match=match, team=team)
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


# --- an open match: appointments, cancellations (matches/open_matches.py) ---------------------


def appointment_context(match: Match, *, user, can_edit: bool, forms: dict) -> dict:
    """What the page offers for an open match, with any refused form in `forms`."""
    now = timezone.now()
    admin = is_league_admin(user)
    context = {
        "cancellations": list(match.cancellations.select_related("team", "recorded_by")),
        "can_enter_result": match.is_open and can_edit,
    }
    if match.is_forfeit and admin:
        context["undo_form"] = forms.get("undo") or VersionForm(
            initial={"version": match.version}, prefix="zuruecknehmen"
        )
    may_schedule = match.may_be_scheduled_by(user)
    if match.is_open and may_schedule:
        context["appointment_form"] = forms.get("appointment") or AppointmentForm(
            initial={
                "scheduled_at": match.scheduled_at and timezone.localtime(match.scheduled_at),
                "version": match.version,
            }
        )
        teams = open_matches.may_cancel_for(user, match)
        if teams:
            context["cancel_form"] = forms.get("cancel") or CancelForm(
                teams=teams, initial={"version": match.version}
            )
            if match.scheduled_at is not None:
                context["cancel_is_late"] = is_late_cancellation(
                    cancelled_at=now, appointment=match.scheduled_at
                )
        absent = open_matches.may_report_no_show(user, match)
        if absent and match.scheduled_at is not None and match.scheduled_at <= now:
            context["no_show_form"] = forms.get("no_show") or CancelForm(
                teams=absent, no_show=True, initial={"version": match.version}
            )
    if not match.has_result and may_schedule:
        context["delete_form"] = forms.get("delete") or VersionForm(
            initial={"version": match.version}
        )
    latest = context["cancellations"][-1] if context["cancellations"] else None
    if latest is not None and admin and not match.is_played:
        context["correct_cancellation"] = latest
        context["correct_form"] = forms.get("correct") or CancellationTimeForm(
            initial={
                "cancelled_at": timezone.localtime(latest.cancelled_at),
                "version": match.version,
            }
        )
    # A refused form that is no longer offered (the match changed meanwhile) still says why.
    errors = list(forms.get("errors", []))
    for key, form in forms.items():
        if key != "errors" and context.get(f"{key}_form") is not form:
            errors += [e for e in form.non_field_errors() if e not in errors]
    context["errors"] = errors
    return context
