"""The options of a BALL game and the start positions (setups) they describe (docs/ball.md).

Apart from ``state`` so that the modules which only read a position (``view``, and through it
``explain`` and ``render``) can name the options' type without importing the rules.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from . import board as B


@dataclass(frozen=True)
class Options:
    """The options of a game (docs/ball.md: everything marked "einstellbar")."""

    card_mode: bool = False
    target_score: int = 3
    turn_limit: int = 40
    # Home setup as {"X5": "G5", ...}; away is its row-wise mirror image. None: standard setup.
    setup: dict[str, str] | None = field(default=None, hash=False, compare=True)

    def __post_init__(self) -> None:
        if not isinstance(self.target_score, int) or self.target_score < 1:
            raise ValueError("target_score must be a positive integer")
        if not isinstance(self.turn_limit, int) or self.turn_limit < 1:
            raise ValueError("turn_limit must be a positive integer")
        setup_positions(self.setup)  # validates

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


_SETUP_CACHE: dict[tuple | None, tuple[int, ...]] = {}


def setup_positions(setup: dict[str, str] | None) -> tuple[int, ...]:
    """The 14 squares of a setup (validated); cached, as every touchdown needs them again."""
    key = None if setup is None else tuple(sorted(setup.items()))
    pos = _SETUP_CACHE.get(key)
    if pos is None:
        pos = _SETUP_CACHE[key] = _compute_setup_positions(setup)
    return pos


def _compute_setup_positions(setup: dict[str, str] | None) -> tuple[int, ...]:
    home = setup if setup is not None else B.STANDARD_HOME_SETUP
    pos = [-1] * B.NPIECES
    for name, square in home.items():
        pid = B.parse_piece("home " + name)
        pos[pid] = B.parse_square(square)
        pos[pid + 7] = B.mirror(pos[pid])
    if -1 in pos or len(set(pos)) != B.NPIECES:
        raise ValueError("a setup places each of the 7 home pieces on its own square")
    if any(B.row_of(s) > 8 for s in pos[:7]):
        raise ValueError("the home setup uses rows 1-8")
    return tuple(pos)
