from pathlib import Path

from django.core.management.base import BaseCommand

from league.backup import write_backup


class Command(BaseCommand):
    help = (
        "Sichert die ganze Liga (Benutzer, Saisons, Teams, Spieler, Spiele, Ausfälle, "
        "Entwicklungen, Regeldaten, Verlauf) in eine Datei (gzip-JSON)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="Zieldatei, z. B. liga-2026-11-30.json.gz")
        parser.add_argument("--database", default="default")

    def handle(self, *args, file: Path, database: str, **options):
        count = write_backup(file, using=database)
        self.stdout.write(f"{count} Datensätze gesichert in {file}.")
