from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from roster.models import Player, Team
from rules.models import Skill, SkillCategory

from .models import Casualty, Development, Match
from .services import MatchEntry

DATETIME_LOCAL = "%Y-%m-%dT%H:%M"


class TeamPickForm(forms.Form):
    """Step 1 of "Spiel eintragen": the two teams (enrolled in the current season)."""

    heim = forms.ModelChoiceField(label=_("Heim"), queryset=Team.objects.none())
    gast = forms.ModelChoiceField(label=_("Gast"), queryset=Team.objects.none())

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
            # The pairing as the model sees it: its constraints say what is wrong.
            Match(season=self.season, home=home, away=away).validate_constraints()
            if not Match.may_enter(self.user, home=home, away=away):
                raise forms.ValidationError(
                    _("Du kannst nur Spiele deiner eigenen Teams eintragen.")
                )
        return data


class MatchForm(forms.Form):
    """Step 2: the result, and per side the opposing players who suffered a casualty."""

    played_at = forms.DateTimeField(
        label=_("Gespielt am"),
        input_formats=[DATETIME_LOCAL],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_LOCAL),
    )
    home_touchdowns = forms.IntegerField(label=_("Touchdowns"), min_value=0, max_value=99)
    away_touchdowns = forms.IntegerField(label=_("Touchdowns"), min_value=0, max_value=99)
    conceded_by = forms.ChoiceField(label=_("Aufgegeben von"), required=False)
    home_journeymen_casualties = forms.IntegerField(
        label=_("Journeymen mit Ausfall"), min_value=0, max_value=7, initial=0
    )
    away_journeymen_casualties = forms.IntegerField(
        label=_("Journeymen mit Ausfall"), min_value=0, max_value=7, initial=0
    )
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

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
            pk = int(key) if key.isdigit() else None
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
        if match is None:
            return {
                "played_at": timezone.localtime().replace(second=0, microsecond=0),
                "home_touchdowns": 0,
                "away_touchdowns": 0,
                "home_journeymen_casualties": 0,
                "away_journeymen_casualties": 0,
            }
        initial = {
            "played_at": timezone.localtime(match.played_at),
            "home_touchdowns": match.home_touchdowns,
            "away_touchdowns": match.away_touchdowns,
            "home_journeymen_casualties": match.home_journeymen_casualties,
            "away_journeymen_casualties": match.away_journeymen_casualties,
            "version": match.version,
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
        )


class SkillChoiceField(forms.ModelChoiceField):
    """Skills grouped by category in the select (optgroups)."""

    def label_from_instance(self, obj) -> str:
        return obj.name


def _grouped_choices(skills) -> list:
    groups: dict[str, list] = {}
    for skill in skills:
        groups.setdefault(str(skill.category), []).append((skill.pk, skill.name))
    return [("", "—"), *groups.items()]


class DevelopmentForm(forms.Form):
    """ "Entwicklung" of one team: the choice, and for Selbst wählen player, category and the
    three proposals (the last one is the opponent's). The rules are checked by the service."""

    choice = forms.ChoiceField(
        label=_("Entwicklung"), choices=Development.Choice.choices, widget=forms.RadioSelect
    )
    player = forms.ModelChoiceField(
        label=_("Spieler"), queryset=Player.objects.none(), required=False
    )
    category = forms.ModelChoiceField(
        label=_("Kategorie"), queryset=SkillCategory.objects.all(), required=False
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

    def __init__(self, *args, players, prefix, **kwargs):
        super().__init__(*args, prefix=prefix, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(pk__in=[p.pk for p in players])
        pool = (
            Skill.objects.development_pool()
            .select_related("category")
            .order_by("category__pk", "name")
        )
        for name in ("proposal_1", "proposal_2", "opponent_proposal"):
            self.fields[name].queryset = pool
            self.fields[name].widget.choices = _grouped_choices(pool)

    def clean(self):
        data = super().clean()
        if data.get("choice") == Development.Choice.CHOOSE:
            for name in ("player", "category", "proposal_1", "proposal_2", "opponent_proposal"):
                if not data.get(name):
                    self.add_error(name, _("Bei „Selbst wählen“ bitte ausfüllen."))
        return data

    def proposals(self) -> list:
        return [self.cleaned_data[n] for n in ("proposal_1", "proposal_2", "opponent_proposal")]


class DevelopmentBonusForm(forms.Form):
    """ "5+ am Tisch gewürfelt": the second Devious skill."""

    skill = SkillChoiceField(
        label=_("Zweite Hinterlistig-Fertigkeit"), queryset=Skill.objects.none()
    )

    def __init__(self, *args, skills, prefix, **kwargs):
        super().__init__(*args, prefix=prefix, **kwargs)
        self.fields["skill"].queryset = Skill.objects.filter(pk__in=[s.pk for s in skills])


class DisputeForm(forms.Form):
    """The other coach's objection to a result: what is wrong, for the admins."""

    note = forms.CharField(
        label=_("Was stimmt nicht?"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    version = forms.IntegerField(widget=forms.HiddenInput)
