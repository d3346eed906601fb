from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Now
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from config.writeguard import GuardedQuerySet


class User(AbstractUser):
    """A club member's account: coaches own teams, staff members administer the league.

    A custom user model from the first migration, so fields can be added without a painful
    switch later.
    """

    public_name = models.CharField(
        _("Anzeigename"),
        max_length=40,
        blank=True,
        # also for rows written without it (older code, migration tests, raw inserts)
        db_default="",
        help_text=_("So heißt der Coach auf allen Seiten; leer: sein Benutzername."),
    )

    class Meta(AbstractUser.Meta):
        verbose_name = _("Benutzer")
        verbose_name_plural = _("Benutzer")

    def __str__(self) -> str:
        # Pages show the public name, never first and last name (those stay private).
        return self.display_name

    @property
    def display_name(self) -> str:
        return self.public_name or self.username


class SeasonQuerySet(GuardedQuerySet):
    def current(self) -> "Season | None":
        """The one season that is running now (None before the first one starts)."""
        return self.filter(is_current=True).first()

    def latest_first(self):
        return self.order_by("-number")


class Season(models.Model):
    """A season of the league: its enrolled teams and the points its table uses.

    Seasons are numbered in order; exactly one is current (an admin starts the next one with
    `league.services.start_next_season`). The points settings belong to the season and are
    copied into the next one.
    """

    number = models.PositiveSmallIntegerField(_("Nummer"), unique=True)
    is_current = models.BooleanField(_("aktuell"), default=False, editable=False)
    started_at = models.DateTimeField(_("begonnen am"), db_default=Now(), editable=False)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("begonnen von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
    )
    teams = models.ManyToManyField(
        "roster.Team", verbose_name=_("Teams"), blank=True, related_name="seasons"
    )
    points_win = models.PositiveSmallIntegerField(_("Punkte für einen Sieg"), default=3)
    points_draw = models.PositiveSmallIntegerField(_("Punkte für ein Unentschieden"), default=1)
    points_loss = models.PositiveSmallIntegerField(_("Punkte für eine Niederlage"), default=0)
    bonus_first_tier = models.PositiveSmallIntegerField(
        _("Bonuspunkt ab Spielerausfällen"),
        default=2,
        help_text=_("Ein Bonuspunkt, wenn ein Team in einem Spiel so viele Ausfälle verursacht."),
    )
    bonus_second_tier = models.PositiveSmallIntegerField(
        _("zweiter Bonuspunkt ab Spielerausfällen"), default=3
    )

    objects = SeasonQuerySet.as_manager()
    history = HistoricalRecords(verbose_name=_("Saison (Verlauf)"))

    class Meta:
        ordering = ["number"]
        verbose_name = _("Saison")
        verbose_name_plural = _("Saisons")
        constraints = [
            models.UniqueConstraint(
                fields=["is_current"],
                condition=models.Q(is_current=True),
                name="season_one_current",
                violation_error_message=_("Es kann nur eine aktuelle Saison geben."),
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1),
                name="season_number_positive",
                violation_error_message=_("Die Saison-Nummer beginnt bei 1."),
            ),
            models.CheckConstraint(
                condition=models.Q(bonus_first_tier__gte=1)
                & models.Q(bonus_second_tier__gt=models.F("bonus_first_tier")),
                name="season_bonus_tiers_ascending",
                violation_error_message=_(
                    "Die Bonus-Stufen brauchen mindestens 1 Ausfall, die zweite mehr als die erste."
                ),
            ),
        ]

    def __str__(self) -> str:
        return _("Saison %(number)d") % {"number": self.number}

    def get_absolute_url(self) -> str:
        return f"{reverse('league:standings')}?saison={self.pk}"

    def points_settings(self) -> dict[str, int]:
        """The values a new season copies from this one."""
        return {name: getattr(self, name) for name in POINTS_FIELDS}


POINTS_FIELDS = (
    "points_win",
    "points_draw",
    "points_loss",
    "bonus_first_tier",
    "bonus_second_tier",
)
