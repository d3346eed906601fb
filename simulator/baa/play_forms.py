"""Forms of a game of The Baa played by people: a new game and one input of a seat."""

from __future__ import annotations

from django import forms
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

from config.inputs import PlainCharField, PlainFloatField
from config.numbers import AsciiIntegerField
from simulator.models import BaaGame, BaaSeat

from .play import MAX_END_VALUE

SEAT_CHOICES = BaaSeat.Kind.choices
MAX_TEAMS = 6


class BaaGameForm(forms.Form):
    teams = forms.TypedChoiceField(
        label=_("Teams"),
        choices=[(n, str(n)) for n in range(2, MAX_TEAMS + 1)],
        coerce=int,
        initial=2,
        error_messages={"invalid_choice": _("The Baa wird mit 2 bis 6 Teams gespielt.")},
    )
    map_choice = forms.ChoiceField(
        label=_("Karte"),
        choices=[
            ("kirkwall", _("Kirkwall (feste Karte)")),
            ("generated", _("neu erzeugte Karte")),
        ],
        initial="kirkwall",
        widget=forms.RadioSelect,
    )
    shared_device = forms.TypedChoiceField(
        label=_("Wo wird gespielt?"),
        choices=[
            ("1", _("alle an einem Gerät (weitergeben)")),
            ("0", _("jedes Team am eigenen Handy (Link oder QR-Code)")),
        ],
        coerce=lambda v: v == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    end_kind = forms.ChoiceField(
        label=_("Spielende"),
        choices=BaaGame.End.choices,
        initial=BaaGame.End.FIRST_GOAL,
    )
    end_value = AsciiIntegerField(
        label=_("N"),
        required=False,
        min_value=1,
        help_text=_("Tore, Runden oder Minuten – je nach Spielende."),
        error_messages={
            "min_value": _("Die Zahl muss mindestens 1 sein."),
        },
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for t in range(MAX_TEAMS):
            self.fields[f"seat_{t}"] = forms.ChoiceField(
                label=_("Team %(n)s") % {"n": t + 1},
                choices=SEAT_CHOICES,
                initial=BaaSeat.Kind.PERSON if t < 2 else BaaSeat.Kind.GREEDY,
                required=False,
            )

    def seat_fields(self):
        return [self[f"seat_{t}"] for t in range(MAX_TEAMS)]

    def clean(self):
        data = super().clean()
        kind, value = data.get("end_kind"), data.get("end_value")
        if kind and kind != BaaGame.End.FIRST_GOAL:
            if value is None:
                self.add_error("end_value", _("Bitte gib an, wie viele (Tore, Runden, Minuten)."))
            elif value > MAX_END_VALUE[kind]:
                self.add_error(
                    "end_value",
                    _("Höchstens %(n)s für dieses Spielende.") % {"n": MAX_END_VALUE[kind]},
                )
        teams = data.get("teams")
        if teams:
            seats = [data.get(f"seat_{t}") or BaaSeat.Kind.PERSON for t in range(teams)]
            data["seats"] = seats
        return data


ACTIONS = (
    "pick",
    "stand",
    "rest",
    "end",
    "pickup",
    "hand_over",
    "punch",
    "push",
    "tap",
    "yes",
    "no",
)


class BaaInputForm(forms.Form):
    """One input from a page: a button (``aktion`` with ``wert``) or a tap on the map (``x``,
    ``y`` in SVG inches, ``modus`` laufen/werfen/kicken)."""

    team = AsciiIntegerField(min_value=0, max_value=MAX_TEAMS - 1)
    v = AsciiIntegerField(min_value=0)
    # the pick step a card button was drawn for ("round.step"), see play.pick_step
    schritt = PlainCharField(
        required=False,
        max_length=8,
        validators=[RegexValidator(r"\A[0-9]{1,4}\.[0-9]{1,2}\Z")],
    )
    aktion = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    wert = PlainCharField(required=False, max_length=8)
    x = PlainFloatField(required=False, min_value=0, max_value=48)
    y = PlainFloatField(required=False, min_value=0, max_value=48)
    modus = forms.ChoiceField(
        required=False,
        choices=[("laufen", _("laufen")), ("werfen", _("werfen")), ("kicken", _("kicken"))],
    )
    extra = forms.BooleanField(required=False)

    def clean(self):
        data = super().clean()
        if data.get("aktion") == "tap" and (data.get("x") is None or data.get("y") is None):
            raise forms.ValidationError(_("Tippe auf einen Punkt der Karte."))
        if data.get("aktion") in ("pick", "pickup", "hand_over", "punch", "push") and not data.get(
            "wert"
        ):
            raise forms.ValidationError(_("Bitte wähle, wen oder was."))
        return data
