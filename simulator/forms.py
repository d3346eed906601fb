from django import forms
from django.utils.translation import gettext_lazy as _

from config.numbers import AsciiIntegerField

# Computer levels of the BALL engine, by their German names.
BALL_LEVELS = {"leicht": "easy", "schwer": "hard", "zufall": "random"}


class BallNewGameForm(forms.Form):
    level = forms.ChoiceField(
        label=_("Computer"),
        choices=[
            ("leicht", _("leicht")),
            ("schwer", _("schwer")),
            ("zufall", _("zufällig")),
        ],
        initial="leicht",
    )
    target_score = AsciiIntegerField(
        label=_("Touchdowns zum Sieg"),
        min_value=1,
        max_value=5,
        initial=3,
        error_messages={"required": _("Bitte gib an, bis wie viele Touchdowns gespielt wird.")},
    )
    card_mode = forms.BooleanField(
        label=_("Kartenmodus (PE, Sprint, Getup, Overtime)"), required=False
    )

    def engine_level(self) -> str:
        return BALL_LEVELS[self.cleaned_data["level"]]


class BallActionForm(forms.Form):
    zug = forms.CharField(
        label=_("Zug in Notation"),
        max_length=40,
        strip=True,
        error_messages={
            "required": _("Bitte gib einen Zug ein, z. B. G5-H6."),
            "max_length": _("Ein Zug ist höchstens 40 Zeichen lang."),
        },
    )


class BaaMatchForm(forms.Form):
    teams = AsciiIntegerField(
        label=_("Teams"),
        min_value=2,
        max_value=6,
        initial=2,
        error_messages={
            "required": _("Bitte gib die Zahl der Teams an (2 bis 6)."),
            "invalid": _("Die Zahl der Teams muss eine ganze Zahl sein (2 bis 6)."),
            "min_value": _("The Baa braucht mindestens 2 Teams."),
            "max_value": _("The Baa ist für höchstens 6 Teams."),
        },
    )
    seed = AsciiIntegerField(
        label=_("Seed"),
        min_value=0,
        max_value=999_999_999,
        initial=1,
        help_text=_("Gleicher Seed, gleiches Spiel: Karte, Würfel und Bots hängen nur davon ab."),
        error_messages={
            "required": _("Bitte gib einen Seed an."),
            "invalid": _("Der Seed muss eine ganze Zahl sein."),
            "min_value": _("Der Seed darf nicht negativ sein."),
            "max_value": _("Der Seed darf höchstens 999999999 sein."),
        },
    )
    bot = forms.ChoiceField(
        label=_("Bot"),
        choices=[("greedy", _("gierig (spielt auf Tore)")), ("random", _("zufällig"))],
        initial="greedy",
        error_messages={"invalid_choice": _("Bitte wähle einen der angebotenen Bots.")},
    )
