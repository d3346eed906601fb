"""The demo league that `make run` sets up: reference data and the demo logins.

Built to grow: as teams, seasons and matches arrive, `ensure_demo_league` fills them in too.
Every step is idempotent, so running it again keeps the data and duplicates nothing.
"""

from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from league.models import Season
from league.services import found_team, start_next_season
from roster.models import Team
from roster.services import PlayerSpec
from rules.models import HandbookSection, Race

from .models import Casualty
from .open_matches import create_match
from .services import MatchEntry, enter_match


@dataclass(frozen=True)
class DemoLogin:
    username: str
    password: str
    role: str
    email: str  # the demo's mails go there (to the console under `make run`)


DEMO_ADMIN = DemoLogin("admin", "hopfen-admin", "Admin", "admin@example.org")
DEMO_COACH = DemoLogin("coach", "hopfen-coach", "Coach", "coach@example.org")


def ensure_reference_data() -> bool:
    """Load races, positions and skills once; never overwrite what admins have edited."""
    if Race.objects.exists():
        return False
    call_command("loaddata", "reference", verbosity=0)
    return True


def ensure_handbook() -> bool:
    """Load the handbook's sections and tables once; staff edit them in the admin later."""
    if HandbookSection.objects.exists():
        return False
    call_command("loaddata", "handbook", verbosity=0)
    return True


def ensure_user(login: DemoLogin, *, staff: bool) -> bool:
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(
        username=login.username,
        defaults={
            "is_staff": staff,
            "is_superuser": staff,
            "first_name": login.role,
            "public_name": login.role,
            "email": login.email,
        },
    )
    if created:
        user.set_password(login.password)
        user.save(update_fields=["password"])
    elif not user.email:
        # demo accounts from before they had addresses get theirs; a changed one stays
        user.email = login.email
        user.save(update_fields=["email"])
    return created


# name, race, coach, [(position, how many)] – seven players each, within every limit.
DEMO_TEAMS = [
    (
        "Hopfenfeld Hooligans",
        "Human",
        DEMO_COACH,
        [("Human Lineman", 4), ("Human Blitzer", 1), ("Human Catcher", 1), ("Human Thrower", 1)],
    ),
    (
        "Sieg-Säufer",
        "Orc",
        DEMO_ADMIN,
        [("Orc Lineman", 5), ("Orc Blitzer", 1), ("Goblin Lineman", 1)],
    ),
]
DEMO_NAMES = ["Grimm", "Hagen", "Brakk", "Ulla", "Moe", "Zacharias", "Knorz", "Tilda", "Rufus"]


def ensure_demo_teams() -> list[str]:
    user_model = get_user_model()
    created = []
    for name, race_name, login, lineup in DEMO_TEAMS:
        if Team.objects.filter(name=name).exists():
            continue
        race = Race.objects.get(name=race_name)
        specs = []
        for position_name, count in lineup:
            position = race.positions.get(name=position_name)
            for _ in range(count):
                number = len(specs) + 1
                specs.append(PlayerSpec(DEMO_NAMES[number - 1], number, position))
        coach = user_model.objects.get(username=login.username)
        found_team(name=name, race=race, coach=coach, players=specs)
        created.append(f"Team „{name}“ angelegt")
    return created


def ensure_demo_season() -> list[str]:
    """The first season with both demo teams, one played match with a 🏥 in it and the
    return match with an appointment.

    Only when no season exists yet, so admins' seasons and results are never touched.
    """
    if Season.objects.exists():
        return []
    admin = get_user_model().objects.get(username=DEMO_ADMIN.username)
    season = start_next_season(by=admin)
    created = [f"{season} begonnen"]
    home = Team.objects.filter(name=DEMO_TEAMS[0][0]).first()
    away = Team.objects.filter(name=DEMO_TEAMS[1][0]).first()
    enrolled = set(season.teams.values_list("pk", flat=True))
    if home is None or away is None or not {home.pk, away.pk} <= enrolled:
        return created
    victim = home.roster().order_by("number").first()
    entry = MatchEntry(
        home=home,
        away=away,
        played_at=timezone.now(),
        home_touchdowns=1,
        away_touchdowns=2,
        away_journeymen_casualties=0,
        casualties={victim.pk: Casualty.SERIOUSLY_INJURED} if victim else {},
    )
    match = enter_match(entry=entry, by=admin)
    created.append(f"Demo-Spiel {match} eingetragen")
    # The return match, agreed for three days from now at 19:30, to show appointments.
    appointment = (timezone.localtime() + timedelta(days=3)).replace(
        hour=19, minute=30, second=0, microsecond=0
    )
    rematch = create_match(home=away, away=home, scheduled_at=appointment, by=admin)
    created.append(f"Demo-Termin {rematch.label()} angelegt")
    return created


@transaction.atomic
def ensure_demo_league() -> list[str]:
    """Set up everything the demo needs; return a line per thing created."""
    created = []
    if ensure_reference_data():
        created.append("Rassen, Positionen und Fertigkeiten geladen")
    if ensure_handbook():
        created.append("Regelheft geladen")
    if ensure_user(DEMO_ADMIN, staff=True):
        created.append(f"Admin „{DEMO_ADMIN.username}“ angelegt")
    if ensure_user(DEMO_COACH, staff=False):
        created.append(f"Coach „{DEMO_COACH.username}“ angelegt")
    created += ensure_demo_teams()
    created += ensure_demo_season()
    return created
