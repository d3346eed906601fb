"""The appointments as subscribable iCalendar feeds (matches/calendar.py builds them)."""

from django.contrib.auth.decorators import login_not_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from roster.models import Team

from ..calendar import build_calendar, with_last_change
from ..models import Match


def _calendar_response(request, matches, *, name: str, filename: str):
    matches = matches.filter(scheduled_at__isnull=False, deleted_at__isnull=True).select_related(
        "season", "home", "away"
    )
    body = build_calendar(
        with_last_change(matches).order_by("scheduled_at", "pk"),
        name=name,
        link=lambda match: request.build_absolute_uri(match.get_absolute_url()),
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
