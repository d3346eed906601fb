"""Plane geometry on the 48" table: points, segments and axis-aligned rectangles.

Everything works on plain floats (inches); rectangles are ``(x0, y0, x1, y1)``, x0 < x1, y0 < y1.
"""

from __future__ import annotations

import math

TABLE = 48.0
CENTRE = (24.0, 24.0)
TOL = 0.05  # range checks: d <= limit + TOL
EPS = 1e-6  # clearances and costs
BASE_R = 0.5

Rect = tuple[float, float, float, float]


def dist(ax: float, ay: float, bx: float, by: float) -> float:
    return math.hypot(ax - bx, ay - by)


def seg_point(ax: float, ay: float, bx: float, by: float, px: float, py: float):
    """Distance from P to segment AB and the parameter t in [0, 1] of the nearest point."""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    if ll <= 0.0:
        return math.hypot(px - ax, py - ay), 0.0
    t = ((px - ax) * dx + (py - ay) * dy) / ll
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return math.hypot(px - ax - t * dx, py - ay - t * dy), t


def point_rect(px: float, py: float, r: Rect) -> float:
    """Distance from a point to a closed rectangle (0 inside)."""
    x0, y0, x1, y1 = r
    dx = x0 - px if px < x0 else px - x1 if px > x1 else 0.0
    dy = y0 - py if py < y0 else py - y1 if py > y1 else 0.0
    return math.hypot(dx, dy)


def in_rect(px: float, py: float, r: Rect, eps: float = EPS) -> bool:
    return r[0] - eps <= px <= r[2] + eps and r[1] - eps <= py <= r[3] + eps


def clamp_to_rect(px: float, py: float, r: Rect) -> tuple[float, float]:
    return min(max(px, r[0]), r[2]), min(max(py, r[1]), r[3])


def clip(ax: float, ay: float, bx: float, by: float, r: Rect):
    """Liang-Barsky: the parameter interval (t0, t1) of segment AB inside r, or None."""
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - r[0]), (dx, r[2] - ax), (-dy, ay - r[1]), (dy, r[3] - ay)):
        if p == 0.0:
            if q < 0.0:
                return None
        else:
            t = q / p
            if p < 0.0:
                if t > t1:
                    return None
                if t > t0:
                    t0 = t
            else:
                if t < t0:
                    return None
                if t < t1:
                    t1 = t
    return t0, t1


def seg_rect(ax: float, ay: float, bx: float, by: float, r: Rect) -> float:
    """Distance between segment AB and a closed rectangle (0 if they meet)."""
    if clip(ax, ay, bx, by, r) is not None:
        return 0.0
    best = min(point_rect(ax, ay, r), point_rect(bx, by, r))
    for cx, cy in ((r[0], r[1]), (r[2], r[1]), (r[0], r[3]), (r[2], r[3])):
        d, _ = seg_point(ax, ay, bx, by, cx, cy)
        if d < best:
            best = d
    return best


def grow(r: Rect, m: float) -> Rect:
    return (r[0] - m, r[1] - m, r[2] + m, r[3] + m)


def rects_overlap(a: Rect, b: Rect, eps: float = EPS) -> bool:
    """True if the rectangles share interior (touching is allowed)."""
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def first_contact(
    px: float, py: float, ux: float, uy: float, length: float, cx: float, cy: float, radius: float
):
    """Moving from P along unit vector U for up to `length`: the first s at which the centre comes
    within `radius` of C while approaching it (touching and moving away do not count)."""
    ox, oy = px - cx, py - cy
    b = ux * ox + uy * oy
    if b >= 0.0:
        return None
    c = ox * ox + oy * oy - radius * radius
    disc = b * b - c
    if disc < 0.0:
        return None
    s = -b - math.sqrt(disc)
    if s < 0.0:
        s = 0.0
    return s if s <= length else None


def first_closer(ax: float, ay: float, bx: float, by: float, cx: float, cy: float, radius: float):
    """First t in [0, 1] where the point on AB is closer than `radius` to C, else None."""
    ox, oy = ax - cx, ay - cy
    if ox * ox + oy * oy < (radius - EPS) ** 2:
        return 0.0
    dx, dy = bx - ax, by - ay
    a = dx * dx + dy * dy
    if a <= 0.0:
        return None
    b = ox * dx + oy * dy
    c = ox * ox + oy * oy - radius * radius
    disc = b * b - a * c
    if disc <= 0.0:
        return None
    root = math.sqrt(disc)
    t_in, t_out = (-b - root) / a, (-b + root) / a
    length = math.sqrt(a)
    if (t_out - t_in) * length <= EPS or (1.0 - t_in) * length <= EPS or t_in < -EPS:
        return None  # only touching the circle, or reaching it just at the end
    return max(0.0, t_in)


def on_ray(angle: float, r: float, origin: tuple[float, float] = CENTRE) -> tuple[float, float]:
    a = math.radians(angle)
    return origin[0] + r * math.cos(a), origin[1] + r * math.sin(a)
