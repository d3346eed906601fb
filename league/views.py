from django.contrib.auth.decorators import login_not_required
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from config.exports import export_response, in_german
from config.pagecache import fragments, pages
from matches.agenda import agenda_for
from matches.hatred import open_questions
from matches.models import Match
from matches.standings import season_table
from notifications.models import Notification
from roster.models import Team
from rules.models import Race
from stats.facts import read_games
from stats.rating_reads import team_ratings

from .models import Season
from .seasons import season_from_request, season_scopes, seasons_latest_first

TOP_OF_TABLE = 5
LATEST_RESULTS = 5
UNREAD_SHOWN = 10


@require_safe
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
        # a coach's open hatred questions (docs/league.md, „Hass“) wait for him here
        "hatred_questions": (
            open_questions(teams=Team.objects.coached_by(request.user))
            if request.user.is_authenticated
            else []
        ),
        "to_confirm": [],
        "my_matches": [],
        "notifications": [],
    }
    if request.user.is_authenticated:
        context["notifications"] = list(
            Notification.objects.for_user(request.user).unread().due()[:UNREAD_SHOWN]
        )
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


@require_safe
@login_not_required
@pages.for_readers(
    fragments.STRUCTURE, fragments.RESULTS, params=("saison",), scopes_for=season_scopes
)
def standings(request):
    """The league table ("Tabelle") of the current season, or of ?saison=<pk>."""
    season = season_from_request(request)
    context = {
        "season": season,
        "seasons": seasons_latest_first(),
        # computed only when the cached fragment is missing (see config/pagecache/fragments.py)
        "rows": fragments.lazy(lambda: season_table(season) if season else []),
        # Elo across all seasons (docs/statistik.md), derived like the table
        "ratings": fragments.lazy(lambda: team_ratings(read_games(seasons_latest_first()))),
        **fragments.fragment_context(
            request, fragments.STRUCTURE, fragments.RESULTS, *season_scopes(request)
        ),
    }
    template = "league/table.html#standings" if request.htmx else "league/table.html"
    return render(request, template, context)


@require_safe
@login_not_required
@in_german
def standings_export(request, fmt: str):
    """The table of the season (as on /tabelle/) as a CSV or JSON download."""
    season = season_from_request(request)
    if season is None:
        raise Http404
    header = [
        _("Platz"),
        _("Team"),
        _("Punkte"),
        _("Spiele"),
        _("Siege"),
        _("Unentschieden"),
        _("Niederlagen"),
        _("TD erzielt"),
        _("TD kassiert"),
        _("TD-Differenz"),
        _("Ausfälle"),
        _("Bonuspunkte"),
        _("unbestätigte Spiele"),
    ]
    rows = (
        [
            row.rank,
            row.team.name,
            row.points,
            row.played,
            row.won,
            row.drawn,
            row.lost,
            row.td_for,
            row.td_against,
            row.td_difference,
            row.casualties,
            row.bonus,
            row.unconfirmed,
        ]
        for row in season_table(season)
    )
    filename = _("tabelle-saison-%(number)d") % {"number": season.number}
    return export_response(fmt, filename, header, rows)
