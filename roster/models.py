"""Teams and their squads ("Kader verwalten").

A player copies what he needs from his position when he is created (starting skills, skill
categories), so later edits of the race templates never change him. Everything that follows from
matches (his status 🏥/💀, the skills he gained, the journeymen a team needs) is derived in the
`matches` app, which sits above this one; nothing here knows about matches.
"""

from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower, Now
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from config.minutes import end_of_minute
from config.pagecache import fragments
from config.roles import is_league_admin
from config.writeguard import GuardedQuerySet
from rules.models import Position, Race, Skill, SkillCategory

TEAM_REROLLS = 2
FAN_FACTOR = 3
MIN_PLAYERS = 7
MAX_PLAYERS = 11
MAX_WITHOUT_LINEMAN = 4


class TeamQuerySet(GuardedQuerySet):
    """Every workflow that changes a squad or a team's results locks the team's row first
    (`Team.objects.lock(*pks)`, config/writeguard.py): two results of one team, or a result
    and a player's deletion, are then checked one after the other."""

    def coached_by(self, user):
        if not user.is_authenticated:
            return self.none()
        return self.filter(coach=user)

    def editable_by(self, user):
        """Teams the user may manage: his own, or all of them for staff."""
        if is_league_admin(user):
            return self
        return self.coached_by(user)


class Team(models.Model):
    name = models.CharField(_("Name"), max_length=60)
    race = models.ForeignKey(
        Race, verbose_name=_("Rasse"), on_delete=models.PROTECT, related_name="teams"
    )
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Coach"),
        on_delete=models.PROTECT,
        related_name="teams",
    )
    created_at = models.DateTimeField(_("angelegt am"), db_default=Now())

    objects = TeamQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("Team")
        verbose_name_plural = _("Teams")
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="team_name_unique_ci",
                violation_error_message=_("Ein Team mit diesem Namen gibt es schon."),
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("roster:team-detail", kwargs={"pk": self.pk})

    @property
    def rerolls(self) -> int:
        """Team rerolls per match: a fixed team property in our league (no treasury)."""
        return TEAM_REROLLS

    @property
    def fan_factor(self) -> int:
        return FAN_FACTOR

    def roster(self):
        """Players on the roster: everybody not retired."""
        return self.players.active()

    def is_coached_by(self, user) -> bool:
        return user.is_authenticated and self.coach_id == user.pk

    def is_editable_by(self, user) -> bool:
        """May `user` manage this squad: its coach, or an admin (`TeamQuerySet.editable_by`
        says the same of many teams)."""
        return is_league_admin(user) or self.is_coached_by(user)


class PlayerQuerySet(models.QuerySet):
    def active(self):
        return self.filter(retired_on__isnull=True)

    def on_roster_at(self, moment: datetime):
        """Players who were on the roster at `moment`: created before it or within the same
        minute (a match time is entered to the minute), and not retired before its day (a
        player retired on match day still played)."""
        day = timezone.localtime(moment).date()
        return self.filter(created_at__lt=end_of_minute(moment)).filter(
            models.Q(retired_on__isnull=True) | models.Q(retired_on__gte=day)
        )

    def for_roster_page(self):
        return (
            self.select_related("position")
            .prefetch_related(
                models.Prefetch(
                    "skills",
                    queryset=PlayerSkill.objects.select_related("skill").order_by("order", "pk"),
                ),
                "primary_categories",
                "secondary_categories",
            )
            .order_by("number")
        )


class Player(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("Name"), max_length=60)
    number = models.PositiveSmallIntegerField(_("Nummer"))
    position = models.ForeignKey(
        Position,
        verbose_name=_("Position"),
        on_delete=models.PROTECT,
        related_name="players",
        help_text=_("Nach dem ersten Spiel nicht mehr änderbar."),
    )
    categories_recorded = models.BooleanField(
        _("Kategorien festgelegt"),
        default=False,
        help_text=_("Ohne Festlegung ist der Spieler unbeschränkt (jede Kategorie)."),
    )
    primary_categories = models.ManyToManyField(
        SkillCategory, verbose_name=_("Primär"), blank=True, related_name="+"
    )
    secondary_categories = models.ManyToManyField(
        SkillCategory, verbose_name=_("Sekundär"), blank=True, related_name="+"
    )
    retired_on = models.DateField(_("entlassen am"), null=True, blank=True)
    created_at = models.DateTimeField(_("angelegt am"), db_default=Now())

    objects = PlayerQuerySet.as_manager()
    history = HistoricalRecords(
        verbose_name=_("Spieler (Verlauf)"),
        m2m_fields=[primary_categories, secondary_categories],
    )

    class Meta:
        ordering = ["team", "number"]
        verbose_name = _("Spieler")
        verbose_name_plural = pgettext_lazy("plural", "Spieler")
        constraints = [
            models.UniqueConstraint(
                fields=["team", "number"],
                condition=models.Q(retired_on__isnull=True),
                name="player_number_unique_on_roster",
                violation_error_message=_("Diese Nummer trägt schon ein Spieler des Teams."),
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=99),
                name="player_number_range",
                violation_error_message=_("Die Nummer muss zwischen 1 und 99 liegen."),
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"

    def get_absolute_url(self) -> str:
        return f"{self.team.get_absolute_url()}#spieler-{self.pk}"

    def page_scopes(self) -> tuple[str, ...]:
        """What a change of this player touches in the page cache: his team's pages (the
        squad, the player pages, the match pages of the team; config/pagecache/fragments.py),
        and where other pages name him (`roster_scope`: a visitor's match page) or offer him
        (`players_scope`: the result form)."""
        return (
            fragments.team_scope(self.team_id),
            fragments.roster_scope(self.team_id),
            fragments.players_scope(self.team_id),
        )

    @property
    def is_retired(self) -> bool:
        return self.retired_on is not None

    def starting_skills(self) -> list["PlayerSkill"]:
        return [entry for entry in self.skills.all() if entry.source == PlayerSkill.Source.START]

    def copy_categories_from_position(self) -> None:
        """ "Aus Vorlage übernehmen": record the position's primary and secondary sets."""
        self.categories_recorded = True
        self.save(update_fields=["categories_recorded"])
        self.primary_categories.set(self.position.primary_categories.all())
        self.secondary_categories.set(self.position.secondary_categories.all())

    def set_categories(self, *, primary, secondary) -> None:
        """The coach's own sets (e.g. only General and Strength primary); either may be empty."""
        self.categories_recorded = True
        self.save(update_fields=["categories_recorded"])
        self.primary_categories.set(primary)
        self.secondary_categories.set(secondary)

    def clear_categories(self) -> None:
        """Back to unrestricted: any category."""
        self.categories_recorded = False
        self.save(update_fields=["categories_recorded"])
        self.primary_categories.clear()
        self.secondary_categories.clear()

    def category_names(self) -> tuple[str, str] | None:
        """(primary, secondary) as names ("General, Devious"), None when unrestricted; uses the
        prefetched categories."""
        if not self.categories_recorded:
            return None

        def names(categories) -> str:
            ordered = sorted(categories, key=lambda c: (c.order, c.code))
            return ", ".join(c.name for c in ordered)

        return names(self.primary_categories.all()), names(self.secondary_categories.all())

    def category_codes(self) -> tuple[str, str] | None:
        """(primary, secondary) codes, or None when unrestricted."""
        if not self.categories_recorded:
            return None
        return (
            Position.category_codes(self.primary_categories.all()),
            Position.category_codes(self.secondary_categories.all()),
        )


def team_of_player(player_id: int) -> int:
    """The team a player belongs to (for the page cache's scopes of rows that name a player)."""
    return Player.objects.values_list("team_id", flat=True).get(pk=player_id)


def scopes_of_players_team(player_id: int) -> tuple[str, str]:
    """The scopes a row about one player touches (a skill, a record by hand, a hatred): his
    team's pages and what its players own (config/pagecache/fragments.py)."""
    team = team_of_player(player_id)
    return (fragments.team_scope(team), fragments.players_scope(team))


class PlayerSkill(models.Model):
    """A skill a player has of his own: copied from his position at creation, or granted by an
    admin by hand. Skills gained by development are not stored here: they are the
    developments' own skills (see `matches.skills`)."""

    class Source(models.TextChoices):
        START = "start", _("Start-Fertigkeit")
        GAINED = "gained", _("von Hand vergeben")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="skills")
    skill = models.ForeignKey(
        Skill, verbose_name=_("Fertigkeit"), on_delete=models.PROTECT, related_name="+"
    )
    parameter = models.CharField(_("Wert"), max_length=30, blank=True)
    source = models.CharField(_("Herkunft"), max_length=10, choices=Source, default=Source.START)
    order = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)

    history = HistoricalRecords(verbose_name=_("Spieler-Fertigkeit (Verlauf)"))

    class Meta:
        ordering = ["player", "order", "pk"]
        verbose_name = _("Spieler-Fertigkeit")
        verbose_name_plural = _("Spieler-Fertigkeiten")
        constraints = [
            # A skill granted by hand may repeat one lost with a death, so only the starting
            # skills are unique per player.
            models.UniqueConstraint(
                fields=["player", "skill"],
                condition=models.Q(source="start"),
                name="player_starting_skill_once",
            )
        ]

    def __str__(self) -> str:
        return self.label

    def page_scopes(self) -> tuple[str, ...]:
        return scopes_of_players_team(self.player_id)

    @property
    def is_gained(self) -> bool:
        return self.source == self.Source.GAINED

    @property
    def label(self) -> str:
        return self.skill.label(self.parameter)
