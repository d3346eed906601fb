"""Careers (docs/statistik.md, „Karrieren“): a team's record season by season, its
head-to-head against every other team, and a coach's teams and record; plain rules on
`facts.League`.

Every match with a result counts as the table counts it: a forfeit is a win and a defeat 3:0.
"""

from dataclasses import dataclass, field

from matches.standings import Points, Row, build_table

from .facts import Game, League, matches_on_roster


@dataclass
class Record:
    """Wins, draws, defeats and touchdowns of one side over some matches."""

    opponent: object = None
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    td_for: int = 0
    td_against: int = 0

    def add(self, game: Game, team_id: int) -> None:
        scored, conceded, _caused, _suffered = game.side(team_id)
        outcome = game.outcome_for(team_id)
        self.played += 1
        self.won += outcome == "W"
        self.drawn += outcome == "D"
        self.lost += outcome == "L"
        self.td_for += scored
        self.td_against += conceded


@dataclass
class SeasonLine:
    season: object
    row: Row
    teams: int


def season_by_season(league: League, team_id: int) -> list[SeasonLine]:
    """The team's row of every season it was enrolled in, newest first (its place and
    points as on that season's table)."""
    lines = []
    for season in league.seasons:
        teams = league.season_teams[season.pk]
        if not any(t.pk == team_id for t in teams):
            continue
        results = [g.result for g in league.games if g.season_id == season.pk]
        table = build_table(teams, results, Points.of(season))
        row = next(r for r in table if r.team.pk == team_id)
        lines.append(SeasonLine(season, row, len(teams)))
    return lines[::-1]


def head_to_head(league: League, team_id: int) -> list[Record]:
    """One record against each team it met, by name."""
    records: dict[int, Record] = {}
    for game in league.games_of(team_id):
        other = game.opponent_of(team_id)
        record = records.setdefault(other, Record(opponent=league.teams[other]))
        record.add(game, team_id)
    return sorted(records.values(), key=lambda r: str(r.opponent.name).casefold())


def coach_record(league: League, coach_id: int) -> tuple[list, Record]:
    """The coach's teams and his record over their matches; a match between two of his own
    teams is left out (he neither won nor lost it)."""
    teams = [t for t in league.teams.values() if t.coach_id == coach_id]
    own = {t.pk for t in teams}
    record = Record()
    for game in league.games:
        sides = {game.result.home_id, game.result.away_id}
        mine = sides & own
        if len(mine) == 1:
            record.add(game, mine.pop())
    return sorted(teams, key=lambda t: str(t.name).casefold()), record


def positions_after_each_match(league: League, team_id: int, season_id: int) -> list:
    """(game, the team's table place after it) for each of its matches in the season: the
    season's table over the results up to that match, with the season's points."""
    season = league.season(season_id)
    teams = league.season_teams[season_id]
    if not any(t.pk == team_id for t in teams):
        return []
    so_far, found = [], []
    for game in (g for g in league.games if g.season_id == season_id):
        so_far.append(game.result)
        if team_id in (game.result.home_id, game.result.away_id):
            table = build_table(teams, so_far, Points.of(season))
            found.append((game, next(r.rank for r in table if r.team.pk == team_id)))
    return found


def casualties_by_season(league: League, team_id: int) -> list[tuple]:
    """(season, casualties caused, casualties suffered) for each season it played in."""
    found = []
    for season in league.seasons:
        games = [g for g in league.games_of(team_id) if g.season_id == season.pk]
        if games:
            sides = [g.side(team_id) for g in games]
            found.append((season, sum(s[2] for s in sides), sum(s[3] for s in sides)))
    return found


@dataclass
class CareerMatch:
    game: Game
    opponent: object
    outcome: str  # W, D, L
    score: str
    casualty: str | None = None  # his 🤕/🏥/💀 in it
    gained: list = field(default_factory=list)  # skill ids gained after it


def player_career(league: League, player) -> dict:
    """A player's seasons, every match he was on the roster for (with his casualty and the
    skills gained after it) and his casualties by hand, in play order."""
    games = matches_on_roster(player, league.games_of(player.team_id))
    suffered = [s for s in league.suffered if s.player_id == player.pk]
    gains = [g for g in league.gains if g.player_id == player.pk]
    by_match = {s.match_id: s.kind for s in suffered if s.match_id}
    rows = []
    for game in games:
        scored, conceded, _c, _s = game.side(player.team_id)
        rows.append(
            CareerMatch(
                game=game,
                opponent=league.teams[game.opponent_of(player.team_id)],
                outcome=game.outcome_for(player.team_id),
                score=f"{scored}:{conceded}",
                casualty=by_match.get(game.pk),
                gained=[g.skill_id for g in gains if g.match_id == game.pk],
            )
        )
    seasons = []
    for season in league.seasons:
        count = sum(1 for g in games if g.season_id == season.pk)
        if count:
            seasons.append((season, count))
    return {
        "seasons": seasons,
        "matches": rows,
        "without_match": [s for s in suffered if s.match_id is None],
        "gains": gains,
    }
