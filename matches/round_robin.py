"""The season schedule "jeder gegen jeden" (docs/league.md, "Termine und Absagen").

Pure functions on team ids, no database: `plan_fixtures` says which pairings go into which round
and who is at home; `open_matches.generate_schedule` stores them as open matches.

- A fresh schedule uses the circle method: one team stays put, the others rotate one place per
  round. With an odd number of teams an empty seat (a bye, "spielfrei") joins the circle, so
  every team sits out exactly one round per leg.
- Home and away alternate with the rounds, so in a single leg a team's home and away games
  differ by at most one; a second leg repeats the first with home and away swapped.
- Pairings the season already has count: a pair that already met as often as the legs ask for
  gets nothing new. Missing pairings (a team enrolled later) go into the earliest round where
  both teams are free, at home for the team with fewer home games so far; new rounds follow
  when no existing round has room.
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Fixture:
    round: int
    home: int
    away: int

    @property
    def pair(self) -> frozenset[int]:
        return frozenset((self.home, self.away))


def circle_rounds(teams: Sequence[int]) -> list[list[tuple[int, int]]]:
    """One leg by the circle method: a list of rounds, each a list of (home, away).

    Odd counts get a bye: the team paired with the empty seat sits the round out.
    """
    seats: list[int | None] = list(teams)
    if len(seats) < 2:
        return []
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    fixed, rotating = seats[0], seats[1:]
    rounds = []
    for number in range(n - 1):
        order = [fixed, *rotating]
        games = []
        for i in range(n // 2):
            first, second = order[i], order[n - 1 - i]
            if first is None or second is None:
                continue
            # The fixed team alternates by round; every other team is at home while it sits in
            # the first half of the circle and away in the second, so its home and away games
            # differ by at most one.
            swap = i == 0 and number % 2 == 1
            games.append((second, first) if swap else (first, second))
        rounds.append(games)
        rotating = [rotating[-1], *rotating[:-1]]
    return rounds


def _fresh(teams: Sequence[int], legs: int) -> list[Fixture]:
    rounds = circle_rounds(teams)
    fixtures = []
    for leg in range(legs):
        for number, games in enumerate(rounds, start=1 + leg * len(rounds)):
            for home, away in games:
                if leg % 2:
                    home, away = away, home
                fixtures.append(Fixture(round=number, home=home, away=away))
    return fixtures


def plan_fixtures(
    teams: Iterable[int], *, legs: int = 1, existing: Iterable[Fixture] = ()
) -> list[Fixture]:
    """The fixtures to add so that every pair of `teams` meets `legs` times (1 or 2).

    `existing` are the season's matches (a fixture's round may be 0 for a match outside the
    schedule: it counts as a meeting but occupies no round).
    """
    if legs not in (1, 2):
        raise ValueError("legs must be 1 or 2")
    teams = sorted(set(teams))
    existing = list(existing)
    if not existing:
        return _fresh(teams, legs)

    met = Counter(f.pair for f in existing)
    homes = Counter(f.home for f in existing)
    home_in_pair = Counter((f.home, f.pair) for f in existing)
    busy: dict[int, set[int]] = {}
    for f in existing:
        if f.round:
            busy.setdefault(f.round, set()).update((f.home, f.away))

    # The order of a fresh schedule decides which missing pairing is placed first, so a new
    # team's games spread over the rounds like everybody else's.
    added: list[Fixture] = []
    for fixture in _fresh(teams, legs):
        pair = fixture.pair
        if met[pair] >= legs:
            continue
        a, b = sorted(pair)
        # Second meeting of a pair: the other team is at home. Otherwise fewer home games first.
        if home_in_pair[(a, pair)] != home_in_pair[(b, pair)]:
            home = a if home_in_pair[(a, pair)] < home_in_pair[(b, pair)] else b
        elif homes[a] != homes[b]:
            home = a if homes[a] < homes[b] else b
        else:
            home = fixture.home
        away = b if home == a else a
        number = 1
        while number in busy and (home in busy[number] or away in busy[number]):
            number += 1
        busy.setdefault(number, set()).update((home, away))
        met[pair] += 1
        homes[home] += 1
        home_in_pair[(home, pair)] += 1
        added.append(Fixture(round=number, home=home, away=away))
    return sorted(added, key=lambda f: (f.round, f.home))
