"""What the Baa page shows: the table after a round in SVG coordinates and the events of the
match as German sentences."""

from __future__ import annotations

import math
from typing import Any

from django.utils.translation import gettext as _

from .services import BaaMatch

TEAM_COLOURS = ("gruen", "rot", "blau", "orange", "lila", "tuerkis")
TABLE = 48.0


def team_name(team: int) -> str:
    names = (_("Grün"), _("Rot"), _("Blau"), _("Orange"), _("Lila"), _("Türkis"))
    return names[team] if 0 <= team < len(names) else str(team + 1)


def figure_name(fid: str) -> str:
    team, _sep, rank = str(fid).partition(":")
    try:
        return f"{team_name(int(team))} {rank}"
    except ValueError:
        return str(fid)


def _inches(value: Any) -> str:
    try:
        return f"{float(value):.1f}".replace(".", ",")
    except (TypeError, ValueError):
        return "?"


_PURPOSES = {
    "intercept": "Abfangen",
    "punch": "Schlag",
    "punch_back": "Gegenschlag",
    "push": "Schubsen",
    "catch": "Fangen",
    "throw": "Wurf",
    "kick": "Kick",
}
_END_REASONS = {
    "team_goals": "ein Team hat die nötigen Tore",
    "first_goal": "das erste Tor ist gefallen",
    "total_goals": "die Gesamtzahl der Tore ist erreicht",
    "rounds": "die letzte Runde ist gespielt",
    "time": "die vereinbarte Spielzeit ist um",
}
# The events that tell the story of a round; the rest (dice, every step) only in the detail.
KEY_EVENTS = {
    "goal",
    "game_end",
    "pickup",
    "ball_taken",
    "hand_over",
    "throw",
    "kick",
    "catch",
    "drop",
    "ko",
    "ball_placed",
}
_SILENT = {"round_start", "round_end", "activation_end", "end", "setup"}


def end_reason(reason: str | None) -> str:
    return _(_END_REASONS.get(reason or "", reason or ""))


def _ok(success: Any) -> str:
    return _("gelingt") if success else _("misslingt")


def describe_event(event: dict[str, Any]) -> str:
    """One event of the log as a German sentence."""
    e = dict(event)
    kind = e.get("type", "")
    fig = figure_name(e.get("figure", ""))
    if kind == "ball_placed":
        return _("Ball %(ball)s kommt ins Spiel") % {"ball": e.get("ball")}
    if kind == "reveal":
        picks = ", ".join(figure_name(p) for p in e.get("picks", []))
        return _("Karten aufgedeckt (Schritt %(step)s): %(picks)s") % {
            "step": e.get("step"),
            "picks": picks,
        }
    if kind == "roll_off":
        rolls = ", ".join(
            f"{figure_name(f)} {r}"
            for f, r in zip(e.get("figures", []), e.get("rolls", []), strict=False)
        )
        return _("Stechen um die Reihenfolge: %(rolls)s") % {"rolls": rolls}
    if kind == "order":
        return _("Reihenfolge: %(order)s") % {
            "order": " → ".join(figure_name(f) for f in e.get("figures", []))
        }
    if kind == "activation":
        return _("%(figure)s ist dran") % {"figure": fig}
    if kind == "game_end":
        return _("Spielende: %(reason)s") % {"reason": end_reason(e.get("reason"))}
    if kind == "k_test":
        rolls = " ".join(str(r) for r in e.get("rolls", [])) or "–"
        purpose = _(_PURPOSES.get(e.get("for", ""), e.get("for", "")))
        return _("%(figure)s würfelt für %(purpose)s mit K %(k)s: %(rolls)s – %(ok)s") % {
            "figure": fig,
            "purpose": purpose,
            "k": e.get("k"),
            "rolls": rolls,
            "ok": _ok(e.get("success")),
        }
    if kind == "k_loss":
        return _("%(figure)s verliert %(loss)s K, jetzt K %(k)s") % {
            "figure": fig,
            "loss": e.get("loss"),
            "k": e.get("k"),
        }
    if kind == "ko":
        return _("%(figure)s ist k.o. (%(markers)s KO-Marker)") % {
            "figure": fig,
            "markers": e.get("markers"),
        }
    if kind == "ko_recovery":
        return _("%(figure)s kommt wieder zu sich (K %(k)s)") % {"figure": fig, "k": e.get("k")}
    if kind == "stand":
        return _("%(figure)s steht auf") % {"figure": fig}
    if kind == "rest":
        return _("%(figure)s verschnauft: +%(gained)s K, jetzt K %(k)s") % {
            "figure": fig,
            "gained": e.get("gained"),
            "k": e.get("k"),
        }
    if kind == "move":
        verbs = {"walk": _("läuft"), "climb": _("klettert"), "jump": _("springt")}
        text = _("%(figure)s %(verb)s %(cost)s Zoll") % {
            "figure": fig,
            "verb": verbs.get(e.get("kind"), _("bewegt sich")),
            "cost": _inches(e.get("cost")),
        }
        if e.get("interrupted"):
            text += _(" und wird aufgehalten")
        return text
    if kind == "pickup":
        return _("%(figure)s nimmt Ball %(ball)s auf") % {"figure": fig, "ball": e.get("ball")}
    if kind == "hand_over":
        return _("%(figure)s übergibt Ball %(ball)s an %(to)s") % {
            "figure": fig,
            "ball": e.get("ball"),
            "to": figure_name(e.get("to", "")),
        }
    if kind in ("throw", "kick"):
        verb = _("wirft") if kind == "throw" else _("kickt")
        if e.get("success"):
            return _("%(figure)s %(verb)s Ball %(ball)s %(length)s Zoll weit") % {
                "figure": fig,
                "verb": verb,
                "ball": e.get("ball"),
                "length": _inches(e.get("length")),
            }
        return _("%(figure)s %(verb)s Ball %(ball)s – daneben") % {
            "figure": fig,
            "verb": verb,
            "ball": e.get("ball"),
        }
    if kind in ("punch", "punch_back"):
        template = (
            _("%(figure)s schlägt %(target)s (%(sixes)s× Sechs)")
            if kind == "punch"
            else _("%(figure)s schlägt zurück gegen %(target)s (%(sixes)s× Sechs)")
        )
        return template % {
            "figure": fig,
            "target": figure_name(e.get("target", "")),
            "sixes": e.get("sixes"),
        }
    if kind == "punch_back_declined":
        return _("%(figure)s schlägt nicht zurück") % {"figure": fig}
    if kind == "ball_taken":
        return _("%(figure)s nimmt %(target)s Ball %(ball)s ab") % {
            "figure": fig,
            "target": figure_name(e.get("target", "")),
            "ball": e.get("ball"),
        }
    if kind == "push_attempt":
        return _("%(figure)s schubst %(target)s: %(ok)s") % {
            "figure": fig,
            "target": figure_name(e.get("target", "")),
            "ok": _ok(e.get("success")),
        }
    if kind == "intercept":
        return _("%(figure)s will %(mover)s abfangen: %(ok)s") % {
            "figure": fig,
            "mover": figure_name(e.get("mover", "")),
            "ok": _ok(e.get("success")),
        }
    if kind == "intercept_declined":
        return _("%(figure)s lässt %(mover)s vorbei") % {
            "figure": fig,
            "mover": figure_name(e.get("mover", "")),
        }
    if kind == "catch":
        return _("%(figure)s fängt Ball %(ball)s: %(ok)s") % {
            "figure": fig,
            "ball": e.get("ball"),
            "ok": _ok(e.get("success")),
        }
    if kind == "catch_declined":
        return _("%(figure)s fängt Ball %(ball)s nicht") % {"figure": fig, "ball": e.get("ball")}
    if kind == "pushed":
        text = _("%(figure)s wird von %(by)s weggestoßen") % {
            "figure": fig,
            "by": figure_name(e.get("by", "")),
        }
        if e.get("fall"):
            text += _(" und stürzt %(fall)s Zoll tief") % {"fall": _inches(e.get("fall"))}
        return text
    if kind == "drop":
        return _("%(figure)s verliert Ball %(ball)s") % {"figure": fig, "ball": e.get("ball")}
    if kind == "scatter":
        return _("Ball %(ball)s verspringt") % {"ball": e.get("ball")}
    if kind == "ball_lands":
        text = _("Ball %(ball)s landet") % {"ball": e.get("ball")}
        if e.get("level") is not None:
            text += _(" auf einem Dach")
        return text
    if kind == "goal":
        goals = e.get("goals") or []
        team = e.get("team", -1)
        return _("TOR für %(team)s durch %(figure)s! Stand: %(score)s") % {
            "team": team_name(team),
            "figure": fig,
            "score": " : ".join(str(g) for g in goals),
        }
    return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in e.items() if k != "type")


def _svg_y(y: float) -> float:
    return round(TABLE - y, 3)


# Figures on the whole 48" table are drawn this many times their size, so that a rank letter
# is at least 9 px tall on a 375 px phone (a zoomed 16" view draws them at their size).
WHOLE_TABLE_FIGURE_SCALE = 2


def baa_picture(*, match: BaaMatch, number: int) -> dict[str, Any]:
    """SVG-ready shapes of the table after round ``number`` (y flipped: north is up)."""
    return table_shapes(match.rounds[number].picture, match.districts)


def table_shapes(picture: dict[str, Any], districts) -> dict[str, Any]:
    """SVG-ready shapes of a table as the engine describes it (``Game.describe()``), with the
    district borders of the map (y flipped: north is up)."""
    terrain = []
    for piece in picture["pieces"]:
        x0, y0, x1, y1 = piece["x0"], piece["y0"], piece["x1"], piece["y1"]
        building = piece["kind"] == "building"
        terrain.append(
            {
                "x": round(x0, 3),
                "y": _svg_y(y1),
                "w": round(x1 - x0, 3),
                "h": round(y1 - y0, 3),
                "cx": round((x0 + x1) / 2, 3),
                "cy": _svg_y((y0 + y1) / 2) + 0.5,
                "height": _inches(piece["h"]).replace(",0", ""),
                "building": building,
                "kind": piece["kind"],
                "team": piece.get("owner"),
                "colour": TEAM_COLOURS[piece["owner"] % 6]
                if piece.get("owner") is not None
                else "",
                "labelled": building and min(x1 - x0, y1 - y0) >= 2.2,
            }
        )
    markers = [
        {
            "x": round(m["x"], 3),
            "y": _svg_y(m["y"]),
            "r": m["r"],
            "team": m["team"],
            "colour": TEAM_COLOURS[m["team"] % 6],
        }
        for m in picture["markers"]
    ]
    figures = []
    for f in picture["figures"]:
        if f["x"] < 0 or f["y"] < 0:
            continue
        figures.append(
            {
                "id": f["id"],
                "name": figure_name(f["id"]),
                "x": round(f["x"], 3),
                "y": _svg_y(f["y"]),
                "rank": f["rank"],
                "k": f["k"],
                "colour": TEAM_COLOURS[f["team"] % 6],
                "prone": f["prone"],
                "ko": f["ko"],
                "roof": f["level"] is not None,
                "ball": f["ball"],
            }
        )
    balls = [
        {
            "id": b["id"],
            "x": round(b["x"], 3),
            "y": _svg_y(b["y"]),
            "held": bool(b.get("holder")),
        }
        for b in picture["balls"]
    ]
    centre = TABLE / 2
    lines = []
    for d in districts:
        angle = math.radians(d["from"])
        lines.append(
            {
                "x2": round(centre + 34 * math.cos(angle), 3),
                "y2": round(centre - 34 * math.sin(angle), 3),
            }
        )
    return {
        "terrain": terrain,
        "markers": markers,
        "figures": figures,
        "balls": balls,
        "districts": lines,
        "goals": picture["goals"],
        "centre": centre,
        "figure_scale": WHOLE_TABLE_FIGURE_SCALE,
    }


def baa_round_log(
    *, match: BaaMatch, number: int, detail: bool, activation: int | None = None
) -> list[dict[str, Any]]:
    """The German log lines of one round (all of them, or only the key events), or of one
    activation of it (1-based); lines of tests and roll-offs carry their dice."""
    events = match.rounds[number].events
    if activation is not None:
        events = match.rounds[number].activations[activation - 1].events
    lines = []
    for event in events:
        kind = event.get("type")
        if kind in _SILENT or (not detail and kind not in KEY_EVENTS):
            continue
        line = {"text": describe_event(event), "kind": kind, "key": kind in KEY_EVENTS}
        if kind in ("k_test", "roll_off"):
            line["dice"] = [{"value": r, "six": r == 6} for r in event.get("rolls", [])]
            line["k"] = event.get("k")
        lines.append(line)
    return lines
