"""Season workflows: starting the next season, enrolling teams (docs/league.md, "Saisons")."""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from config.roles import is_league_admin
from roster.models import Team
from roster.services import create_team

from .models import Season


def start_next_season(*, by, closing: int | None = None) -> Season:
    """Close the current season and start the next one (admins only).

    The new season copies the points settings of the previous one and enrolls its teams; the
    very first season enrolls every team that exists. `closing` is the number of the season
    the admin means to close (0 before the first one), as his form showed it: if another
    start came first (a double click, two admins at once), this one is refused instead of
    starting yet another season.
    """
    if not is_league_admin(by):
        raise PermissionDenied(_("Nur Admins starten eine neue Saison."))
    try:
        with transaction.atomic():
            # Locking the current season makes two concurrent starts run one after the other;
            # the unique constraints (number, one current season) catch the rest.
            previous = next(iter(Season.objects.filter(is_current=True).locked()), None)
            if closing is not None and (previous.number if previous else 0) != closing:
                raise ValidationError(
                    _("Saison %(number)d hat schon begonnen.") % {"number": closing + 1}
                )
            last = Season.objects.order_by("-number").first()
            settings = previous.points_settings() if previous else {}
            if previous:
                previous.is_current = False
                previous.save(update_fields=["is_current"])
            season = Season.objects.create(
                number=(last.number + 1) if last else 1,
                is_current=True,
                started_by=by,
                **settings,
            )
            teams = previous.teams.all() if previous else Team.objects.all()
            season.teams.set(teams)
    except IntegrityError as error:
        raise ValidationError(
            _("Gleichzeitig wurde schon eine neue Saison gestartet. Bitte die Liste prüfen.")
        ) from error
    return season


def enroll_in_current_season(*, team: Team) -> Season | None:
    """A team created during a season joins the current one."""
    season = Season.objects.current()
    if season is not None:
        season.teams.add(team)
    return season


def found_team(**team) -> Team:
    """A new team with its first squad (`roster.services.create_team`), enrolled in the current
    season when one runs; both or nothing."""
    with transaction.atomic():
        created = create_team(**team)
        enroll_in_current_season(team=created)
    return created
