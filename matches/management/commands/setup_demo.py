from django.core.management.base import BaseCommand

from matches.demo import DEMO_ADMIN, DEMO_COACH, ensure_demo_league


class Command(BaseCommand):
    help = "Richtet die Demo-Liga ein (Referenzdaten, Demo-Logins). Mehrfach ausführbar."

    def handle(self, *args, **options):
        for line in ensure_demo_league():
            self.stdout.write(f"  + {line}")
        self.stdout.write(self.style.SUCCESS("Demo-Liga bereit. Logins:"))
        for login in (DEMO_ADMIN, DEMO_COACH):
            self.stdout.write(
                f"  {login.role:<6} Benutzer: {login.username:<8} Passwort: {login.password}"
            )
        self.stdout.write("  (Gilt nur, solange das Passwort nicht geändert wurde.)")
