from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from rules.reference import write_fixture, write_handbook_fixture


class Command(BaseCommand):
    help = (
        "Baut fixtures/reference.json (Rassen, Positionen, Fertigkeiten) und "
        "fixtures/handbook.json (Regelheft) aus ihren Quellen."
    )

    def add_arguments(self, parser):
        fixtures = settings.BASE_DIR / "fixtures"
        parser.add_argument(
            "--source",
            default=str(settings.BASE_DIR.parent / "shared" / "data" / "bb_reference.json"),
        )
        parser.add_argument("--texts", default=str(fixtures / "sources" / "skills_de.json"))
        parser.add_argument("--handbook", default=str(fixtures / "sources" / "handbook_de.json"))
        parser.add_argument("--out-dir", default=str(fixtures))

    def handle(self, *args, source, texts, handbook, out_dir, **options):
        source_path = Path(source)
        if not source_path.exists():
            raise CommandError(f"Quelle nicht gefunden: {source_path}")
        out = Path(out_dir)
        count = write_fixture(source_path, Path(texts), out / "reference.json")
        self.stdout.write(self.style.SUCCESS(f"{count} Objekte nach reference.json geschrieben."))
        count = write_handbook_fixture(Path(handbook), out / "handbook.json")
        self.stdout.write(self.style.SUCCESS(f"{count} Objekte nach handbook.json geschrieben."))
