"""The engine explains a refused input in English (for programs and tests); people read the
reason in German. Each pattern below matches one of the engine's messages."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import gettext as _

from .presentation import figure_name


def _fig(match: re.Match, group: str = "f") -> str:
    return figure_name(match.group(group))


def _inch(value: str) -> str:
    return value.replace(".", ",")


_PATTERNS: list[tuple[str, Callable[[re.Match], str]]] = [
    (
        r'the move costs (?P<cost>[\d.]+)" but only (?P<left>[\d.]+)" of movement are left',
        lambda m: (
            _("Der Weg kostet %(cost)s Zoll, es sind nur noch %(left)s Zoll Bewegung übrig.")
            % {"cost": _inch(m["cost"]), "left": _inch(m["left"])}
        ),
    ),
    (r"leg \d+: (?P<rest>.*)", lambda m: german_reason(m["rest"])),
    (r"the figure would leave the table", lambda m: _("Die Figur würde den Tisch verlassen.")),
    (
        r"the path runs into building \d+",
        lambda m: _("Der Weg führt in ein Gebäude. Zum Klettern tippe auf das Dach."),
    ),
    (
        r"a leg may not end on (?P<kind>\w+) \d+",
        lambda m: _("Auf Kleinkram (Mauer, Zaun, Kiste) kann keine Figur stehen bleiben."),
    ),
    (
        r"the path runs through the base of (?P<f>\S+)",
        lambda m: _("Der Weg führt durch das Base von %(figure)s.") % {"figure": _fig(m)},
    ),
    (
        r"the jump runs through the base of (?P<f>\S+)",
        lambda m: _("Der Sprung führt durch das Base von %(figure)s.") % {"figure": _fig(m)},
    ),
    (
        r"the base of (?P<f>\S+) is in the way.*",
        lambda m: _("Das Base von %(figure)s ist im Weg.") % {"figure": _fig(m)},
    ),
    (
        r"a walk on a roof must stay on building \d+",
        lambda m: _("Auf dem Dach bleiben: zum Nachbardach springen, zum Boden klettern."),
    ),
    (
        r"a jump must land on another roof",
        lambda m: _("Ein Sprung muss auf einem anderen Dach landen."),
    ),
    (r"jumps are from roof to roof", lambda m: _("Springen geht nur von Dach zu Dach.")),
    (
        r'a jump may change the height by at most 1"',
        lambda m: _("Ein Sprung darf höchstens 1 Zoll hoch oder tief gehen."),
    ),
    (
        r'the jump spans (?P<d>[\d.]+)" outside the roofs \(max 3"\)',
        lambda m: _("Der Sprung ist %(d)s Zoll weit, erlaubt sind 3 Zoll.") % {"d": _inch(m["d"])},
    ),
    (r"the jump crosses building \d+", lambda m: _("Der Sprung führt über ein drittes Gebäude.")),
    (
        r"the figure does not touch the wall of building \d+",
        lambda m: _("Zum Hochklettern muss die Figur an der Wand stehen."),
    ),
    (
        r"the ground end of (a|the) climb .*|climbing down starts .*",
        lambda m: _("Dort kann die Figur nicht hinunterklettern."),
    ),
    (
        r"a leg must have a positive length",
        lambda m: _("Das ist der Platz, an dem die Figur schon steht."),
    ),
    (r"a kick is only possible on the ground", lambda m: _("Kicken geht nur auf dem Boden.")),
    (
        r'paying 1 K for \+2" needs K of at least 2',
        lambda m: _("Für 2 Zoll mehr (1 K) braucht die Figur mindestens K 2."),
    ),
    (r"(?P<f>\S+) holds no ball", lambda m: _("%(figure)s hat keinen Ball.") % {"figure": _fig(m)}),
    (
        r"(?P<f>\S+) already holds \S+",
        lambda m: _("%(figure)s hat schon einen Ball.") % {"figure": _fig(m)},
    ),
    (r"\S+ is held by \S+", lambda m: _("Den Ball hat schon jemand.")),
    (r"\S+ is not on the level of \S+", lambda m: _("Der Ball liegt auf einer anderen Höhe.")),
    (
        r"(?P<o>\S+) is not in base contact with \S+",
        lambda m: _("%(other)s ist nicht in Basekontakt.") % {"other": _fig(m, "o")},
    ),
    (
        r'(?P<o>\S+) is not within 1" of \S+',
        lambda m: _("%(other)s ist weiter als 1 Zoll entfernt.") % {"other": _fig(m, "o")},
    ),
    (
        r"(?P<f>\S+) has already fought in this activation",
        lambda m: _("%(figure)s hat in dieser Aktivierung schon gekämpft.") % {"figure": _fig(m)},
    ),
    (r"only an opponent can be punched", lambda m: _("Kloppen geht nur gegen Gegner.")),
    (
        r"(?P<o>\S+) is prone and cannot be \w+",
        lambda m: _("%(other)s liegt am Boden.") % {"other": _fig(m, "o")},
    ),
    (
        r"(?P<o>\S+) must be standing and hold no ball",
        lambda m: _("%(other)s muss stehen und darf keinen Ball haben.") % {"other": _fig(m, "o")},
    ),
    (
        r"(?P<o>\S+) is not a team mate of \S+",
        lambda m: _("%(other)s ist kein Mitspieler.") % {"other": _fig(m, "o")},
    ),
    (
        r"(?P<f>\S+) is prone: it may only .*",
        lambda m: (
            _("%(figure)s liegt: aufstehen (nur zuerst), Päusken oder Ende.") % {"figure": _fig(m)}
        ),
    ),
    (r"\S+ is not prone", lambda m: _("Die Figur liegt nicht am Boden.")),
    (
        r"standing up is only allowed as the first action",
        lambda m: _("Aufstehen geht nur als erste Aktion."),
    ),
    (
        r"resting is only allowed as the first action",
        lambda m: _("Päusken geht nur als erste Aktion."),
    ),
    (
        r"after \d+ actions only 'end' is allowed",
        lambda m: _("Genug Aktionen: bitte die Aktivierung beenden."),
    ),
    (
        r"(?P<f>\S+) was already activated this round",
        lambda m: _("%(figure)s war in dieser Runde schon dran.") % {"figure": _fig(m)},
    ),
    (r"the game is over", lambda m: _("Die Partie ist zu Ende.")),
]
_COMPILED = [(re.compile(p), make) for p, make in _PATTERNS]


def german_reason(message: str) -> str:
    """The German reason for an engine message (a general one for messages that a page's own
    controls never cause, such as malformed input)."""
    for pattern, make in _COMPILED:
        match = pattern.fullmatch(message)
        if match:
            return make(match)
    return _("Das ist nach den Regeln gerade nicht möglich.")
