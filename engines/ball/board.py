"""The BALL board: squares, adjacency, distances and the per-square move tables.

Squares are integers ``(r - 1) * 13 + (c - 1)`` on the full 13 x 17 grid; only the playable
("hatched") squares, where ``c + r`` is even, ever appear in a position. Everything that depends
on geometry alone is computed once at import time (docs/ball.md §§1 and 2).
"""

from __future__ import annotations

from collections import deque

COLS = 13
ROWS = 17
NSQ = COLS * ROWS
LETTERS = "ABCDEFGHIJKLM"

HOME, AWAY = 0, 1
TEAM_NAMES = ("home", "away")

# Piece types.
X, O, S = 0, 1, 2  # noqa: E741 - the piece letters of the rulebook
TYPE_LETTERS = "XOS"
# Piece numbers 1..7 per team and their types: O1 X2 S3 X4 X5 O6 S7.
NUMBER_TYPES = (O, X, S, X, X, O, S)
NPIECES = 14  # piece id = team * 7 + (number - 1)
PIECE_TYPE = NUMBER_TYPES * 2
PIECE_TEAM = (HOME,) * 7 + (AWAY,) * 7

# Piece states.
ACTIVE, DOWN, TOP, BOTTOM_ACTIVE, BOTTOM_DOWN = 0, 1, 2, 3, 4
STATE_NAMES = ("active", "down", "top", "bottom", "bottom")

# The row on which each team scores: home scores in row 17, away in row 1.
SCORING_ROW = (ROWS, 1)


def sq(c: int, r: int) -> int:
    return (r - 1) * COLS + (c - 1)


def col_of(s: int) -> int:
    return s % COLS + 1


def row_of(s: int) -> int:
    return s // COLS + 1


def on_board(c: int, r: int) -> bool:
    return 1 <= c <= COLS and 1 <= r <= ROWS


def playable(c: int, r: int) -> bool:
    return on_board(c, r) and (c + r) % 2 == 0


PLAYABLE = tuple(sq(c, r) for r in range(1, ROWS + 1) for c in range(1, COLS + 1) if playable(c, r))
IS_PLAYABLE = tuple(playable(col_of(s), row_of(s)) for s in range(NSQ))

SQUARE_NAMES = tuple(LETTERS[col_of(s) - 1] + str(row_of(s)) for s in range(NSQ))


def parse_square(text: str) -> int:
    """Parse ``"G5"`` (any case) into a square; raises ValueError for anything else."""
    t = text.strip().upper()
    if len(t) < 2 or t[0] not in LETTERS or not t[1:].isdigit() or t[1] == "0":
        raise ValueError(f"{text!r} is not a square (columns A-M, rows 1-17)")
    c, r = LETTERS.index(t[0]) + 1, int(t[1:])
    if not on_board(c, r):
        raise ValueError(f"{text!r} is not a square (columns A-M, rows 1-17)")
    if not playable(c, r):
        raise ValueError(f"{t} is not a playable square")
    return sq(c, r)


def square_coordinates(name: str) -> tuple[int, int]:
    """(column, row) of the playable square ``name``, both from 1: ``"G5"`` -> ``(7, 5)``.

    Raises ValueError like :func:`parse_square`.
    """
    s = parse_square(name)
    return col_of(s), row_of(s)


def crossed_square(a: int, b: int) -> int:
    """The square that a straight 2-square diagonal move from ``a`` to ``b`` crosses."""
    return sq((col_of(a) + col_of(b)) // 2, (row_of(a) + row_of(b)) // 2)


DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ORTHOGONALS = ((2, 0), (-2, 0), (0, 2), (0, -2))


def _neighbours(s: int) -> tuple[int, ...]:
    c, r = col_of(s), row_of(s)
    return tuple(sq(c + dc, r + dr) for dc, dr in DIAGONALS if playable(c + dc, r + dr))


# NEIGHBOURS[s]: the diagonal neighbours (adjacent squares) of a playable square.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    _neighbours(s) if IS_PLAYABLE[s] else () for s in range(NSQ)
)


def _distances_from(start: int) -> tuple[int, ...]:
    dist = [-1] * NSQ
    dist[start] = 0
    queue = deque([start])
    while queue:
        a = queue.popleft()
        for b in NEIGHBOURS[a]:
            if dist[b] < 0:
                dist[b] = dist[a] + 1
                queue.append(b)
    return tuple(dist)


# DIST[a][b]: graph distance over playable squares with diagonal adjacency (docs/ball.md §1).
DIST: tuple[tuple[int, ...], ...] = tuple(
    _distances_from(s) if IS_PLAYABLE[s] else () for s in range(NSQ)
)


def _diagonal_jumps(s: int) -> tuple[tuple[int, int], ...]:
    """(to, intermediate) for the 2-step straight diagonal moves from s."""
    c, r = col_of(s), row_of(s)
    return tuple(
        (sq(c + 2 * dc, r + 2 * dr), sq(c + dc, r + dr))
        for dc, dr in DIAGONALS
        if playable(c + 2 * dc, r + 2 * dr)
    )


def _orthogonal_jumps(s: int) -> tuple[tuple[int, int], ...]:
    """(to, -1) for the 2-square orthogonal jumps from s (no intermediate square)."""
    c, r = col_of(s), row_of(s)
    return tuple((sq(c + dc, r + dr), -1) for dc, dr in ORTHOGONALS if playable(c + dc, r + dr))


def jumps_for(piece_type: int, s: int) -> tuple[tuple[int, int], ...]:
    """The 2-square moves of a piece type from s, as (to, intermediate or -1)."""
    if not IS_PLAYABLE[s]:
        return ()
    if piece_type == X:
        return _diagonal_jumps(s)
    if piece_type == O:
        return _orthogonal_jumps(s)
    return _diagonal_jumps(s) + _orthogonal_jumps(s)


def mirror(s: int) -> int:
    """The square mirrored row-wise (row r -> 18 - r), used for the away setup."""
    return sq(col_of(s), ROWS + 1 - row_of(s))


def push_ball_square(mid: int, push: int) -> int:
    """B = M - (N - M) for a tactical dodge, or -1 when it is off the board or not playable."""
    c = 2 * col_of(mid) - col_of(push)
    r = 2 * row_of(mid) - row_of(push)
    return sq(c, r) if playable(c, r) else -1


def piece_name(pid: int) -> str:
    """``"X5"`` for the piece id, without its team."""
    return TYPE_LETTERS[PIECE_TYPE[pid]] + str(pid % 7 + 1)


def full_piece_name(pid: int) -> str:
    return f"{TEAM_NAMES[PIECE_TEAM[pid]]} {piece_name(pid)}"


def parse_piece(text: str) -> int:
    """Parse ``"home X5"`` into a piece id."""
    try:
        team_text, name = text.split()
        team = TEAM_NAMES.index(team_text.lower())
        number = int(name[1:])
        if not 1 <= number <= 7 or TYPE_LETTERS[NUMBER_TYPES[number - 1]] != name[0].upper():
            raise ValueError
    except ValueError:
        raise ValueError(f"{text!r} is not a piece (e.g. 'home X5')") from None
    return team * 7 + number - 1


STANDARD_HOME_SETUP = {
    "O1": "C7",
    "X2": "E7",
    "S3": "G7",
    "X4": "I7",
    "X5": "G5",
    "O6": "K7",
    "S7": "G3",
}

# The phases of a turn (the state's `phase_code`): choosing an action, resolving it, game over.
ACTION_PHASE, RESOLUTION_PHASE, GAME_OVER = 0, 1, 2
