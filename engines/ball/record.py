"""A game record: its options plus its action list, which replays exactly."""

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

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> GameRecord:
        data = json.loads(text) if isinstance(text, str) else text
        actions = tuple(str(parse_action(a)) for a in data.get("actions", []))
        return cls(Options(**data.get("options", {})), actions)
