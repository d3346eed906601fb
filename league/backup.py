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
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils.duration import duration_iso_string

FORMAT = "hopfen-und-sieg-backup"
VERSION = 1
EXCLUDED_APPS = {"contenttypes", "sessions", "axes"}
EXCLUDED_MODELS = {"auth.permission"}


class BackupError(Exception):
    """A backup that cannot be restored here; the message says why, in German."""


def backed_up_models() -> list:
    """Every concrete model whose rows belong in a backup, in app order."""
    return [
        model
        for model in apps.get_models()
        if model._meta.app_label not in EXCLUDED_APPS
        and model._meta.label_lower not in EXCLUDED_MODELS
        and not model._meta.proxy
        and model._meta.managed
    ]


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
    try:
        with gzip.open(path, "rt", encoding="utf-8") as file:
            document = json.load(file)
    except (OSError, ValueError) as error:
        raise BackupError(f"Die Datei ist keine lesbare Sicherung: {error}") from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError("Die Datei ist keine Sicherung dieser App.")
    if document.get("version") != VERSION:
        raise BackupError(f"Unbekannte Version der Sicherung: {document.get('version')}.")
    return document


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
    with tempfile.TemporaryDirectory() as folder:
        fixture = Path(folder) / "backup.json"
        fixture.write_text(json.dumps(document["objects"], ensure_ascii=False), encoding="utf-8")
        with transaction.atomic(using=using):
            call_command("loaddata", str(fixture), database=using, verbosity=0)
    cache.clear()  # derived pages of whatever was there before must not survive
    return len(document["objects"])
