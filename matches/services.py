"""Entering and correcting a match result ("Spiel eintragen"), docs/league.md "Spiele".

A result is checked as a whole inside one transaction: the teams, the time, the ticks of this
match, and every later match of both teams whose ticks might depend on it (a back-dated 🏥 can
suspend a player who is ticked in the next match). Anything invalid rolls everything back with a
German message naming the match to fix.

Every save locks the rows of both teams first, always in the order of their ids (so two saves
never wait for each other crosswise): two results of the same team are then checked one after
the other, against each other, and a player cannot be deleted while a result ticks him. Under the
same lock a new result is compared with the pairing's recent ones: the same two teams, in either
order, within `DUPLICATE_WINDOW` of each other in the same season are taken to be the same game
entered twice (a double submit, or both coaches entering it), and the second is refused with a
link to the first.
"""

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from config.minutes import end_of_minute
from config.pagecache import fragments
from config.writeguard import StaleVersion
from league.models import Season
from roster.models import Player, Team

from .development import choose_with_result, development_errors
from .models import CasualtyTick, Hatred, Match
from .outbox import What, announce
from .status import suspended_for_match


@dataclass(frozen=True)
class MatchEntry:
    home: Team
    away: Team
    played_at: datetime
    home_touchdowns: int
    away_touchdowns: int
    conceded_by: Team | None = None
    home_journeymen_casualties: int = 0
    away_journeymen_casualties: int = 0
    # player id -> Casualty; players of both teams (each suffered the casualty)
    casualties: Mapping[int, str] = field(default_factory=dict)
    # one per draft: a draft sent twice saves its result once (see enter_match/update_match)
    submission_key: uuid.UUID | None = None
    # The explicit yes to "Noch ein Spiel derselben Paarung eintragen?" (see `_refuse_duplicate`)
    second_game: bool = False
    # Developments chosen with the result (the form offers them, offline too): saved in the
    # same transaction, after the result, with the rules checked then (`choose_with_result`).
    developments: tuple = ()


DUPLICATE_WINDOW = timedelta(hours=12)
"""Two results of the same pairing in one season less than this apart are one game entered
twice: the same two teams meet at most once a club evening, and the two coaches may type
times some hours apart (one the kick-off, the other the time he enters it that night)."""

ENTRY_FIELDS = {
    "played_at",
    "home_touchdowns",
    "away_touchdowns",
    "conceded_by",
    "home_journeymen_casualties",
    "away_journeymen_casualties",
}


class DuplicateMatch(ValidationError):
    """The result was already entered: `existing` is the match to look at (or correct).
    `may_be_second_game`: not the very same entry again, so the form may ask whether it was a
    second game of the pairing (docs/league.md, "Spiel eintragen")."""

    def __init__(self, existing: Match, *, may_be_second_game: bool = False):
        super().__init__(
            _(
                "Dieses Spiel ist schon eingetragen: %(match)s. Bitte dort prüfen und "
                "gegebenenfalls korrigieren."
            )
            % {"match": existing.label()}
        )
        self.existing = existing
        self.may_be_second_game = may_be_second_game


def _validate(match: Match, entry: MatchEntry) -> None:
    """The model's own checks (fields, constraints, `Match.clean`) and the ticks' kinds and
    players. Errors of a field the entry carries stay with that field (a form shows them next
    to it); the rest are general."""
    errors: dict[str, list[str]] = {}
    try:
        match.full_clean(exclude=["entered_by", "version"])
    except ValidationError as error:
        for name, messages in error.message_dict.items():
            key = name if name in ENTRY_FIELDS else NON_FIELD_ERRORS
            errors.setdefault(key, []).extend(messages)
    general = errors.setdefault(NON_FIELD_ERRORS, [])
    for player_id, kind in entry.casualties.items():
        try:
            CasualtyTick(player_id=player_id, kind=kind).clean_fields(exclude=["match", "player"])
        except ValidationError:
            general.append(_("Unbekannter Ausfall."))
            break
    # A player deleted since the form was loaded (his tick would break the save).
    missing = set(entry.casualties) - set(
        Player.objects.filter(pk__in=list(entry.casualties)).values_list("pk", flat=True)
    )
    if missing:
        general.append(
            _("%(count)d angekreuzte Spieler gibt es nicht mehr.") % {"count": len(missing)}
        )
    errors = {name: messages for name, messages in errors.items() if messages}
    if errors:
        raise ValidationError(errors)


def _same_entry(existing: Match, entry: MatchEntry) -> bool:
    """Is `existing` the result `entry` describes (the same form sent again)?"""
    ticks = dict(existing.casualties.values_list("player_id", "kind"))
    sides = {existing.home_id: "home", existing.away_id: "away"}
    if sides.get(entry.home.pk) != "home":  # entered the other way round: never the same form
        return False
    return (
        existing.played_at == entry.played_at
        and existing.home_touchdowns == entry.home_touchdowns
        and existing.away_touchdowns == entry.away_touchdowns
        and existing.conceded_by_id == (entry.conceded_by.pk if entry.conceded_by else None)
        and existing.home_journeymen_casualties == entry.home_journeymen_casualties
        and existing.away_journeymen_casualties == entry.away_journeymen_casualties
        and ticks == dict(entry.casualties)
    )


def _refuse_duplicate(match: Match, entry: MatchEntry | None = None) -> None:
    """A second result of the pairing within `DUPLICATE_WINDOW` is refused unless the entry
    carries the explicit yes to "Noch ein Spiel derselben Paarung eintragen?"; even then the
    very same entry as one already stored (a double tap on "Ja") is never saved twice."""
    pairing = Q(home=match.home_id, away=match.away_id) | Q(home=match.away_id, away=match.home_id)
    nearby = list(
        Match.objects.played()
        .exclude(pk=match.pk)
        .for_season(match.season)
        .filter(pairing)
        .filter(
            played_at__gt=match.played_at - DUPLICATE_WINDOW,
            played_at__lt=match.played_at + DUPLICATE_WINDOW,
        )
        .select_related("home", "away")
        .in_play_order()
    )
    if not nearby:
        return
    if entry is not None and entry.second_game:
        for existing in nearby:
            if _same_entry(existing, entry):
                raise DuplicateMatch(existing)
        return
    raise DuplicateMatch(nearby[0], may_be_second_game=entry is not None)


def tick_errors(match: Match) -> list[str]:
    """German messages for every stored tick of `match` that is not allowed.

    Eligible: on the roster at played_at (created before, not retired before the match day)
    and not suspended for this match (🏥 from the team's previous played match, 💀 earlier
    this season).
    """
    ticks = list(match.casualties.select_related("player"))
    if not ticks:
        return []  # most results: nobody ticked, so nobody's status needs reading
    teams = {match.home_id: match.home, match.away_id: match.away}
    ticked_teams = {tick.player.team_id for tick in ticks} & set(teams)
    # read only for a team with ticks (three queries each)
    suspended = {pk: suspended_for_match(teams[pk], match) for pk in ticked_teams}
    on_roster = set(
        Player.objects.filter(pk__in=[t.player_id for t in ticks])
        .on_roster_at(match.played_at)
        .values_list("pk", flat=True)
    )
    errors = []
    for tick in ticks:
        player = tick.player
        values = {"player": player, "match": match.label()}
        if player.team_id not in teams:
            errors.append(_("%(player)s spielte nicht in %(match)s.") % values)
        elif player.pk not in on_roster:
            if player.created_at >= end_of_minute(match.played_at):
                errors.append(_("%(player)s war in %(match)s noch nicht im Kader.") % values)
            else:
                errors.append(_("%(player)s war in %(match)s schon entlassen.") % values)
        elif player.pk in suspended[player.team_id]:
            values["status"] = suspended[player.team_id][player.pk].symbol
            errors.append(_("%(player)s war in %(match)s gesperrt (%(status)s).") % values)
    return errors


def _later_pks(match: Match) -> set[int]:
    teams = [match.home_id, match.away_id]
    later = Match.objects.played().filter(Q(home__in=teams) | Q(away__in=teams))
    return set(later.after(match).values_list("pk", flat=True))


def _save_ticks(*, match: Match, casualties: Mapping[int, str], by) -> None:
    """Change only the ticks that changed, so the history shows each one added, changed or
    removed (not all of them deleted and created anew)."""
    stored = {tick.player_id: tick for tick in CasualtyTick.objects.filter(match=match)}
    for player_id, tick in stored.items():
        tick._history_user = by
        if player_id not in casualties:
            tick.delete()
        elif tick.kind != casualties[player_id]:
            # a tick changed from 🏥 takes its hatred answer along (docs/league.md, „Hass“)
            Hatred.objects.filter(tick=tick).delete()
            tick.kind = casualties[player_id]
            tick.save(update_fields=["kind"])
    new = [
        CasualtyTick(match=match, player_id=player_id, kind=kind)
        for player_id, kind in casualties.items()
        if player_id not in stored
    ]
    if new:
        bulk_create_with_history(new, CasualtyTick, default_user=by)
        fragments.renew_rows(CasualtyTick, new)  # bulk_create sends no signals


def _save(
    *,
    match: Match,
    entry: MatchEntry,
    later: set[int],
    by,
) -> Match:
    for name in (
        "played_at",
        "home_touchdowns",
        "away_touchdowns",
        "home_journeymen_casualties",
        "away_journeymen_casualties",
    ):
        setattr(match, name, getattr(entry, name))
    match.conceded_by = entry.conceded_by
    if entry.submission_key is not None:
        match.submission_key = entry.submission_key
    _validate(match, entry)
    # Also when a correction moves a result next to another one of the same pairing.
    _refuse_duplicate(match, entry)
    match._history_user = by  # the history names who did it, request or not
    match.save()
    _save_ticks(match=match, casualties=entry.casualties, by=by)
    later |= _later_pks(match)
    _check(match=match, later=later)
    return match


def _check(*, match: Match | None, later: set[int]) -> None:
    """Ticks and developments of `match` and of the later matches must still be allowed."""
    errors = [] if match is None else tick_errors(match) + development_errors(match)
    to_check = Match.objects.filter(pk__in=later).select_related("season", "home", "away")
    for other in to_check.in_play_order():
        errors += tick_errors(other) + development_errors(other)
    if errors:
        raise ValidationError(errors)


def _sent_before(entry: MatchEntry) -> Match | None:
    """The match this entry's draft already saved, if it was sent before."""
    if entry.submission_key is None:
        return None
    return Match.objects.filter(submission_key=entry.submission_key).first()


def enter_match(*, entry: MatchEntry, by) -> Match:
    """Record a played match in the current season (either coach, or an admin)."""
    if not Match.may_enter(by, home=entry.home, away=entry.away):
        raise PermissionDenied(_("Nur die Coaches der beiden Teams oder Admins tragen ein."))
    season = Season.objects.current()
    if season is None:
        raise ValidationError(_("Es läuft gerade keine Saison."))
    with transaction.atomic():
        Team.objects.lock(entry.home.pk, entry.away.pk)
        already = _sent_before(entry)
        if already is not None:
            return already
        match = Match(season=season, home=entry.home, away=entry.away, entered_by=by, saved_by=by)
        match = _save(match=match, entry=entry, later=set(), by=by)
        choose_with_result(match=match, picks=entry.developments, by=by)
        _announce_result(match, by=by, change="entered")
        return match


def _announce_result(match: Match, *, by, change: str) -> None:
    # one key per saved version: the same version announced twice is one notification
    announce(
        What.RESULT, match=match, by=by, key=f"result:{match.pk}:{match.version}", change=change
    )


def update_match(*, match: Match, entry: MatchEntry, version: int, by) -> Match:
    """Correct a result, or enter the result of an open (scheduled) match. `version` is the
    one the form was loaded with: of two concurrent saves the later one fails instead of
    overwriting the first."""
    if not match.is_editable_by(by):
        raise PermissionDenied(_("Dieses Spiel darfst du nicht ändern."))
    if match.is_forfeit:
        raise ValidationError(
            _("Dieses Spiel ist kampflos gewertet; nur ein Admin nimmt das zurück.")
        )
    if (entry.home.pk, entry.away.pk) != (match.home_id, match.away_id):
        raise ValidationError(_("Die Teams eines Spiels bleiben fest."))
    with transaction.atomic():
        try:
            match = Match.objects.select_related("season", "home", "away").claim(
                match.pk, version=version
            )
        except (StaleVersion, Match.DoesNotExist):
            already = _sent_before(entry)
            if already is not None and already.pk == match.pk:
                return already  # this very draft saved the newer version
            raise ValidationError(
                _(
                    "Dieses Spiel wurde inzwischen von jemand anderem gespeichert. Bitte lade "
                    "die Seite neu und prüfe das Ergebnis, bevor du erneut speicherst."
                )
            ) from None
        if match.is_forfeit:
            raise ValidationError(
                _("Dieses Spiel ist inzwischen kampflos gewertet; nur ein Admin nimmt das zurück.")
            )
        # A changed result is a new version: the other coach confirms (or disputes) it anew.
        match.saved_by = by
        match.confirmed_by = match.confirmed_at = None
        match.disputed_by = match.disputed_at = None
        match.dispute_note = ""
        # Matches after the old place may depend on it too (moving a match changes the order).
        later = _later_pks(match) if match.is_played else set()
        changed = "changed" if match.is_played else "entered"
        match = _save(match=match, entry=entry, later=later, by=by)
        choose_with_result(match=match, picks=entry.developments, by=by)
        _announce_result(match, by=by, change=changed)
        return match


class AlreadyDone(Exception):
    """A form sent again (a double tap, a reload) whose effect is already stored: nothing is
    stored twice, and `message` says in German what is already there (issue 26)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _claim_for_answer(*, match: Match, version: int, by, repeated=None) -> Match:
    """Lock the match for the other coach's answer to exactly the version he saw (an answer
    is no new version of the result). `repeated(locked)`: the message if this answer is
    already stored (checked under the lock, so two concurrent sends store one)."""
    stale = False
    try:
        locked = Match.objects.select_related("season", "home", "away").claim(
            match.pk, version=version, new_version=False
        )
    except Match.DoesNotExist:
        locked = None
    except StaleVersion as error:
        locked, stale = error.current, True
    message = repeated(locked) if locked is not None and repeated is not None else None
    if message and not stale:
        raise AlreadyDone(message)
    if locked is None or not locked.may_be_confirmed_by(by):
        raise PermissionDenied(_("Dieses Ergebnis bestätigt der andere Coach."))
    if stale:
        raise ValidationError(
            _("Das Ergebnis wurde inzwischen geändert. Bitte prüfe es noch einmal.")
        )
    return locked


def confirm_match(*, match: Match, version: int, by) -> Match:
    """The other coach agrees with the result as saved (the version he saw)."""

    def repeated(locked: Match) -> str | None:
        if locked.is_confirmed and by.pk in (locked.home.coach_id, locked.away.coach_id):
            return _("Das Ergebnis ist schon bestätigt.")
        return None

    with transaction.atomic():
        match = _claim_for_answer(match=match, version=version, by=by, repeated=repeated)
        match.confirmed_by, match.confirmed_at = by, timezone.now()
        match._history_user = by
        match.disputed_by = match.disputed_at = None
        match.dispute_note = ""
        match.save(
            update_fields=[
                "confirmed_by",
                "confirmed_at",
                "disputed_by",
                "disputed_at",
                "dispute_note",
            ]
        )
    return match


def dispute_match(*, match: Match, version: int, note: str, by) -> Match:
    """The other coach does not agree: his note goes to the admins (disputed matches)."""
    note = note.strip()
    if not note:
        raise ValidationError({"note": [_("Bitte kurz schreiben, was nicht stimmt.")]})

    def repeated(locked: Match) -> str | None:
        if locked.disputed_by_id == by.pk and locked.dispute_note == note:
            return _("Dein Einwand ist schon bei den Admins.")
        return None

    with transaction.atomic():
        match = _claim_for_answer(match=match, version=version, by=by, repeated=repeated)
        match.disputed_by, match.disputed_at, match.dispute_note = by, timezone.now(), note
        match._history_user = by
        match.save(update_fields=["disputed_by", "disputed_at", "dispute_note"])
        announce(What.DISPUTE, match=match, by=by, key=f"dispute:{match.pk}:{match.version}")
    return match


def _set_deleted(*, match: Match, by, deleted: bool) -> Match:
    if not Match.may_be_deleted_by(by):
        raise PermissionDenied(_("Nur Admins löschen Ergebnisse oder stellen sie wieder her."))
    with transaction.atomic():
        match = Match.objects.select_related("season", "home", "away").lock_one(match.pk)
        if match.is_deleted == deleted:
            return match
        later = _later_pks(match)
        match.deleted_at, match.deleted_by = (timezone.now(), by) if deleted else (None, None)
        match._history_user = by
        match.save(update_fields=["deleted_at", "deleted_by"])
        if deleted:
            _check(match=None, later=later)
        else:
            _refuse_duplicate(match)
            _check(match=match, later=later)
    return match


def delete_match(*, match: Match, by) -> Match:
    """Soft delete (admins): the result no longer counts anywhere (table, lists, statuses,
    skills) but stays, with its history, and can be restored. Refused when a later match
    depended on it being there (e.g. a player it kept out is ticked in the next one)."""
    return _set_deleted(match=match, by=by, deleted=True)


def restore_match(*, match: Match, by) -> Match:
    """Undo a soft delete, if the result and every later match are still valid with it."""
    return _set_deleted(match=match, by=by, deleted=False)
