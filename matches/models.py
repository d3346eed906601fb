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
from django.db.models.functions import Coalesce, Now
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from config.minutes import to_the_minute
from config.pagecache import fragments
from config.roles import is_league_admin
from config.writeguard import GuardedQuerySet
from league.models import Season
from roster.models import Player, Team, scopes_of_players_team

from .appointments import FORFEIT_SCORE, is_late_cancellation

LEAGUE_FOUNDED = datetime(2000, 1, 1, tzinfo=UTC)
"""No match can be older: a floor the database enforces, so no stored date is unreadable."""

DEVIOUS = "D"
"""The Devious category ("Hinterlistig"): always choosable, and its own bonus skill."""


class Casualty(models.TextChoices):
    """What a tick records; only these count as a casualty ("Spielerausfall")."""

    DEAD = "dead", _("💀 tot")
    SERIOUSLY_INJURED = "injured", _("🏥 ernsthaft verletzt")
    BADLY_HURT = "hurt", _("🤕 schwer verletzt")

    @property
    def symbol(self) -> str:
        return {"dead": "💀", "injured": "🏥", "hurt": "🤕"}[self.value]


class MatchQuerySet(GuardedQuerySet):
    def locked(self) -> list["Match"]:
        """Lock the matches and, first, their teams (config/writeguard.py). Saving a result
        locks its two teams before its match, so every workflow that locks a match takes the
        teams first too: no two workflows ever wait for each other crosswise. A match's teams
        never change, so they may be read before the lock."""
        teams = self.order_by().values_list("home", "away")
        Team.objects.lock(*{team for pair in teams for team in pair})
        return super().locked()

    def for_season(self, season: Season):
        return self.filter(season=season)

    def for_team(self, team: Team):
        return self.filter(Q(home=team) | Q(away=team))

    def for_coach(self, user):
        if not user.is_authenticated:
            return self.none()
        return self.filter(Q(home__coach=user) | Q(away__coach=user))

    def played(self):
        """Matches with a result entered as played (concessions included): what statuses,
        skills and developments count. Not forfeits, open or lapsed matches, nor results an
        admin deleted."""
        return self.filter(played_at__isnull=False, deleted_at__isnull=True)

    def forfeited(self):
        """Matches lost 0:3 by a team that cancelled too late (the 24-hour rule)."""
        return self.filter(forfeited_by__isnull=False, deleted_at__isnull=True)

    def with_result(self):
        """What the table counts: played matches and forfeits."""
        return self.filter(Q(played_at__isnull=False) | Q(forfeited_by__isnull=False)).filter(
            deleted_at__isnull=True
        )

    def latest_results(self):
        """Played matches and forfeits, newest first (a forfeit dated by its appointment)."""
        return self.with_result().order_by(
            Coalesce("played_at", "scheduled_at").desc(nulls_last=True), "-pk"
        )

    def without_result(self):
        return self.filter(
            played_at__isnull=True, forfeited_by__isnull=True, deleted_at__isnull=True
        )

    def open(self):
        """Matches of the current season still waiting for a result (with or without an
        appointment)."""
        return self.without_result().filter(season__is_current=True)

    def lapsed(self):
        """Matches left without a result when their season closed: not in the table."""
        return self.without_result().filter(season__is_current=False)

    def upcoming(self, now: datetime | None = None):
        """Open matches with an appointment from now on, the next first."""
        now = now or timezone.now()
        return self.open().filter(scheduled_at__gte=now).order_by("scheduled_at", "pk")

    def awaiting_result(self, now: datetime | None = None):
        """Open matches whose appointment has passed without a result, the oldest first."""
        now = now or timezone.now()
        return self.open().filter(scheduled_at__lt=now).order_by("scheduled_at", "pk")

    def for_pairing(self, first: Team, second: Team):
        """Matches between these two teams, whoever is at home."""
        return self.filter(Q(home=first, away=second) | Q(home=second, away=first))

    def in_schedule_order(self):
        """Rounds first (matches outside the schedule last), then appointment, then id."""
        return self.order_by(
            F("round").asc(nulls_last=True), F("scheduled_at").asc(nulls_last=True), "pk"
        )

    def deleted(self):
        return self.filter(deleted_at__isnull=False)

    def while_on_roster(self, player: Player):
        """Matches of his team since the player joined it (a match in the minute he was created
        counts, as times are entered to the minute): his matches once played()."""
        joined = to_the_minute(player.created_at)
        return self.for_team(player.team_id).filter(played_at__gte=joined)

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
        if is_league_admin(user):
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
    played_at = models.DateTimeField(
        _("gespielt am"), null=True, blank=True, help_text=_("Leer, solange kein Ergebnis da ist.")
    )
    scheduled_at = models.DateTimeField(_("Termin"), null=True, blank=True)
    round = models.PositiveSmallIntegerField(
        _("Runde"),
        null=True,
        blank=True,
        help_text=_("Runde im Spielplan „jeder gegen jeden“; leer für ein frei vereinbartes."),
    )
    forfeited_by = models.ForeignKey(
        Team,
        verbose_name=_("kampflos verloren von"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("Das Team, das weniger als 24 Stunden vor dem Termin abgesagt hat."),
    )
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
    # The key of the draft (one per result typed on a phone, sent once) that saved this version:
    # the same draft sent again, from a second tab or after a lost answer, finds its result
    # here instead of making a second one (matches/services.py).
    submission_key = models.UUIDField(
        _("Sende-Schlüssel"), null=True, blank=True, unique=True, editable=False
    )
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
            models.CheckConstraint(
                condition=Q(forfeited_by__isnull=True)
                | Q(forfeited_by=F("home"), played_at__isnull=True)
                | Q(forfeited_by=F("away"), played_at__isnull=True),
                name="match_forfeit_by_a_side_and_not_played",
                violation_error_message=_(
                    "Kampflos verlieren kann nur eines der beiden Teams, und nur ohne Ergebnis."
                ),
            ),
            models.CheckConstraint(
                condition=Q(conceded_by__isnull=True) | Q(played_at__isnull=False),
                name="match_conceded_only_when_played",
                violation_error_message=_("Aufgeben kann ein Team nur in einem gespielten Spiel."),
            ),
        ]

    def __str__(self) -> str:
        if self.is_forfeit:
            home, away = self.forfeit_score()
            return f"{self.home} {home}:{away} {self.away}"
        if not self.is_played:
            return f"{self.home} – {self.away}"
        return f"{self.home} {self.home_touchdowns}:{self.away_touchdowns} {self.away}"

    def get_absolute_url(self) -> str:
        return reverse("matches:match-detail", kwargs={"pk": self.pk})

    @classmethod
    def from_db(cls, db, field_names, values, **kwargs):
        match = super().from_db(db, field_names, values, **kwargs)
        # the season and teams as loaded: a change that moves them renews the old ones too
        match._loaded_rows = tuple(
            match.__dict__.get(f) for f in ("season_id", "home_id", "away_id")
        )
        return match

    def page_scopes(self) -> tuple[str, ...]:
        """What a change of this match (or of its ticks, developments and cancellations)
        touches in the page cache: its season (table, match list), its two teams (squads,
        player pages) and its own page (config/pagecache/fragments.py). A stored match that
        changes (a correction, deleting, restoring) may change what its players own (skills
        of its developments, its 💀), so it renews both teams' `players_scope` too; a new
        result by itself does not (its ticks and developments renew it)."""
        return self._page_scopes(players=getattr(self, "_loaded_rows", None) is not None)

    def _page_scopes(self, *, players: bool) -> tuple[str, ...]:
        scopes = []
        for season, home, away in (
            getattr(self, "_loaded_rows", None) or (self.season_id, self.home_id, self.away_id),
            (self.season_id, self.home_id, self.away_id),
        ):
            scopes += [
                fragments.season_scope(season),
                fragments.team_scope(home),
                fragments.team_scope(away),
            ]
            if players:
                scopes += [fragments.players_scope(home), fragments.players_scope(away)]
        return (*dict.fromkeys(scopes), fragments.match_scope(self.pk), fragments.RESULTS)

    @staticmethod
    def page_scopes_of_row(row, *, players: bool = False) -> tuple[str, ...]:
        """The scopes of a row that belongs to a match (a tick, a development, a
        cancellation): its match's, from the loaded match when the row holds it; `players`:
        also both teams' `players_scope` (a tick or a development changes what they own)."""
        if row._meta.get_field("match").is_cached(row):
            return row.match._page_scopes(players=players)
        return Match.page_scopes_of(row.match_id, players=players)

    @staticmethod
    def page_scopes_of(match_id: int, *, players: bool = False) -> tuple[str, ...]:
        season, home, away = Match.objects.values_list("season_id", "home_id", "away_id").get(
            pk=match_id
        )
        owned = (fragments.players_scope(home), fragments.players_scope(away)) if players else ()
        return (
            fragments.season_scope(season),
            fragments.team_scope(home),
            fragments.team_scope(away),
            *owned,
            fragments.match_scope(match_id),
            fragments.RESULTS,
        )

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
        if self.season_id and self.played_at < to_the_minute(self.season.started_at):
            return [
                gettext("Das Spiel liegt vor dem Beginn von %(season)s (%(start)s).")
                % {"season": self.season, "start": when(self.season.started_at)}
            ]
        errors = []
        for team in (self.home if self.home_id else None, self.away if self.away_id else None):
            if team is not None and self.played_at < to_the_minute(team.created_at):
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
        if self.when is None:
            return f"{self.home} – {self.away} ({gettext('ohne Termin')})"
        when = date_format(timezone.localtime(self.when), "SHORT_DATETIME_FORMAT")
        return f"{self.home} – {self.away} ({when})"

    @property
    def when(self) -> datetime | None:
        """When it was played, else its appointment (None: no appointment yet)."""
        return self.played_at or self.scheduled_at

    @property
    def is_played(self) -> bool:
        return self.played_at is not None

    @property
    def is_forfeit(self) -> bool:
        return self.forfeited_by_id is not None

    @property
    def has_result(self) -> bool:
        return self.is_played or self.is_forfeit

    @property
    def is_lapsed(self) -> bool:
        return not self.has_result and not self.season.is_current

    @property
    def is_open(self) -> bool:
        return not self.has_result and self.season.is_current

    @property
    def state(self) -> str:
        """ "played", "forfeited", "open" or "lapsed" (for templates and CSS)."""
        if self.is_played:
            return "played"
        if self.is_forfeit:
            return "forfeited"
        return "open" if self.season.is_current else "lapsed"

    def forfeit_score(self) -> tuple[int, int]:
        """Touchdowns (home, away) as the table counts a forfeit: 0:3 against the team that
        cancelled too late."""
        if self.forfeited_by_id == self.home_id:
            return (0, FORFEIT_SCORE)
        return (FORFEIT_SCORE, 0)

    def may_be_scheduled_by(self, user) -> bool:
        """Appointments, cancellations and deleting an open match: either coach while the
        season runs, or an admin."""
        if not user.is_authenticated:
            return False
        if is_league_admin(user):
            return True
        return self.season.is_current and (
            self.home.is_coached_by(user) or self.away.is_coached_by(user)
        )

    def may_read_dispute_note(self, user) -> bool:
        """A dispute's note is for the two coaches and the admins; everybody else only sees
        that there is an objection."""
        return (
            is_league_admin(user) or self.home.is_coached_by(user) or self.away.is_coached_by(user)
        )

    @staticmethod
    def may_enter(user, *, home: Team, away: Team) -> bool:
        """A new result between these teams: either coach, or an admin."""
        return is_league_admin(user) or home.is_coached_by(user) or away.is_coached_by(user)

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None

    @staticmethod
    def may_be_deleted_by(user) -> bool:
        """Deleting (and restoring) a result is for admins."""
        return is_league_admin(user)

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


class Cancellation(models.Model):
    """A team calls off an appointment ("Absage"); kept as the match's history.

    Less than 24 hours before the appointment (see `appointments.is_late_cancellation`) it is a
    forfeit: the match then names the cancelling team in `forfeited_by`. An admin may correct
    the time or undo the forfeit; the row stays either way.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="cancellations")
    team = models.ForeignKey(
        Team, verbose_name=_("abgesagt von"), on_delete=models.PROTECT, related_name="+"
    )
    appointment = models.DateTimeField(_("abgesagter Termin"), null=True, blank=True)
    cancelled_at = models.DateTimeField(_("abgesagt am"))
    no_show = models.BooleanField(_("nicht erschienen"), default=False)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("eingetragen von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    forfeit_undone_at = models.DateTimeField(_("Wertung zurückgenommen am"), null=True, blank=True)
    forfeit_undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Wertung zurückgenommen von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["match", "cancelled_at", "pk"]
        verbose_name = _("Absage")
        verbose_name_plural = _("Absagen")

    def __str__(self) -> str:
        return f"{self.team}: {self.match}"

    def page_scopes(self) -> tuple[str, ...]:
        return Match.page_scopes_of_row(self)

    @property
    def is_late(self) -> bool:
        """Less than 24 hours before the appointment (or a no-show)."""
        return is_late_cancellation(cancelled_at=self.cancelled_at, appointment=self.appointment)


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

    def page_scopes(self) -> tuple[str, ...]:
        return Match.page_scopes_of_row(self, players=True)

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

    def page_scopes(self) -> tuple[str, ...]:
        return Match.page_scopes_of_row(self, players=True)

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
        if is_league_admin(user):
            return True
        return self.team.is_coached_by(user) and self.match.season.is_current

    @staticmethod
    def may_be_reset_by(user) -> bool:
        """Resetting a development is for admins."""
        return is_league_admin(user)


class CasualtyRecordQuerySet(models.QuerySet):
    def for_team(self, team: Team):
        return self.filter(player__team=team)


class CasualtyRecord(models.Model):
    """🏥 or 💀 recorded by hand for an injury outside a match (on the squad page).

    It counts exactly like a tick at its time in play order: 🏥 keeps the player out of his
    team's next played match after it, 💀 out of the rest of its season.
    """

    class Kind(models.TextChoices):
        DEAD = Casualty.DEAD.value, Casualty.DEAD.label
        SERIOUSLY_INJURED = Casualty.SERIOUSLY_INJURED.value, Casualty.SERIOUSLY_INJURED.label

    player = models.ForeignKey(
        Player,
        verbose_name=_("Spieler"),
        on_delete=models.CASCADE,
        related_name="casualty_records",
    )
    season = models.ForeignKey(
        Season, verbose_name=_("Saison"), on_delete=models.PROTECT, related_name="+"
    )
    kind = models.CharField(_("Ausfall"), max_length=10, choices=Kind)
    happened_at = models.DateTimeField(_("passiert am"))
    note = models.CharField(_("Notiz"), max_length=200, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("eingetragen von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    recorded_at = models.DateTimeField(_("eingetragen am"), db_default=Now(), editable=False)

    objects = CasualtyRecordQuerySet.as_manager()

    class Meta:
        ordering = ["season__number", "happened_at", "pk"]
        verbose_name = _("Ausfall ohne Spiel")
        verbose_name_plural = _("Ausfälle ohne Spiel")

    def __str__(self) -> str:
        return f"{self.symbol} {self.player}"

    def page_scopes(self) -> tuple[str, ...]:
        """A record by hand changes the player's status: his team's pages, and the pages of
        every match that shows it (they depend on the team's scope), and what a form offers
        of its players (`players_scope`)."""
        return scopes_of_players_team(self.player_id)

    @property
    def symbol(self) -> str:
        return Casualty(self.kind).symbol


class Hatred(models.Model):
    """The answer to the hatred question of one 🏥 (docs/league.md, „Hass“).

    The table rolls 1d6 for each 🏥; here the coach records whether it was 4+ and, if so, the
    hated race (a race keyword). The answer belongs to its casualty, a match tick or a record by
    hand, and goes with it: a tick removed or changed from 🏥 takes its hatred along. Whether it
    is active is derived (its casualty's season only), see `hatred.py`.
    """

    tick = models.OneToOneField(
        CasualtyTick, on_delete=models.CASCADE, null=True, blank=True, related_name="hatred"
    )
    record = models.OneToOneField(
        CasualtyRecord, on_delete=models.CASCADE, null=True, blank=True, related_name="hatred"
    )
    rolled = models.BooleanField(_("4+ gewürfelt"))
    race = models.ForeignKey(
        "rules.Keyword",
        verbose_name=_("gehasste Rasse"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("beantwortet von"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    answered_at = models.DateTimeField(_("beantwortet am"), db_default=Now(), editable=False)

    class Meta:
        verbose_name = _("Hass")
        verbose_name_plural = _("Hass")
        constraints = [
            models.CheckConstraint(
                condition=Q(tick__isnull=False, record__isnull=True)
                | Q(tick__isnull=True, record__isnull=False),
                name="hatred_of_one_casualty",
                violation_error_message=_("Hass gehört zu genau einem Ausfall."),
            ),
            models.CheckConstraint(
                condition=Q(rolled=True, race__isnull=False) | Q(rolled=False, race__isnull=True),
                name="hatred_race_only_when_rolled",
                violation_error_message=_("Eine gehasste Rasse gibt es nur bei 4+."),
            ),
        ]

    def __str__(self) -> str:
        return f"🤬 {self.race}" if self.rolled else gettext("kein Hass")

    def page_scopes(self) -> tuple[str, ...]:
        if self.tick_id is not None:
            match_id, player_id = CasualtyTick.objects.values_list("match_id", "player_id").get(
                pk=self.tick_id
            )
            return (*Match.page_scopes_of(match_id), *scopes_of_players_team(player_id))
        player_id = CasualtyRecord.objects.values_list("player_id", flat=True).get(
            pk=self.record_id
        )
        return scopes_of_players_team(player_id)
