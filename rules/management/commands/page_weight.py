from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from rules.pageweight import BUDGET_BYTES, page_transfers, total_compressed


class Command(BaseCommand):
    help = "Zeigt, wie viele Bytes Regelheft und Fertigkeiten mit CSS und JS übertragen (gzip)."

    def handle(self, *args, **options):
        over = []
        pages = {
            "Regelheft": (reverse("rules:handbook"), ()),
            "Fertigkeiten": (reverse("rules:skill-list"), (reverse("rules:skill-list-fragment"),)),
        }
        for title, (path, extra) in pages.items():
            transfers = page_transfers(path, extra_paths=extra)
            self.stdout.write(f"\n{title}")
            for t in transfers:
                self.stdout.write(
                    f"  {t.url:<45} {t.raw / 1024:7.1f} KB  → {t.compressed / 1024:6.1f} KB"
                )
            total = total_compressed(transfers)
            self.stdout.write(
                f"  {'Summe komprimiert':<45} {'':>10}    {total / 1024:6.1f} KB "
                f"(Budget {BUDGET_BYTES / 1024:.0f} KB)"
            )
            if total > BUDGET_BYTES:
                over.append(title)
        if over:
            raise CommandError(f"Über dem Budget: {', '.join(over)}")
