"""A squad as the matches make it: the squad page's data, and the squad changes that depend on
the matches (docs/league.md, „Teams und Kader“).

- The squad page shows each player on the roster with his status for the team's next match
  (🏥/💀), his current skills and his hatreds, the open hatred questions, and the journeymen the
  next match needs (`squad_page`); a player's page adds his history (`player_page`).
- A player's position is fixed after his first match, since his ticks and developments were
  entered for it (`change_player`); a player who is in a match (a tick or a development) is
  retired, never deleted (`delete_player`).
"""

from dataclasses import dataclass, field
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from league.models import Season
from roster.models import Player, Team
from roster.services import update_player
from rules.models import Position

from .hatred import HatredQuestion, active_hatreds, open_questions
from .models import CasualtyRecord, CasualtyTick, Development, Match
from .skills import current_skills, with_skill_history
from .status import journeymen_needed, suspended_for_next_match, suspended_players


@dataclass
class Squad:
    """The squad page's data. Each player of `roster` carries `status` (🏥/💀 for the team's
    next match, or None), `skills_now` (his current skills) and `hatreds` (race names)."""

    roster: list[Player]
    retired_count: int
    journeymen: int
    questions: dict[int, list[HatredQuestion]] = field(default_factory=dict)
    """Player id -> his open hatred questions (only when asked for, see `squad_page`)."""


def squad_page(team: Team, *, with_questions: bool, unavailable=None, current_season=None) -> Squad:
    """The players on `team`'s roster as the squad page shows them, in a fixed number of
    queries; `with_questions`: also the open hatred questions (for those who answer them);
    `unavailable`: who misses the next match, if the caller has read it (its cache key);
    `current_season`: a function giving the current season, shared with that read."""
    roster = list(with_skill_history(team.players.for_roster_page().active()))
    season = (current_season or Season.objects.current)()
    if unavailable is None:
        # for the team's next match; cached under the team's scope, shared with the form
        unavailable = suspended_for_next_match(team, current_season=lambda: season)
    hatreds = active_hatreds(roster, season=season)
    for player in roster:
        player.status = unavailable.get(player.pk)
        player.skills_now = current_skills(player)
        player.hatreds = hatreds.get(player.pk, [])
    questions: dict[int, list[HatredQuestion]] = {}
    if with_questions:
        for question in open_questions(teams=[team], season=season):
            questions.setdefault(question.player.pk, []).append(question)
    return Squad(
        roster=roster,
        retired_count=team.players.exclude(retired_on=None).count(),
        journeymen=journeymen_needed(
            team, roster_pks=[p.pk for p in roster], unavailable=unavailable
        ),
        questions=questions,
    )


def roster_now(team: Team) -> list[Player]:
    """The players on the roster with `status` and `skills_now`, by number (the download)."""
    roster = [p for p in with_skill_history(team.players.for_roster_page()) if not p.is_retired]
    unavailable = suspended_for_next_match(team)
    for player in roster:
        player.status = unavailable.get(player.pk)
        player.skills_now = current_skills(player)
    return roster


def upcoming_appointments(team: Team) -> list[Match]:
    """The team's open matches with an appointment from now on, the next first."""
    return list(Match.objects.for_team(team).upcoming().select_related("season", "home", "away"))


def player_page(*, team_pk: int, player_pk: int) -> Player:
    """A player of the team (404 otherwise) with `skills_now` and `history`, and while he is on
    the roster `status` and `hatreds` as on the squad page."""
    player = get_object_or_404(
        with_skill_history(Player.objects.for_roster_page()).select_related("team__race"),
        pk=player_pk,
        team_id=team_pk,
    )
    if not player.is_retired:
        season = Season.objects.current()
        player.status = suspended_players(player.team, season=season).get(player.pk)
        player.hatreds = active_hatreds([player], season=season).get(player.pk, [])
    player.skills_now = current_skills(player)
    player.history = player_history(player)
    return player


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


def delete_player(*, player: Player) -> None:
    """Delete a player outright: only one without any match entry (a tick or a development).

    A player with a history is retired instead, so old matches stay readable.
    """
    with transaction.atomic():
        # Results lock both teams' rows while they are saved: waiting for the lock here means
        # a tick or development saved at the same moment is seen below.
        Team.objects.lock(player.team_id)
        if player.casualties.exists() or player.developments.exists():
            raise ValidationError(
                _("%(player)s steht schon in Spielen und kann nur entlassen werden.")
                % {"player": player}
            )
        player.delete()


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
        .while_on_roster(player)
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
