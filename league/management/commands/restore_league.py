from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from league.backup import BackupError, restore_backup


class Command(BaseCommand):
    help = (
        "Spielt eine Sicherung von `backup_league` in eine leere, migrierte Datenbank zurück "
        "(SQLite oder PostgreSQL). Vorher: `manage.py migrate`."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="Sicherungsdatei von backup_league")
        parser.add_argument("--database", default="default")

    def handle(self, *args, file: Path, database: str, **options):
        try:
            count = restore_backup(file, using=database)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"{count} Datensätze aus {file} zurückgespielt.")
