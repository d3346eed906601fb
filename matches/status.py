"""Derived player status (docs/league.md, "Status"): nothing here is stored.

- 🏥 keeps a player out of his team's next played match after the tick (even in a later
  season); any later played match of the team clears it.
- 💀 keeps him out of the rest of that season; he is back in any match of a later season.
- 🤕 only costs the rest of the match it happened in.
"""

from datetime import datetime

from django.db.models import Q

from config.pagecache import fragments
from league.models import Season
from roster.models import MIN_PLAYERS, Player, Team

from .models import Casualty, CasualtyRecord, CasualtyTick, Match


def suspended_players(
    team: Team,
    *,
    season: Season | None,
    played_at: datetime | None = None,
    pk: int | None = None,
) -> dict[int, Casualty]:
    """Player id -> the casualty that keeps him out of a match of `team` in `season`.

    The match sits at (season, played_at, pk) in play order; without played_at it is the
    team's next match, after all its played matches. Ticks and records by hand count alike.
    Three queries.
    """
    earlier = Match.objects.played().for_team(team)
    if played_at is not None and season is not None:
        earlier = earlier.before(season=season, played_at=played_at, pk=pk)
    previous = earlier.in_play_order().values_list("pk", "season__number", "played_at").last()
    condition = Q(pk__in=[])
    if season is not None:
        condition |= Q(match__in=earlier, match__season=season, kind=Casualty.DEAD)
    if previous is not None:
        condition |= Q(match_id=previous[0], kind=Casualty.SERIOUSLY_INJURED)
    ticks = CasualtyTick.objects.filter(player__team=team).filter(condition)
    found = list(ticks.values_list("player_id", "kind"))

    records = CasualtyRecord.objects.for_team(team)
    if played_at is not None and season is not None:
        records = records.filter(
            Q(season__number__lt=season.number) | Q(season=season, happened_at__lt=played_at)
        )
    since_previous = Q()
    if previous is not None:
        _pk, number, when = previous
        since_previous = Q(season__number__gt=number) | Q(
            season__number=number, happened_at__gte=when
        )
    condition = Q(kind=Casualty.SERIOUSLY_INJURED) & since_previous
    if season is not None:
        condition |= Q(season=season, kind=Casualty.DEAD)
    found += records.filter(condition).values_list("player_id", "kind")

    suspended: dict[int, Casualty] = {}
    for player_id, kind in found:
        if suspended.get(player_id) != Casualty.DEAD:
            suspended[player_id] = Casualty(kind)
    return suspended


def suspended_for_match(team: Team, match: Match) -> dict[int, Casualty]:
    return suspended_players(team, season=match.season, played_at=match.played_at, pk=match.pk)


def suspended_for_next_match(team: Team, *, current_season=None) -> dict[int, Casualty]:
    """Who misses the team's next match (in the current season; `current_season`: a function
    giving it, for a caller that reads it anyway). Kept in the page cache under the team's
    scope (config/pagecache/fragments.py), which each of its matches, ticks and records by
    hand renews: the result form and the squad page ask for it on every visit."""
    read_season = current_season or Season.objects.current
    return fragments.cached(
        "suspended-for-next-match",
        lambda: suspended_players(team, season=read_season()),
        team.pk,
        scopes=(fragments.STRUCTURE, fragments.team_scope(team.pk)),
    )


def suspension_key(suspended: dict[int, Casualty]) -> str:
    """Who of a team is suspended and why, as part of a cache key: what a page shows of the
    team's players hangs on their `players_scope`, which a result without ticks leaves, while
    each result of the team may change who is suspended (config/pagecache/fragments.py)."""
    return ",".join(f"{pk}{Casualty(kind).symbol}" for pk, kind in sorted(suspended.items()))


def status_of(player: Player, match: Match | None = None) -> Casualty | None:
    """🏥 or 💀 if `player` misses `match` (default: his team's next match)."""
    team = player.team
    suspended = (
        suspended_for_next_match(team) if match is None else suspended_for_match(team, match)
    )
    return suspended.get(player.pk)


def journeymen_needed(team: Team, *, roster_pks=None, unavailable=None) -> int:
    """Journeymen the team's next match needs: 7 minus the available players, never below 0.

    Available: on the roster and not suspended (🏥, 💀) for the next match. A page that has
    already loaded the roster's ids and the unavailable players passes them in.
    """
    if roster_pks is None:
        roster_pks = team.roster().values_list("pk", flat=True)
    if unavailable is None:
        unavailable = suspended_for_next_match(team)
    available = sum(1 for pk in roster_pks if pk not in unavailable)
    return max(0, MIN_PLAYERS - available)
