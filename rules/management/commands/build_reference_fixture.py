from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from rules.reference import write_fixture


class Command(BaseCommand):
    help = "Baut fixtures/reference.json aus bb_reference.json und den deutschen Skill-Texten."

    def add_arguments(self, parser):
        parser.add_argument(
            "--source",
            default=str(settings.BASE_DIR.parent / "shared" / "data" / "bb_reference.json"),
        )
        parser.add_argument(
            "--texts", default=str(settings.BASE_DIR / "fixtures" / "sources" / "skills_de.json")
        )
        parser.add_argument("--out", default=str(settings.BASE_DIR / "fixtures" / "reference.json"))

    def handle(self, *args, source, texts, out, **options):
        source_path = Path(source)
        if not source_path.exists():
            raise CommandError(f"Quelle nicht gefunden: {source_path}")
        count = write_fixture(source_path, Path(texts), Path(out))
        self.stdout.write(self.style.SUCCESS(f"{count} Objekte nach {out} geschrieben."))
