"""The read-only JSON API, version 1 (Django Ninja): seasons, a season's table, teams with
their rosters, matches, players.

Keys are stable English snake_case and never depend on the UI language; values that people
typed or that the reference data holds (team, player, skill and race names) are as on the pages.
Public: only what a visitor sees on the pages (no e-mail, no user names, no dispute notes).
Every answer is read through the selectors the pages use; nothing here decides a rule.
"""

from datetime import date, datetime

from django.db.models import Prefetch, Q
from django.db.models.functions import Coalesce, TruncDate
from django.http import Http404
from ninja import Field, NinjaAPI, Path, Query, Schema
from ninja.errors import HttpError, ValidationError
from pydantic import BaseModel

from league.models import Season
from matches.models import CasualtyTick, Development, Match
from matches.squad import player_page, squad_page
from matches.standings import season_table
from roster.models import Player, Team

MAX_ID = 2**31 - 1
"""Ids beyond what the database stores are refused as bad parameters, not looked up."""
MAX_LIMIT = 100
MAX_OFFSET = 100_000
TIE_BREAK_ORDER = ["points", "td_difference", "casualties", "td_for"]
"""The order of the table (matches/standings.py `Row.sort_key`): rows equal on all four share
the rank."""

api = NinjaAPI(
    title="Hopfen&Sieg API",
    version="1",
    description=(
        "Nur-Lese-Schnittstelle der Sevens-Liga von Hopfen&Sieg: Saisons, Tabelle, Teams mit "
        "Kader, Spiele und Spieler. Schlüssel auf Englisch und fest, Namen wie auf den Seiten."
    ),
    urls_namespace="api-v1",
)


class ApiError(Schema):
    detail: str = Field(description="Was nicht stimmt, auf Deutsch")


class BadParameters(Schema):
    detail: str = Field(description="Welche Parameter nicht stimmen, auf Deutsch")
    errors: list[dict] = Field(description="Die Einzelheiten je Parameter (pydantic)")


class TeamRef(Schema):
    id: int
    name: str


class SeasonOut(Schema):
    id: int
    number: int
    name: str
    is_current: bool
    started_at: datetime
    points_win: int
    points_draw: int
    points_loss: int
    bonus_first_tier: int
    bonus_second_tier: int


class TableRowOut(Schema):
    rank: int
    team: TeamRef
    points: int
    played: int
    won: int
    drawn: int
    lost: int
    td_for: int
    td_against: int
    td_difference: int
    casualties: int
    bonus: int
    unconfirmed: int


class TableOut(Schema):
    season: SeasonOut
    tie_break_order: list[str] = Field(
        description="Was die Reihenfolge entscheidet, der Reihe nach; Gleichstand in allem: "
        "gleicher Platz"
    )
    rows: list[TableRowOut]


class SkillOut(Schema):
    name: str
    gained: bool = Field(description="erlernt (Entwicklung oder von einem Admin vergeben)")


class PlayerOut(Schema):
    id: int
    team: TeamRef
    number: int
    name: str
    position: str
    skills: list[SkillOut]
    status: str | None = Field(
        description="„dead“ oder „injured“: fehlt im nächsten Spiel des Teams; null: spielbereit"
    )
    hatred: list[str] = Field(description="Rassen, die er in dieser Saison hasst")
    is_retired: bool


class TeamOut(Schema):
    id: int
    name: str
    race: str


class TeamDetailOut(TeamOut):
    roster: list[PlayerOut]
    journeymen_needed: int


class CasualtyOut(Schema):
    player_id: int
    player_name: str
    team_id: int
    kind: str = Field(description="„dead“, „injured“ oder „hurt“")


class DevelopmentOut(Schema):
    team_id: int
    player_id: int | None
    player_name: str | None
    choice: str = Field(description="„auto“, „choose“, „none“ oder „open“")
    skills: list[str]


class ScoreOut(Schema):
    home: int
    away: int


class MatchOut(Schema):
    id: int
    season_id: int
    season_number: int
    round: int | None
    state: str = Field(description="„played“, „forfeited“, „open“ oder „lapsed“")
    home: TeamRef
    away: TeamRef
    scheduled_at: datetime | None
    played_at: datetime | None
    score: ScoreOut | None = Field(description="Touchdowns; bei kampflos die Wertung 0:3")
    casualties_caused: ScoreOut | None
    conceded_by_id: int | None
    forfeited_by_id: int | None
    confirmation: str = Field(
        description="„confirmed“, „disputed“, „unconfirmed“ oder „none“ (ohne Ergebnis, kampflos)"
    )
    confirmed_at: datetime | None
    casualties: list[CasualtyOut]
    developments: list[DevelopmentOut]


class Page(BaseModel):
    count: int
    limit: int
    offset: int


class SeasonPage(Page):
    items: list[SeasonOut]


class TeamPage(Page):
    items: list[TeamOut]


class MatchPage(Page):
    items: list[MatchOut]


class Paging(Schema):
    limit: int = Field(20, ge=1, le=MAX_LIMIT, description="Einträge je Seite")
    offset: int = Field(0, ge=0, le=MAX_OFFSET, description="so viele Einträge überspringen")


class MatchFilter(Paging):
    season: int | None = Field(None, ge=1, le=MAX_ID, description="Id der Saison")
    team: int | None = Field(None, ge=1, le=MAX_ID, description="Id eines Teams")
    date_from: date | None = Field(None, description="ab diesem Tag (Termin oder gespielt)")
    date_to: date | None = Field(None, description="bis einschließlich diesem Tag")


def _page(queryset, paging: Paging, convert) -> dict:
    items = [convert(item) for item in queryset[paging.offset : paging.offset + paging.limit]]
    return {
        "count": queryset.count(),
        "limit": paging.limit,
        "offset": paging.offset,
        "items": items,
    }


def _season(season: Season) -> dict:
    return {
        "id": season.pk,
        "number": season.number,
        "name": str(season),
        "is_current": season.is_current,
        "started_at": season.started_at,
        "points_win": season.points_win,
        "points_draw": season.points_draw,
        "points_loss": season.points_loss,
        "bonus_first_tier": season.bonus_first_tier,
        "bonus_second_tier": season.bonus_second_tier,
    }


def _team_ref(team: Team) -> dict:
    return {"id": team.pk, "name": team.name}


def _player(player: Player, team: Team) -> dict:
    status = getattr(player, "status", None)
    return {
        "id": player.pk,
        "team": _team_ref(team),
        "number": player.number,
        "name": player.name,
        "position": player.position.name,
        "skills": [{"name": e.label, "gained": e.is_gained} for e in player.skills_now],
        "status": str(status.value) if status else None,
        "hatred": list(getattr(player, "hatreds", [])),
        "is_retired": player.is_retired,
    }


def _confirmation(match: Match) -> str:
    if not match.is_played:
        return "none"
    if match.is_confirmed:
        return "confirmed"
    return "disputed" if match.is_disputed else "unconfirmed"


def _match(match: Match) -> dict:
    if match.is_forfeit:
        home_score, away_score = match.forfeit_score()
        score = {"home": home_score, "away": away_score}
    elif match.is_played:
        score = {"home": match.home_touchdowns, "away": match.away_touchdowns}
    else:
        score = None
    return {
        "id": match.pk,
        "season_id": match.season_id,
        "season_number": match.season.number,
        "round": match.round,
        "state": match.state,
        "home": _team_ref(match.home),
        "away": _team_ref(match.away),
        "scheduled_at": match.scheduled_at,
        "played_at": match.played_at,
        "score": score,
        "casualties_caused": (
            {
                "home": match.casualties_caused_by(match.home_id),
                "away": match.casualties_caused_by(match.away_id),
            }
            if match.is_played
            else None
        ),
        "conceded_by_id": match.conceded_by_id,
        "forfeited_by_id": match.forfeited_by_id,
        "confirmation": _confirmation(match),
        "confirmed_at": match.confirmed_at if match.is_played else None,
        "casualties": [
            {
                "player_id": tick.player_id,
                "player_name": tick.player.name,
                "team_id": tick.player.team_id,
                "kind": tick.kind,
            }
            for tick in match.casualties.all()
        ],
        "developments": [
            {
                "team_id": development.team_id,
                "player_id": development.player_id,
                "player_name": development.player.name if development.player else None,
                "choice": development.choice,
                "skills": [skill.name for skill in development.gained()],
            }
            for development in match.developments.all()
        ],
    }


def _matches():
    """Every match a visitor can see (deleted results are gone), with what a match shows."""
    return (
        Match.objects.filter(deleted_at__isnull=True)
        .select_related("season", "home", "away")
        .with_casualty_counts()
        .prefetch_related(
            Prefetch(
                "casualties",
                queryset=CasualtyTick.objects.select_related("player").order_by(
                    "player__team_id", "player__number"
                ),
            ),
            Prefetch(
                "developments",
                queryset=Development.objects.active()
                .select_related("player", "skill", "bonus_skill")
                .order_by("team_id", "pk"),
            ),
        )
    )


@api.exception_handler(Http404)
def not_found(request, exc):
    return api.create_response(request, {"detail": str(exc) or "Nicht gefunden."}, status=404)


@api.exception_handler(ValidationError)
def bad_parameters(request, exc: ValidationError):
    """422 with a German summary of each bad parameter, and pydantic's details beside it."""
    parts = []
    for error in exc.errors:
        where = ".".join(str(part) for part in error.get("loc", ())[1:]) or "?"
        parts.append(f"„{where}“: {error.get('msg', '')}")
    return api.create_response(
        request,
        {"detail": "Ungültige Parameter – " + "; ".join(parts), "errors": exc.errors},
        status=422,
    )


@api.get(
    "/seasons",
    response={200: SeasonPage, 422: BadParameters},
    tags=["Saisons"],
    summary="Alle Saisons, neueste zuerst",
)
def list_seasons(request, paging: Query[Paging]):
    return _page(Season.objects.order_by("-number"), paging, _season)


@api.get(
    "/seasons/{season_id}/table",
    response={200: TableOut, 404: ApiError, 422: BadParameters},
    tags=["Saisons"],
    summary="Die Tabelle einer Saison, in ihrer Reihenfolge",
)
def season_table_view(request, season_id: int = Path(..., ge=1, le=MAX_ID)):
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        raise Http404(f"Saison {season_id} gibt es nicht.")
    rows = [
        {
            "rank": row.rank,
            "team": _team_ref(row.team),
            "points": row.points,
            "played": row.played,
            "won": row.won,
            "drawn": row.drawn,
            "lost": row.lost,
            "td_for": row.td_for,
            "td_against": row.td_against,
            "td_difference": row.td_difference,
            "casualties": row.casualties,
            "bonus": row.bonus,
            "unconfirmed": row.unconfirmed,
        }
        for row in season_table(season)
    ]
    return {"season": _season(season), "tie_break_order": TIE_BREAK_ORDER, "rows": rows}


@api.get(
    "/teams",
    response={200: TeamPage, 422: BadParameters},
    tags=["Teams"],
    summary="Alle Teams, nach Name",
)
def list_teams(request, paging: Query[Paging]):
    teams = Team.objects.select_related("race").order_by("name", "pk")
    return _page(teams, paging, lambda t: {"id": t.pk, "name": t.name, "race": t.race.name})


@api.get(
    "/teams/{team_id}",
    response={200: TeamDetailOut, 404: ApiError, 422: BadParameters},
    tags=["Teams"],
    summary="Ein Team mit seinem Kader (aktuelle Fertigkeiten, Status, Hass)",
)
def team_detail(request, team_id: int = Path(..., ge=1, le=MAX_ID)):
    team = Team.objects.select_related("race").filter(pk=team_id).first()
    if team is None:
        raise Http404(f"Team {team_id} gibt es nicht.")
    squad = squad_page(team, with_questions=False)
    return {
        "id": team.pk,
        "name": team.name,
        "race": team.race.name,
        "roster": [_player(player, team) for player in squad.roster],
        "journeymen_needed": squad.journeymen,
    }


@api.get(
    "/matches",
    response={200: MatchPage, 400: ApiError, 422: BadParameters},
    tags=["Spiele"],
    summary="Spiele, neueste zuerst; nach Saison, Team und Tag filterbar",
)
def list_matches(request, filters: Query[MatchFilter]):
    if filters.date_from and filters.date_to and filters.date_from > filters.date_to:
        raise HttpError(400, "„date_from“ liegt nach „date_to“.")
    matches = _matches().annotate(day=TruncDate(Coalesce("played_at", "scheduled_at")))
    if filters.season is not None:
        matches = matches.filter(season_id=filters.season)
    if filters.team is not None:
        matches = matches.filter(Q(home_id=filters.team) | Q(away_id=filters.team))
    if filters.date_from is not None:
        matches = matches.filter(day__gte=filters.date_from)
    if filters.date_to is not None:
        matches = matches.filter(day__lte=filters.date_to)
    ordered = matches.order_by(Coalesce("played_at", "scheduled_at").desc(nulls_last=True), "-pk")
    return _page(ordered, filters, _match)


@api.get(
    "/matches/{match_id}",
    response={200: MatchOut, 404: ApiError, 422: BadParameters},
    tags=["Spiele"],
    summary="Ein Spiel: Ergebnis, Ausfälle, Entwicklungen, Bestätigung",
)
def match_detail(request, match_id: int = Path(..., ge=1, le=MAX_ID)):
    match = _matches().filter(pk=match_id).first()
    if match is None:
        raise Http404(f"Spiel {match_id} gibt es nicht.")
    return _match(match)


@api.get(
    "/players/{player_id}",
    response={200: PlayerOut, 404: ApiError, 422: BadParameters},
    tags=["Teams"],
    summary="Ein Spieler (aktuelle Fertigkeiten, Status, Hass)",
)
def player_detail(request, player_id: int = Path(..., ge=1, le=MAX_ID)):
    team_id = Player.objects.filter(pk=player_id).values_list("team_id", flat=True).first()
    if team_id is None:
        raise Http404(f"Spieler {player_id} gibt es nicht.")
    player = player_page(team_pk=team_id, player_pk=player_id)
    return _player(player, player.team)
