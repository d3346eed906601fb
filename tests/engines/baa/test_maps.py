"""The kirkwall map generator, map JSON and the default setup."""

import math

import pytest

from engines.baa import Map, kirkwall, load_map, new_game, shipped_maps
from engines.baa.geometry import CENTRE, point_rect
from engines.baa.maps import free_ground, team_angle


@pytest.mark.parametrize("teams", [2, 3, 4, 5, 6])
def test_kirkwall_is_deterministic_from_its_seed(teams):
    assert kirkwall(teams, 11).to_dict() == kirkwall(teams, 11).to_dict()
    assert kirkwall(teams, 11).to_dict() != kirkwall(teams, 12).to_dict()


@pytest.mark.parametrize("teams", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(8))
def test_kirkwall_follows_the_terrain_rules(teams, seed):
    m = kirkwall(teams, seed)
    m.check()  # nothing overlaps, nothing in the marketplace or on a marker
    for t in range(teams):
        mk = m.marker(t)
        assert math.dist((mk.x, mk.y), CENTRE) == pytest.approx(20.0, abs=1e-3)
        own = [p for p in m.pieces if p.owner == t and p.is_building]
        assert 2 <= len(own) <= 3
        assert min(point_rect(mk.x, mk.y, p.rect) for p in own) == pytest.approx(1.5, abs=0.03)
        angle = math.degrees(math.atan2(mk.y - 24, mk.x - 24)) % 360
        assert angle == pytest.approx(team_angle(t, teams), abs=1e-3)
    for p in m.pieces:
        w, d = p.x1 - p.x0, p.y1 - p.y0
        if p.is_building:
            assert 3 <= w <= 8 and 3 <= d <= 8 and 2 <= p.h <= 5
        else:
            assert min(w, d) <= 1.0 and 0.5 <= p.h <= 2
        cx, cy = (p.x0 + p.x1) / 2, (p.y0 + p.y1) / 2
        diff = math.degrees(math.atan2(cy - 24, cx - 24)) - team_angle(p.owner, teams) + 180
        assert abs(diff % 360 - 180) <= 180 / teams  # in its owner's district


@pytest.mark.parametrize(
    "name", ["kirkwall-2", "kirkwall-3", "kirkwall-4", "kirkwall-5", "kirkwall-6"]
)
def test_the_shipped_maps_are_kirkwall_with_seed_zero(name):
    assert name in shipped_maps()
    m = load_map(name)
    assert m.to_dict() == kirkwall(m.teams, 0).to_dict()


def test_a_map_round_trips_through_json():
    m = kirkwall(4, 3)
    assert Map.from_json(m.to_json()).to_dict() == m.to_dict()


def test_a_map_with_overlapping_pieces_is_rejected():
    d = kirkwall(2, 0).to_dict()
    d["pieces"].append(dict(d["pieces"][0]))
    with pytest.raises(ValueError, match="overlap"):
        Map.from_dict(d)


@pytest.mark.parametrize("teams", [2, 3, 4, 5, 6])
def test_the_default_setup_follows_the_setup_rules(teams):
    g = new_game(teams, seed=5)
    for t in range(teams):
        figs = [g.figures[f"{t}:{r}"] for r in "ABCDEF"]
        assert all(free_ground(g.map, f.x, f.y) for f in figs)
        for f in figs[:2]:
            assert math.dist((f.x, f.y), CENTRE) == pytest.approx(6.0)
        near = figs[2 : 2 + teams]
        for f in near:  # within 6" of a goal marker, one per marker and team
            assert min(math.dist((f.x, f.y), (m.x, m.y)) for m in g.map.markers) <= 6.0
        for f in figs[2 + teams :]:
            assert min(f.x, f.y, 48 - f.x, 48 - f.y) <= 3.0
    positions = [(f.x, f.y) for f in g.figures.values()]
    for i, a in enumerate(positions):
        for b in positions[:i]:
            assert math.dist(a, b) >= 1.0 - 1e-6
