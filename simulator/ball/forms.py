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
