"""What a page of a game played by people shows and how a tap on the map becomes an input.

The map is drawn in SVG coordinates (inches, north up: ``svg_y = 48 - y``); a tap arrives in
those coordinates. A tap while moving becomes the legs of one move (walk, climb, jump); a tap
while throwing or kicking gives the direction.
"""

from __future__ import annotations

import math
from typing import Any

from django.utils.translation import gettext as _

from engines import baa
from engines.baa.geometry import BASE_R, EPS, TABLE, clamp_to_rect, dist, in_rect, point_rect

from .presentation import TEAM_COLOURS, describe_event, figure_name, table_shapes, team_name

ZOOM = 16.0  # inches shown around the active figure when zoomed in
DICE_FACES = "⚀⚁⚂⚃⚄⚅"


def table_point(svg_x: float, svg_y: float) -> tuple[float, float]:
    return svg_x, TABLE - svg_y


def _roof_at(engine: baa.Game, x: float, y: float) -> int | None:
    roofs = [i for i, p in enumerate(engine.pieces) if p.is_building and in_rect(x, y, p.rect, 0.0)]
    return max(roofs, key=lambda i: engine.pieces[i].h) if roofs else None


def _outside(rect, x: float, y: float) -> tuple[float, float]:
    """The ground point touching the wall of `rect` nearest to (x, y)."""
    cx, cy = clamp_to_rect(x, y, rect)
    dx, dy = x - cx, y - cy
    n = math.hypot(dx, dy)
    if n < EPS:  # inside: leave by the nearest side
        sides = [
            (x - rect[0], -1.0, 0.0),
            (rect[2] - x, 1.0, 0.0),
            (y - rect[1], 0.0, -1.0),
            (rect[3] - y, 0.0, 1.0),
        ]
        d, ux, uy = min(sides)
        cx, cy = x + ux * d, y + uy * d
        return cx + ux * BASE_R, cy + uy * BASE_R
    return cx + dx / n * BASE_R, cy + dy / n * BASE_R


def legs_for_tap(engine: baa.Game, fid: str, x: float, y: float) -> list[dict]:
    """The legs of a move of figure `fid` to the tapped table point: a walk on its level, a
    climb (after a walk to the wall) onto the tapped roof, a jump to another roof, or a walk to
    the roof edge and a climb down towards a tapped ground point."""
    f = engine.figures[fid]
    roof = _roof_at(engine, x, y)
    legs: list[dict] = []
    if f.level is None:
        if roof is None:
            return [{"kind": "walk", "to": [x, y]}]
        rect = engine.pieces[roof].rect
        if abs(point_rect(f.x, f.y, rect) - BASE_R) > 0.05:
            wx, wy = _outside(rect, f.x, f.y)
            legs.append({"kind": "walk", "to": [wx, wy]})
            top = clamp_to_rect(wx, wy, rect)
        else:
            top = clamp_to_rect(f.x, f.y, rect)
        legs.append({"kind": "climb", "piece": roof})
        if dist(*top, x, y) > 0.05:
            legs.append({"kind": "walk", "to": [x, y]})
        return legs
    if roof == f.level:
        return [{"kind": "walk", "to": [x, y]}]
    if roof is not None:
        return [{"kind": "jump", "to": [x, y]}]
    rect = engine.pieces[f.level].rect
    gx, gy = _outside(rect, x, y)
    edge = clamp_to_rect(gx, gy, rect)
    if dist(*edge, f.x, f.y) > EPS:
        legs.append({"kind": "walk", "to": list(edge)})
    legs.append({"kind": "climb", "to": [gx, gy]})
    if dist(gx, gy, x, y) > 0.05:
        legs.append({"kind": "walk", "to": [x, y]})
    return legs


def direction_to(engine: baa.Game, fid: str, x: float, y: float) -> float:
    f = engine.figures[fid]
    return math.degrees(math.atan2(y - f.y, x - f.x)) % 360.0


def picture(engine: baa.Game, *, zoom_on: str | None = None) -> dict[str, Any]:
    """SVG shapes of the table now (as the bot-match page draws them) and the view box."""
    districts = engine.map.to_dict().get("districts", ())
    shapes = table_shapes(engine.describe(), districts)
    box = "0 0 48 48"
    if zoom_on:
        f = engine.figures[zoom_on]
        left = min(max(f.x - ZOOM / 2, 0.0), TABLE - ZOOM)
        top = min(max(TABLE - f.y - ZOOM / 2, 0.0), TABLE - ZOOM)
        box = f"{left:.2f} {top:.2f} {ZOOM:.0f} {ZOOM:.0f}"
        shapes["figure_scale"] = 1
    shapes["box"] = box
    pending = engine.pending or {}
    for fig in shapes["figures"]:
        fig["active"] = fig["id"] == pending.get("figure")
    return shapes


def dice(event: dict) -> list[dict]:
    return [{"value": r, "face": DICE_FACES[r - 1], "six": r == 6} for r in event.get("rolls", [])]


def log_line(index: int, event: dict) -> dict[str, Any]:
    kind = event.get("type")
    line = {"index": index, "kind": kind, "text": describe_event(event), "dice": []}
    if kind in ("k_test", "roll_off"):
        line["dice"] = dice(event)
    if kind == "k_test":
        line["k"] = event.get("k")
        line["success"] = event.get("success")
    return line


SILENT = {"activation_end", "end", "setup", "round_end"}


def report(events: list[dict], offset: int = 0) -> list[dict[str, Any]]:
    """The event log as a match report: rounds (0: the setup) with their lines. `events` may
    be the tail of the log from index `offset` on (then its first round gets number 0 unless
    it starts with a round start)."""
    rounds: list[dict[str, Any]] = [{"number": 0, "lines": [], "goals": []}]
    for i, event in enumerate(events, start=offset):
        kind = event.get("type")
        if kind == "round_start":
            rounds.append({"number": event["round"], "lines": [], "goals": []})
            continue
        if kind == "goal":
            rounds[-1]["goals"].append(team_name(event["team"]))
        if kind in SILENT:
            continue
        rounds[-1]["lines"].append(log_line(i, event))
    return rounds


def last_round_lines(events: list[dict]) -> list[dict[str, Any]]:
    """The lines of the running round only (a long game's log is not described in full)."""
    start = next(
        (i for i in range(len(events) - 1, -1, -1) if events[i].get("type") == "round_start"), 0
    )
    return report(events[start:], offset=start)[-1]["lines"]


def team_table(engine: baa.Game) -> list[dict[str, Any]]:
    """Per team its goals and figures (rank, name, K, KO markers, state), as on the tableau."""
    out = []
    for t in range(engine.teams):
        figures = []
        for f in engine.figures.values():
            if f.team != t:
                continue
            figures.append(
                {
                    "id": f.id,
                    "rank": f.rank,
                    "name": figure_name(f.id),
                    "k": f.k,
                    "ko": f.ko,
                    "prone": f.prone,
                    "ball": f.ball,
                    "roof": f.level is not None,
                    "done": f.id in engine.activated,
                }
            )
        out.append(
            {
                "team": t,
                "name": team_name(t),
                "colour": TEAM_COLOURS[t],
                "goals": engine.goals[t],
                "figures": figures,
            }
        )
    return out


def question(pending: dict) -> str:
    """The question a passive figure's seat is asked."""
    names = {
        "ball": pending.get("ball", ""),
        "figure": figure_name(pending.get("figure", "")),
        "mover": figure_name(pending.get("mover", "")),
        "attacker": figure_name(pending.get("attacker", "")),
    }
    kind = pending["type"]
    if kind == "catch":
        return _("Ball %(ball)s kommt vorbei: soll %(figure)s ihn fangen?") % names
    if kind == "intercept":
        return _("%(mover)s läuft an %(figure)s vorbei: zwischenschubsen (kostet 1 K)?") % names
    return _("%(attacker)s hat %(figure)s geschlagen: zurückschlagen?") % names


def choices(engine: baa.Game, team: int) -> dict[str, Any]:
    """The buttons a seat gets for the active figure: discrete actions from the engine's list
    (with German labels) and whether moving, throwing and kicking are possible."""
    buttons = []
    move = throw = kick = None
    for a in engine.legal_actions(team):
        kind = a["type"]
        if a.get("template"):
            if kind == "move":
                move = a["max_cost"]
            elif kind == "throw":
                throw = a
            elif kind == "kick":
                kick = a
            continue
        label = {
            "stand": _("Aufstehen"),
            "rest": _("Päusken (+2 K, Aktivierung endet)"),
            "end": _("Aktivierung beenden"),
        }.get(kind)
        if kind == "pickup":
            label = _("Ball %(ball)s aufheben") % {"ball": a["ball"]}
        elif kind == "hand_over":
            label = _("Ball an %(to)s geben") % {"to": figure_name(a["to"])}
        elif kind == "punch":
            label = _("%(target)s kloppen") % {"target": figure_name(a["target"])}
        elif kind == "push":
            label = _("%(target)s schubsen") % {"target": figure_name(a["target"])}
        value = a.get("ball") or a.get("to") or a.get("target") or ""
        buttons.append({"kind": kind, "value": value, "label": label})
    return {
        "buttons": buttons,
        "move_left": move,
        "throw": throw is not None,
        "kick": kick is not None,
        "extra": bool((throw or kick or {}).get("extra")),
    }
