import uuid

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from config.inputs import (
    HiddenErrorsShown,
    PlainCharField,
    PlainDateField,
    PlainDateTimeField,
    PlainUUIDField,
)
from config.minutes import to_the_minute
from config.numbers import AsciiIntegerField, IdChoiceField, parse_id
from roster.models import Player, Team
from rules.models import Keyword, Skill, SkillCategory

from .development import PROPOSAL_FIELDS, Pick, category_label
from .models import Casualty, CasualtyRecord, Development, Match
from .services import MatchEntry

DATETIME_LOCAL = "%Y-%m-%dT%H:%M"
DAMAGED = _("Das Formular ist beschädigt. Bitte lade die Seite neu und versuche es noch einmal.")


def version_field() -> AsciiIntegerField:
    """The hidden version of the match the page showed; anything but its digits is a damaged
    form, answered with the form and this message (never a bare 400)."""
    return AsciiIntegerField(
        widget=forms.HiddenInput,
        min_value=0,
        max_value=2**31 - 1,
        error_messages={key: DAMAGED for key in ("required", "invalid", "min_value", "max_value")},
    )


class TeamPickForm(forms.Form):
    """Step 1 of "Spiel eintragen": the two teams (enrolled in the current season)."""

    heim = IdChoiceField(label=_("Heim"), queryset=Team.objects.none())
    gast = IdChoiceField(label=_("Gast"), queryset=Team.objects.none())

    def __init__(self, *args, season, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user, self.season = user, season
        teams = season.teams.select_related("coach").order_by("name")
        self.fields["heim"].queryset = teams
        self.fields["gast"].queryset = teams

    def clean(self):
        data = super().clean()
        home, away = data.get("heim"), data.get("gast")
        if home and away:
            # The pairing as the model sees it: its constraints on the two teams say what is
            # wrong (the others name fields this step does not have; each costs a query).
            pairing = {"season", "home", "away"}
            Match(season=self.season, home=home, away=away).validate_constraints(
                exclude={f.name for f in Match._meta.concrete_fields} - pairing
            )
            if not Match.may_enter(self.user, home=home, away=away):
                raise forms.ValidationError(
                    _("Du kannst nur Spiele deiner eigenen Teams eintragen.")
                )
        return data


class MatchForm(forms.Form):
    """Step 2: the result, and per side the opposing players who suffered a casualty."""

    played_at = PlainDateTimeField(
        label=_("Gespielt am"),
        input_formats=[DATETIME_LOCAL],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_LOCAL),
    )
    home_touchdowns = AsciiIntegerField(label=_("Touchdowns"), min_value=0, max_value=99)
    away_touchdowns = AsciiIntegerField(label=_("Touchdowns"), min_value=0, max_value=99)
    conceded_by = forms.ChoiceField(
        label=_("Aufgegeben von"),
        required=False,
        error_messages={"invalid_choice": _("Bitte wähle eines der beiden Teams oder „niemand“.")},
    )
    home_journeymen_casualties = AsciiIntegerField(
        label=_("Journeymen mit Ausfall"), min_value=0, max_value=7, initial=0
    )
    away_journeymen_casualties = AsciiIntegerField(
        label=_("Journeymen mit Ausfall"), min_value=0, max_value=7, initial=0
    )
    version = AsciiIntegerField(
        widget=forms.HiddenInput,
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        error_messages={
            key: _("Das Formular ist beschädigt. Bitte lade die Seite neu und trage erneut ein.")
            for key in ("invalid", "min_value", "max_value")
        },
    )
    # Sent by the button "Ja, noch ein Spiel eintragen" after the question (docs/league.md).
    second_game = forms.BooleanField(required=False, widget=forms.HiddenInput)

    # One per draft (a fresh one with each empty form; the phone makes its own for each draft
    # kept offline): sent twice, the result is saved once.
    submission_key = PlainUUIDField(
        widget=forms.HiddenInput,
        required=False,
        error_messages={
            "invalid": _(
                "Das Formular ist beschädigt. Bitte lade die Seite neu und trage erneut ein."
            )
        },
    )

    def __init__(
        self,
        *args,
        home: Team,
        away: Team,
        players: dict[int, list[Player]],
        suspended: dict[int, dict],
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.home, self.away = home, away
        self.fields["conceded_by"].choices = [
            ("", _("niemand")),
            ("home", home.name),
            ("away", away.name),
        ]
        choices = [("", _("–")), *Casualty.choices]
        self.sides = []
        self.offered: dict[int, tuple[Player, Casualty | None]] = {}
        # The home side causes casualties among the away players, and the other way round.
        for causer, victims, prefix in ((home, away, "home"), (away, home, "away")):
            rows = []
            for player in players[victims.pk]:
                name = f"ausfall_{player.pk}"
                self.fields[name] = forms.ChoiceField(
                    label=str(player),
                    choices=choices,
                    required=False,
                    widget=forms.RadioSelect(attrs={"class": "casualty-choice"}),
                )
                status = suspended[victims.pk].get(player.pk)
                if status is not None and not self.initial.get(name):
                    self.fields[name].disabled = True
                self.offered[player.pk] = (player, status)
                rows.append({"player": player, "field": self[name], "status": status})
            self.sides.append(
                {
                    "causer": causer,
                    "victims": victims,
                    "rows": rows,
                    "touchdowns": self[f"{prefix}_touchdowns"],
                    "journeymen": self[f"{prefix}_journeymen_casualties"],
                }
            )

    def clean(self):
        data = super().clean()
        self._refuse_ticks_not_offered()
        return data

    def _refuse_ticks_not_offered(self) -> None:
        """A tick the form cannot take is refused by name, never dropped: the player was
        suspended, retired or deleted after the form was loaded, or is not in this match."""
        for name, value in self.data.items():
            if not name.startswith("ausfall_") or not value:
                continue
            key = name.removeprefix("ausfall_")
            pk = parse_id(key)
            player, status = self.offered.get(pk, (None, None))
            if player is not None:
                if self.fields[name].disabled:
                    self.add_error(
                        name,
                        _("%(player)s ist für dieses Spiel gesperrt (%(status)s).")
                        % {"player": player, "status": status.symbol},
                    )
                continue
            player = Player.objects.filter(pk=pk).first() if pk is not None else None
            if player is None:
                message = _("Ein angekreuzter Spieler ist nicht mehr im Kader (gelöscht).")
            elif player.team_id not in (self.home.pk, self.away.pk):
                message = _("%(player)s spielt in keinem der beiden Teams.") % {"player": player}
            elif player.is_retired:
                message = _("%(player)s wurde inzwischen entlassen.") % {"player": player}
            else:
                message = _("%(player)s kann hier nicht angekreuzt werden.") % {"player": player}
            self.add_error(None, message)

    @classmethod
    def initial_for(cls, match: Match | None) -> dict:
        if match is None or not match.is_played:
            # A new result: played at its appointment when that has passed, else now.
            now = timezone.now()
            appointment = match.scheduled_at if match is not None else None
            played_at = appointment if appointment is not None and appointment <= now else now
            initial = {
                "played_at": to_the_minute(timezone.localtime(played_at)),
                "home_touchdowns": 0,
                "away_touchdowns": 0,
                "home_journeymen_casualties": 0,
                "away_journeymen_casualties": 0,
                "submission_key": uuid.uuid4(),
            }
            if match is not None:
                initial["version"] = match.version
            return initial
        initial = {
            "played_at": timezone.localtime(match.played_at),
            "home_touchdowns": match.home_touchdowns,
            "away_touchdowns": match.away_touchdowns,
            "home_journeymen_casualties": match.home_journeymen_casualties,
            "away_journeymen_casualties": match.away_journeymen_casualties,
            "version": match.version,
            "submission_key": uuid.uuid4(),
            "conceded_by": {match.home_id: "home", match.away_id: "away"}.get(
                match.conceded_by_id, ""
            ),
        }
        for tick in match.casualties.all():
            initial[f"ausfall_{tick.player_id}"] = tick.kind
        return initial

    def entry(self) -> MatchEntry:
        data = self.cleaned_data
        casualties = {
            int(name.removeprefix("ausfall_")): value
            for name, value in data.items()
            if name.startswith("ausfall_") and value
        }
        conceded = {"home": self.home, "away": self.away}.get(data["conceded_by"])
        return MatchEntry(
            home=self.home,
            away=self.away,
            played_at=data["played_at"],
            home_touchdowns=data["home_touchdowns"],
            away_touchdowns=data["away_touchdowns"],
            conceded_by=conceded,
            home_journeymen_casualties=data["home_journeymen_casualties"],
            away_journeymen_casualties=data["away_journeymen_casualties"],
            casualties=casualties,
            submission_key=data.get("submission_key"),
            second_game=bool(data.get("second_game")),
        )


class SkillChoiceField(IdChoiceField):
    """Skills grouped by category in the select (optgroups)."""

    def label_from_instance(self, obj) -> str:
        return obj.name


_category = category_label


def _grouped_choices(skills) -> list:
    groups: dict[str, list] = {}
    for skill in skills:
        groups.setdefault(_category(skill.category), []).append((skill.pk, skill.name))
    return [("", "—"), *groups.items()]


class _DevelopmentFields(forms.Form):
    """The fields of a development by "Selbst wählen" (player, category, the three proposals,
    the last one the opponent's), shared by the match page's form and the result form's; each
    fills in its own lists and declares its own `choice`."""

    player = IdChoiceField(label=_("Spieler"), queryset=Player.objects.none(), required=False)
    category = IdChoiceField(
        label=_("Kategorie"), queryset=SkillCategory.objects.none(), required=False
    )
    proposal_1 = SkillChoiceField(
        label=_("Dein Vorschlag 1"), queryset=Skill.objects.none(), required=False
    )
    proposal_2 = SkillChoiceField(
        label=_("Dein Vorschlag 2"), queryset=Skill.objects.none(), required=False
    )
    opponent_proposal = SkillChoiceField(
        label=_("Vorschlag des Gegners"), queryset=Skill.objects.none(), required=False
    )
    PROPOSALS = PROPOSAL_FIELDS
    field_order = ["choice", "player", "category", *PROPOSAL_FIELDS]


class DevelopmentForm(_DevelopmentFields):
    """ "Entwicklung" of one team: the choice, and for Selbst wählen player, category and the
    three proposals (the last one is the opponent's). The rules are checked by the service.

    Once a player is picked, only his choosable categories (with at least three gainable
    skills) are offered, and the proposal lists hold only skills he can gain
    (`development.primary_options`); before that they stay empty.
    """

    choice = forms.ChoiceField(
        label=_("Entwicklung"), choices=Development.Choice.choices, widget=forms.RadioSelect
    )

    def __init__(self, *args, players, prefix, options_for=None, options_url="", **kwargs):
        """`options_for(player)` gives his `primary_options` (code -> skills); `options_url`
        serves the narrowed lists to htmx when player or category change."""
        super().__init__(*args, prefix=prefix, **kwargs)
        if options_url:
            picked = ",".join(f"[name='{prefix}-{n}']" for n in ("choice", "player", "category"))
            for name in ("player", "category"):
                self.fields[name].widget.attrs.update(
                    {
                        "data-hx-get": options_url,
                        "data-hx-trigger": "change",
                        "data-hx-target": f"#{prefix}-auswahl",
                        "data-hx-swap": "outerHTML",
                        "data-hx-include": picked,
                    }
                )
        self.fields["player"].queryset = Player.objects.filter(pk__in=[p.pk for p in players])
        self.fields["player"].choices = [("", "—"), *((p.pk, str(p)) for p in players)]
        self.chosen_player = self._picked(players, "player")
        self.options: dict[str, list[Skill]] = {}
        if self.chosen_player is not None and options_for is not None:
            self.options = options_for(self.chosen_player)
        categories = [c for c in SkillCategory.objects.all() if c.code in self.options]
        categories.sort(key=lambda c: list(self.options).index(c.code))
        # Validation accepts every category and every skill of the pool, so a stale choice gets
        # the service's precise message ("hat Block schon") next to its field; the lists on
        # offer are narrowed.
        self.fields["category"].queryset = SkillCategory.objects.all()
        self.fields["category"].choices = [("", "—"), *((c.pk, _category(c)) for c in categories)]
        self.chosen_category = self._picked(categories, "category")
        if self.chosen_category is not None:
            skills = self.options[self.chosen_category.code]
        else:
            skills = [skill for group in self.options.values() for skill in group]
        pool = Skill.objects.development_pool()
        for name in self.PROPOSALS:
            self.fields[name].queryset = pool
            self.fields[name].widget.choices = _grouped_choices(skills)

    def _picked(self, objects, name):
        """The object chosen in field `name` (bound data, else initial), or None."""
        value = self[name].value()
        return next((o for o in objects if str(o.pk) == str(value)), None)

    def clean(self):
        data = super().clean()
        if data.get("choice") == Development.Choice.CHOOSE:
            # The other fields appear once a player is picked: ask for him first.
            names = ["player"]
            if data.get("player"):
                names += ["category", *self.PROPOSALS]
            for name in names:
                if not data.get(name) and name not in self.errors:
                    self.add_error(name, _("Bei „Selbst wählen“ bitte ausfüllen."))
        return data

    def proposals(self) -> list:
        return [self.cleaned_data[n] for n in self.PROPOSALS]


class ResultDevelopmentForm(_DevelopmentFields):
    """The development of one team, chosen on the result form together with the result (so it
    can be typed without signal, the phone keeping the form). `options` are the server's own
    (`development.options_before_result`); the lists hold all of them, and the page narrows
    them to the picked player and category. The rules are checked again by the service when
    the result arrives; left empty, the development is chosen later on the match page."""

    choice = forms.ChoiceField(label=_("Entwicklung"), required=False, widget=forms.RadioSelect)

    def __init__(self, *args, team: Team, options: list[dict], **kwargs):
        super().__init__(*args, prefix=f"entwicklung{team.pk}", **kwargs)
        self.team, self.options = team, options
        self.options_id = f"{self.prefix}-optionen"
        self.fields["choice"].choices = [
            ("", _("Später auf der Spielseite")),
            *Development.Choice.choices,
        ]
        # Any player of the team is read, so a stale pick gets the service's own message.
        self.fields["player"].queryset = team.players.all()
        self.fields["player"].choices = [("", "—"), *((p["id"], p["name"]) for p in options)]
        categories: dict[int, str] = {}
        groups: dict[str, dict[int, str]] = {}
        for player in options:
            for category in player["categories"]:
                categories[category["id"]] = category["name"]
                group = groups.setdefault(category["name"], {})
                group.update({pk: name for pk, name in category["skills"]})
        self.fields["category"].queryset = SkillCategory.objects.all()
        self.fields["category"].choices = [("", "—"), *categories.items()]
        pool = Skill.objects.development_pool()
        by_name = lambda item: item[1]  # noqa: E731
        grouped = [("", "—"), *((n, sorted(g.items(), key=by_name)) for n, g in groups.items())]
        for name in self.PROPOSALS:
            self.fields[name].queryset = pool
            self.fields[name].widget.choices = grouped

    def clean(self):
        data = super().clean()
        if data.get("choice") == Development.Choice.CHOOSE:
            for name in ("player", "category", *self.PROPOSALS):
                if not data.get(name) and name not in self.errors:
                    self.add_error(name, _("Bei „Selbst wählen“ bitte ausfüllen."))
        return data

    def pick(self) -> Pick | None:
        """The chosen development, or None: chosen later on the match page."""
        data = self.cleaned_data
        if not data.get("choice"):
            return None
        choose = data["choice"] == Development.Choice.CHOOSE
        return Pick(
            team=self.team,
            choice=data["choice"],
            player=data.get("player") if choose else None,
            category=data.get("category") if choose else None,
            proposals=tuple(data[name] for name in self.PROPOSALS) if choose else (),
        )


class DevelopmentBonusForm(forms.Form):
    """ "5+ am Tisch gewürfelt": the second Devious skill."""

    skill = SkillChoiceField(
        label=_("Zweite Hinterlistig-Fertigkeit"), queryset=Skill.objects.none()
    )

    def __init__(self, *args, skills, prefix, **kwargs):
        super().__init__(*args, prefix=prefix, **kwargs)
        self.fields["skill"].queryset = Skill.objects.filter(pk__in=[s.pk for s in skills])


class CasualtyRecordForm(forms.Form):
    """🏥 or 💀 by hand on the squad page: kind, day, note (the service checks the rest)."""

    kind = forms.ChoiceField(label=_("Ausfall"), choices=CasualtyRecord.Kind.choices)
    day = PlainDateField(
        label=_("Datum"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        input_formats=["%Y-%m-%d"],
    )
    note = PlainCharField(label=_("Notiz"), max_length=200, required=False)

    def __init__(self, *args, player, **kwargs):
        super().__init__(*args, prefix=f"ausfall{player.pk}", **kwargs)
        self.player = player
        self.fields["day"].initial = timezone.localdate()


# --- open matches: appointments, cancellations, the schedule ------------------------------


def _datetime_field(label, *, required=True) -> PlainDateTimeField:
    return PlainDateTimeField(
        label=label,
        required=required,
        input_formats=[DATETIME_LOCAL],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_LOCAL),
    )


class NewMatchForm(TeamPickForm):
    """ "Spiel anlegen": two teams of the current season, with or without an appointment."""

    scheduled_at = _datetime_field(_("Termin (optional)"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scheduled_at"].help_text = _("Leer lassen, wenn noch kein Termin steht.")


class AppointmentForm(HiddenErrorsShown, forms.Form):
    """Set or move the appointment of an open match."""

    scheduled_at = _datetime_field(_("Termin"))
    version = version_field()

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "id_termin_%s")  # ids unique beside the page's other forms
        super().__init__(*args, **kwargs)


class CancelForm(HiddenErrorsShown, forms.Form):
    """A team calls off (or, `no_show`, did not turn up for) the appointment."""

    team = forms.ModelChoiceField(label=_("Team"), queryset=Team.objects.none(), empty_label=None)
    version = version_field()

    def __init__(self, *args, teams, no_show=False, **kwargs):
        kwargs.setdefault("prefix", "nichterschienen" if no_show else "absage")
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(pk__in=[t.pk for t in teams])
        if no_show:
            self.fields["team"].label = _("Nicht erschienen")
        if len(teams) == 1:
            self.fields["team"].initial = teams[0].pk
            self.fields["team"].widget = forms.HiddenInput()


class CancellationTimeForm(HiddenErrorsShown, forms.Form):
    """Admins correct when a cancellation was made (`version`: the match's)."""

    cancelled_at = _datetime_field(_("Abgesagt am"))
    version = version_field()

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "id_korrektur_%s")  # ids unique beside the page's other forms
        super().__init__(*args, **kwargs)


class VersionForm(HiddenErrorsShown, forms.Form):
    """Deleting an open match or undoing a forfeit: only the version the page showed."""

    version = version_field()

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "id_loeschen_%s")  # ids unique beside the page's other forms
        super().__init__(*args, **kwargs)


class ScheduleForm(forms.Form):
    """The admin's round-robin schedule for the current season."""

    legs = forms.TypedChoiceField(
        label=_("Jeder gegen jeden"),
        choices=[(1, _("einfach (jede Paarung einmal)")), (2, _("doppelt (Hin- und Rückspiel)"))],
        coerce=int,
        initial=1,
    )


class HatredForm(forms.Form):
    """ "4+ gewürfelt?" for one 🏥: the button says yes or no, yes needs the hated race."""

    answer = forms.ChoiceField(
        label=_("4+ gewürfelt?"), choices=[("ja", _("Ja")), ("nein", _("Nein"))]
    )
    race = IdChoiceField(
        label=_("Gehasste Rasse"),
        queryset=Keyword.objects.none(),
        required=False,
        empty_label=_("– Rasse wählen –"),
    )

    def __init__(self, *args, question, **kwargs):
        super().__init__(*args, prefix=f"hass-{question.key}", **kwargs)
        self.question = question
        self.fields["race"].queryset = Keyword.objects.filter(
            pk__in=[k.pk for k in question.options]
        )
        # The choices come from the question, so rendering costs no query.
        self.fields["race"].choices = [
            ("", self.fields["race"].empty_label),
            *((k.pk, k.name) for k in question.options),
        ]
        if question.preselected is not None:
            self.fields["race"].initial = question.preselected.pk

    @property
    def rolled(self) -> bool:
        return self.cleaned_data["answer"] == "ja"

    def clean(self):
        data = super().clean()
        if data.get("answer") == "ja" and not data.get("race"):
            self.add_error("race", _("Bei „Ja“ bitte die Rasse des Verursachers wählen."))
        return data


class DisputeForm(HiddenErrorsShown, forms.Form):
    """The other coach's objection to a result: what is wrong, for the admins."""

    note = PlainCharField(
        label=_("Was stimmt nicht?"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    version = version_field()
