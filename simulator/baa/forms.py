from django import forms
from django.utils.translation import gettext_lazy as _

from config.numbers import AsciiIntegerField


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
