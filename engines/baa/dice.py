"""The game's one source of rule randomness: a seeded ``random.Random``."""

from __future__ import annotations

import random


class Dice:
    """d6 rolls and random directions from one seeded generator whose state serialises to JSON."""

    def __init__(self, seed: int | str) -> None:
        self._rng = random.Random(seed)

    def d6(self) -> int:
        return self._rng.randint(1, 6)

    def direction(self) -> float:
        return self._rng.random() * 360.0

    def getstate(self) -> list:
        version, internal, gauss = self._rng.getstate()
        return [version, list(internal), gauss]

    def setstate(self, state: list) -> None:
        self._rng.setstate((state[0], tuple(state[1]), state[2]))


class ForcedDice:
    """Test double: hands out the given rolls in order (ints for d6, floats for directions) and
    fails on a roll of the wrong kind, on running dry, and in `check_used` if any roll is left."""

    def __init__(self, rolls: list[int | float]) -> None:
        self.rolls = list(rolls)

    def _next(self, kind: type):
        if not self.rolls:
            raise AssertionError(f"forced dice ran dry (a {kind.__name__} was wanted)")
        value = self.rolls.pop(0)
        if type(value) is not kind:
            raise AssertionError(f"forced roll {value!r} is not a {kind.__name__}")
        return value

    def d6(self) -> int:
        value = self._next(int)
        if not 1 <= value <= 6:
            raise AssertionError(f"forced d6 {value} is not 1-6")
        return value

    def direction(self) -> float:
        return self._next(float)

    def check_used(self) -> None:
        if self.rolls:
            raise AssertionError(f"forced rolls left unused: {self.rolls}")

    def getstate(self) -> list:
        return ["forced", list(self.rolls)]
