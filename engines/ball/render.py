"""A text board for the terminal.

Home pieces are upper case (``X5``), away pieces lower case (``x5``). Marks after the name:
``*`` holds the ball, ``_`` knocked down, ``^`` top of a stack (its bottom is listed below the
board), ``!`` restricted. A free ball is ``()``; ``.`` is an empty playable square.
"""

from __future__ import annotations

from . import board as B
from .board import DOWN, PIECE_TEAM, TOP
from .view import PositionView


def _label(state: PositionView, pid: int) -> str:
    name = B.piece_name(pid)
    if PIECE_TEAM[pid] == B.AWAY:
        name = name.lower()
    marks = ""
    if state.carrier == pid:
        marks += "*"
    if state.piece_states[pid] == DOWN:
        marks += "_"
    elif state.piece_states[pid] == TOP:
        marks += "^"
    if state.restricted_mask >> pid & 1:
        marks += "!"
    return name + marks


def render_board(state: PositionView) -> str:
    cells: dict[int, str] = {}
    for pid in range(14):
        if state.piece_states[pid] <= TOP:
            cells[state.positions[pid]] = _label(state, pid)
    if state.carrier < 0:
        cells[state.free_ball] = "()"
    width = 5
    lines = ["    " + "".join(f"{c:<{width}}" for c in B.LETTERS)]
    for r in range(B.ROWS, 0, -1):
        row = []
        for c in range(1, B.COLS + 1):
            s = B.sq(c, r)
            text = cells.get(s, "." if B.IS_PLAYABLE[s] else " ")
            row.append(f"{text:<{width}}")
        lines.append(f"{r:>3} " + "".join(row).rstrip())
    for top, bottom, formed in state.stacks:
        label = B.piece_name(bottom)
        if PIECE_TEAM[bottom] == B.AWAY:
            label = label.lower()
        bottom_state = "down" if state.piece_states[bottom] == B.BOTTOM_DOWN else "active"
        lines.append(
            f"stack on {B.SQUARE_NAMES[state.positions[top]]}: {_label(state, top)} over {label}"
            f" ({bottom_state}), formed turn {formed}"
        )
    score = state.score_by_team
    pe = state.pe_by_team
    info = (
        f"turn {state.turn}/{state.options.turn_limit}  {state.player} to play"
        f" ({'ATK' if state.player == state.atk else 'DEF'})  phase {state.phase}"
        f"  PA {state.pa}"
    )
    if state.options.card_mode:
        info += f"  PE home {pe[0]} away {pe[1]}"
    lines.append(info)
    lines.append(f"score home {score[0]} - {score[1]} away (target {state.options.target_score})")
    if state.is_over:
        lines.append(f"game over: {state.result}")
    return "\n".join(lines)
