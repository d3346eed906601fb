"""The simulator keeps games of The Baa that people play: the engine's saved game, the seats
(a person or a bot per team) and who created it (to bound what one visitor may start)."""

import secrets
import uuid

from django.db import models
from django.db.models.functions import Now
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from config.writeguard import GuardedQuerySet


def _token() -> str:
    return secrets.token_urlsafe(12)


class BaaGameQuerySet(GuardedQuerySet):
    def running(self):
        return self.filter(finished=False)

    def active_since(self, moment):
        """Running games someone touched since `moment` (abandoned ones stay resumable but
        stop counting against the limits on new games)."""
        return self.running().filter(updated_at__gte=moment)

    def created_by(self, visitor: str):
        return self.filter(visitor=visitor)

    def seen_by(self, visitor: str, tokens: list[str]):
        """Games this visitor created or joined with a seat link."""
        return self.filter(models.Q(visitor=visitor) | models.Q(seats__token__in=tokens)).distinct()


class BaaGame(models.Model):
    class End(models.TextChoices):
        FIRST_GOAL = "first_goal", _("bis zum ersten Tor")
        TEAM_GOALS = "team_goals", _("bis ein Team N Tore hat")
        TOTAL_GOALS = "total_goals", _("bis insgesamt N Tore gefallen sind")
        ROUNDS = "rounds", _("N Runden")
        MINUTES = "minutes", _("N Minuten Echtzeit")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(_("angelegt"), db_default=Now())
    updated_at = models.DateTimeField(_("zuletzt geändert"), auto_now=True)
    visitor = models.CharField(_("angelegt von"), max_length=64, db_index=True)
    # a hash of the creator's network address: dropping the session cookie does not lift limits
    address = models.CharField(max_length=64, blank=True, db_index=True)
    teams = models.PositiveSmallIntegerField(_("Teams"))
    map_name = models.CharField(_("Karte"), max_length=40)
    end_kind = models.CharField(_("Spielende"), max_length=12, choices=End.choices)
    end_value = models.PositiveSmallIntegerField(_("N"), null=True, blank=True)
    shared_device = models.BooleanField(_("ein Gerät für alle"), default=True)
    host_token = models.CharField(max_length=32, unique=True, default=_token, editable=False)
    deadline = models.DateTimeField(_("Zeitlimit"), null=True, blank=True)
    state = models.JSONField(_("Spielstand"))
    version = models.PositiveIntegerField(default=0)
    finished = models.BooleanField(_("beendet"), default=False)
    # what a poll needs without reading the saved game: a bot is awaited / the time ran out
    bot_turn = models.BooleanField(default=False)
    time_noted = models.BooleanField(default=False)

    objects = BaaGameQuerySet.as_manager()

    class Meta:
        verbose_name = _("Baa-Partie")
        verbose_name_plural = _("Baa-Partien")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(teams__gte=2, teams__lte=6), name="baa_game_teams_2_to_6"
            ),
        ]

    def __str__(self) -> str:
        return f"The Baa {self.created_at:%d.%m.%Y %H:%M} ({self.teams})"

    def get_absolute_url(self) -> str:
        return reverse("simulator:baa-game", args=[self.host_token])


class BaaSeat(models.Model):
    class Kind(models.TextChoices):
        PERSON = "person", _("Mensch")
        RANDOM = "random", _("Bot: zufällig")
        GREEDY = "greedy", _("Bot: gierig")

    game = models.ForeignKey(BaaGame, on_delete=models.CASCADE, related_name="seats")
    team = models.PositiveSmallIntegerField(_("Team"))
    kind = models.CharField(_("gespielt von"), max_length=8, choices=Kind.choices)
    token = models.CharField(max_length=32, unique=True, default=_token, editable=False)

    class Meta:
        verbose_name = _("Platz")
        verbose_name_plural = _("Plätze")
        ordering = ["team"]
        constraints = [
            models.UniqueConstraint(fields=["game", "team"], name="baa_seat_one_per_team"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} team {self.team}"

    def get_absolute_url(self) -> str:
        return reverse("simulator:baa-game", args=[self.token])

    @property
    def is_bot(self) -> bool:
        return self.kind != self.Kind.PERSON


def _link_token() -> str:
    return secrets.token_urlsafe(16)


class BallLinkGameQuerySet(GuardedQuerySet):
    def with_token(self, token: str):
        """The game one of whose three links (home, away, spectator) is ``token``."""
        return self.filter(
            models.Q(home_token=token) | models.Q(away_token=token) | models.Q(watch_token=token)
        )

    def created_by(self, visitor: str):
        return self.filter(visitor=visitor)


class BallLinkGame(models.Model):
    """A BALL game for two devices: one link per side and a read-only link for spectators.
    The game is its record (options and actions); ``version`` counts every change (action,
    undo request and answer, resignation, rematch), so a page can tell it fell behind."""

    class Side(models.TextChoices):
        HOME = "home", _("Heim")
        AWAY = "away", _("Gast")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(_("angelegt"), db_default=Now())
    updated_at = models.DateTimeField(_("zuletzt geändert"), auto_now=True)
    visitor = models.CharField(_("angelegt von"), max_length=64, db_index=True)
    record = models.JSONField(_("Partie"))
    version = models.PositiveIntegerField(default=0)
    home_token = models.CharField(max_length=32, unique=True, default=_link_token, editable=False)
    away_token = models.CharField(max_length=32, unique=True, default=_link_token, editable=False)
    watch_token = models.CharField(max_length=32, unique=True, default=_link_token, editable=False)
    resigned = models.CharField(_("aufgegeben von"), max_length=4, choices=Side.choices, blank=True)
    # a side asks to take back its last action; the other side agrees or declines
    undo_asked_by = models.CharField(
        _("Rücknahme erbeten von"), max_length=4, choices=Side.choices, blank=True
    )
    rematch = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rematch_of",
        verbose_name=_("Revanche"),
    )

    objects = BallLinkGameQuerySet.as_manager()

    class Meta:
        verbose_name = _("BALL-Partie mit Link")
        verbose_name_plural = _("BALL-Partien mit Link")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"BALL {self.created_at:%d.%m.%Y %H:%M}"

    def get_absolute_url(self) -> str:
        return reverse("simulator:ball-link", args=[self.watch_token])

    def side_of(self, token: str) -> str | None:
        """The side a link plays, None for the spectator link."""
        if token == self.home_token:
            return self.Side.HOME
        if token == self.away_token:
            return self.Side.AWAY
        return None

    def token_of(self, side: str | None) -> str:
        return {"home": self.home_token, "away": self.away_token}.get(side or "", self.watch_token)
