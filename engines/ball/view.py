"""How the engine's modules read a BALL position: the read-only view a :class:`State` offers.

``state`` holds the rules; the modules around it (``ai`` and ``perft`` searching, ``explain``
wording a refusal, ``render`` drawing the text board) only read positions. They read them
through the attributes below and nothing else; ``explain`` and ``render`` take any object of
this shape, so they need not import ``state`` (which uses them) and no import cycle arises.

The compact attributes are the engine's own integer encoding (``board``): squares are integers
``(row - 1) * 13 + (column - 1)``, pieces are ids 0-13 (home 0-6, away 7-13, see
``board.PIECE_TYPE``), teams are 0 (home) and 1 (away). They are plain attributes of a
:class:`~engines.ball.state.State`, free to read in a search's inner loop.
"""

from __future__ import annotations

from typing import Protocol

from .options import Options


class PositionView(Protocol):
    """A BALL position as the engine's modules read it; every attribute is read-only."""

    #: The options the game is played with.
    options: Options
    #: The number of the current turn (1-based; it counts towards ``options.turn_limit``).
    turn: int
    #: The team to move: 0 home, 1 away.
    team_to_move: int
    #: ``board.ACTION_PHASE``, ``board.RESOLUTION_PHASE`` or ``board.GAME_OVER``.
    phase_code: int
    #: The action points (PA) left in this turn's action phase.
    pa: int
    #: The action points of the cards (PE) of home and away (card mode only, else 0).
    pe_by_team: tuple[int, int]
    #: The touchdowns of home and away.
    score_by_team: tuple[int, int]
    #: The team in the ATK role (the other one is DEF).
    atk_team: int
    #: Whether OVERTIME was played in this turn.
    overtime_used: bool
    #: The square of every piece, by piece id (the two pieces of a stack share one).
    positions: tuple[int, ...]
    #: The state of every piece, by piece id: ``board.ACTIVE``, ``DOWN``, ``TOP``,
    #: ``BOTTOM_ACTIVE`` or ``BOTTOM_DOWN``.
    piece_states: tuple[int, ...]
    #: Every stack as (top piece, bottom piece, the turn it was formed in).
    stacks: tuple[tuple[int, int, int], ...]
    #: The piece holding the ball, -1 when the ball lies free.
    carrier: int
    #: The square of the free ball, -1 while a piece holds it.
    free_ball: int
    #: Bit ``1 << piece`` is set for a piece that took the ball this turn: it may start no
    #: other ordinary action (docs/ball.md §6).
    restricted_mask: int

    # The named view, in team names.
    @property
    def player(self) -> str:
        """Whose turn it is: ``"home"`` or ``"away"``."""

    @property
    def atk(self) -> str:
        """The team in the ATK role: ``"home"`` or ``"away"``."""

    @property
    def phase(self) -> str:
        """``"action"``, ``"resolution"`` or ``"over"``."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def result(self) -> str | None:
        """None while the game runs, then ``"home"``, ``"away"`` or ``"draw"``."""
