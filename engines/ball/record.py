"""A game record: its options plus its action list, which replays exactly.

Two written forms: JSON (``to_json``/``from_json``) and the text form (``to_text``/``from_text``),
one line per turn in the notation of docs/ball.md section 9::

    [BALL] {"card_mode": false, "setup": null, "target_score": 3, "turn_limit": 40}
    1 home: G5-H6; G7-H8; END
    1 away: F13-F12; END

Lines starting with ``#`` are comments; what stands before the ``:`` of a turn line is only for
the reader (the actions alone decide who plays them). No action contains ``;``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, parse_action
from .options import Options
from .state import State, initial_state


@dataclass(frozen=True)
class GameRecord:
    """Options and the actions played, in notation. ``replay()`` rebuilds the final state."""

    options: Options = field(default_factory=Options)
    actions: tuple[str, ...] = ()

    def append(self, action: Action | str) -> GameRecord:
        """A new record with one more action (checked for legality)."""
        text = str(action) if isinstance(action, Action) else str(parse_action(action))
        self.replay().apply(text)
        return GameRecord(self.options, (*self.actions, text))

    def states(self) -> list[State]:
        """Every state of the game, from the start position to the last one."""
        state = initial_state(self.options)
        out = [state]
        for text in self.actions:
            state = state.apply(text)
            out.append(state)
        return out

    def replay(self) -> State:
        state = initial_state(self.options)
        for text in self.actions:
            state = state.apply(text)
        return state

    def to_dict(self) -> dict[str, Any]:
        return {"options": self.options.to_dict(), "actions": list(self.actions)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def to_text(self) -> str:
        """The text form: the options line, then one line per run of actions of one side."""
        lines = ["[BALL] " + json.dumps(self.options.to_dict(), sort_keys=True)]
        state = initial_state(self.options)
        run: list[str] = []
        head = ""
        for text in self.actions:
            label = f"{state.turn} {state.player}"
            if run and label != head:
                lines.append(f"{head}: " + "; ".join(run))
                run = []
            head = label
            run.append(text)
            state = state.apply(text)
        if run:
            lines.append(f"{head}: " + "; ".join(run))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read the text form; ValueError (or NotationError) when it is none."""
        options: Options | None = None
        actions: list[str] = []
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if options is None:
                if not line.startswith("[BALL]"):
                    raise ValueError("a BALL record starts with [BALL] and its options")
                data = json.loads(line[len("[BALL]") :] or "{}")
                if not isinstance(data, dict):
                    raise ValueError("the options of a BALL record are a JSON object")
                options = Options(**data)
                continue
            body = line.split(":", 1)[1] if ":" in line else line
            actions.extend(str(parse_action(a)) for a in body.split(";") if a.strip())
        if options is None:
            raise ValueError("empty BALL record")
        return cls(options, tuple(actions))

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> GameRecord:
        data = json.loads(text) if isinstance(text, str) else text
        actions = tuple(str(parse_action(a)) for a in data.get("actions", []))
        return cls(Options(**data.get("options", {})), actions)
