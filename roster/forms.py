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


CATEGORY_SOURCES = [
    ("frei", _("unbeschränkt")),
    ("vorlage", _("Aus Vorlage übernehmen")),
]


class PlayerRowForm(forms.Form):
    name = NameField(label=_("Name"), max_length=60)
    number = AsciiIntegerField(label=_("Nr."), min_value=1, max_value=99)
    position = IdChoiceField(label=_("Position"), queryset=Position.objects.none())
    categories = forms.ChoiceField(
        label=_("Kategorien"),
        choices=CATEGORY_SOURCES,
        initial="frei",
        required=False,
        help_text=_("Unbeschränkt: jede Kategorie. Später auf der Kaderseite änderbar."),
    )

    def __init__(self, *args, race: Race, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["position"].queryset = race.positions.order_by("order")
        self.fields["position"].label_from_instance = lambda p: f"{p.name} (0–{p.max_count})"

    def has_changed(self) -> bool:
        """A row without a name is blank: beyond the first seven it counts as not there."""
        return bool((self["name"].value() or "").strip())

    def spec(self) -> PlayerSpec:
        data = self.cleaned_data
        return PlayerSpec(
            name=data["name"],
            number=data["number"],
            position=data["position"],
            categories_from_template=data.get("categories") == "vorlage",
        )


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
        # Rows added with "Weitere Zeile" may stay empty: they are then ignored.
        kwargs = {**super().get_form_kwargs(index), "race": self.race}
        if index is not None and index >= MIN_PLAYERS:
            kwargs["empty_permitted"] = True
        return kwargs

    def specs(self) -> list[PlayerSpec]:
        return [form.spec() for form in self.forms if form.has_changed()]

    def rows_as_initial(self, *, without: int | None = None) -> list[dict]:
        """What the coach typed so far, to show the form again with one more row, or with the
        row `without` removed."""
        rows = []
        for index, form in enumerate(self.forms):
            if index == without:
                continue
            fields = ("name", "number", "position", "categories")
            rows.append({name: form[name].value() for name in fields})
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


class PlayerCategoriesForm(forms.Form):
    """A player's skill categories: the template's sets, unrestricted, or his own sets."""

    MODES = [
        ("vorlage", _("Aus Vorlage übernehmen")),
        ("frei", _("unbeschränkt (jede Kategorie)")),
        ("eigene", _("Selbst festlegen")),
    ]

    mode = forms.ChoiceField(label=_("Kategorien"), choices=MODES, widget=forms.RadioSelect)
    primary = forms.MultipleChoiceField(
        label=_("Primär"), required=False, widget=forms.CheckboxSelectMultiple
    )
    secondary = forms.MultipleChoiceField(
        label=_("Sekundär"), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, player, categories, **kwargs):
        """`categories`: every SkillCategory, loaded once for the whole page."""
        super().__init__(*args, prefix=f"kategorien{player.pk}", **kwargs)
        self.player = player
        self.categories = {c.code: c for c in categories}
        choices = [(c.code, c.name) for c in categories]
        self.fields["primary"].choices = choices
        self.fields["secondary"].choices = choices
        if player.categories_recorded:
            self.initial.setdefault("mode", "eigene")
            self.initial.setdefault("primary", [c.code for c in player.primary_categories.all()])
            self.initial.setdefault(
                "secondary", [c.code for c in player.secondary_categories.all()]
            )
        else:
            self.initial.setdefault("mode", "frei")

    def chosen(self, name: str) -> list:
        return [self.categories[code] for code in self.cleaned_data[name]]


class PlayerEditForm(forms.Form):
    """Name, number and position of a player on the squad; the position locks after his first
    match."""

    name = NameField(label=_("Name"), max_length=60)
    number = AsciiIntegerField(label=_("Nr."), min_value=1, max_value=99)
    position = IdChoiceField(label=_("Position"), queryset=Position.objects.none())

    def __init__(self, *args, race: Race, locked_since: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["position"]
        field.queryset = race.positions.order_by("order")
        field.label_from_instance = lambda p: f"{p.name} (0–{p.max_count})"
        if locked_since:
            field.disabled = True
            field.help_text = _(
                "Fest seit seinem ersten Spiel (%(match)s): seine Haken und Entwicklungen "
                "wurden für diese Position eingetragen."
            ) % {"match": locked_since}
