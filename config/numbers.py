"""Numbers from outside (query strings, forms) are read as plain ASCII digits within range.

Python's ``int()`` and ``str.isdigit()`` accept far more than a person types: superscripts
("²" passes ``isdigit()`` but ``int()`` fails on it), other scripts' digits ("٣" is 3) and
thousands of digits (beyond the database's integers, or past ``int()``'s digit limit). Every app
reads ids and numbers through these two helpers instead.
"""

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from .widgets import QuickSelect

# The largest id a database key (64-bit signed) holds.
MAX_ID = 2**63 - 1
_ASCII_DIGITS = re.compile(r"[0-9]{1,19}")
# A whole number as people type it: an optional minus and ASCII digits.
ASCII_INTEGER = re.compile(r"-?[0-9]{1,19}")
INTEGER_MESSAGE = _("Bitte gib eine ganze Zahl ein (Ziffern 0–9).")


def parse_id(value: str | None) -> int | None:
    """A positive id from ASCII digits, or None for anything else (the caller answers 404)."""
    if value is None or not _ASCII_DIGITS.fullmatch(value):
        return None
    number = int(value)
    return number if 0 < number <= MAX_ID else None


class AsciiIntegerField(forms.IntegerField):
    """An IntegerField that takes only an optional minus sign and ASCII digits."""

    default_error_messages = {"invalid": INTEGER_MESSAGE}
    _pattern = ASCII_INTEGER

    def to_python(self, value):
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not self._pattern.fullmatch(text):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)


class IdChoiceField(forms.ModelChoiceField):
    """A ModelChoiceField whose submitted key must be a plain id (ASCII digits, in range).

    Django would read "٣" as 3 and pick that row; here it is an invalid choice like any other.
    Its select is written without a template per option (config/widgets.py).
    """

    widget = QuickSelect

    def to_python(self, value):
        if isinstance(value, str) and value not in self.empty_values and parse_id(value) is None:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return super().to_python(value)
