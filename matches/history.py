"""The history ("Verlauf") of one match: every change of the result, its ticks and its
developments, with who made it, when, and each changed value before and after.

The versions themselves are kept by django-simple-history (`Model.history`); this module only
reads them and puts them into words for the match page.
"""

from dataclasses import dataclass, field
from datetime import datetime

from django.core.exceptions import ObjectDoesNotExist
from django.db import models
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from .models import CasualtyTick, Development, Match

# Bookkeeping that changes with every save and says nothing a reader needs.
NOT_SHOWN = ["version", "saved_by", "created_at", "entered_at", "entered_by", "rolls"]


@dataclass(frozen=True)
class Change:
    label: str
    before: str
    after: str


@dataclass
class HistoryEntry:
    when: datetime
    who: str
    what: str
    changes: list[Change] = field(default_factory=list)


def _shown(record, model_field: models.Field) -> str:
    if model_field.is_relation:
        try:
            value = getattr(record, model_field.name)
        except ObjectDoesNotExist:
            return _("(gelöscht)")
    else:
        value = getattr(record, model_field.attname)
    if value is None or value == "":
        return "–"
    if model_field.choices:
        return str(dict(model_field.flatchoices).get(value, value))
    if isinstance(value, bool):
        return _("ja") if value else _("nein")
    if isinstance(value, datetime):
        return date_format(timezone.localtime(value), "SHORT_DATETIME_FORMAT")
    return str(value)


# A dispute's note is for the two coaches and the admins (`Match.may_read_dispute_note`).
NOTE_FIELDS = ["dispute_note"]


def _changes(model, record, previous, *, hidden=()) -> list[Change]:
    """Each stored field whose value differs between the two versions."""
    changes = []
    for model_field in model._meta.concrete_fields:
        if model_field.primary_key or model_field.name in NOT_SHOWN or model_field.name in hidden:
            continue
        if getattr(record, model_field.attname) == getattr(previous, model_field.attname):
            continue
        changes.append(
            Change(
                label=str(model_field.verbose_name),
                before=_shown(previous, model_field),
                after=_shown(record, model_field),
            )
        )
    return changes


def _with_previous(records) -> list[tuple]:
    """(record, the previous version of the same object or None), oldest first."""
    last: dict[int, object] = {}
    pairs = []
    for record in sorted(records, key=lambda r: (r.history_date, r.history_id)):
        pairs.append((record, last.get(record.id)))
        last[record.id] = record
    return pairs


def _local(moment: datetime) -> str:
    return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


def _team(record, name: str) -> str:
    try:
        return str(getattr(record, name))
    except ObjectDoesNotExist:
        return _("(gelöscht)")


RESULT_FIELDS = [
    "played_at",
    "home_touchdowns",
    "away_touchdowns",
    "home_journeymen_casualties",
    "away_journeymen_casualties",
    "conceded_by_id",
]


def _match_what(record, previous, *, with_note: bool, cancelled: set) -> str:
    """What one version of a match did, named as what it was. `cancelled`: the appointments
    (None: without one) that a cancellation of this match called off."""
    score = {"home": record.home_touchdowns, "away": record.away_touchdowns}
    if previous is None:
        if record.played_at:
            return _("Ergebnis eingetragen: %(home)d:%(away)d") % score
        if record.scheduled_at:
            return _("Spiel angelegt, Termin %(when)s") % {"when": _local(record.scheduled_at)}
        return _("Spiel angelegt, noch ohne Termin")
    if record.deleted_at and not previous.deleted_at:
        return _("Ergebnis gelöscht")
    if previous.deleted_at and not record.deleted_at:
        return _("Ergebnis wiederhergestellt")
    if record.confirmed_at and not previous.confirmed_at:
        return _("Ergebnis bestätigt")
    if record.disputed_at and record.disputed_at != previous.disputed_at:
        if not with_note:
            return _("Einwand an die Admins")
        return _("Einwand: %(note)s") % {"note": record.dispute_note}
    if record.forfeited_by_id and record.forfeited_by_id != previous.forfeited_by_id:
        return _("Kampflos gewertet: %(team)s verliert 0:3") % {
            "team": _team(record, "forfeited_by")
        }
    if previous.forfeited_by_id and not record.forfeited_by_id:
        return _("Kampflos-Wertung zurückgenommen")
    if record.played_at and not previous.played_at:
        return _("Ergebnis eingetragen: %(home)d:%(away)d") % score
    if any(getattr(record, f) != getattr(previous, f) for f in RESULT_FIELDS):
        return _("Ergebnis geändert")
    if record.scheduled_at != previous.scheduled_at:
        if record.scheduled_at is None:
            if previous.scheduled_at in cancelled:
                return _("Termin abgesagt: %(when)s") % {"when": _local(previous.scheduled_at)}
            return _("Termin gestrichen")
        if previous.scheduled_at is None:
            return _("Termin vereinbart: %(when)s") % {"when": _local(record.scheduled_at)}
        return _("Termin verschoben: %(before)s → %(after)s") % {
            "before": _local(previous.scheduled_at),
            "after": _local(record.scheduled_at),
        }
    return _("Spiel geändert")


def _tick_what(record, previous) -> str:
    try:
        player = str(record.player)
    except ObjectDoesNotExist:
        player = _("(gelöschter Spieler)")
    values = {"player": player, "kind": record.get_kind_display()}
    if record.history_type == "+":
        return _("Ausfall angekreuzt: %(player)s %(kind)s") % values
    if record.history_type == "-":
        return _("Ausfall entfernt: %(player)s %(kind)s") % values
    return _("Ausfall geändert: %(player)s") % values


def _development_what(record, previous) -> str:
    values = {"team": record.team, "choice": record.get_choice_display()}
    if record.history_type == "+":
        return _("Entwicklung von %(team)s: %(choice)s") % values
    if record.reset_at and (previous is None or not previous.reset_at):
        return _("Entwicklung von %(team)s zurückgesetzt") % values
    return _("Entwicklung von %(team)s geändert") % values


def match_history(match: Match, *, with_note: bool = True) -> list[HistoryEntry]:
    """Every recorded change of `match`, its ticks and developments, newest first.

    `with_note=False` leaves out what a dispute's note said (for readers other than the two
    coaches and the admins)."""
    cancelled = set(match.cancellations.values_list("appointment", flat=True))
    sources = [
        (Match, match.history.all(), None),
        (
            CasualtyTick,
            CasualtyTick.history.filter(match_id=match.pk).select_related("player"),
            _tick_what,
        ),
        (
            Development,
            Development.history.filter(match_id=match.pk).select_related(
                "team", "player", "skill", "bonus_skill", "category"
            ),
            _development_what,
        ),
    ]
    entries = []
    for model, records, what in sources:
        for record, previous in _with_previous(records.select_related("history_user")):
            changes = []
            if previous is not None and record.history_type == "~":
                hidden = () if with_note or model is not Match else NOTE_FIELDS
                changes = _changes(model, record, previous, hidden=hidden)
                if not changes:
                    continue
            if model is Match:
                text = _match_what(record, previous, with_note=with_note, cancelled=cancelled)
            else:
                text = what(record, previous)
            who = str(record.history_user) if record.history_user else _("unbekannt")
            entries.append(HistoryEntry(record.history_date, who, text, changes))
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries
