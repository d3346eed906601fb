from django import forms
from django.utils.translation import gettext_lazy as _

from config.inputs import PlainCharField
from config.numbers import AsciiIntegerField

# Computer levels of the BALL engine, by their German names.
BALL_LEVELS = {"leicht": "easy", "schwer": "hard", "meister": "master", "zufall": "random"}


# Who plays which side: the computer's side, or None when two people share the device.
BALL_MODES = {"computer-gast": "away", "computer-heim": "home", "zu-zweit": None}


class BallGameOptionsForm(forms.Form):
    """The options of every BALL game: to how many touchdowns, with or without cards."""

    target_score = AsciiIntegerField(
        label=_("Touchdowns zum Sieg"),
        min_value=1,
        max_value=5,
        initial=3,
        error_messages={
            "required": _("Bitte gib an, bis wie viele Touchdowns gespielt wird."),
            "invalid": _("Bitte gib eine ganze Zahl von 1 bis 5 an."),
        },
    )
    card_mode = forms.BooleanField(
        label=_("Kartenmodus (PE, Sprint, Getup, Overtime)"), required=False
    )


class BallNewGameForm(BallGameOptionsForm):
    """A game on this device: the options, and who plays the computer at which level."""

    field_order = ["mode", "level", "target_score", "card_mode"]
    mode = forms.ChoiceField(
        label=_("Gegner"),
        choices=[
            ("computer-gast", _("Computer – ich spiele Heim (DEF, beginnt)")),
            ("computer-heim", _("Computer – ich spiele Gast (ATK, hat den Ball)")),
            ("zu-zweit", _("Zu zweit an diesem Gerät")),
        ],
        initial="computer-gast",
        required=False,
        error_messages={"invalid_choice": _("Bitte wähle einen der angebotenen Gegner.")},
    )
    level = forms.ChoiceField(
        label=_("Computer"),
        choices=[
            ("leicht", _("leicht")),
            ("schwer", _("schwer")),
            ("meister", _("Meister (rechnet bis zu einer Sekunde)")),
            ("zufall", _("zufällig")),
        ],
        initial="leicht",
        required=False,
        help_text=_("Gilt nur für Partien gegen den Computer."),
        error_messages={"invalid_choice": _("Bitte wähle eine der angebotenen Stufen.")},
    )

    def engine_level(self) -> str:
        return BALL_LEVELS[self.cleaned_data["level"] or "leicht"]

    def computer_side(self) -> str | None:
        return BALL_MODES[self.cleaned_data["mode"] or "computer-gast"]


class BallActionForm(forms.Form):
    zug = PlainCharField(
        label=_("Zug in Notation"),
        max_length=40,
        strip=True,
        error_messages={
            "required": _("Bitte gib einen Zug ein, z. B. G5-H6."),
            "max_length": _("Ein Zug ist höchstens 40 Zeichen lang."),
        },
    )
    # The game version the page showed (see services.check_version); empty: the current one.
    version = PlainCharField(required=False, max_length=40)


class BallVersionForm(forms.Form):
    version = PlainCharField(required=False, max_length=40)


class BallLinkGameForm(BallGameOptionsForm):
    """A game for two devices ("Partie mit Link"): the options of the game."""


class BallUndoAnswerForm(forms.Form):
    antwort = forms.ChoiceField(
        choices=[("ja", _("Zustimmen")), ("nein", _("Ablehnen"))],
        error_messages={"invalid_choice": _("Bitte stimme zu oder lehne ab.")},
    )
    version = PlainCharField(required=False, max_length=40)


# A game record to load: what the downloads of a game give (text form or JSON).
MAX_RECORD_CHARS = 200_000


class BallLoadForm(forms.Form):
    datei = forms.FileField(
        label=_("Partie-Datei (.txt oder .json)"),
        required=False,
        error_messages={"invalid": _("Bitte wähle eine Datei aus.")},
    )
    text = PlainCharField(
        label=_("… oder die Partie hier einfügen"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=MAX_RECORD_CHARS,
        error_messages={"max_length": _("Diese Partie ist zu lang.")},
    )

    def clean(self):
        data = super().clean()
        upload = data.get("datei")
        text = data.get("text") or ""
        if upload is not None:
            if upload.size > MAX_RECORD_CHARS:
                self.add_error("datei", _("Diese Datei ist zu groß für eine BALL-Partie."))
                return data
            try:
                text = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                self.add_error("datei", _("Diese Datei ist keine Textdatei (UTF-8)."))
                return data
        if not text.strip():
            self.add_error("text", _("Bitte wähle eine Datei oder füge eine Partie ein."))
        data["record_text"] = text
        return data


class BallFromHereForm(forms.Form):
    stellung = AsciiIntegerField(min_value=0, max_value=100_000)
