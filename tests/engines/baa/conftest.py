"""Helpers for The Baa scenario tests: hand-made tables, placed figures and forced dice."""

from __future__ import annotations

import pytest

from engines.baa import Ball, ForcedDice, Game, Map, Marker, Piece, Rules
from engines.baa.geometry import on_ray
from engines.baa.maps import team_angle


def open_map(teams: int = 2, pieces: list[Piece] | None = None) -> Map:
    """A table with the kirkwall goal markers and only the given terrain."""
    markers = [Marker(t, *on_ray(team_angle(t, teams), 20.0)) for t in range(teams)]
    m = Map(teams, list(pieces or []), markers, name="test")
    m.check()
    return m


def make_game(
    positions: dict[str, tuple],
    pieces: list[Piece] | None = None,
    teams: int = 2,
    balls: list[tuple] = (),
    rules: Rules | None = None,
    **stats,
) -> Game:
    """A game in round 1 waiting for picks, with the named figures at (x, y[, level]) and the
    others parked in a row along the bottom edge; `balls` are loose balls (x, y[, level]);
    `stats` sets figure attributes, e.g. ``k={"1:A": 3}``."""
    g = Game(teams, 1, open_map(teams, pieces), rules or Rules(), setup=False)
    parked = 0
    for fid, f in g.figures.items():
        if fid in positions:
            x, y, *rest = positions[fid]
            f.x, f.y, f.level = float(x), float(y), (rest[0] if rest else None)
        else:
            f.x, f.y = 0.6 + 1.1 * parked, 0.6
            parked += 1
    for name, values in stats.items():
        for fid, value in values.items():
            setattr(g.figures[fid], name, value)
    for x, y, *rest in balls:
        bid = f"b{g.next_ball}"
        g.next_ball += 1
        g.balls[bid] = Ball(bid, float(x), float(y), rest[0] if rest else None)
    for f in g.figures.values():
        if f.ball:
            g.balls[f.ball] = Ball(f.ball, f.x, f.y, f.level, holder=f.id)
            g.next_ball += 1
    g.start()
    return g


def activate(g: Game, fid: str) -> dict:
    """Make every team pick so that `fid` (rank A or B) acts first; the others pick F."""
    team = g.figures[fid].team
    for t in g.waiting_for():
        g.apply(t, {"type": "pick", "figure": fid if t == team else f"{t}:F"})
    p = g.pending
    assert p["type"] == "act" and p["figure"] == fid, p
    return p


def events_of(events: list[dict], type_: str) -> list[dict]:
    return [e for e in events if e["type"] == type_]


@pytest.fixture
def force():
    """force(game, 6, 1, 90.0, ...) replaces the game's dice by forced rolls (ints: d6, floats:
    directions); the test fails if a forced roll is left unused."""
    made: list[ForcedDice] = []

    def _force(game: Game, *rolls):
        dice = ForcedDice(list(rolls))
        game.dice = dice
        made.append(dice)
        return dice

    yield _force
    for dice in made:
        dice.check_used()


def finish_round(g: Game) -> None:
    """Play out the current round: first free card, every activation just ends, no reactions."""
    start = g.round
    while not g.finished and g.round == start:
        p = g.pending
        if p["type"] == "pick":
            for t in g.waiting_for():
                g.apply(t, g.legal_actions(t)[0])
        elif p["type"] == "act":
            g.apply(p["team"], {"type": "end"})
        else:
            g.apply(p["team"], {"type": p["type"], "answer": False})


class Helpers:
    make_game = staticmethod(make_game)
    activate = staticmethod(activate)
    events_of = staticmethod(events_of)
    finish_round = staticmethod(finish_round)
    open_map = staticmethod(open_map)


@pytest.fixture
def baa() -> type[Helpers]:
    """The scenario helpers (tests cannot import conftest under --import-mode=importlib)."""
    return Helpers
