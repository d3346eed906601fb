"""Team and player names as people read them, so look-alikes cannot pass for different names.

"Sieg-Säufer" can be typed with a precomposed "ä" or with "a" plus a combining diaeresis, with
full-width letters, or with invisible characters (zero-width spaces, direction marks) in between;
on screen they are the same name. Before a name is compared or stored it is normalised: invisible
format characters removed, Unicode NFKC (compatibility characters folded, accents composed),
control characters and runs of whitespace turned into single spaces, ends trimmed.
"""

import unicodedata

from config.inputs import PlainCharField


def normalise_name(value: str) -> str:
    visible = "".join(
        " " if unicodedata.category(ch) == "Cc" else ch
        for ch in value
        if unicodedata.category(ch) != "Cf"
    )
    return " ".join(unicodedata.normalize("NFKC", visible).split())


class NameField(PlainCharField):
    """A name field that normalises before the length, required and uniqueness checks; a name
    with a control character (NUL …) is refused first, not saved with a space for it."""

    def to_python(self, value):
        value = super().to_python(value)
        return normalise_name(value) if value else value
