"""What waits for a coach: the start page of a logged-in coach (docs/league.md, "Startseite").

For his teams: the next appointments, the matches whose appointment has passed without a
result, and the matches whose development he can still choose (none chosen yet, or left
"Offen", and still the team's latest played match).
"""

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from roster.models import Team

from .models import Development, Match


@dataclass
class Agenda:
    teams: list[Team]
    appointments: list[Match] = field(default_factory=list)
    awaiting_result: list[Match] = field(default_factory=list)
    awaiting_development: list[tuple[Match, Team]] = field(default_factory=list)

    @property
    def is_empty(self) -> bool:
        return not (self.appointments or self.awaiting_result or self.awaiting_development)


def _awaiting_development(teams: list[Team]) -> list[tuple[Match, Team]]:
    """Per team its latest played match of the current season, if the team's development
    there is not chosen yet or left open."""
    waiting = []
    for team in teams:
        latest = (
            Match.objects.played()
            .for_team(team)
            .select_related("season", "home", "away")
            .in_play_order()
            .last()
        )
        if latest is None or not latest.season.is_current:
            continue
        chosen = (
            Development.objects.active()
            .filter(match=latest, team=team)
            .exclude(choice=Development.Choice.OPEN)
            .exists()
        )
        if not chosen:
            waiting.append((latest, team))
    return waiting


def agenda_for(user, *, now: datetime | None = None, limit: int = 5) -> Agenda:
    """The start page of `user`: his teams and what waits for them."""
    now = now or timezone.now()
    teams = list(Team.objects.coached_by(user).select_related("race").order_by("name"))
    if not teams:
        return Agenda(teams=[])
    mine = Match.objects.filter(Q(home__in=teams) | Q(away__in=teams)).select_related(
        "season", "home", "away"
    )
    return Agenda(
        teams=teams,
        appointments=list(mine.upcoming(now)[:limit]),
        awaiting_result=list(mine.awaiting_result(now)),
        awaiting_development=_awaiting_development(teams),
    )
