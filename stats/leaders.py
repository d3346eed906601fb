"""Leaders per season and all time (docs/league.md, „Bestenlisten“): plain rules on the plain
data of `facts.League`, so the tests compute them by hand.

Teams: points (each season's table points with that season's settings, added up over the
seasons shown), touchdowns scored, conceded and their difference, casualties caused and
suffered, the longest unbeaten run (matches in play order without a defeat; a forfeit lost
ends it) and forfeits. Players: skills gained, casualties suffered (every 🤕, 🏥 and 💀, in
matches or recorded by hand), deaths, returns (a 💀 after which he played again in a later
season), matches and seasons on the roster.

Ties are shared: equal values share the place (1, 1, 3), and a list shows every entry whose
place is within its length, so a tie at its end makes it longer instead of leaving someone out.
An entry with nothing to show (0) is left out, except in the touchdown difference.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from matches.standings import Points, build_table

from .facts import DEAD, Game, League, by_team, matches_on_roster

PLACES = 5


@dataclass(frozen=True)
class Entry:
    subject: object  # a Team or a Player
    value: int
    rank: int


@dataclass
class Board:
    key: str
    entries: list[Entry] = field(default_factory=list)

    @property
    def is_tied_at_top(self) -> bool:
        return sum(1 for e in self.entries if e.rank == 1) > 1


def ranked(values: dict, *, places: int = PLACES, keep_zero: bool = False) -> list[Entry]:
    """Entries by value, highest first; equal values share the place; every entry placed
    within `places` is shown."""
    items = [(s, v) for s, v in values.items() if keep_zero or v > 0]
    items.sort(key=lambda item: str(item[0]).casefold())
    items.sort(key=lambda item: item[1], reverse=True)
    entries: list[Entry] = []
    for index, (subject, value) in enumerate(items):
        rank = entries[-1].rank if entries and entries[-1].value == value else index + 1
        if rank > places:
            break
        entries.append(Entry(subject, value, rank))
    return entries


def longest_unbeaten_run(team_id: int, games: list[Game]) -> int:
    """The most matches in a row (play order) `team_id` did not lose."""
    best = run = 0
    for game in games:
        if team_id not in (game.result.home_id, game.result.away_id):
            continue
        run = 0 if game.outcome_for(team_id) == "L" else run + 1
        best = max(best, run)
    return best


TEAM_BOARDS = (
    "points",
    "td_for",
    "td_against",
    "td_difference",
    "casualties_caused",
    "casualties_suffered",
    "unbeaten_run",
    "forfeits",
)
PLAYER_BOARDS = (
    "skills_gained",
    "casualties_suffered",
    "deaths",
    "returns",
    "matches_on_roster",
    "seasons_on_roster",
)


def _seasons(league: League, season_id: int | None) -> list:
    return [s for s in league.seasons if season_id is None or s.pk == season_id]


def team_values(league: League, season_id: int | None = None) -> dict[str, dict]:
    """Board key -> {team: value} over the season `season_id` (None: all seasons)."""
    values: dict[str, dict] = {key: defaultdict(int) for key in TEAM_BOARDS}
    seasons = _seasons(league, season_id)
    ids = {s.pk for s in seasons}
    games = [g for g in league.games if g.season_id in ids]
    for season in seasons:
        results = [g.result for g in games if g.season_id == season.pk]
        table = build_table(league.season_teams[season.pk], results, Points.of(season))
        for row in table:
            if row.played:
                values["points"][league.teams[row.team.pk]] += row.points
    for team_id, own in by_team(games).items():
        team = league.teams[team_id]
        for game in own:
            scored, conceded, caused, suffered = game.side(team_id)
            values["td_for"][team] += scored
            values["td_against"][team] += conceded
            values["td_difference"][team] += scored - conceded
            values["casualties_caused"][team] += caused
            values["casualties_suffered"][team] += suffered
            values["forfeits"][team] += game.forfeited_by_id == team_id
        values["unbeaten_run"][team] = longest_unbeaten_run(team_id, own)
    return values


def player_values(league: League, season_id: int | None = None) -> dict[str, dict]:
    """Board key -> {player: value} over the season `season_id` (None: all seasons)."""
    values: dict[str, dict] = {key: defaultdict(int) for key in PLAYER_BOARDS}
    ids = {s.pk for s in _seasons(league, season_id)}
    team_games = by_team(league.games)
    for gain in league.gains:
        if gain.season_id in ids:
            values["skills_gained"][league.players[gain.player_id]] += 1
    deaths = defaultdict(list)
    for suffered in league.suffered:
        if suffered.season_id not in ids or suffered.player_id not in league.players:
            continue
        player = league.players[suffered.player_id]
        values["casualties_suffered"][player] += 1
        if suffered.kind == DEAD:
            values["deaths"][player] += 1
            deaths[player].append(suffered.order[0])
    for player in league.players.values():
        games = matches_on_roster(player, team_games.get(player.team_id, []))
        played_seasons = {g.season_number for g in games}
        values["returns"][player] = sum(
            1 for number in deaths.get(player, ()) if any(n > number for n in played_seasons)
        )
        shown = [g for g in games if g.season_id in ids]
        values["matches_on_roster"][player] = len(shown)
        values["seasons_on_roster"][player] = len({g.season_id for g in shown})
    return values


def boards(values: dict[str, dict], keys: tuple[str, ...]) -> list[Board]:
    return [
        Board(key, ranked(values[key], keep_zero=key == "td_difference") if key in values else [])
        for key in keys
    ]


def team_boards(league: League, season_id: int | None = None) -> list[Board]:
    return boards(team_values(league, season_id), TEAM_BOARDS)


def player_boards(league: League, season_id: int | None = None) -> list[Board]:
    return boards(player_values(league, season_id), PLAYER_BOARDS)
