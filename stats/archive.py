"""The season archive (docs/league.md, „Archiv“): every season's final table, podium and
numbers, and the Hall of Fame of champions.

A season's table is built by `matches.standings.build_table` with the season's own points
settings, from the same results as its table page, so a closed season reads the same forever.
"""

from collections import Counter
from dataclasses import dataclass, field

from matches.standings import Points, Row, build_table

from .facts import DEAD, League


@dataclass
class SeasonSummary:
    season: object
    table: list[Row]
    matches: int = 0
    forfeits: int = 0
    casualties: int = 0
    deaths: int = 0
    skills_gained: int = 0

    @property
    def is_closed(self) -> bool:
        return not self.season.is_current

    @property
    def champions(self) -> list[Row]:
        """The teams in first place of a closed season (more than one when they are equal in
        everything the table orders by); none while the season runs or without a match."""
        if not self.is_closed or not self.matches:
            return []
        return [row for row in self.table if row.rank == 1]

    @property
    def podium(self) -> list[Row]:
        if not self.matches:
            return []
        return [row for row in self.table if row.rank <= 3]


def season_summaries(league: League) -> list[SeasonSummary]:
    """Every season, newest first, with its table and numbers."""
    summaries = []
    for season in league.seasons:
        games = [g for g in league.games if g.season_id == season.pk]
        summary = SeasonSummary(
            season=season,
            table=build_table(
                league.season_teams[season.pk], [g.result for g in games], Points.of(season)
            ),
            matches=len(games),
            forfeits=sum(1 for g in games if not g.played),
            casualties=sum(g.result.home_casualties + g.result.away_casualties for g in games),
            deaths=sum(1 for s in league.suffered if s.season_id == season.pk and s.kind == DEAD),
            skills_gained=sum(1 for gain in league.gains if gain.season_id == season.pk),
        )
        summaries.append(summary)
    return summaries[::-1]


@dataclass
class Champion:
    team: object
    seasons: list = field(default_factory=list)

    @property
    def titles(self) -> int:
        return len(self.seasons)


def hall_of_fame(summaries: list[SeasonSummary]) -> list[Champion]:
    """Every team that won a closed season, most titles first (then the earliest title)."""
    champions: dict[int, Champion] = {}
    for summary in sorted(summaries, key=lambda s: s.season.number):
        for row in summary.champions:
            entry = champions.setdefault(row.team.pk, Champion(team=row.team))
            entry.seasons.append(summary.season)
    counts = Counter({pk: c.titles for pk, c in champions.items()})
    return sorted(
        champions.values(),
        key=lambda c: (-counts[c.team.pk], c.seasons[0].number, str(c.team.name)),
    )
