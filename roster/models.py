"""Teams and their squads ("Kader verwalten").

A player copies what he needs from his position when he is created (starting skills, skill
categories), so later edits of the race templates never change him. His status (🏥, 💀) is
derived from the casualty ticks of the matches (matches/status.py); nothing here stores it.
"""

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower, Now
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules.models import Position, Race, Skill, SkillCategory

TEAM_REROLLS = 2
FAN_FACTOR = 3
MIN_PLAYERS = 7
MAX_PLAYERS = 11
MAX_WITHOUT_LINEMAN = 4


class TeamQuerySet(models.QuerySet):
    def coached_by(self, user):
        if not user.is_authenticated:
            return self.none()
        return self.filter(coach=user)

    def editable_by(self, user):
        """Teams the user may manage: his own, or all of them for staff."""
        if user.is_authenticated and user.is_staff:
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

    def unavailable_players(self, match=None) -> dict:
        """Player id -> the casualty (🏥 or 💀) that keeps him out of `match`.

        Without a match: the team's next match. Derived from the ticks in play order
        (see matches/status.py); two queries.
        """
        from matches.status import suspended_for_match, suspended_for_next_match

        if match is None:
            return suspended_for_next_match(self)
        return suspended_for_match(self, match)

    def journeymen_needed(self, *, roster_pks=None, unavailable=None) -> int:
        """Journeymen the next match needs: 7 minus the available players, never below 0.

        Available: on the roster and not suspended (🏥, 💀) for the next match. A page that has
        already loaded the roster's ids and the unavailable players passes them in.
        """
        if roster_pks is None:
            roster_pks = self.roster().values_list("pk", flat=True)
        if unavailable is None:
            unavailable = self.unavailable_players()
        available = sum(1 for pk in roster_pks if pk not in unavailable)
        return max(0, MIN_PLAYERS - available)


class PlayerQuerySet(models.QuerySet):
    def active(self):
        return self.filter(retired_on__isnull=True)

    def for_roster_page(self):
        return (
            self.select_related("position")
            .prefetch_related(
                models.Prefetch(
                    "skills",
                    queryset=PlayerSkill.objects.select_related(
                        "skill", "development__match__season"
                    ).order_by("order", "pk"),
                ),
                models.Prefetch(
                    "casualties",
                    queryset=Player.death_ticks_queryset(),
                    to_attr="death_ticks",
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

    @property
    def is_retired(self) -> bool:
        return self.retired_on is not None

    def status_for(self, match=None):
        """🏥 or 💀 (a `Casualty`) if he misses `match` (default: his team's next match)."""
        return self.team.unavailable_players(match).get(self.pk)

    def starting_skills(self) -> list["PlayerSkill"]:
        return [entry for entry in self.skills.all() if entry.source == PlayerSkill.Source.START]

    def gained_skills(self) -> list["PlayerSkill"]:
        return [entry for entry in self.skills.all() if entry.source == PlayerSkill.Source.GAINED]

    @staticmethod
    def death_ticks_queryset():
        """His 💀 ticks with their matches' seasons (the kind is matches.models.Casualty.DEAD;
        roster cannot import matches)."""
        from matches.models import CasualtyTick

        return CasualtyTick.objects.filter(kind="dead").select_related("match__season")

    def current_skills(self, at_match=None) -> list["PlayerSkill"]:
        """Starting skills plus the skills gained in seasons after the last season he died (💀)
        in (league.md, "Teams and squads"); older gains stay in the history.

        With `at_match`: what he has going into that match, from the matches before it in play
        order (season, played_at, id). Uses the prefetch of `for_roster_page()` when present
        (no query per player), else two queries.
        """
        cache = getattr(self, "_prefetched_objects_cache", {})
        if "skills" in cache:
            entries = list(cache["skills"])
        else:
            entries = list(
                self.skills.select_related("skill", "development__match__season").order_by(
                    "order", "pk"
                )
            )
        deaths = getattr(self, "death_ticks", None)
        if deaths is None:
            deaths = list(Player.death_ticks_queryset().filter(player=self))

        def place(match) -> tuple:
            return (match.season.number, match.played_at, match.pk)

        limit = place(at_match) if at_match is not None else None
        death_seasons = [
            tick.match.season.number
            for tick in deaths
            if limit is None or place(tick.match) < limit
        ]
        last_death = max(death_seasons, default=None)
        starting, gained = [], []
        for entry in entries:
            if entry.source == PlayerSkill.Source.START:
                starting.append(entry)
                continue
            development = entry.development
            if development is None:  # a gain recorded outside a match: always kept
                gained.append(((0, 0, 0), entry))
                continue
            where = (
                development.match.season.number,
                development.match.played_at.timestamp(),
                development.match.pk,
            )
            if limit is not None and place(development.match) >= limit:
                continue
            if last_death is not None and development.match.season.number <= last_death:
                continue
            gained.append((where, entry))
        gained.sort(key=lambda pair: (pair[0], pair[1].pk))
        return starting + [entry for _, entry in gained]

    def current_skill_ids(self, at_match=None) -> set[int]:
        return {entry.skill_id for entry in self.current_skills(at_match)}

    def copy_categories_from_position(self) -> None:
        """ "Aus Vorlage übernehmen": record the position's primary and secondary sets."""
        self.categories_recorded = True
        self.save(update_fields=["categories_recorded"])
        self.primary_categories.set(self.position.primary_categories.all())
        self.secondary_categories.set(self.position.secondary_categories.all())

    def clear_categories(self) -> None:
        """Back to unrestricted: any category."""
        self.categories_recorded = False
        self.save(update_fields=["categories_recorded"])
        self.primary_categories.clear()
        self.secondary_categories.clear()

    def category_codes(self) -> tuple[str, str] | None:
        """(primary, secondary) codes, or None when unrestricted."""
        if not self.categories_recorded:
            return None
        return (
            Position.category_codes(self.primary_categories.all()),
            Position.category_codes(self.secondary_categories.all()),
        )


class PlayerSkill(models.Model):
    """A skill a player has: copied from his position at creation, or gained later."""

    class Source(models.TextChoices):
        START = "start", _("Start-Fertigkeit")
        GAINED = "gained", _("Entwicklung")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="skills")
    skill = models.ForeignKey(
        Skill, verbose_name=_("Fertigkeit"), on_delete=models.PROTECT, related_name="+"
    )
    parameter = models.CharField(_("Wert"), max_length=30, blank=True)
    source = models.CharField(_("Herkunft"), max_length=10, choices=Source, default=Source.START)
    order = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)
    development = models.ForeignKey(
        "matches.Development",
        verbose_name=_("Entwicklung"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="gained_skills",
        help_text=_("Die Entwicklung nach einem Spiel, aus der die Fertigkeit stammt."),
    )

    class Meta:
        ordering = ["player", "order", "pk"]
        verbose_name = _("Spieler-Fertigkeit")
        verbose_name_plural = _("Spieler-Fertigkeiten")
        constraints = [
            # A gained skill may come back after a death resets the gains, so only the
            # starting skills are unique per player.
            models.UniqueConstraint(
                fields=["player", "skill"],
                condition=models.Q(source="start"),
                name="player_starting_skill_once",
            )
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def is_gained(self) -> bool:
        return self.source == self.Source.GAINED

    @property
    def label(self) -> str:
        return self.skill.label(self.parameter)
