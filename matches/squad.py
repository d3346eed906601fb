"""Squad changes that depend on the matches: a player's position is fixed after his first
match (docs/league.md, „Teams und Kader“), since his ticks and developments were entered for it.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from roster.models import Player
from roster.services import update_player
from rules.models import Position

from .models import Match


def first_match(player: Player) -> Match | None:
    """The first played match of his team while he was on the roster (one query)."""
    return (
        Match.objects.played()
        .for_team(player.team_id)
        .filter(played_at__gte=player.created_at.replace(second=0, microsecond=0))
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
