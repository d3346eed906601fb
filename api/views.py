"""The feeds of results as views (the JSON API's views are in `v1.py`)."""

from django.contrib.auth.decorators import login_not_required
from django.views.decorators.http import require_safe

from config.exports import in_german

from .feeds import ResultsFeed, TeamResultsFeed


@require_safe
@login_not_required
@in_german
def results_feed(request, fmt: str):
    """The league's latest results as an Atom or RSS feed."""
    return ResultsFeed(fmt)(request)


@require_safe
@login_not_required
@in_german
def team_results_feed(request, team_pk: int, fmt: str):
    """One team's latest results as an Atom or RSS feed."""
    return TeamResultsFeed(fmt)(request, team_pk=team_pk)
