from django import forms
from django.utils.translation import gettext_lazy as _

from config.numbers import AsciiIntegerField, IdChoiceField
from rules.models import Position, Race

from .models import MAX_PLAYERS, MIN_PLAYERS, Team
from .names import NameField
from .services import PlayerSpec


class TeamForm(forms.Form):
    name = NameField(label=_("Teamname"), max_length=60)

    def clean_name(self):
        name = self.cleaned_data["name"]
        if Team.objects.filter(name__iexact=name).exists():
            raise forms.ValidationError(_("Ein Team mit diesem Namen gibt es schon."))
        return name


class PlayerRowForm(forms.Form):
    name = NameField(label=_("Name"), max_length=60)
    number = AsciiIntegerField(label=_("Nr."), min_value=1, max_value=99)
    position = IdChoiceField(label=_("Position"), queryset=Position.objects.none())

    def __init__(self, *args, race: Race, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["position"].queryset = race.positions.order_by("order")
        self.fields["position"].label_from_instance = lambda p: f"{p.name} (0–{p.max_count})"

    def has_changed(self) -> bool:
        """A row without a name is blank: beyond the first seven it counts as not there."""
        return bool((self["name"].value() or "").strip())

    def spec(self) -> PlayerSpec:
        data = self.cleaned_data
        return PlayerSpec(name=data["name"], number=data["number"], position=data["position"])


class BasePlayerRowFormSet(forms.BaseFormSet):
    default_error_messages = {
        **forms.BaseFormSet.default_error_messages,
        "too_few_forms": _("Ein neues Team braucht mindestens %(num)d Spieler."),
        "too_many_forms": _("Höchstens %(num)d Spieler im Kader."),
    }

    def __init__(self, *args, race: Race, **kwargs):
        self.race = race
        super().__init__(*args, **kwargs)

    def get_form_kwargs(self, index):
        return {**super().get_form_kwargs(index), "race": self.race}

    def specs(self) -> list[PlayerSpec]:
        return [form.spec() for form in self.forms if form.has_changed()]

    def rows_as_initial(self) -> list[dict]:
        """What the coach typed so far, to show the form again with one more row."""
        rows = []
        for form in self.forms:
            rows.append({name: form[name].value() for name in ("name", "number", "position")})
        return rows


PlayerRowFormSet = forms.formset_factory(
    PlayerRowForm,
    formset=BasePlayerRowFormSet,
    extra=0,
    min_num=MIN_PLAYERS,
    max_num=MAX_PLAYERS,
    # A tampered TOTAL_FORMS beyond this builds no more rows (Django's default allows 1000).
    absolute_max=MAX_PLAYERS,
    validate_min=True,
    validate_max=True,
)


def initial_rows(race: Race, count: int = MIN_PLAYERS) -> list[dict]:
    """Rows prefilled with the race's journeyman position and numbers 1..count."""
    position = race.journeyman_position
    return [
        {"number": n, "position": position.pk if position else None} for n in range(1, count + 1)
    ]


class PlayerForm(PlayerRowForm):
    """Adding one player to an existing squad."""
