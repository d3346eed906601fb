"""Pages of the league's memory: the season archive, leaders, ratings and careers.

Each view reads the league once (`facts.read_league`, a fixed number of queries) and hands it
to the pure rules; visitors get the page from the page cache like the table.
"""

from django.contrib.auth.decorators import login_not_required
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from config.numbers import parse_id
from config.pagecache import pages

from .archive import hall_of_fame, season_summaries
from .facts import read_league
from .leaders import player_boards, team_boards


@require_safe
@login_not_required
@pages.for_visitors()
def season_archive(request):
    """Every season with its final table, podium and numbers; the Hall of Fame."""
    summaries = season_summaries(read_league(players=True))
    context = {"summaries": summaries, "champions": hall_of_fame(summaries)}
    return render(request, "stats/season_archive.html", context)


TEAM_TITLES = {
    "points": _("Punkte"),
    "td_for": _("Touchdowns erzielt"),
    "td_against": _("Touchdowns kassiert"),
    "td_difference": _("Touchdown-Differenz"),
    "casualties_caused": _("Ausfälle verursacht"),
    "casualties_suffered": _("Ausfälle erlitten"),
    "unbeaten_run": _("Längste Serie ohne Niederlage"),
    "forfeits": _("Kampflos verloren"),
}
PLAYER_TITLES = {
    "skills_gained": _("Neue Fertigkeiten"),
    "casualties_suffered": _("Ausfälle erlitten"),
    "deaths": _("💀 gestorben"),
    "returns": _("Zurück nach 💀"),
    "matches_on_roster": _("Spiele im Kader"),
    "seasons_on_roster": _("Saisons im Kader"),
}


def _chosen_season(request, seasons):
    """?saison=<pk> names one season; without it, all seasons (404 for an unknown one)."""
    value = request.GET.get("saison", "")
    if not value:
        return None
    pk = parse_id(value)
    season = next((s for s in seasons if s.pk == pk), None)
    if season is None:
        raise Http404
    return season


@require_safe
@login_not_required
@pages.for_visitors(params=("saison",))
def leaders(request):
    """Bestenlisten of teams and players, for one season (?saison=<pk>) or all time."""
    league = read_league(players=True)
    season = _chosen_season(request, league.seasons)
    season_id = season.pk if season else None
    context = {
        "season": season,
        "seasons": league.seasons[::-1],
        "team_boards": [(TEAM_TITLES[b.key], b) for b in team_boards(league, season_id)],
        "player_boards": [(PLAYER_TITLES[b.key], b) for b in player_boards(league, season_id)],
    }
    template = "stats/leaders.html#boards" if request.htmx else "stats/leaders.html"
    return render(request, template, context)
