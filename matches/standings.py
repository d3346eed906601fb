"""The league table of a season, derived from its results (docs/league.md, "Tabelle"): played
matches and forfeits; open and lapsed matches do not count.

`season_table(season)` reads in two queries (teams, matches with their casualty counts), the
matches kept in the page cache under the season's scope (`counted_matches`, which the
statistics read too); `build_table` holds every rule and needs no database, so the rules are
tested on plain data.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from config.pagecache import fragments
from league.models import Season

from .models import Match


@dataclass(frozen=True)
class Points:
    win: int = 3
    draw: int = 1
    loss: int = 0
    bonus_first_tier: int = 2
    bonus_second_tier: int = 3

    @classmethod
    def of(cls, season: Season) -> "Points":
        return cls(
            win=season.points_win,
            draw=season.points_draw,
            loss=season.points_loss,
            bonus_first_tier=season.bonus_first_tier,
            bonus_second_tier=season.bonus_second_tier,
        )

    def bonus(self, casualties_caused: int) -> int:
        """One point per tier reached, win or lose."""
        return int(casualties_caused >= self.bonus_first_tier) + int(
            casualties_caused >= self.bonus_second_tier
        )


@dataclass(frozen=True)
class Result:
    """One played match as the table sees it."""

    home_id: int
    away_id: int
    home_touchdowns: int
    away_touchdowns: int
    home_casualties: int  # caused by the home side
    away_casualties: int
    conceded_by_id: int | None = None
    # The other coach has confirmed it (a forfeit follows from the cancellation: nothing to
    # confirm).
    confirmed: bool = True

    def winner_id(self) -> int | None:
        if self.conceded_by_id is not None:
            return self.away_id if self.conceded_by_id == self.home_id else self.home_id
        if self.home_touchdowns == self.away_touchdowns:
            return None
        return self.home_id if self.home_touchdowns > self.away_touchdowns else self.away_id


@dataclass
class Row:
    team: object
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    td_for: int = 0
    td_against: int = 0
    casualties: int = 0
    bonus: int = 0
    points: int = 0
    unconfirmed: int = 0  # of the matches played, those the other coach has not confirmed yet
    rank: int = field(default=0)

    @property
    def td_difference(self) -> int:
        return self.td_for - self.td_against

    def sort_key(self) -> tuple[int, int, int, int]:
        """What decides the order; equal keys share the rank."""
        return (self.points, self.td_difference, self.casualties, self.td_for)


def build_table(teams: Iterable, results: Iterable[Result], points: Points) -> list[Row]:
    """Rows for every enrolled team (also without a match), ranked.

    Order: points, TD difference, casualties caused, TD for; teams equal on all four share the
    rank (1, 1, 3) and the name only orders them on screen. Results of teams not enrolled are
    ignored.
    """
    rows = {team.pk: Row(team=team) for team in teams}
    for result in results:
        winner = result.winner_id()
        home_td, away_td = result.home_touchdowns, result.away_touchdowns
        sides = (
            (result.home_id, home_td, away_td, result.home_casualties),
            (result.away_id, away_td, home_td, result.away_casualties),
        )
        for team_id, scored, conceded, casualties in sides:
            row = rows.get(team_id)
            if row is None:
                continue
            row.played += 1
            row.unconfirmed += not result.confirmed
            row.td_for += scored
            row.td_against += conceded
            row.casualties += casualties
            bonus = points.bonus(casualties)
            row.bonus += bonus
            if winner is None:
                row.drawn += 1
                row.points += points.draw
            elif winner == team_id:
                row.won += 1
                row.points += points.win
            else:
                row.lost += 1
                row.points += points.loss
            row.points += bonus
    ordered = sorted(rows.values(), key=lambda r: str(r.team.name).casefold())
    ordered.sort(key=Row.sort_key, reverse=True)
    for index, row in enumerate(ordered):
        previous = ordered[index - 1] if index else None
        same = previous is not None and previous.sort_key() == row.sort_key()
        row.rank = previous.rank if same else index + 1
    return ordered


def result_of(match: Match) -> Result:
    """The match as the table counts it (winner, casualties caused per side).

    A forfeit counts like a match lost 0:3 by the team that cancelled too late: a win and a
    loss, touchdowns 0:3, no casualties and so no bonus points.
    """
    if match.is_forfeit:
        home_touchdowns, away_touchdowns = match.forfeit_score()
        return Result(
            home_id=match.home_id,
            away_id=match.away_id,
            home_touchdowns=home_touchdowns,
            away_touchdowns=away_touchdowns,
            home_casualties=0,
            away_casualties=0,
            conceded_by_id=match.forfeited_by_id,
        )
    return Result(
        home_id=match.home_id,
        away_id=match.away_id,
        home_touchdowns=match.home_touchdowns,
        away_touchdowns=match.away_touchdowns,
        home_casualties=match.casualties_caused_by(match.home_id),
        away_casualties=match.casualties_caused_by(match.away_id),
        conceded_by_id=match.conceded_by_id,
        confirmed=match.is_confirmed,
    )


@dataclass(frozen=True)
class Counted:
    """A match of a season that counts (played or forfeited, not deleted), as plain values."""

    pk: int
    season_id: int
    when: datetime | None  # played_at, for a forfeit its appointment
    result: Result
    forfeited_by_id: int | None = None
    played: bool = True  # False for a forfeit: nothing was played


def counted_matches(season: Season) -> list[Counted]:
    """Every match of `season` that counts, as the table counts it (one query).

    Kept in the page cache under the season's scope, which each of its matches, ticks and
    developments renews (config/pagecache/fragments.py): the table and the statistics (Elo,
    archive, leaders) read the current season once per result, and older seasons not again."""
    return fragments.cached(
        "counted-matches",
        lambda: [_counted(match) for match in _matches_that_count(season)],
        season.pk,
        scopes=(fragments.STRUCTURE, fragments.season_scope(season.pk)),
    )


def _matches_that_count(season: Season):
    return Match.objects.for_season(season).with_result().with_casualty_counts().order_by()


def _counted(match: Match) -> Counted:
    return Counted(
        pk=match.pk,
        season_id=match.season_id,
        when=match.played_at or match.scheduled_at,
        result=result_of(match),
        forfeited_by_id=match.forfeited_by_id,
        played=not match.is_forfeit,
    )


def season_table(season: Season) -> list[Row]:
    """The table of `season` with the season's current points settings (2 queries, 1 while
    `counted_matches` is cached)."""
    results = [counted.result for counted in counted_matches(season)]
    return build_table(season.teams.all(), results, Points.of(season))


@dataclass(frozen=True)
class TableChange:
    """One team's row before and after a result is taken out of the table."""

    team: object
    points_before: int
    points_after: int
    rank_before: int
    rank_after: int


def changes_without(match: Match) -> list[TableChange]:
    """What deleting `match` changes in its season's table: the rows of its two teams before
    and after (empty when the match does not count there: no result, or deleted already)."""
    season = match.season
    matches = list(_matches_that_count(season))
    if match.pk not in {m.pk for m in matches}:
        return []
    teams = list(season.teams.all())
    points = Points.of(season)
    before = build_table(teams, [result_of(m) for m in matches], points)
    after = build_table(teams, [result_of(m) for m in matches if m.pk != match.pk], points)
    after_by_team = {row.team.pk: row for row in after}
    return [
        TableChange(
            team=row.team,
            points_before=row.points,
            points_after=after_by_team[row.team.pk].points,
            rank_before=row.rank,
            rank_after=after_by_team[row.team.pk].rank,
        )
        for row in before
        if row.team.pk in (match.home_id, match.away_id)
    ]
