from django.contrib.auth.decorators import login_not_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from matches.models import Match
from matches.standings import season_table
from rules.models import Race

from .models import Season


@require_GET
@login_not_required
def home(request):
    context = {"race_count": Race.objects.count(), "to_confirm": [], "my_matches": []}
    if request.user.is_authenticated:
        context["to_confirm"] = list(
            Match.objects.played()
            .awaiting_confirmation_by(request.user)
            .select_related("home", "away")
            .order_by("-played_at")
        )
        context["my_matches"] = list(
            Match.objects.played()
            .filter(season__is_current=True)
            .for_coach(request.user)
            .select_related("home", "away")
            .order_by("-played_at", "-pk")[:5]
        )
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
