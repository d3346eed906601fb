"""Test helpers for seasons and matches: teams with a squad that existed before the matches,
and played matches entered through the service (so every rule is checked)."""

from datetime import datetime, timedelta

from django.utils import timezone

from league.models import Season
from league.services import start_next_season
from roster.factories import PlayerFactory, TeamFactory, UserFactory
from roster.models import Team

from .models import Match
from .services import MatchEntry, enter_match

LONG_AGO = timedelta(days=400)


def squad(*, players: int = 7, **kwargs) -> Team:
    """A team with `players` players, all on the roster long before any test match."""
    since = timezone.now() - LONG_AGO
    team = TeamFactory(created_at=since, **kwargs)
    for number in range(1, players + 1):
        PlayerFactory(team=team, number=number, name=f"{team.name} {number}", created_at=since)
    return team


def open_season(*, by=None, since: timedelta = LONG_AGO) -> Season:
    """Start the next season as if an admin had started it `since` ago, so that test matches
    may be back-dated (no match lies before its season's start)."""
    season = start_next_season(by=by or staff_user())
    Season.objects.filter(pk=season.pk).update(started_at=timezone.now() - since)
    season.refresh_from_db()
    return season


def staff_user():
    return UserFactory(username="liga-admin", is_staff=True)


def play(
    home: Team,
    away: Team,
    *,
    at: datetime | None = None,
    score: tuple[int, int] = (0, 0),
    ticks: dict | None = None,
    journeymen: tuple[int, int] = (0, 0),
    conceded_by: Team | None = None,
    by=None,
) -> Match:
    """Enter a played match of the current season; ticks map players to a Casualty."""
    entry = MatchEntry(
        home=home,
        away=away,
        played_at=at or timezone.now(),
        home_touchdowns=score[0],
        away_touchdowns=score[1],
        conceded_by=conceded_by,
        home_journeymen_casualties=journeymen[0],
        away_journeymen_casualties=journeymen[1],
        casualties={player.pk: kind for player, kind in (ticks or {}).items()},
    )
    return enter_match(entry=entry, by=by or staff_user())


def days_ago(days: float) -> datetime:
    return timezone.now() - timedelta(days=days)


def current_season() -> Season:
    return Season.objects.get(is_current=True)


def open_match(home: Team, away: Team, *, at: datetime | None = None, round: int | None = None):
    """A match of the current season without result, its appointment at `at` (may be past)."""
    return Match.objects.create(
        season=Season.objects.current(), home=home, away=away, scheduled_at=at, round=round
    )
