"""Elo ratings of teams and coaches across seasons (docs/statistik.md, „Elo-Wertung“).

Plain Python on plain data (no Django): the ratings follow from the results in play order, so
they are derived on every read and a corrected or deleted result recomputes them.

- Everybody starts at `START` (1000).
- After a match, each side gains K · (score − expected): score 1 for a win, ½ for a draw, 0 for
  a defeat; expected = 1 / (1 + 10^((opponent − own) / 400)); K is `K_FACTOR` (20).
- A concession counts as a defeat of the conceding side (as in the table).
- A forfeit (kampflos) changes no rating: nothing was played.
- A coach's rating counts the matches of all his teams; a match between two teams of the same
  coach leaves his rating unchanged.
"""

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

START = 1000.0
K_FACTOR = 20.0


@dataclass(frozen=True)
class Bout:
    """One match as a rating sees it: who played whom and the home side's score (1, ½, 0);
    `score` None for a forfeit."""

    key: Hashable  # what the rating points are kept against (a match id)
    home: Hashable
    away: Hashable
    score: float | None


def expected(own: float, opponent: float) -> float:
    return 1.0 / (1.0 + 10 ** ((opponent - own) / 400.0))


@dataclass
class Ratings:
    current: dict = field(default_factory=dict)  # side -> rating now
    history: dict = field(default_factory=dict)  # side -> [(bout key, rating after it)]

    def of(self, side: Hashable) -> float:
        return self.current.get(side, START)


def rate(bouts: Iterable[Bout], *, k: float = K_FACTOR) -> Ratings:
    """Ratings after `bouts` in the order given (play order)."""
    ratings = Ratings()
    for bout in bouts:
        if bout.score is None or bout.home == bout.away:
            continue
        home, away = ratings.of(bout.home), ratings.of(bout.away)
        change = k * (bout.score - expected(home, away))
        ratings.current[bout.home] = home + change
        ratings.current[bout.away] = away - change
        ratings.history.setdefault(bout.home, []).append((bout.key, home + change))
        ratings.history.setdefault(bout.away, []).append((bout.key, away - change))
    return ratings
