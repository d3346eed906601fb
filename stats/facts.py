"""The league's history as plain data, read in a fixed number of queries.

Everything the archive, the leaders, the ratings and the careers show is derived from what is
stored (matches, casualty ticks and records, developments); nothing is kept twice. `League`
holds the rows as plain values, so the rules in `archive`, `leaders` and `ratings` need no
database and are tested on small hand-made leagues.

Which matches count: those with a result (played, conceded and forfeited; not open, lapsed or
deleted), read as the table reads them (`matches.standings.result_of`), so a corrected result
counts as corrected and a deleted one not at all.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from config.minutes import to_the_minute
from league.models import Season
from matches.models import Casualty, CasualtyRecord, CasualtyTick, Development, Hatred
from matches.standings import Counted, Result, counted_matches
from roster.models import Player, Team


@dataclass(frozen=True)
class Game:
    """One match with a result, as every statistic counts it."""

    pk: int
    season_id: int
    season_number: int
    when: datetime  # played_at, for a forfeit its appointment
    result: Result
    forfeited_by_id: int | None = None
    played: bool = True  # False for a forfeit: nothing was played

    @property
    def order(self) -> tuple:
        return (self.season_number, self.when, self.pk)

    def side(self, team_id: int) -> tuple[int, int, int, int]:
        """(TD for, TD against, casualties caused, casualties suffered) of `team_id`."""
        r = self.result
        if team_id == r.home_id:
            return r.home_touchdowns, r.away_touchdowns, r.home_casualties, r.away_casualties
        return r.away_touchdowns, r.home_touchdowns, r.away_casualties, r.home_casualties

    def outcome_for(self, team_id: int) -> str:
        """'W', 'D' or 'L' for `team_id`."""
        winner = self.result.winner_id()
        if winner is None:
            return "D"
        return "W" if winner == team_id else "L"

    def opponent_of(self, team_id: int) -> int:
        return self.result.away_id if team_id == self.result.home_id else self.result.home_id


@dataclass(frozen=True)
class Suffered:
    """A 🏥/💀/🤕 of one player: from a match tick (match_id set) or recorded by hand."""

    player_id: int
    kind: str
    season_id: int
    order: tuple
    match_id: int | None = None


@dataclass(frozen=True)
class Gain:
    """A skill a player gained in a development after a match."""

    player_id: int
    skill_id: int
    match_id: int
    season_id: int
    order: tuple


@dataclass
class League:
    seasons: list = field(default_factory=list)  # Season rows, oldest first
    season_teams: dict = field(default_factory=dict)  # season id -> [Team]
    teams: dict = field(default_factory=dict)  # team id -> Team (coach loaded)
    games: list = field(default_factory=list)  # [Game] in play order
    players: dict = field(default_factory=dict)  # player id -> Player
    suffered: list = field(default_factory=list)  # [Suffered] in play order
    gains: list = field(default_factory=list)  # [Gain] in play order

    def games_of(self, team_id: int) -> list[Game]:
        return [g for g in self.games if team_id in (g.result.home_id, g.result.away_id)]

    def season(self, season_id: int):
        return next(s for s in self.seasons if s.pk == season_id)


def _game(counted: Counted, number: int) -> Game:
    return Game(
        pk=counted.pk,
        season_id=counted.season_id,
        season_number=number,
        when=counted.when or timezone.now(),
        result=counted.result,
        forfeited_by_id=counted.forfeited_by_id,
        played=counted.played,
    )


def read_games(seasons) -> list[Game]:
    """Every match with a result of `seasons`, in play order.

    Read one season at a time, as the table reads it (`matches.standings.counted_matches`,
    kept under that season's scope): a result renews its own season only, so after it just
    that season is read again (1 query, shared with the table), not the whole history (the
    table's Elo column reads all seasons after every result)."""
    games = [
        _game(counted, season.number) for season in seasons for counted in counted_matches(season)
    ]
    return sorted(games, key=lambda g: g.order)


def read_league(*, players: bool = False) -> League:
    """The league's teams, seasons and results (5 queries); with `players` also every player,
    casualty and skill gain (4 more)."""
    seasons = list(Season.objects.order_by("number").prefetch_related("teams"))
    league = League(
        seasons=seasons,
        season_teams={s.pk: list(s.teams.all()) for s in seasons},
        teams={t.pk: t for t in Team.objects.select_related("coach", "race")},
        games=read_games(seasons),
    )
    if players:
        numbers = {s.pk: s.number for s in seasons}
        when = {g.pk: g.order for g in league.games}
        league.players = {
            p.pk: p
            for p in Player.objects.select_related("position", "team").order_by("team", "number")
        }
        ticks = CasualtyTick.objects.filter(match__deleted_at__isnull=True).values_list(
            "player_id", "kind", "match_id", "match__season_id"
        )
        suffered = [
            Suffered(player, kind, season, when[match], match)
            for player, kind, match, season in ticks
            if match in when
        ]
        records = CasualtyRecord.objects.values_list(
            "player_id", "kind", "season_id", "happened_at", "pk"
        )
        suffered += [
            Suffered(player, kind, season, (numbers[season], happened, 0))
            for player, kind, season, happened, _pk in records
        ]
        league.suffered = sorted(suffered, key=lambda s: s.order)
        developments = (
            Development.objects.active()
            .filter(match__deleted_at__isnull=True, player__isnull=False)
            .filter(Q(skill__isnull=False) | Q(bonus_skill__isnull=False))
            .values_list("player_id", "skill_id", "bonus_skill_id", "match_id", "match__season_id")
        )
        gains = []
        for player, skill, bonus, match, season in developments:
            if match not in when:
                continue
            gains += [Gain(player, s, match, season, when[match]) for s in (skill, bonus) if s]
        league.gains = sorted(gains, key=lambda g: g.order)
    return league


def matches_on_roster(player: Player, games: list[Game]) -> list[Game]:
    """The played matches of his team while he was on its roster (joined before or in the
    minute of the match, not retired before its day): the same rule as
    `PlayerQuerySet.on_roster_at`."""
    joined = to_the_minute(player.created_at)
    found = []
    for game in games:
        if not game.played or player.team_id not in (game.result.home_id, game.result.away_id):
            continue
        if game.when < joined:
            continue
        if player.retired_on is not None and timezone.localtime(game.when).date() > (
            player.retired_on
        ):
            continue
        found.append(game)
    return found


def by_team(games: list[Game]) -> dict[int, list[Game]]:
    found = defaultdict(list)
    for game in games:
        found[game.result.home_id].append(game)
        found[game.result.away_id].append(game)
    return found


DEAD = Casualty.DEAD.value


def home_score(game: Game) -> float | None:
    """The home side's score for a rating (1, ½, 0); None for a forfeit."""
    if not game.played:
        return None
    winner = game.result.winner_id()
    if winner is None:
        return 0.5
    return 1.0 if winner == game.result.home_id else 0.0


def player_hatreds(player: Player) -> list[tuple]:
    """(season number, hated race) of every hatred he rolled, from a tick or a record by hand
    (the tick's match not deleted), oldest first (1 query)."""
    rows = (
        Hatred.objects.filter(rolled=True)
        .filter(
            Q(tick__player=player, tick__match__deleted_at__isnull=True) | Q(record__player=player)
        )
        .values_list("tick__match__season__number", "record__season__number", "race__name")
    )
    return sorted((tick or record, race) for tick, record, race in rows)
