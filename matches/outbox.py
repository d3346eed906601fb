"""What the league's services announce when something happens that another person should hear
about: a result entered or changed, a dispute, a forfeit, an appointment set, moved or
cancelled.

The services call `announce(...)` inside their own transaction. Whoever wants to hear of it
(the notifications app, a layer above: matches never imports it) registers once with `listen`
from its AppConfig.ready; a listener writes its rows in that same transaction, so a crash
between the change and the sending loses nothing, and a change rolled back announces nothing.
"""

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum


class What(StrEnum):
    RESULT = "result"  # entered or changed: the other side confirms or disputes it
    DISPUTE = "dispute"  # the other coach disputes a result: the admins look at it
    FORFEIT = "forfeit"  # a late cancellation or a no-show: 0:3
    APPOINTMENT = "appointment"  # set, moved or cancelled in time


@dataclass(frozen=True)
class Event:
    what: What
    match: object  # matches.models.Match (not imported: the models import nothing of this)
    by: object  # the user who did it: he is told nothing of his own action
    key: str  # the same change announced twice (a double save, a retry) has the same key
    change: str = ""  # "set", "moved", "cancelled" for appointments; "entered", "changed"


_listeners: list[Callable[[Event], None]] = []


def listen(listener: Callable[[Event], None]) -> None:
    if listener not in _listeners:
        _listeners.append(listener)


def announce(what: What, *, match, by, key: str, change: str = "") -> None:
    event = Event(what=what, match=match, by=by, key=key, change=change)
    for listener in _listeners:
        listener(event)
