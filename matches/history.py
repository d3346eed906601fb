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


def _changes(model, record, previous) -> list[Change]:
    """Each stored field whose value differs between the two versions."""
    changes = []
    for model_field in model._meta.concrete_fields:
        if model_field.primary_key or model_field.name in NOT_SHOWN:
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


def _match_what(record, previous, changes: list[Change]) -> str:
    if previous is None:
        return _("Ergebnis eingetragen: %(home)d:%(away)d") % {
            "home": record.home_touchdowns,
            "away": record.away_touchdowns,
        }
    if record.deleted_at and not previous.deleted_at:
        return _("Ergebnis gelöscht")
    if previous.deleted_at and not record.deleted_at:
        return _("Ergebnis wiederhergestellt")
    if record.confirmed_at and not previous.confirmed_at:
        return _("Ergebnis bestätigt")
    if record.disputed_at and record.disputed_at != previous.disputed_at:
        return _("Einwand: %(note)s") % {"note": record.dispute_note}
    return _("Ergebnis geändert")


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


def match_history(match: Match) -> list[HistoryEntry]:
    """Every recorded change of `match`, its ticks and developments, newest first."""
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
                changes = _changes(model, record, previous)
                if not changes:
                    continue
            if model is Match:
                text = _match_what(record, previous, changes)
            else:
                text = what(record, previous)
            who = str(record.history_user) if record.history_user else _("unbekannt")
            entries.append(HistoryEntry(record.history_date, who, text, changes))
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries
