"""Maps as data: terrain pieces with heights, goal markers and districts, plus the `kirkwall`
generator. A map is plain JSON (see `Map.to_dict`); shipped maps live in ``maps/*.json``."""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path

from .geometry import (
    BASE_R,
    CENTRE,
    EPS,
    TABLE,
    dist,
    on_ray,
    point_rect,
    rects_overlap,
    seg_rect,
)

MARKETPLACE_R = 7.0
MARKER_R = 1.5
MARKER_DIST = 20.0
MAPS_DIR = Path(__file__).with_name("maps")


@dataclass(frozen=True)
class Piece:
    """A terrain rectangle. ``kind`` is ``building`` (walkable roof) or clutter (wall, fence...)."""

    x0: float
    y0: float
    x1: float
    y1: float
    h: float
    kind: str = "building"
    owner: int | None = None
    rect: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rect", (self.x0, self.y0, self.x1, self.y1))

    @property
    def is_building(self) -> bool:
        return self.kind == "building"

    def to_dict(self) -> dict:
        return {
            "x0": self.x0,
            "y0": self.y0,
            "x1": self.x1,
            "y1": self.y1,
            "h": self.h,
            "kind": self.kind,
            "owner": self.owner,
        }


@dataclass(frozen=True)
class Marker:
    team: int
    x: float
    y: float
    r: float = MARKER_R

    def to_dict(self) -> dict:
        return {"team": self.team, "x": self.x, "y": self.y, "r": self.r}


@dataclass
class Map:
    """Terrain, goal markers and districts for ``teams`` teams."""

    teams: int
    pieces: list[Piece]
    markers: list[Marker]
    districts: list[dict] = field(default_factory=list)
    name: str = "custom"
    seed: int | None = None

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "seed": self.seed,
            "teams": self.teams,
            "size": TABLE,
            "pieces": [p.to_dict() for p in self.pieces],
            "markers": [m.to_dict() for m in self.markers],
            "districts": self.districts,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Map:
        pieces = [
            Piece(
                p["x0"],
                p["y0"],
                p["x1"],
                p["y1"],
                p["h"],
                p.get("kind", "building"),
                p.get("owner"),
            )
            for p in d["pieces"]
        ]
        markers = [Marker(m["team"], m["x"], m["y"], m.get("r", MARKER_R)) for m in d["markers"]]
        m = cls(
            d["teams"],
            pieces,
            markers,
            list(d.get("districts", [])),
            d.get("name", "custom"),
            d.get("seed"),
        )
        m.check()
        return m

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_json(cls, text: str) -> Map:
        return cls.from_dict(json.loads(text))

    def marker(self, team: int) -> Marker:
        for m in self.markers:
            if m.team == team:
                return m
        raise KeyError(team)

    def check(self) -> None:
        """Raise ValueError if the map breaks the terrain rules (docs/baa.md §1)."""
        if not 2 <= self.teams <= 6:
            raise ValueError("a map is for 2 to 6 teams")
        if sorted(m.team for m in self.markers) != list(range(self.teams)):
            raise ValueError("one goal marker per team is needed")
        for i, p in enumerate(self.pieces):
            if not (0 <= p.x0 < p.x1 <= TABLE and 0 <= p.y0 < p.y1 <= TABLE):
                raise ValueError(f"piece {i} is not a rectangle on the table")
            if p.h <= 0:
                raise ValueError(f"piece {i} has no height")
            if point_rect(*CENTRE, p.rect) < MARKETPLACE_R - EPS:
                raise ValueError(f"piece {i} stands in the marketplace")
            for j in range(i):
                if rects_overlap(p.rect, self.pieces[j].rect):
                    raise ValueError(f"pieces {j} and {i} overlap")
            for m in self.markers:
                if point_rect(m.x, m.y, p.rect) < m.r - EPS:
                    raise ValueError(f"piece {i} overlaps the goal marker of team {m.team}")


def _in_sector(x: float, y: float, centre_angle: float, half: float) -> bool:
    a = math.degrees(math.atan2(y - CENTRE[1], x - CENTRE[0]))
    diff = (a - centre_angle + 180.0) % 360.0 - 180.0
    return abs(diff) <= half


def team_angle(team: int, teams: int) -> float:
    return (45.0 + team * 360.0 / teams) % 360.0


def kirkwall(teams: int, seed: int = 0) -> Map:
    """Generate the default map for 2 to 6 teams; the same (teams, seed) gives the same map.

    Team t's district is the sector 45° + t·360°/T ± 180°/T; its goal marker lies 20" out on
    the district's ray and touches one of its 2–3 buildings. A corridor from the marketplace to
    every marker is kept clear, and nothing stands in the marketplace or on a marker."""
    if not 2 <= teams <= 6:
        raise ValueError("kirkwall is for 2 to 6 teams")
    rng = random.Random(f"kirkwall:{teams}:{seed}")
    half = 180.0 / teams
    pieces: list[Piece] = []
    markers: list[Marker] = []
    districts = []
    for t in range(teams):
        a = team_angle(t, teams)
        mx, my = on_ray(a, MARKER_DIST)
        markers.append(Marker(t, round(mx, 4), round(my, 4)))
        districts.append({"team": t, "angle": a, "from": (a - half) % 360, "to": (a + half) % 360})

    # a clear corridor from the marketplace to 2" before each marker, then a clear last stretch
    corridors = []
    for t in range(teams):
        a = team_angle(t, teams)
        corridors.append(((*on_ray(a, MARKETPLACE_R - 1), *on_ray(a, MARKER_DIST - 2)), 1.6))
        corridors.append(((*on_ray(a, MARKER_DIST - 2), markers[t].x, markers[t].y), 0.6))

    def fits(r, owner, kind, touch_marker=None) -> bool:
        x0, y0, x1, y1 = r
        if x0 < 0 or y0 < 0 or x1 > TABLE or y1 > TABLE:
            return False
        if point_rect(*CENTRE, r) < MARKETPLACE_R + 0.5:
            return False
        a = team_angle(owner, teams)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        if not _in_sector(cx, cy, a, half):
            return False
        for p in pieces:
            gap = 0.0 if kind == "building" and p.is_building else 1.2
            if rects_overlap(r, (p.x0 - gap, p.y0 - gap, p.x1 + gap, p.y1 + gap)):
                return False
        for m in markers:
            need = m.r if m is touch_marker else m.r + 1.2
            if point_rect(m.x, m.y, r) < need - EPS:
                return False
        return all(seg_rect(*c, r) >= clear for c, clear in corridors)

    for t in range(teams):
        m = markers[t]
        # the first building touches the marker on one of its sides (tangent to the circle)
        for _ in range(400):
            w, d = rng.uniform(3, 8), rng.uniform(3, 8)
            side = rng.randrange(4)
            off = rng.uniform(0.3, 0.7)
            if side == 0:
                r = (m.x + m.r, m.y - off * d, m.x + m.r + w, m.y + (1 - off) * d)
            elif side == 1:
                r = (m.x - m.r - w, m.y - off * d, m.x - m.r, m.y + (1 - off) * d)
            elif side == 2:
                r = (m.x - off * w, m.y + m.r, m.x + (1 - off) * w, m.y + m.r + d)
            else:
                r = (m.x - off * w, m.y - m.r - d, m.x + (1 - off) * w, m.y - m.r)
            if fits(r, t, "building", touch_marker=m) and point_rect(m.x, m.y, r) <= m.r + 0.02:
                pieces.append(Piece(*r, h=float(rng.randint(4, 10)) / 2, owner=t))
                break
        else:  # pragma: no cover - the search space is wide enough for every team count
            raise RuntimeError("kirkwall could not place a building at a goal marker")
        wanted = rng.randint(2, 3)
        tries = 0
        while sum(p.owner == t and p.is_building for p in pieces) < wanted and tries < 400:
            tries += 1
            a = team_angle(t, teams) + rng.uniform(-half, half) * 0.8
            rad = rng.uniform(MARKETPLACE_R + 4, 23)
            cx, cy = on_ray(a, rad)
            w, d = rng.uniform(3, 8), rng.uniform(3, 8)
            r = tuple(round(v, 2) for v in (cx - w / 2, cy - d / 2, cx + w / 2, cy + d / 2))
            if fits(r, t, "building"):
                pieces.append(Piece(*r, h=float(rng.randint(4, 10)) / 2, owner=t))
        clutter = rng.randint(1, 3)
        tries = 0
        while clutter and tries < 400:
            tries += 1
            a = team_angle(t, teams) + rng.uniform(-half, half) * 0.8
            cx, cy = on_ray(a, rng.uniform(MARKETPLACE_R + 2, 22))
            long, thin = rng.uniform(2, 5), rng.uniform(0.5, 1.0)
            w, d = (long, thin) if rng.random() < 0.5 else (thin, long)
            r = tuple(round(v, 2) for v in (cx - w / 2, cy - d / 2, cx + w / 2, cy + d / 2))
            if fits(r, t, "clutter"):
                kind = rng.choice(["wall", "fence", "crate"])
                pieces.append(Piece(*r, h=float(rng.randint(1, 4)) / 2, kind=kind, owner=t))
                clutter -= 1
    result = Map(teams, pieces, markers, districts, name=f"kirkwall-{teams}", seed=seed)
    result.check()
    return result


def load_map(name: str) -> Map:
    """Load a shipped map by name (e.g. ``"kirkwall-4"``) from the package's maps folder."""
    path = MAPS_DIR / f"{name}.json"
    if not path.is_file():
        raise ValueError(f"no shipped map named {name!r}")
    return Map.from_json(path.read_text(encoding="utf-8"))


def shipped_maps() -> list[str]:
    return sorted(p.stem for p in MAPS_DIR.glob("*.json"))


def free_ground(mp: Map, x: float, y: float) -> bool:
    """A base centred at (x, y) on the ground overlaps no footprint and stays on the table."""
    if not (
        BASE_R - EPS <= x <= TABLE - BASE_R + EPS and BASE_R - EPS <= y <= TABLE - BASE_R + EPS
    ):
        return False
    return all(point_rect(x, y, p.rect) >= BASE_R - EPS for p in mp.pieces)


__all__ = ["Map", "Marker", "Piece", "dist", "kirkwall", "load_map", "shipped_maps"]
