from django.contrib.auth.decorators import login_not_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from matches.agenda import agenda_for
from matches.models import Match
from matches.standings import season_table
from rules.models import Race

from .models import Season

TOP_OF_TABLE = 5
LATEST_RESULTS = 5


@require_GET
@login_not_required
def home(request):
    """The start page: for everybody the overview, the top of the table and the latest
    results; for a logged-in coach first his teams and what waits for him."""
    season = Season.objects.current()
    latest = []
    if season is not None:
        latest = (
            Match.objects.for_season(season)
            .latest_results()
            .select_related("season", "home", "away", "forfeited_by")[:LATEST_RESULTS]
        )
    context = {
        "race_count": Race.objects.count(),
        "season": season,
        "top": season_table(season)[:TOP_OF_TABLE] if season else [],
        "latest": latest,
        "agenda": agenda_for(request.user) if request.user.is_authenticated else None,
    }
    return render(request, "league/home.html", context)


def season_from_request(request) -> Season | None:
    """The season named by ?saison=<pk>, else the current one; 404 for an unknown season."""
    value = request.GET.get("saison", "")
    if value:
        if not value.isdigit():
            raise Http404
        return get_object_or_404(Season, pk=value)
    return Season.objects.current()


@require_GET
@login_not_required
def standings(request):
    """The league table ("Tabelle") of the current season, or of ?saison=<pk>."""
    season = season_from_request(request)
    context = {
        "season": season,
        "seasons": Season.objects.latest_first(),
        "rows": season_table(season) if season else [],
    }
    template = "league/table.html#standings" if request.htmx else "league/table.html"
    return render(request, template, context)
