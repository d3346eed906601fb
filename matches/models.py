"""Matches, their casualty ticks and the developments after them ("Spiel eintragen").

Everything that follows from a match is derived, never stored: a player's status (🏥, 💀) from
the ticks in play order (season, then played_at, then id) in `status.py`, his current skills
from the developments in `skills.py`, the league table from the results in `standings.py`.
"""

from datetime import UTC, datetime

from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models
from django.db.models import Count, F, Q
from django.db.models.functions import Now
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from league.models import Season
from roster.models import Player, Team

LEAGUE_FOUNDED = datetime(2000, 1, 1, tzinfo=UTC)
"""No match can be older: a floor the database enforces, so no stored date is unreadable."""

DEVIOUS = "D"
"""The Devious category ("Hinterlistig"): always choosable, and its own bonus skill."""


def _to_the_minute(moment: datetime) -> datetime:
    """played_at is entered to the minute: whatever began within that minute counts as before."""
    return moment.replace(second=0, microsecond=0)


class Casualty(models.TextChoices):
    """What a tick records; only these count as a casualty ("Spielerausfall")."""

    DEAD = "dead", _("💀 tot")
    SERIOUSLY_INJURED = "injured", _("🏥 ernsthaft verletzt")
    BADLY_HURT = "hurt", _("🤕 schwer verletzt")

    @property
    def symbol(self) -> str:
        return {"dead": "💀", "injured": "🏥", "hurt": "🤕"}[self.value]


class MatchQuerySet(models.QuerySet):
    def for_season(self, season: Season):
        return self.filter(season=season)

    def for_team(self, team: Team):
        return self.filter(Q(home=team) | Q(away=team))

    def for_coach(self, user):
        if not user.is_authenticated:
            return self.none()
        return self.filter(Q(home__coach=user) | Q(away__coach=user))

    def played(self):
        """Matches with a result entered as played (concessions included), not deleted.

        Every match of this slice carries a result; forfeits and open matches arrive with
        appointments and will be excluded here.
        """
        return self.filter(deleted_at__isnull=True)

    def deleted(self):
        return self.filter(deleted_at__isnull=False)

    def while_on_roster(self, player: Player):
        """Matches of his team since the player joined it: his matches once played()."""
        return self.for_team(player.team).filter(played_at__gte=player.created_at)

    def in_play_order(self):
        return self.order_by("season__number", "played_at", "pk")

    def before(self, *, season: Season, played_at: datetime, pk: int | None = None):
        """Matches earlier in play order than a match at this place (pk None: a new match)."""
        same_time = Q(season__number=season.number, played_at=played_at)
        if pk is not None:
            same_time &= Q(pk__lt=pk)
        return self.filter(
            Q(season__number__lt=season.number)
            | Q(season__number=season.number, played_at__lt=played_at)
            | same_time
        ).exclude(pk=pk)

    def after(self, match: "Match"):
        """Matches later in play order than the given one."""
        n = match.season.number
        return self.filter(
            Q(season__number__gt=n)
            | Q(season__number=n, played_at__gt=match.played_at)
            | Q(season__number=n, played_at=match.played_at, pk__gt=match.pk)
        )

    def with_casualty_counts(self):
        """Annotate `home_ticks` / `away_ticks`: ticks on the other side's players."""
        return self.annotate(
            home_ticks=Count("casualties", filter=Q(casualties__player__team=F("away"))),
            away_ticks=Count("casualties", filter=Q(casualties__player__team=F("home"))),
        )

    def disputed(self):
        return self.filter(disputed_at__isnull=False)

    def awaiting_confirmation_by(self, user):
        """Results of his teams in the current season that another user saved and nobody has
        confirmed yet: what the coach is asked to confirm."""
        if not user.is_authenticated:
            return self.none()
        return (
            self.filter(season__is_current=True, confirmed_at__isnull=True)
            .for_coach(user)
            .exclude(saved_by=user)
        )

    def editable_by(self, user):
        """Staff correct anything; a coach enters and edits the current season's matches of
        his teams (a closed season's results are for admins only)."""
        if not user.is_authenticated:
            return self.none()
        if user.is_staff:
            return self.filter(deleted_at__isnull=True)
        return self.filter(season__is_current=True, deleted_at__isnull=True).filter(
            Q(home__coach=user) | Q(away__coach=user)
        )


class Match(models.Model):
    season = models.ForeignKey(
        Season, verbose_name=_("Saison"), on_delete=models.PROTECT, related_name="matches"
    )
    home = models.ForeignKey(
        Team, verbose_name=_("Heim"), on_delete=models.PROTECT, related_name="home_matches"
    )
    away = models.ForeignKey(
        Team, verbose_name=_("Gast"), on_delete=models.PROTECT, related_name="away_matches"
    )
    played_at = models.DateTimeField(_("gespielt am"))
    home_touchdowns = models.PositiveSmallIntegerField(_("Touchdowns Heim"), default=0)
    away_touchdowns = models.PositiveSmallIntegerField(_("Touchdowns Gast"), default=0)
    home_journeymen_casualties = models.PositiveSmallIntegerField(
        _("Journeymen-Ausfälle durch Heim"),
        default=0,
        help_text=_("Ausfälle, die das Heim-Team bei Journeymen des Gegners verursacht hat."),
    )
    away_journeymen_casualties = models.PositiveSmallIntegerField(
        _("Journeymen-Ausfälle durch Gast"),
        default=0,
        help_text=_("Ausfälle, die das Gast-Team bei Journeymen des Gegners verursacht hat."),
    )
    conceded_by = models.ForeignKey(
        Team,
        verbose_name=_("aufgegeben von"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    version = models.PositiveIntegerField(_("Version"), default=1, editable=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("eingetragen von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("eingetragen am"), db_default=Now(), editable=False)
    saved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("zuletzt gespeichert von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("bestätigt von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(_("bestätigt am"), null=True, blank=True, editable=False)
    disputed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("beanstandet von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
    )
    disputed_at = models.DateTimeField(_("beanstandet am"), null=True, blank=True, editable=False)
    dispute_note = models.TextField(_("Einwand"), blank=True, editable=False)
    deleted_at = models.DateTimeField(_("gelöscht am"), null=True, blank=True, editable=False)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("gelöscht von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
    )

    objects = MatchQuerySet.as_manager()
    history = HistoricalRecords(verbose_name=_("Spiel (Verlauf)"))

    class Meta:
        ordering = ["season__number", "played_at", "pk"]
        verbose_name = _("Spiel")
        verbose_name_plural = _("Spiele")
        constraints = [
            models.CheckConstraint(
                condition=~Q(home=F("away")),
                name="match_teams_differ",
                violation_error_message=_("Ein Team kann nicht gegen sich selbst spielen."),
            ),
            models.CheckConstraint(
                condition=Q(home_touchdowns__gte=0, away_touchdowns__gte=0)
                & Q(home_journeymen_casualties__gte=0, away_journeymen_casualties__gte=0),
                name="match_numbers_not_negative",
                violation_error_message=_("Touchdowns und Ausfälle können nicht negativ sein."),
            ),
            models.CheckConstraint(
                condition=Q(played_at__gte=LEAGUE_FOUNDED),
                name="match_played_at_after_league_founded",
                violation_error_message=_("So alt kann kein Spiel der Liga sein."),
            ),
            models.CheckConstraint(
                condition=Q(conceded_by__isnull=True)
                | Q(conceded_by=F("home"))
                | Q(conceded_by=F("away")),
                name="match_conceded_by_a_side",
                violation_error_message=_("Aufgeben kann nur eines der beiden Teams."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.home} {self.home_touchdowns}:{self.away_touchdowns} {self.away}"

    def get_absolute_url(self) -> str:
        return reverse("matches:match-detail", kwargs={"pk": self.pk})

    def clean(self) -> None:
        """Rules beyond the constraints: both teams enrolled in the season; played_at not
        before the season started or a team existed, and not in the future."""
        errors: dict[str, list[str]] = {}
        if self.season_id and self.home_id and self.away_id:
            enrolled = set(
                self.season.teams.filter(pk__in=[self.home_id, self.away_id]).values_list(
                    "pk", flat=True
                )
            )
            for team in (self.home, self.away):
                if team.pk not in enrolled:
                    errors.setdefault(NON_FIELD_ERRORS, []).append(
                        gettext("%(team)s ist in %(season)s nicht gemeldet.")
                        % {"team": team, "season": self.season}
                    )
        if self.played_at:
            errors["played_at"] = self._played_at_errors()
        errors = {name: messages for name, messages in errors.items() if messages}
        if errors:
            raise ValidationError(errors)

    def _played_at_errors(self) -> list[str]:
        def when(moment):
            return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")

        if self.played_at > timezone.now():
            return [gettext("Das Spiel kann nicht in der Zukunft liegen.")]
        if self.played_at < LEAGUE_FOUNDED:
            return [gettext("So alt kann kein Spiel der Liga sein. Bitte das Datum prüfen.")]
        if self.season_id and self.played_at < _to_the_minute(self.season.started_at):
            return [
                gettext("Das Spiel liegt vor dem Beginn von %(season)s (%(start)s).")
                % {"season": self.season, "start": when(self.season.started_at)}
            ]
        errors = []
        for team in (self.home if self.home_id else None, self.away if self.away_id else None):
            if team is not None and self.played_at < _to_the_minute(team.created_at):
                errors.append(
                    gettext("%(team)s gab es am %(when)s noch nicht (angelegt am %(created)s).")
                    % {
                        "team": team,
                        "when": when(self.played_at),
                        "created": when(team.created_at),
                    }
                )
        return errors

    def label(self) -> str:
        """Both teams and the time, as messages name a match."""
        when = date_format(timezone.localtime(self.played_at), "SHORT_DATETIME_FORMAT")
        return f"{self.home} – {self.away} ({when})"

    @staticmethod
    def may_enter(user, *, home: Team, away: Team) -> bool:
        """A new result between these teams: either coach, or an admin."""
        return user.is_authenticated and (
            user.is_staff or home.is_coached_by(user) or away.is_coached_by(user)
        )

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None

    @staticmethod
    def may_be_deleted_by(user) -> bool:
        """Deleting (and restoring) a result is for admins."""
        return user.is_authenticated and user.is_staff

    @property
    def is_confirmed(self) -> bool:
        return self.confirmed_at is not None

    @property
    def is_disputed(self) -> bool:
        return self.disputed_at is not None

    def may_be_confirmed_by(self, user) -> bool:
        """The other coach confirms (or disputes) a result: a coach of one of the two teams
        who did not save this version himself, while the season runs."""
        return (
            user.is_authenticated
            and not self.is_deleted
            and self.season.is_current
            and user.pk in (self.home.coach_id, self.away.coach_id)
            and user.pk != self.saved_by_id
            and not self.is_confirmed
        )

    def is_editable_by(self, user) -> bool:
        """May `user` correct this result (see `MatchQuerySet.editable_by`)?"""
        return Match.objects.editable_by(user).filter(pk=self.pk).exists()

    def opponent_of(self, team: Team) -> Team:
        return self.away if team.pk == self.home_id else self.home

    def is_home(self, team: Team | int) -> bool:
        team_id = team if isinstance(team, int) else team.pk
        if team_id not in (self.home_id, self.away_id):
            raise ValueError(f"{team} did not play in {self!r}")
        return team_id == self.home_id

    def touchdowns_for(self, team: Team | int) -> int:
        return self.home_touchdowns if self.is_home(team) else self.away_touchdowns

    def touchdowns_against(self, team: Team | int) -> int:
        return self.away_touchdowns if self.is_home(team) else self.home_touchdowns

    def casualties_caused_by(self, team: Team | int) -> int:
        """ "Ausf.": ticks on the opponent's players plus the opponent's journeymen casualties.

        Uses the annotation of `with_casualty_counts()` when present, else the ticks.
        """
        home = self.is_home(team)
        journeymen = self.home_journeymen_casualties if home else self.away_journeymen_casualties
        annotated = getattr(self, "home_ticks" if home else "away_ticks", None)
        if annotated is None:
            victim_team = self.away_id if home else self.home_id
            annotated = sum(1 for c in self.casualties.all() if c.player.team_id == victim_team)
        return annotated + journeymen

    @property
    def played_on(self):
        return timezone.localtime(self.played_at).date()


class CasualtyTick(models.Model):
    """One player of one side who suffered a casualty in a match, ticked once."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="casualties")
    player = models.ForeignKey(
        Player, verbose_name=_("Spieler"), on_delete=models.PROTECT, related_name="casualties"
    )
    kind = models.CharField(_("Ausfall"), max_length=10, choices=Casualty)

    history = HistoricalRecords(verbose_name=_("Spielerausfall (Verlauf)"))

    class Meta:
        ordering = ["match", "player__number"]
        verbose_name = _("Spielerausfall")
        verbose_name_plural = _("Spielerausfälle")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "player"],
                name="casualty_once_per_player_and_match",
                violation_error_message=_("Jeder Spieler bekommt je Spiel nur einen Haken."),
            )
        ]

    def __str__(self) -> str:
        return f"{Casualty(self.kind).symbol} {self.player}"

    @property
    def symbol(self) -> str:
        return Casualty(self.kind).symbol


class DevelopmentQuerySet(models.QuerySet):
    def active(self):
        """Developments that count: not reset by an admin (a reset one stays as history)."""
        return self.filter(reset_at__isnull=True)


class Development(models.Model):
    """The skill development ("Entwicklung") of one team after one match.

    Every roll the app makes is kept in `rolls` (what was rolled among which options and the
    result), so the match shows how the skill came about. A reset keeps the row as history.
    """

    class Choice(models.TextChoices):
        AUTOMATIC = "auto", _("Automatisch (zufälliger Sekundär-Skill)")
        CHOOSE = "choose", _("Selbst wählen (Primär-Skill)")
        NONE = "none", _("Keine Entwicklung")
        OPEN = "open", _("Offen (später eintragen)")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="developments")
    team = models.ForeignKey(
        Team, verbose_name=_("Team"), on_delete=models.PROTECT, related_name="developments"
    )
    choice = models.CharField(_("Entwicklung"), max_length=10, choices=Choice)
    player = models.ForeignKey(
        Player,
        verbose_name=_("Spieler"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="developments",
    )
    category = models.ForeignKey(
        "rules.SkillCategory",
        verbose_name=_("Kategorie"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    proposal_1 = models.ForeignKey(
        "rules.Skill",
        verbose_name=_("Vorschlag 1"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    proposal_2 = models.ForeignKey(
        "rules.Skill",
        verbose_name=_("Vorschlag 2"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    opponent_proposal = models.ForeignKey(
        "rules.Skill",
        verbose_name=_("Vorschlag des Gegners"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    rolls = models.JSONField(_("Würfe"), default=list, blank=True)
    skill = models.ForeignKey(
        "rules.Skill",
        verbose_name=_("Fertigkeit"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    bonus_skill = models.ForeignKey(
        "rules.Skill",
        verbose_name=_("Zweite Fertigkeit (Hinterlistig, 5+ am Tisch gewürfelt)"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("eingetragen von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    entered_at = models.DateTimeField(_("eingetragen am"), db_default=Now(), editable=False)
    reset_at = models.DateTimeField(_("zurückgesetzt am"), null=True, blank=True)
    reset_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("zurückgesetzt von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    objects = DevelopmentQuerySet.as_manager()
    history = HistoricalRecords(verbose_name=_("Entwicklung (Verlauf)"))

    class Meta:
        ordering = ["match", "team", "pk"]
        verbose_name = _("Entwicklung")
        verbose_name_plural = _("Entwicklungen")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "team"],
                condition=Q(reset_at__isnull=True),
                name="development_once_per_match_and_team",
                violation_error_message=_("Für dieses Team ist die Entwicklung schon eingetragen."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.get_choice_display()} ({self.match})"

    @property
    def is_open(self) -> bool:
        return self.choice == self.Choice.OPEN

    @property
    def is_reset(self) -> bool:
        return self.reset_at is not None

    def proposals(self) -> list:
        return [s for s in (self.proposal_1, self.proposal_2, self.opponent_proposal) if s]

    def gained(self) -> list:
        """The skills this development gave its player (none once reset)."""
        if self.is_reset:
            return []
        return [skill for skill in (self.skill, self.bonus_skill) if skill is not None]

    @property
    def awaits_devious_bonus(self) -> bool:
        """A Selbst wählen in Devious whose second skill ("5+ am Tisch") is not recorded yet."""
        return (
            not self.is_reset
            and self.choice == self.Choice.CHOOSE
            and self.category is not None
            and self.category.code == DEVIOUS
            and self.skill_id is not None
            and self.bonus_skill_id is None
        )

    def bonus_may_be_recorded_by(self, user) -> bool:
        """The Devious bonus: the team's own coach in an open season, or an admin."""
        if not user.is_authenticated:
            return False
        if user.is_staff:
            return True
        return self.team.is_coached_by(user) and self.match.season.is_current

    @staticmethod
    def may_be_reset_by(user) -> bool:
        return user.is_authenticated and user.is_staff
