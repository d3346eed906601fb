"""Ratings of the league's teams and coaches from its results (`ratings.rate` on `facts`)."""

from .facts import Game, home_score
from .ratings import Bout, Ratings, rate


def team_ratings(games: list[Game]) -> Ratings:
    return rate(Bout(g.pk, g.result.home_id, g.result.away_id, home_score(g)) for g in games)


def coach_ratings(games: list[Game], coach_of: dict[int, int]) -> Ratings:
    """`coach_of` maps team id -> coach id."""
    return rate(
        Bout(g.pk, coach_of[g.result.home_id], coach_of[g.result.away_id], home_score(g))
        for g in games
    )


def ranked_ratings(ratings: Ratings, subjects: dict) -> list[tuple[int, object, int, int]]:
    """(place, subject, rounded rating, matches rated) for every subject that played, best
    first; equal rounded ratings share the place."""
    rows = sorted(
        (
            (round(ratings.of(pk)), subject, len(ratings.history[pk]))
            for pk, subject in subjects.items()
            if pk in ratings.history
        ),
        key=lambda row: (-row[0], str(row[1]).casefold()),
    )
    ranked, previous = [], None
    for index, (value, subject, count) in enumerate(rows):
        place = previous[0] if previous and previous[2] == value else index + 1
        previous = (place, subject, value, count)
        ranked.append(previous)
    return ranked
