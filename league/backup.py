"""Backing up the whole league into one portable file and restoring it into an empty database.

The file is gzip-compressed JSON: a small header (format, when, the migration state) and every
row of the project's tables in Django's serialization format, with their ids, so links and
addresses stay the same after a restore. It does not depend on the database: a backup taken on
PostgreSQL restores on SQLite and the other way round.

Left out on purpose: Django's content types and permissions (migrate recreates them; references
to them are stored by name), sessions (everybody logs in again) and django-axes' login attempts
(short-lived). Everything else, including history tables added later, is included.
"""

import gzip
import json
import tempfile
import uuid
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path

from django.apps import apps
from django.core import serializers
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.serializers.base import DeserializationError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils.duration import duration_iso_string

FORMAT = "hopfen-und-sieg-backup"
VERSION = 1
EXCLUDED_APPS = {"contenttypes", "sessions", "axes"}
EXCLUDED_MODELS = {"auth.permission"}


class BackupError(Exception):
    """A backup that cannot be restored here; the message says why, in German."""


def backed_up_models() -> list:
    """Every concrete model whose rows belong in a backup, each after the models it refers to
    (see `_in_dependency_order`)."""
    return _in_dependency_order(
        [
            model
            for model in apps.get_models()
            if model._meta.app_label not in EXCLUDED_APPS
            and model._meta.label_lower not in EXCLUDED_MODELS
            and not model._meta.proxy
            and model._meta.managed
        ]
    )


def _referred_models(model, among: set) -> set:
    """The models of `among` that rows of `model` refer to (foreign keys, many-to-many)."""
    return {
        field.related_model
        for field in model._meta.get_fields()
        if (field.many_to_one or field.one_to_one or field.many_to_many)
        and field.concrete
        and field.related_model in among
        and field.related_model is not model
    }


def _in_dependency_order(models: list) -> list:
    """`models` with every model after those it refers to, else in app order.

    A row may name another by its natural key (an admin log entry names its user by user
    name), and loaddata looks such a key up while it reads: the user must come first, or
    the restore breaks (issue 26). A cycle, should one appear, keeps the app order.
    """
    among = set(models)
    waiting = {model: _referred_models(model, among) for model in models}
    ordered: list = []
    while waiting:
        ready = [m for m in models if m in waiting and not (waiting[m] - set(ordered))]
        if not ready:  # a cycle: take the first waiting model as it is
            ready = [next(m for m in models if m in waiting)]
        for model in ready:
            ordered.append(model)
            del waiting[model]
    return ordered


def migration_state(using: str = DEFAULT_DB_ALIAS) -> dict[str, list[str]]:
    """App label -> applied migrations, as the restore target must have them."""
    recorder = MigrationRecorder(connections[using])
    state: dict[str, list[str]] = {}
    for app, name in sorted(recorder.applied_migrations()):
        state.setdefault(app, []).append(name)
    return state


def _exact(value):
    """JSON for what Django's serializer leaves as Python values. Unlike DjangoJSONEncoder this
    keeps the microseconds of times: play order and history order depend on them."""
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, timedelta):
        return duration_iso_string(value)
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    raise TypeError(f"not serialisable: {type(value).__name__}")


def write_backup(path: Path, *, using: str = DEFAULT_DB_ALIAS) -> int:
    """Write the backup file; returns the number of rows saved."""
    objects = []
    with transaction.atomic(using=using):  # one consistent snapshot of every table
        for model in backed_up_models():
            rows = model._base_manager.using(using).order_by("pk")
            objects += serializers.serialize(
                "python", rows.iterator(), use_natural_foreign_keys=True
            )
        migrations = migration_state(using)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "created_at": datetime.now(UTC).isoformat(),
        "migrations": migrations,
        "objects": objects,
    }
    with gzip.open(path, "wt", encoding="utf-8") as file:
        json.dump(document, file, ensure_ascii=False, default=_exact)
    return len(objects)


def read_backup(path: Path) -> dict:
    """The document of a backup file, or BackupError saying in German what is wrong with it."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as file:
            document = json.load(file)
    except FileNotFoundError as error:
        raise BackupError(f"Die Datei {path} gibt es nicht.") from error
    except (EOFError, json.JSONDecodeError) as error:
        raise BackupError(
            "Die Sicherung ist unvollständig (abgeschnitten oder beschädigt); bitte eine "
            "vollständige Datei nehmen."
        ) from error
    except (OSError, ValueError) as error:
        raise BackupError(f"Die Datei ist keine lesbare Sicherung: {error}") from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError("Die Datei ist keine Sicherung dieser App.")
    if document.get("version") != VERSION:
        raise BackupError(f"Unbekannte Version der Sicherung: {document.get('version')}.")
    if not isinstance(document.get("migrations"), dict):
        raise BackupError("Der Sicherung fehlt der Migrationsstand („migrations“).")
    objects = document.get("objects")
    if not isinstance(objects, list) or not objects:
        raise BackupError("Die Sicherung enthält keine Datensätze („objects“ fehlt oder ist leer).")
    if not all(isinstance(row, dict) and "model" in row and "fields" in row for row in objects):
        raise BackupError("Die Sicherung enthält Datensätze ohne Modell oder Felder.")
    return document


def _model_of(label: str):
    try:
        return apps.get_model(label)
    except (LookupError, ValueError) as error:
        raise BackupError(
            f"Die Sicherung enthält Daten einer unbekannten Tabelle: {label}."
        ) from error


def _in_restore_order(objects: list) -> list:
    """The rows, each model after those it refers to (backups written before that order)."""
    place = {model._meta.label_lower: index for index, model in enumerate(backed_up_models())}
    return sorted(objects, key=lambda row: place.get(row["model"].lower(), len(place)))


def _problems(objects: list) -> list[str]:
    """German messages for what the database would refuse: a reference to a row the backup
    does not hold, and a value twice where the model allows it once (e.g. a season number)."""
    ids: dict = {model: set() for model in backed_up_models()}
    for row in objects:
        ids.setdefault(_model_of(row["model"]), set()).add(row.get("pk"))
    problems: list[str] = []
    for row in objects:
        model = _model_of(row["model"])
        for field in model._meta.concrete_fields:
            target = field.related_model if field.is_relation else None
            value = row["fields"].get(field.name)
            if target is None or value is None or isinstance(value, list):
                continue  # no link, or a natural key (looked up by loaddata)
            if not field.target_field.primary_key:
                continue
            if target in ids and value not in ids[target]:
                problems.append(
                    f"{model._meta.verbose_name} {row.get('pk')} verweist mit "
                    f"„{field.verbose_name}“ auf {target._meta.verbose_name} {value}, "
                    "der in der Sicherung fehlt."
                )
    for model in ids:
        problems += _duplicates(model, [r for r in objects if _model_of(r["model"]) is model])
    return problems


def _unique_sets(model) -> list[tuple[str, ...]]:
    from django.db.models import UniqueConstraint

    sets = [(f.name,) for f in model._meta.concrete_fields if f.unique and not f.primary_key]
    sets += [tuple(names) for names in model._meta.unique_together]
    sets += [
        tuple(c.fields)
        for c in model._meta.constraints
        if isinstance(c, UniqueConstraint) and c.fields and c.condition is None
    ]
    return sets


def _duplicates(model, rows: list) -> list[str]:
    problems = []
    for names in _unique_sets(model):
        seen: dict = {}
        for row in rows:
            key = tuple(json.dumps(row["fields"].get(n), sort_keys=True) for n in names)
            if "null" in key:
                continue  # NULL never clashes
            if key in seen:
                fields = ", ".join(str(model._meta.get_field(n).verbose_name) for n in names)
                values = ", ".join(str(row["fields"].get(n)) for n in names)
                problems.append(
                    f"{model._meta.verbose_name}: {fields} {values} kommt doppelt vor "
                    f"(Datensätze {seen[key]} und {row.get('pk')})."
                )
            seen.setdefault(key, row.get("pk"))
    return problems


def non_empty_tables(using: str = DEFAULT_DB_ALIAS) -> list[str]:
    return [
        model._meta.label
        for model in backed_up_models()
        if model._default_manager.using(using).exists()
    ]


def restore_backup(path: Path, *, using: str = DEFAULT_DB_ALIAS) -> int:
    """Load a backup into an empty, migrated database; returns the number of rows loaded.

    Refuses (BackupError) when the database already holds data or its migrations differ from the
    backup's, so nothing is mixed or overwritten. All or nothing: one transaction.
    """
    document = read_backup(path)
    filled = non_empty_tables(using)
    if filled:
        tables = ", ".join(filled)
        raise BackupError(
            f"Die Datenbank ist nicht leer ({tables}). Bitte in eine frisch migrierte, leere "
            "Datenbank zurückspielen."
        )
    here = migration_state(using)
    wanted = {app: names for app, names in document["migrations"].items() if app in here}
    missing = {
        app: sorted(set(names) - set(here.get(app, [])))
        for app, names in wanted.items()
        if set(names) - set(here.get(app, []))
    }
    if missing:
        raise BackupError(
            "Die Sicherung stammt von einem neueren Stand; erst `manage.py migrate` mit dem "
            f"passenden Code ausführen. Fehlende Migrationen: {missing}"
        )
    objects = _in_restore_order(document["objects"])
    problems = _problems(objects)
    if problems:
        shown = " ".join(problems[:5])
        more = f" (und {len(problems) - 5} weitere)" if len(problems) > 5 else ""
        raise BackupError(
            f"Die Sicherung ist fehlerhaft, nichts wurde zurückgespielt: {shown}{more}"
        )
    with tempfile.TemporaryDirectory() as folder:
        fixture = Path(folder) / "backup.json"
        fixture.write_text(json.dumps(objects, ensure_ascii=False), encoding="utf-8")
        try:
            with transaction.atomic(using=using):
                call_command("loaddata", str(fixture), database=using, verbosity=0)
        except (DatabaseError, DeserializationError, ValidationError) as error:
            raise BackupError(
                f"Die Datenbank hat die Sicherung abgelehnt, nichts wurde zurückgespielt: {error}"
            ) from error
    cache.clear()  # derived pages of whatever was there before must not survive
    return len(document["objects"])
