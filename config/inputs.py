"""Form fields for what people type: text without control characters, dates and times in ASCII
digits within sane bounds (issue 26).

Django's fields accept more than a person types on a phone or a keyboard: a text field keeps a
bell or an escape character (only NUL is refused, and a name field normalises even that away),
and ``datetime.strptime`` reads other scripts' digits ("٢٠٢٦-…" is a date) and years from 1 to
9999, so one coach's typo stores 9999-12-31 (every calendar feed broke on it) or 0001-01-01 (a
500 when it is turned into local time). Every form of the project takes text, dates and times
through these fields; numbers go through `config.numbers.AsciiIntegerField`.
"""

import re
import unicodedata
from datetime import date, datetime

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

# Dates a form accepts: this many years before and after today. Wide enough for every season
# and appointment of a club league, narrow enough that no typo reaches the limits of a year.
YEARS_AROUND = 5

# What a text field may hold besides printable characters: line breaks and tabs (text areas).
_ALLOWED_CONTROLS = frozenset("\n\r\t")
_ASCII_TEMPORAL = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2})?)?")


@deconstructible
class NoControlCharacters:
    """Refuses control characters (NUL, escape, bell …); line breaks and tabs may stay."""

    message = _("Bitte ohne Steuerzeichen eingeben (unsichtbare Zeichen wie NUL).")
    code = "control_character"

    def __call__(self, value) -> None:
        if isinstance(value, str) and has_control_characters(value):
            raise ValidationError(self.message, code=self.code)

    def __eq__(self, other) -> bool:
        return isinstance(other, NoControlCharacters)


def has_control_characters(value: str) -> bool:
    return any(unicodedata.category(ch) == "Cc" and ch not in _ALLOWED_CONTROLS for ch in value)


class PlainCharField(forms.CharField):
    """A CharField that refuses control characters before anything else reads the text."""

    def to_python(self, value):
        NoControlCharacters()(value)
        return super().to_python(value)


class PlainUUIDField(forms.UUIDField):
    """A UUIDField that takes only what a program sends: ASCII hex digits and hyphens (Python's
    UUID parser also reads other scripts' digits; control characters it refuses itself)."""

    def to_python(self, value):
        if isinstance(value, str) and not value.isascii():
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


def date_bounds(today: date | None = None) -> tuple[date, date]:
    """The first and the last day a form accepts (`YEARS_AROUND` years around today)."""
    today = today or timezone.localdate()
    return date(today.year - YEARS_AROUND, 1, 1), date(today.year + YEARS_AROUND, 12, 31)


DATE_MESSAGE = _("Bitte das Datum mit den Ziffern 0–9 eingeben.")


def check_date_bounds(value) -> None:
    """Refuses a date (or the day of a date and time) outside `date_bounds`; anything else
    passes."""
    if not isinstance(value, date):
        return
    first, last = date_bounds()
    day = value.date() if isinstance(value, datetime) else value
    if not first <= day <= last:
        raise ValidationError(
            _("Bitte ein Datum zwischen dem %(first)s und dem %(last)s eingeben."),
            code="out_of_range",
            params={"first": first.strftime("%d.%m.%Y"), "last": last.strftime("%d.%m.%Y")},
        )


class _TemporalInput:
    """Shared by the date and the date-time field: ASCII digits only, then the bounds."""

    ascii_message = DATE_MESSAGE

    def to_python(self, value):
        text = value.strip() if isinstance(value, str) else None
        if text not in (None, *self.empty_values) and not _ASCII_TEMPORAL.fullmatch(text):
            raise ValidationError(self.ascii_message, code="invalid")
        try:
            result = super().to_python(value)
        except OverflowError:
            result = date.min
        check_date_bounds(result)
        return result


class PlainDateField(_TemporalInput, forms.DateField):
    """A date in ASCII digits, within `date_bounds`."""


class PlainDateTimeField(_TemporalInput, forms.DateTimeField):
    """A date and time in ASCII digits, within `date_bounds` (0001-01-01 is a message, not an
    overflow later when the time is shown or stored)."""


class PlainFloatField(forms.FloatField):
    """A FloatField that takes only ASCII digits (``float("٣")`` is 3.0 in Python)."""

    _pattern = re.compile(r"-?[0-9]{1,15}(\.[0-9]{1,15})?")

    def to_python(self, value):
        text = value.strip() if isinstance(value, str) else None
        if text not in (None, *self.empty_values) and not self._pattern.fullmatch(text):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class HiddenErrorsShown:
    """A form mixin: errors of hidden fields (a tampered version or team) also go to the form's
    own errors, which the page shows above its button, so no refusal is without its text."""

    def full_clean(self):
        super().full_clean()
        hidden = [
            name
            for name, field in self.fields.items()
            if field.widget.is_hidden and name in self._errors
        ]
        for name in hidden:
            for message in self._errors[name]:
                if message not in self.non_field_errors():
                    self.add_error(None, message)
