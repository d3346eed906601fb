"""The overview page for other programs and the feeds of results as views (the JSON API's views
are in `v1.py`)."""

from django.contrib.auth.decorators import login_not_required
from django.shortcuts import render
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
def team_results_feed(request, team_pk: str, fmt: str):
    """One team's latest results as an Atom or RSS feed (the URL allows at most 19 digits, so
    no id reaches the database beyond what it stores)."""
    return TeamResultsFeed(fmt)(request, team_pk=int(team_pk))


@require_safe
@login_not_required
def api_index(request):
    """What other programs can read here: the JSON API, its schema and docs, feeds, calendars."""
    return render(request, "api/index.html")
