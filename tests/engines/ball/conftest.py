"""Helpers shared by the BALL tests: build positions from a few squares."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engines.ball import State, parse_action
from engines.ball.board import STANDARD_HOME_SETUP

# Pieces a test does not place are parked in two far corners, away from the action.
HOME_PARKING = ("A1", "A3", "A5", "B2", "B4", "C1", "C3")
AWAY_PARKING = ("M17", "M15", "M13", "L16", "L14", "K17", "K15")
NAMES = tuple(STANDARD_HOME_SETUP)


def _place(placed: dict[str, str], parking: tuple[str, ...], used: set[str]) -> dict[str, str]:
    out = {k.upper(): v.upper() for k, v in placed.items()}
    free = [p for p in parking if p not in used]
    for name in NAMES:
        if name not in out:
            out[name] = free.pop(0)
    return out


def position(
    home: dict[str, str] | None = None,
    away: dict[str, str] | None = None,
    *,
    ball: str | None = None,
    carrier: str | None = None,
    down: tuple[str, ...] = (),
    stacks: tuple[dict, ...] = (),
    restricted: tuple[str, ...] = (),
    player: str = "home",
    phase: str = "action",
    pa: int = 2,
    pe: tuple[int, int] = (0, 0),
    turn: int = 5,
    score: tuple[int, int] = (0, 0),
    card_mode: bool = False,
    target_score: int = 3,
    turn_limit: int = 40,
    atk: str = "away",
) -> State:
    """A position with the given pieces; ``carrier="home X5"`` or ``ball="G9"`` places the ball.

    Without either, the ball lies free on M9 (a square no test uses).
    """
    home = home or {}
    away = away or {}
    used = {v.upper() for v in (*home.values(), *away.values())}
    if carrier is None and ball is None:
        ball = "M9"
    data = {
        "options": {
            "card_mode": card_mode,
            "target_score": target_score,
            "turn_limit": turn_limit,
            "setup": None,
        },
        "turn": turn,
        "player": player,
        "phase": phase,
        "pa": pa,
        "pe": {"home": pe[0], "away": pe[1]},
        "overtime_used": False,
        "score": {"home": score[0], "away": score[1]},
        "atk": atk,
        "pieces": {
            "home": _place(home, HOME_PARKING, used),
            "away": _place(away, AWAY_PARKING, used),
        },
        "down": list(down),
        "stacks": list(stacks),
        "ball": {"carrier": carrier} if carrier else {"square": ball},
        "restricted": list(restricted),
    }
    return State.from_json(data)


def texts(state: State) -> set[str]:
    """The legal actions of a state, as notation."""
    return {str(a) for a in state.legal_actions()}


def moves_from(state: State, square: str) -> set[str]:
    """The legal ordinary actions that start on a square."""
    prefix = square.upper()
    return {t for t in texts(state) if t.startswith(prefix) and not t[len(prefix)].isdigit()}


def piece(state: State, team: str, name: str) -> dict:
    return next(p for p in state.pieces() if p["team"] == team and p["name"] == name)


def play(state: State, *actions: str) -> State:
    for a in actions:
        state = state.apply(parse_action(a))
    return state


@pytest.fixture
def kit() -> SimpleNamespace:
    """The helpers above, for tests (conftest modules are not importable by name)."""
    return SimpleNamespace(
        position=position, texts=texts, moves_from=moves_from, piece=piece, play=play
    )


@pytest.fixture(autouse=True)
def _quick_master(monkeypatch):
    """The master level searches 50 ms per action in tests (its budget is a time, not a rule)."""
    from engines.ball import ai

    monkeypatch.setattr(ai, "MASTER_BUDGET", 0.05)
