"""Squad changes that depend on the matches: a player's position is fixed after his first
match (docs/league.md, „Teams und Kader“), since his ticks and developments were entered for it.
"""

from dataclasses import dataclass, field
from datetime import datetime

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from roster.models import Player
from roster.services import update_player
from rules.models import Position

from .models import CasualtyRecord, CasualtyTick, Development, Match


def first_match(player: Player) -> Match | None:
    """The first played match of his team while he was on the roster (one query)."""
    return (
        Match.objects.played()
        .while_on_roster(player)
        .select_related("season", "home", "away")
        .in_play_order()
        .first()
    )


def change_player(*, player: Player, name: str, number: int, position: Position) -> Player:
    """Name and number may always change; the position only before his first match."""
    if position.pk != player.position_id:
        played = first_match(player)
        if played is not None:
            raise ValidationError(
                _("Die Position ist seit %(match)s fest.") % {"match": played.label()}
            )
    return update_player(player=player, name=name, number=number, position=position)


@dataclass
class HistoryEntry:
    """One line of a player's history: a match of his team while he was on the roster (with
    his tick and his developments in it), or a casualty recorded by hand."""

    season_number: int
    when: datetime
    match: Match | None = None
    tick: CasualtyTick | None = None
    developments: list[Development] = field(default_factory=list)
    record: CasualtyRecord | None = None


def player_history(player: Player) -> list[HistoryEntry]:
    """His team's played matches since he joined (until he was retired), his ticks and
    developments in them (reset ones included, as history), and his records by hand, in play
    order; five queries."""
    matches = (
        Match.objects.played()
        .for_team(player.team_id)
        .filter(played_at__gte=player.created_at.replace(second=0, microsecond=0))
        .select_related("season", "home", "away")
        .in_play_order()
    )
    if player.retired_on is not None:
        matches = matches.filter(played_at__date__lte=player.retired_on)
    ticks = {t.match_id: t for t in player.casualties.all()}
    developments: dict[int, list[Development]] = {}
    for development in player.developments.select_related(
        "skill", "bonus_skill", "category"
    ).order_by("pk"):
        developments.setdefault(development.match_id, []).append(development)
    entries = [
        HistoryEntry(
            season_number=match.season.number,
            when=match.played_at,
            match=match,
            tick=ticks.get(match.pk),
            developments=developments.get(match.pk, []),
        )
        for match in matches
    ]
    for record in player.casualty_records.select_related("season"):
        entries.append(
            HistoryEntry(season_number=record.season.number, when=record.happened_at, record=record)
        )
    entries.sort(key=lambda e: (e.season_number, e.when))
    return entries
