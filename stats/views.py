"""Pages of the league's memory: the season archive, leaders, ratings and careers.

Each view reads the league once (`facts.read_league`, a fixed number of queries) and hands it
to the pure rules; visitors get the page from the page cache like the table.
"""

from django.contrib.auth.decorators import login_not_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from config.numbers import parse_id
from config.pagecache import pages
from matches.skills import current_skills
from roster.models import Team
from rules.models import Skill

from .archive import hall_of_fame, season_summaries
from .careers import (
    casualties_by_season,
    coach_record,
    head_to_head,
    player_career,
    positions_after_each_match,
    season_by_season,
)
from .chart_pages import team_charts
from .facts import player_hatreds, read_league
from .leaders import player_boards, player_values, ranked, team_boards, team_values
from .rating_reads import coach_ratings, ranked_ratings, team_ratings
from .ratings import K_FACTOR, START
from .sheet import roster_sheet


@require_safe
@login_not_required
@pages.for_readers()
def season_archive(request):
    """Every season with its final table, podium, numbers and leaders; the Hall of Fame."""
    league = read_league(players=True)
    summaries = season_summaries(league)
    for summary in summaries:
        summary.leaders = season_leaders(league, summary.season.pk)
    context = {"summaries": summaries, "champions": hall_of_fame(summaries)}
    return render(request, "stats/season_archive.html", context)


ARCHIVE_BOARDS = (("td_for", False), ("casualties_caused", False), ("skills_gained", True))


def season_leaders(league, season_id) -> list:
    """(title, the first-placed entries) of a few boards, for the archive's season."""
    teams, players = team_values(league, season_id), player_values(league, season_id)
    found = []
    for key, of_players in ARCHIVE_BOARDS:
        values = (players if of_players else teams)[key]
        title = (PLAYER_TITLES if of_players else TEAM_TITLES)[key]
        top = [entry for entry in ranked(values) if entry.rank == 1]
        if top:
            found.append((title, top, of_players))
    return found


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
@pages.for_readers(params=("saison",))
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


@require_safe
@login_not_required
@pages.for_readers()
def ratings(request):
    """The Elo ratings of every team and coach, and how they are computed."""
    league = read_league()
    teams = team_ratings(league.games)
    coach_of = {t.pk: t.coach_id for t in league.teams.values()}
    coaches = coach_ratings(league.games, coach_of)
    coach_users = {t.coach_id: t.coach for t in league.teams.values()}
    context = {
        "teams": ranked_ratings(teams, league.teams),
        "coaches": ranked_ratings(coaches, coach_users),
        "start": START,
        "k_factor": K_FACTOR,
    }
    return render(request, "stats/ratings.html", context)


@require_safe
@login_not_required
@pages.for_readers()
def team_record(request, pk: int):
    """A team's career: season by season, head-to-head, its Elo rating, and three charts."""
    league = read_league()
    team = league.teams.get(pk)
    if team is None:
        raise Http404
    rated = team_ratings(league.games)
    history = rated.history.get(pk, [])
    seasons = season_by_season(league, pk)
    played = [line for line in seasons if line.row.played]
    positions = positions_after_each_match(league, pk, played[0].season.pk) if played else []
    context = {
        "team": team,
        "seasons": seasons,
        "head_to_head": head_to_head(league, pk),
        "rating": round(rated.of(pk)),
        "rated_matches": len(history),
        "charts": team_charts(
            team,
            played[0].season if played else None,
            [
                (league.teams[game.opponent_of(pk)].name, "{}:{}".format(*game.side(pk)[:2]), rank)
                for game, rank in positions
            ],
            history,
            casualties_by_season(league, pk),
        ),
    }
    return render(request, "stats/team_record.html", context)


@require_safe
@login_not_required
@pages.for_readers()
def coach_detail(request, pk: int):
    """A coach's teams, record and Elo rating."""
    league = read_league()
    coach = next((t.coach for t in league.teams.values() if t.coach_id == pk), None)
    if coach is None:
        raise Http404
    teams, record = coach_record(league, pk)
    coach_of = {t.pk: t.coach_id for t in league.teams.values()}
    rated = coach_ratings(league.games, coach_of)
    team_rated = team_ratings(league.games)
    context = {
        "coach": coach,
        "teams": [(team, round(team_rated.of(team.pk))) for team in teams],
        "record": record,
        "rating": round(rated.of(pk)),
    }
    return render(request, "stats/coach_detail.html", context)


@require_safe
@login_not_required
def roster_sheet_page(request, pk: int):
    """ "Kader drucken": one A4 page for the match table (print stylesheet, no navigation)."""
    team = get_object_or_404(Team.objects.select_related("race", "coach"), pk=pk)
    squad_url = request.build_absolute_uri(team.get_absolute_url())
    sheet = roster_sheet(team, squad_url=squad_url)
    context = {"sheet": sheet, "team": team, "squad_url": squad_url}
    return render(request, "stats/roster_sheet.html", context)


@require_safe
@login_not_required
@pages.for_readers()
def player_career_page(request, pk: int):
    """A player's career: seasons, matches on the roster, casualties, skills, hatreds and his
    development path."""
    league = read_league(players=True)
    player = league.players.get(pk)
    if player is None:
        raise Http404
    career = player_career(league, player)
    skills = Skill.objects.in_bulk({g.skill_id for g in career["gains"]})
    for row in career["matches"]:
        row.gained = [skills[pk] for pk in row.gained]
    context = {
        "player": player,
        "team": player.team,
        "career": career,
        "hatreds": player_hatreds(player),
        "skills_now": current_skills(player),
    }
    return render(request, "stats/player_career.html", context)
