"""The Baa rules engine: game state, rounds, activations and the pending-decision interface.

A `Game` is driven by inputs ``apply(team, action)``; `pending` says whose input it waits for.
Inputs are plain JSON dicts:

- card pick (every team of ``pending["teams"]``): ``{"type": "pick", "figure": "0:C"}``
- the active figure (``pending["type"] == "act"``):
  ``{"type": "stand"}``, ``{"type": "rest"}``, ``{"type": "end"}``,
  ``{"type": "move", "legs": [leg, ...]}`` with legs
  ``{"kind": "walk", "to": [x, y]}``, ``{"kind": "climb", "piece": i}`` (up the wall of
  building i), ``{"kind": "climb", "to": [x, y]}`` (down to that ground point),
  ``{"kind": "jump", "to": [x, y]}`` (onto another roof),
  ``{"type": "pickup", "ball": "b1"}``, ``{"type": "hand_over", "to": "0:B"}``,
  ``{"type": "throw" | "kick", "angle": degrees, "extra": bool}``,
  ``{"type": "punch", "target": "1:A", "take_ball": bool}``, ``{"type": "push", "target": id}``
- a passive figure's decision (``catch``, ``intercept``, ``punch_back``):
  ``{"type": "catch", "answer": True}``; these interrupt the active figure's action, which
  goes on once the answer is in.

An illegal input raises `IllegalAction` saying why and changes nothing.
"""

from __future__ import annotations

import json
import math
from collections.abc import Generator
from dataclasses import dataclass, field

from .dice import Dice
from .geometry import (
    BASE_R,
    CENTRE,
    EPS,
    TABLE,
    TOL,
    clamp_to_rect,
    clip,
    dist,
    first_closer,
    first_contact,
    grow,
    in_rect,
    on_ray,
    point_rect,
    seg_point,
    seg_rect,
)
from .maps import Map, free_ground, kirkwall, team_angle

RANKS = "ABCDEF"
MAX_K = 6
MOVE = 6.0
THROW, KICK, EXTRA = 8.0, 12.0, 2.0
SCATTER = 2.0
MAX_ACTIONS = 30
ACT_TYPES = (
    "move",
    "pickup",
    "hand_over",
    "throw",
    "kick",
    "punch",
    "push",
    "stand",
    "rest",
    "end",
)
FORMAT_VERSION = 1


class IllegalAction(ValueError):
    """An input the rules do not allow; the message says why. The game is left unchanged."""


class _GameOver(Exception):
    pass


@dataclass
class Figure:
    id: str
    team: int
    rank: str
    x: float
    y: float
    level: int | None = None  # None: ground; else the index of the building it stands on
    k: int = MAX_K
    prone: bool = False
    ko: int = 0
    ball: str | None = None

    @property
    def standing(self) -> bool:
        return not self.prone

    @property
    def placed(self) -> bool:
        return self.x >= 0.0

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "team": self.team,
            "rank": self.rank,
            "x": self.x,
            "y": self.y,
            "level": self.level,
            "k": self.k,
            "prone": self.prone,
            "ko": self.ko,
            "ball": self.ball,
        }


@dataclass
class Ball:
    id: str
    x: float
    y: float
    level: int | None = None
    holder: str | None = None

    def to_dict(self) -> dict:
        return {"id": self.id, "x": self.x, "y": self.y, "level": self.level, "holder": self.holder}


@dataclass
class Rules:
    """End-of-game criteria; the first one met ends the game (None switches a criterion off)."""

    first_goal: bool = False
    team_goals: int | None = 3
    total_goals: int | None = None
    rounds: int | None = 40
    # set by `Game.end_after_round` when a limit outside the rules (real time) runs out
    last_round: int | None = None

    def to_dict(self) -> dict:
        return {
            "first_goal": self.first_goal,
            "team_goals": self.team_goals,
            "total_goals": self.total_goals,
            "rounds": self.rounds,
            "last_round": self.last_round,
        }


@dataclass
class _Activation:
    figure: str
    move_left: float = MOVE
    fought: bool = False
    actions: int = 0
    stood_up: bool = False
    over: bool = False
    asked: set = field(default_factory=set)  # interceptors already asked


class Game:
    """One game of The Baa. Create it with `new_game`; drive it with `apply`."""

    def __init__(
        self,
        teams: int,
        seed: int,
        map: Map | None = None,
        rules: Rules | None = None,
        *,
        setup: bool | dict = True,
    ) -> None:
        """`setup`: True for the default setup, a dict {figure id: [x, y]} to adjust it (the
        setup rules are checked), or False to place figures and balls yourself and then call
        `start` (tests do this)."""
        if not 2 <= teams <= 6:
            raise ValueError("The Baa is played by 2 to 6 teams")
        self.teams = teams
        self.seed = seed
        self.map = map if map is not None else kirkwall(teams, seed)
        if self.map.teams != teams:
            raise ValueError(f"the map is for {self.map.teams} teams, not {teams}")
        self.rules = rules or Rules()
        self.dice = Dice(seed)
        self.pieces = self.map.pieces
        self.heights = [p.h for p in self.pieces]
        self.figures: dict[str, Figure] = {}
        self.balls: dict[str, Ball] = {}
        self.next_ball = 1
        self.goals = [0] * teams
        self.new_balls = 0
        self.round = 0
        self.step = 0
        self.activated: set[str] = set()
        self.picks: dict[int, str] = {}
        self.queue: list[str] = []
        self.act: _Activation | None = None
        self.finished = False
        self.winner: int | None = None
        self.end_reason: str | None = None
        self.events: list[dict] = []
        self.inputs: list[list] = []
        self._pending: dict | None = None
        self._gen: Generator | None = None
        self._checkpoint: dict | None = None
        for t in range(teams):
            for r in RANKS:
                fid = f"{t}:{r}"
                self.figures[fid] = Figure(fid, t, r, -100.0, -100.0)
        self.start_position: dict | None = None
        if setup is not False:
            self._default_setup()
            if isinstance(setup, dict):
                self._adjust_setup(setup)
            for _ in range(teams - 1):
                self._place_ball(log=False)
            self.start()

    def start(self) -> None:
        """Record the starting position (figures and balls) and begin round 1."""
        if self.round:
            raise ValueError("the game has already started")
        self.start_position = {
            "figures": [f.to_dict() for f in self.figures.values()],
            "balls": [b.to_dict() for b in self.balls.values()],
            "next_ball": self.next_ball,
        }
        for f in self.figures.values():
            self._log("setup", figure=f.id, x=f.x, y=f.y, level=f.level)
        for b in self.balls.values():
            self._log("ball_placed", ball=b.id, x=b.x, y=b.y)
        self._start_round()

    def _restore_start(self, start: dict) -> None:
        for d in start["figures"]:
            f = self.figures[d["id"]]
            f.x, f.y, f.level, f.k = d["x"], d["y"], d["level"], d["k"]
            f.prone, f.ko, f.ball = d["prone"], d["ko"], d["ball"]
        self.balls = {d["id"]: Ball(**d) for d in start["balls"]}
        self.next_ball = start["next_ball"]

    # ------------------------------------------------------------------ setup
    def _valid_spot(
        self, x: float, y: float, level: int | None = None, ignore: str | None = None
    ) -> bool:
        if level is None:
            if not free_ground(self.map, x, y):
                return False
        elif not in_rect(x, y, self.pieces[level].rect):
            return False
        h = self._h(level)
        for f in self.figures.values():
            if (
                f.id != ignore
                and f.placed
                and abs(self._h(f.level) - h) < EPS
                and dist(x, y, f.x, f.y) < 2 * BASE_R - EPS
            ):
                return False
        return True

    def _put(self, fig: Figure, x: float, y: float) -> None:
        for r10 in range(0, 400):
            r = r10 * 0.5
            for i in range(16 if r else 1):
                a = math.radians(i * 22.5)
                px, py = x + r * math.cos(a), y + r * math.sin(a)
                if self._valid_spot(px, py):
                    fig.x, fig.y = px, py
                    return
        raise RuntimeError(f"no room to set up {fig.id}")  # pragma: no cover

    def _default_setup(self) -> None:
        T = self.teams
        for t in range(T):
            a = team_angle(t, T)
            self._put(self.figures[f"{t}:A"], *on_ray(a - 8, 6.0))
            self._put(self.figures[f"{t}:B"], *on_ray(a + 8, 6.0))
            for i, r in enumerate("CDEF"):
                fig = self.figures[f"{t}:{r}"]
                if i < T:
                    self._put(fig, *_towards(self.map.marker((t + i) % T), 3.0))
                else:
                    self._put_at_edge(fig, a)

    def _put_at_edge(self, fig: Figure, angle: float) -> None:
        """Set up a leftover figure touching the table edge in its district, as near as possible
        to where the district's ray meets the edge. It keeps more than 6" from every goal marker:
        nearer, it would count as a second figure of its team at that marker."""
        half = 180.0 / self.teams
        side = TABLE - 2 * BASE_R
        start = _edge_param(*_edge_point(angle))
        for i in range(int(4 * side / 0.25) + 1):
            offset = (i + 1) // 2 * 0.25 * (1 if i % 2 else -1)
            x, y = _edge_at(start + offset)
            a = math.degrees(math.atan2(y - CENTRE[1], x - CENTRE[0]))
            if abs((a - angle + 180.0) % 360.0 - 180.0) > half:
                continue
            if any(dist(x, y, m.x, m.y) <= 6.0 + TOL for m in self.map.markers):
                continue
            if self._valid_spot(x, y):
                fig.x, fig.y = x, y
                return
        raise RuntimeError(f"no room at the table edge for {fig.id}")  # pragma: no cover

    def _adjust_setup(self, positions: dict) -> None:
        """Move figures from the default setup to the given ground points, within the rules."""
        for fid, p in positions.items():
            f = self.figure(fid)
            if not isinstance(p, list | tuple) or len(p) != 2:
                raise IllegalAction(f"the setup position of {fid} must be [x, y]")
            f.x, f.y = float(p[0]), float(p[1])
        for f in self.figures.values():
            if not self._valid_spot(f.x, f.y, None, ignore=f.id):
                raise IllegalAction(f"{f.id} is not on free ground")
        for t in range(self.teams):
            figs = [f for f in self.figures.values() if f.team == t]
            centre = [f for f in figs if abs(dist(f.x, f.y, *CENTRE) - 6.0) <= TOL]
            if len(centre) != 2:
                raise IllegalAction(f'team {t} must set up exactly 2 figures 6" from the centre')
            used: set[int] = set()
            edge = []
            for f in figs:
                if f in centre:
                    continue
                near = [m.team for m in self.map.markers if dist(f.x, f.y, m.x, m.y) <= 6 + TOL]
                if near:
                    if near[0] in used:
                        raise IllegalAction(f"team {t} has two figures at marker {near[0]}")
                    used.add(near[0])
                else:
                    edge.append(f)
            for f in edge:
                if len(used) < self.teams:
                    raise IllegalAction(f'{f.id} must be within 6" of a free goal marker')
                if min(f.x, f.y, TABLE - f.x, TABLE - f.y) > BASE_R + TOL:
                    raise IllegalAction(f"{f.id} must touch the table edge")
                a = math.degrees(math.atan2(f.y - CENTRE[1], f.x - CENTRE[0]))
                if abs((a - team_angle(t, self.teams) + 180) % 360 - 180) > 180 / self.teams:
                    raise IllegalAction(f"{f.id} must stand in its own district")

    def _place_ball(self, log: bool = True) -> None:
        k = 0
        for i in range(200):
            k = (i + 1) // 2 * (1 if i % 2 else -1)
            x, y = CENTRE[0] + k, CENTRE[1]
            if any(
                f.level is None and dist(x, y, f.x, f.y) < BASE_R + EPS
                for f in self.figures.values()
            ):
                continue
            if any(
                b.holder is None and b.level is None and dist(x, y, b.x, b.y) < 1.0 - EPS
                for b in self.balls.values()
            ):
                continue
            if not free_ground(self.map, x, y):
                continue
            bid = f"b{self.next_ball}"
            self.next_ball += 1
            self.balls[bid] = Ball(bid, x, y)
            if log:
                self._log("ball_placed", ball=bid, x=x, y=y)
            return
        raise RuntimeError("no room for a new ball")  # pragma: no cover

    # ------------------------------------------------------------------ helpers
    def _h(self, level: int | None) -> float:
        return 0.0 if level is None else self.heights[level]

    def _log(self, type_: str, **data) -> None:
        data["type"] = type_
        self.events.append(data)

    def figure(self, fid: str) -> Figure:
        try:
            return self.figures[fid]
        except (KeyError, TypeError):
            raise IllegalAction(f"there is no figure {fid!r}") from None

    def _same_level(self, a, b) -> bool:
        return abs(self._h(a.level) - self._h(b.level)) < EPS

    def _priority(self, f: Figure) -> tuple:
        return (RANKS.index(f.rank), -f.k, f.team)

    def _move_fig(self, f: Figure, x: float, y: float, level: int | None) -> None:
        f.x, f.y, f.level = x, y, level
        if f.ball:
            b = self.balls[f.ball]
            b.x, b.y, b.level = x, y, level

    # ------------------------------------------------------------------ public state
    @property
    def pending(self) -> dict | None:
        """What the game waits for: None when finished, else a dict with ``type`` one of
        ``pick`` (``teams``: every team still to pick), ``act``, ``catch``, ``intercept`` or
        ``punch_back`` (``team``, ``figure`` and details)."""
        if self.finished or self._pending is None:
            return None
        p = dict(self._pending)
        if p["type"] == "pick":
            p["teams"] = list(p["teams"])
        elif p["type"] == "act":
            act = self.act
            p.update(
                move_left=act.move_left,
                fought=act.fought,
                actions=act.actions,
                first=act.actions == 0 or (act.actions == 1 and act.stood_up),
            )
        return p

    def end_after_round(self) -> None:
        """End the game at the end of the current round (reason ``time``): for a limit the
        rules do not know, such as real minutes agreed at the table. Kept in the rules, so a
        replay ends at the same round."""
        if not self.finished and self.rules.last_round is None:
            self.rules.last_round = self.round

    def waiting_for(self) -> list[int]:
        """The teams whose input the game waits for."""
        p = self._pending
        if self.finished or p is None:
            return []
        return list(p["teams"]) if p["type"] == "pick" else [p["team"]]

    def result(self) -> dict:
        return {
            "finished": self.finished,
            "winner": self.winner,
            "goals": list(self.goals),
            "rounds": self.round,
            "reason": self.end_reason,
        }

    # ------------------------------------------------------------------ round structure
    def _start_round(self) -> None:
        self.round += 1
        self.step = 0
        self.activated = set()
        self._log("round_start", round=self.round)
        self._start_step()

    def _start_step(self) -> None:
        self.step += 1
        self.picks = {}
        teams = [
            t
            for t in range(self.teams)
            if any(f.team == t and f.id not in self.activated for f in self.figures.values())
        ]
        self._pending = {"type": "pick", "teams": teams}

    def _reveal(self) -> None:
        figs = [self.figures[self.picks[t]] for t in sorted(self.picks)]
        self._log("reveal", round=self.round, step=self.step, picks=[f.id for f in figs])
        ordered = self._order(figs)
        self.queue = [f.id for f in ordered]
        self._log("order", figures=list(self.queue))

    def _order(self, figs: list[Figure]) -> list[Figure]:
        groups: dict[tuple, list[Figure]] = {}
        for f in figs:
            groups.setdefault((RANKS.index(f.rank), -f.k), []).append(f)
        out = []
        for key in sorted(groups):
            out.extend(self._roll_off(groups[key]))
        return out

    def _roll_off(self, figs: list[Figure]) -> list[Figure]:
        if len(figs) == 1:
            return figs
        figs = sorted(figs, key=lambda f: f.team)
        rolls = [self.dice.d6() for _ in figs]
        self._log("roll_off", figures=[f.id for f in figs], rolls=rolls)
        out = []
        for value in sorted(set(rolls), reverse=True):
            out.extend(self._roll_off([f for f, r in zip(figs, rolls, strict=True) if r == value]))
        return out

    def _advance(self) -> None:
        """Move on to the next activation, card step or round until an input is needed."""
        while not self.finished:
            if self.queue:
                fid = self.queue.pop(0)
                self.activated.add(fid)
                f = self.figures[fid]
                self._log("activation", figure=fid)
                if f.ko:
                    f.ko -= 1
                    if f.ko == 0:
                        f.k = 1
                    self._log("ko_recovery", figure=fid, markers=f.ko, k=f.k)
                    self._log("activation_end", figure=fid)
                    continue
                self.act = _Activation(fid)
                self._pending = {"type": "act", "team": f.team, "figure": fid}
                return
            self.act = None
            if self.step < len(RANKS):
                self._start_step()
                return
            self._log("round_end", round=self.round)
            if self.rules.rounds is not None and self.round >= self.rules.rounds:
                self._finish("rounds")
                return
            if self.rules.last_round is not None and self.round >= self.rules.last_round:
                self._finish("time")
                return
            for _ in range(self.new_balls):
                self._place_ball()
            self.new_balls = 0
            self._start_round()
            return

    def _finish(self, reason: str) -> None:
        self.finished = True
        self.end_reason = reason
        top = max(self.goals)
        leaders = [t for t, g in enumerate(self.goals) if g == top]
        self.winner = leaders[0] if len(leaders) == 1 else None
        self._pending = None
        self._gen = None
        self._log("game_end", reason=reason, goals=list(self.goals), winner=self.winner)

    # ------------------------------------------------------------------ inputs
    def apply(self, team: int, action: dict) -> list[dict]:
        """Apply one input of `team`; returns the events it caused. Raises IllegalAction (and
        changes nothing) if the input is not allowed now."""
        start = len(self.events)
        kind = self._check(team, action)
        if kind == "act":
            # an action may stop half-way for a decision (catch, intercept, punch back); a
            # saved game then resumes from the state before that action (see `resume`)
            self._checkpoint = self._resume_point()
        self.inputs.append([team, json.loads(json.dumps(action))])
        p = self._pending
        if kind == "pick":
            self.picks[team] = action["figure"]
            p["teams"] = [t for t in p["teams"] if t != team]
            if not p["teams"]:
                self._reveal()
                self._advance()
        elif kind == "act":
            self.act.actions += 1
            self._run(self._perform(action))
        else:
            self._run(self._gen, bool(action["answer"]))
        return self.events[start:]

    def validate(self, team: int, action: dict) -> None:
        """Raise IllegalAction if `team` may not make `action` now; change nothing."""
        self._check(team, action)

    def legal_actions(self, team: int | None = None) -> list[dict]:
        """The inputs `team` (default: the first team awaited) may give now. Discrete inputs are
        listed in full; moves, throws and kicks (continuous) appear once each as a template
        with ``"template": True`` (a move's ``max_cost``; a throw's or kick's ``angle`` is
        free and ``extra`` says whether +2" can be paid)."""
        waiting = self.waiting_for()
        if not waiting:
            return []
        team = waiting[0] if team is None else team
        if team not in waiting:
            return []
        p = self._pending
        if p["type"] == "pick":
            return [
                {"type": "pick", "figure": f.id}
                for f in self.figures.values()
                if f.team == team and f.id not in self.activated
            ]
        if p["type"] != "act":
            return [{"type": p["type"], "answer": True}, {"type": p["type"], "answer": False}]
        f = self.figures[p["figure"]]
        options: list[dict] = [{"type": "stand"}, {"type": "rest"}]
        options += [{"type": "pickup", "ball": b} for b in self.balls]
        for o in self.figures.values():
            options.append({"type": "hand_over", "to": o.id})
            options.append({"type": "punch", "target": o.id, "take_ball": True})
            options.append({"type": "push", "target": o.id})
        out = []
        for a in options:
            try:
                self._check_act(f, a)
            except IllegalAction:
                continue
            out.append(a)
        act = self.act
        if f.standing and act.actions < MAX_ACTIONS:
            if act.move_left > EPS:
                out.append({"type": "move", "template": True, "max_cost": act.move_left})
            if f.ball:
                out.append({"type": "throw", "template": True, "angle": None, "extra": f.k >= 2})
                if f.level is None:
                    out.append({"type": "kick", "template": True, "angle": None, "extra": f.k >= 2})
        out.append({"type": "end"})
        return out

    def _check(self, team: int, action: dict) -> str:
        kind = self._check_rules(team, action)
        try:
            # the input is stored and written out with the game: it must be plain JSON
            json.dumps(action, allow_nan=False)
        except (TypeError, ValueError):
            raise IllegalAction("an action must be plain JSON (no NaN or infinity)") from None
        return kind

    def _check_rules(self, team: int, action: dict) -> str:
        if self.finished:
            raise IllegalAction("the game is over")
        if not isinstance(team, int) or isinstance(team, bool):
            raise IllegalAction(f"a team is given by its number, not {team!r}")
        if not isinstance(action, dict) or "type" not in action:
            raise IllegalAction("an action is a dict with a 'type'")
        p = self._pending
        if p is None:
            raise IllegalAction("the game has not started (call start)")
        t = action["type"]
        if p["type"] == "pick":
            if t != "pick":
                raise IllegalAction(f"the game waits for card picks, not {t!r}")
            if team not in p["teams"]:
                raise IllegalAction(f"team {team} has no card to pick now")
            f = self.figure(action.get("figure"))
            if f.team != team:
                raise IllegalAction(f"{f.id} is not a figure of team {team}")
            if f.id in self.activated:
                raise IllegalAction(f"{f.id} was already activated this round")
            return "pick"
        if team != p["team"]:
            raise IllegalAction(f"the game waits for team {p['team']}, not team {team}")
        if p["type"] != "act":
            if t != p["type"]:
                raise IllegalAction(f"the game waits for a {p['type']!r} decision, not {t!r}")
            if not isinstance(action.get("answer"), bool):
                raise IllegalAction("a decision needs 'answer': true or false")
            return "decision"
        self._check_act(self.figures[p["figure"]], action)
        return "act"

    def _run(self, gen: Generator, value=None) -> None:
        try:
            request = gen.send(value)
        except StopIteration:
            self._gen = None
            if self.act.over:
                self._log("activation_end", figure=self.act.figure)
                self._advance()
            else:
                f = self.figures[self.act.figure]
                self._pending = {"type": "act", "team": f.team, "figure": f.id}
            return
        except _GameOver:
            return
        self._gen = gen
        self._pending = request

    # ------------------------------------------------------------------ validation of actions
    def _check_act(self, f: Figure, a: dict) -> None:
        act = self.act
        t = a["type"]
        if t not in ACT_TYPES:
            raise IllegalAction(f"unknown action {t!r} (one of {', '.join(ACT_TYPES)})")
        for key in ("extra", "take_ball"):
            if key in a and not isinstance(a[key], bool):
                raise IllegalAction(f"'{key}' must be true or false")
        if t == "end":
            return
        if act.actions >= MAX_ACTIONS:
            raise IllegalAction(f"after {MAX_ACTIONS} actions only 'end' is allowed")
        first = act.actions == 0 or (act.actions == 1 and act.stood_up)
        if t == "stand":
            if not f.prone:
                raise IllegalAction(f"{f.id} is not prone")
            if act.actions:
                raise IllegalAction("standing up is only allowed as the first action")
            return
        if t == "rest":
            if not first:
                raise IllegalAction("resting is only allowed as the first action")
            return
        if f.prone:
            raise IllegalAction(f"{f.id} is prone: it may only stand up (first), rest or end")
        if t == "move":
            self._check_move(f, a.get("legs"))
        elif t == "pickup":
            b = self._ball_arg(a.get("ball"))
            if f.ball:
                raise IllegalAction(f"{f.id} already holds {f.ball}")
            if b.holder:
                raise IllegalAction(f"{b.id} is held by {b.holder}")
            if abs(self._h(b.level) - self._h(f.level)) > EPS:
                raise IllegalAction(f"{b.id} is not on the level of {f.id}")
            if dist(f.x, f.y, b.x, b.y) > 0.75 + TOL:
                raise IllegalAction(f"{b.id} is not in base contact with {f.id}")
        elif t == "hand_over":
            if not f.ball:
                raise IllegalAction(f"{f.id} holds no ball")
            o = self.figure(a.get("to"))
            if o.team != f.team or o.id == f.id:
                raise IllegalAction(f"{o.id} is not a team mate of {f.id}")
            if o.prone or o.ball:
                raise IllegalAction(f"{o.id} must be standing and hold no ball")
            if not self._contact(f, o):
                raise IllegalAction(f"{o.id} is not in base contact with {f.id}")
        elif t in ("throw", "kick"):
            if not f.ball:
                raise IllegalAction(f"{f.id} holds no ball")
            if t == "kick" and f.level is not None:
                raise IllegalAction("a kick is only possible on the ground")
            if not _finite(a.get("angle")):
                raise IllegalAction(f"a {t} needs a numeric 'angle' in degrees")
            if a.get("extra", False) and f.k < 2:
                raise IllegalAction('paying 1 K for +2" needs K of at least 2')
        elif t in ("punch", "push"):
            if act.fought:
                raise IllegalAction(f"{f.id} has already fought in this activation")
            o = self.figure(a.get("target"))
            if o.id == f.id:
                raise IllegalAction("a figure cannot fight itself")
            if o.prone:
                raise IllegalAction(f"{o.id} is prone and cannot be {t}ed")
            if t == "punch":
                if o.team == f.team:
                    raise IllegalAction("only an opponent can be punched")
                if not self._contact(f, o):
                    raise IllegalAction(f"{o.id} is not in base contact with {f.id}")
            elif not (self._same_level(f, o) and dist(f.x, f.y, o.x, o.y) <= 2.0 + TOL):
                raise IllegalAction(f'{o.id} is not within 1" of {f.id}')
        else:
            raise IllegalAction(f"unknown action {t!r}")

    def _ball_arg(self, bid) -> Ball:
        if not isinstance(bid, str) or bid not in self.balls:
            raise IllegalAction(f"there is no ball {bid!r} in play")
        return self.balls[bid]

    def _contact(self, a: Figure, b: Figure) -> bool:
        return self._same_level(a, b) and dist(a.x, a.y, b.x, b.y) <= 1.0 + TOL

    def _check_move(self, f: Figure, legs) -> list[dict]:
        if not isinstance(legs, list) or not legs:
            raise IllegalAction("a move needs a non-empty list of 'legs'")
        x, y, level = f.x, f.y, f.level
        total = 0.0
        plan = []
        for i, leg in enumerate(legs):
            try:
                step = self._check_leg(f, x, y, level, leg)
            except IllegalAction as e:
                raise IllegalAction(f"leg {i + 1}: {e}") from None
            total += step["cost"]
            plan.append(step)
            x, y, level = step["to"][0], step["to"][1], step["level"]
        if total > self.act.move_left + EPS:
            raise IllegalAction(
                f'the move costs {total:.2f}" but only '
                f'{self.act.move_left:.2f}" of movement are left'
            )
        return plan

    def _point(self, leg: dict, key: str = "to") -> tuple[float, float]:
        p = leg.get(key)
        if not isinstance(p, list | tuple) or len(p) != 2 or not all(_finite(v) for v in p):
            raise IllegalAction(f"'{key}' must be a point [x, y]")
        return float(p[0]), float(p[1])

    def _blocked(self, f: Figure, ax, ay, bx, by, heights) -> str | None:
        lo_x, hi_x = min(ax, bx) - 1.0, max(ax, bx) + 1.0
        lo_y, hi_y = min(ay, by) - 1.0, max(ay, by) + 1.0
        for o in self.figures.values():
            if o is f or not (lo_x <= o.x <= hi_x and lo_y <= o.y <= hi_y):
                continue
            oh = 0.0 if o.level is None else self.heights[o.level]
            if not any(abs(oh - h) < EPS for h in heights):
                continue
            d, _ = seg_point(ax, ay, bx, by, o.x, o.y)
            if d < 2 * BASE_R - EPS:
                return o.id
        return None

    def _check_leg(self, f: Figure, x, y, level, leg) -> dict:
        if not isinstance(leg, dict):
            raise IllegalAction("a leg is a dict with a 'kind'")
        kind = leg.get("kind")
        pieces = self.pieces
        if kind == "walk":
            tx, ty = self._point(leg)
            length = dist(x, y, tx, ty)
            if length <= EPS:
                raise IllegalAction("a leg must have a positive length")
            cost = length
            if level is None:
                if not (
                    BASE_R - EPS <= tx <= TABLE - BASE_R + EPS
                    and BASE_R - EPS <= ty <= TABLE - BASE_R + EPS
                ):
                    raise IllegalAction("the figure would leave the table")
                lo_x, hi_x = (x, tx) if x < tx else (tx, x)
                lo_y, hi_y = (y, ty) if y < ty else (ty, y)
                lo_x, lo_y, hi_x, hi_y = lo_x - BASE_R, lo_y - BASE_R, hi_x + BASE_R, hi_y + BASE_R
                for i, p in enumerate(pieces):
                    r = p.rect
                    if hi_x < r[0] or lo_x > r[2] or hi_y < r[1] or lo_y > r[3]:
                        continue  # bounding boxes apart
                    if seg_rect(x, y, tx, ty, r) < BASE_R - EPS:
                        if p.is_building:
                            raise IllegalAction(f"the path runs into building {i}")
                        if point_rect(tx, ty, r) < BASE_R - EPS:
                            raise IllegalAction(f"a leg may not end on {p.kind} {i}")
                        cost += 2 * p.h
            elif not in_rect(tx, ty, pieces[level].rect):
                raise IllegalAction(f"a walk on a roof must stay on building {level}")
            o = self._blocked(f, x, y, tx, ty, (self._h(level),))
            if o:
                raise IllegalAction(f"the path runs through the base of {o}")
            return {
                "kind": "walk",
                "from": (x, y),
                "to": (tx, ty),
                "level": level,
                "from_level": level,
                "cost": cost,
            }
        if kind == "climb":
            if level is None:
                i = leg.get("piece")
                if (
                    not isinstance(i, int)
                    or isinstance(i, bool)
                    or not 0 <= i < len(pieces)
                    or not pieces[i].is_building
                ):
                    raise IllegalAction("climbing up needs the 'piece' index of a building")
                r = pieces[i].rect
                if abs(point_rect(x, y, r) - BASE_R) > TOL:
                    raise IllegalAction(f"the figure does not touch the wall of building {i}")
                tx, ty = clamp_to_rect(x, y, r)
                new_level, h = i, pieces[i].h
                o = self._blocked(f, tx, ty, tx, ty, (h,))
                if o:
                    raise IllegalAction(f"the base of {o} is in the way on the roof")
            else:
                tx, ty = self._point(leg)
                r = pieces[level].rect
                if abs(point_rect(tx, ty, r) - BASE_R) > TOL:
                    raise IllegalAction("the ground end of a climb must touch the wall")
                cx, cy = clamp_to_rect(tx, ty, r)
                if dist(cx, cy, x, y) > TOL:
                    raise IllegalAction(
                        "climbing down starts at the roof point nearest to the ground end"
                    )
                if not free_ground(self.map, tx, ty):
                    raise IllegalAction("the ground end of the climb is not free ground")
                o = self._blocked(f, tx, ty, tx, ty, (0.0,))
                if o:
                    raise IllegalAction(f"the base of {o} is in the way below")
                new_level, h = None, pieces[level].h
            return {
                "kind": "climb",
                "from": (x, y),
                "to": (tx, ty),
                "level": new_level,
                "from_level": level,
                "cost": h,
            }
        if kind == "jump":
            if level is None:
                raise IllegalAction("jumps are from roof to roof")
            tx, ty = self._point(leg)
            targets = [
                i
                for i, p in enumerate(pieces)
                if p.is_building and i != level and in_rect(tx, ty, p.rect)
            ]
            if not targets:
                raise IllegalAction("a jump must land on another roof")
            j = max(targets, key=lambda i: pieces[i].h)
            ha, hb = pieces[level].h, pieces[j].h
            if abs(ha - hb) > 1.0 + EPS:
                raise IllegalAction('a jump may change the height by at most 1"')
            length = dist(x, y, tx, ty)
            inside = 0.0
            ia = clip(x, y, tx, ty, pieces[level].rect)
            ib = clip(x, y, tx, ty, pieces[j].rect)
            spans = sorted(s for s in (ia, ib) if s)
            if len(spans) == 2 and spans[1][0] <= spans[0][1]:
                spans = [(spans[0][0], max(spans[0][1], spans[1][1]))]
            inside = sum(b - a for a, b in spans)
            outside = (1.0 - inside) * length
            if outside > 3.0 + TOL:
                raise IllegalAction(f'the jump spans {outside:.2f}" outside the roofs (max 3")')
            for k, p in enumerate(pieces):
                if p.is_building and k not in (level, j):
                    c = clip(x, y, tx, ty, p.rect)
                    if c and (c[1] - c[0]) * length > EPS:
                        raise IllegalAction(f"the jump crosses building {k}")
            o = self._blocked(f, x, y, tx, ty, (ha, hb))
            if o:
                raise IllegalAction(f"the jump runs through the base of {o}")
            return {
                "kind": "jump",
                "from": (x, y),
                "to": (tx, ty),
                "level": j,
                "from_level": level,
                "cost": length,
            }
        raise IllegalAction(f"unknown leg kind {kind!r} (walk, climb or jump)")

    # ------------------------------------------------------------------ carrying out actions
    def _perform(self, a: dict):
        f = self.figures[self.act.figure]
        t = a["type"]
        act = self.act
        if t == "end":
            act.over = True
            self._log("end", figure=f.id)
        elif t == "stand":
            f.prone = False
            act.stood_up = True
            self._log("stand", figure=f.id)
        elif t == "rest":
            before = f.k
            f.k = min(MAX_K, f.k + 2)
            act.over = True
            self._log("rest", figure=f.id, k=f.k, gained=f.k - before)
        elif t == "move":
            yield from self._do_move(f, self._check_move(f, a["legs"]))
        elif t == "pickup":
            b = self.balls[a["ball"]]
            self._give(f, b)
            self._log("pickup", figure=f.id, ball=b.id)
            self._gained(f)
        elif t == "hand_over":
            o = self.figures[a["to"]]
            b = self.balls[f.ball]
            f.ball = None
            self._give(o, b)
            self._log("hand_over", figure=f.id, to=o.id, ball=b.id)
            self._gained(o)
        elif t in ("throw", "kick"):
            yield from self._do_ball_flight(
                f, t, float(a["angle"]) % 360.0, bool(a.get("extra", False))
            )
        elif t == "punch":
            act.fought = True
            yield from self._do_punch(f, self.figures[a["target"]], a.get("take_ball", True))
        elif t == "push":
            act.fought = True
            o = self.figures[a["target"]]
            sixes = self._k_test(f, "push")
            self._log("push_attempt", figure=f.id, target=o.id, success=sixes > 0)
            if sixes:
                self._knock_down(o, f.x, f.y, by=f.id)

    def _give(self, f: Figure, b: Ball) -> None:
        b.holder = f.id
        f.ball = b.id
        b.x, b.y, b.level = f.x, f.y, f.level

    def _k_test(self, f: Figure, purpose: str) -> int:
        k = f.k
        rolls = [self.dice.d6() for _ in range(k)] if k > 0 else []
        sixes = rolls.count(6)
        self._log(
            "k_test",
            figure=f.id,
            **{"for": purpose},
            k=k,
            rolls=rolls,
            sixes=sixes,
            success=sixes > 0,
        )
        return sixes

    def _lose_k(self, f: Figure, n: int, why: str) -> None:
        if n <= 0:
            return
        f.k -= n
        self._log("k_loss", figure=f.id, loss=n, k=f.k, why=why)
        if f.k < 1:
            f.ko = 1 - f.k
            f.k = 0
            f.prone = True
            self._log("ko", figure=f.id, markers=f.ko)
            self._drop(f)
            if self.act and self.act.figure == f.id:
                self.act.over = True

    def _drop(self, f: Figure) -> None:
        if f.ball:
            b = self.balls[f.ball]
            f.ball = None
            b.holder = None
            self._log("drop", figure=f.id, ball=b.id)
            self._scatter(b, f.x, f.y, f.level)

    def _gained(self, f: Figure) -> None:
        """Goal check whenever a figure stops or gains a ball."""
        if not f.ball or f.prone or f.level is not None:
            return
        m = self.map.marker(f.team)
        if dist(f.x, f.y, m.x, m.y) > 1.0 + TOL:
            return
        bid = f.ball
        f.ball = None
        del self.balls[bid]
        self.goals[f.team] += 1
        self.new_balls += 1
        self._log("goal", team=f.team, figure=f.id, ball=bid, goals=list(self.goals))
        r = self.rules
        reason = None
        if r.first_goal:
            reason = "first_goal"
        elif r.team_goals is not None and self.goals[f.team] >= r.team_goals:
            reason = "team_goals"
        elif r.total_goals is not None and sum(self.goals) >= r.total_goals:
            reason = "total_goals"
        if reason:
            self._finish(reason)
            raise _GameOver

    # -- movement
    def _do_move(self, f: Figure, plan: list[dict]):
        act = self.act
        cost = sum(s["cost"] for s in plan)
        act.move_left = max(0.0, act.move_left - cost)
        for s in plan:
            (ax, ay), (bx, by) = s["from"], s["to"]
            cx, cy = ax, ay  # where the mover is along this leg
            heights = {self._h(s["from_level"]), self._h(s["level"])}
            hits = []
            for p in self.figures.values():
                if (
                    p.team == f.team
                    or p.prone
                    or p.k < 2
                    or p.id in act.asked
                    or not any(abs(self._h(p.level) - h) < EPS for h in heights)
                ):
                    continue
                t = first_closer(ax, ay, bx, by, p.x, p.y, 2.0)
                if t is not None:
                    hits.append((t, self._priority(p), p))
            hits.sort(key=lambda h: (h[0], h[1]))
            for t, _, p in self._intercept_order(s, hits):
                act.asked.add(p.id)
                px, py, lvl = self._stop_point(s, t, p)
                answer = yield {
                    "type": "intercept",
                    "team": p.team,
                    "figure": p.id,
                    "mover": f.id,
                    "at": [px, py],
                }
                if not answer:
                    self._log("intercept_declined", figure=p.id, mover=f.id)
                    continue
                self._move_fig(f, px, py, lvl)
                self._log(
                    "move",
                    figure=f.id,
                    kind=s["kind"],
                    **{"from": [cx, cy]},
                    to=[px, py],
                    level=lvl,
                    cost=0.0,
                    interrupted=True,
                )
                sixes = self._k_test(p, "intercept")
                p.k -= 1
                self._log("k_loss", figure=p.id, loss=1, k=p.k, why="intercept")
                self._log("intercept", figure=p.id, mover=f.id, success=sixes > 0)
                cx, cy = px, py
                if sixes:
                    self._knock_down(f, p.x, p.y, by=p.id)
                    act.over = True
                    return
            self._move_fig(f, bx, by, s["level"])
            self._log(
                "move",
                figure=f.id,
                kind=s["kind"],
                **{"from": [cx, cy]},
                to=[bx, by],
                level=s["level"],
                cost=s["cost"],
                interrupted=False,
            )
            self._gained(f)

    def _intercept_order(self, s: dict, hits: list):
        """Yield the interceptors of a leg in path order; those reached at one point in
        activation priority (rank, K, roll-off), the roll-off made only when they are reached."""
        (ax, ay), (bx, by) = s["from"], s["to"]
        length = dist(ax, ay, bx, by)
        i = 0
        while i < len(hits):
            j = i + 1
            while j < len(hits) and (hits[j][0] - hits[i][0]) * length <= EPS:
                j += 1
            at = {h[2].id: h[0] for h in hits[i:j]}
            group = [h[2] for h in hits[i:j]]
            for p in self._order(group) if len(group) > 1 else group:
                yield at[p.id], None, p
            i = j

    def _stop_point(self, s: dict, t: float, p: Figure) -> tuple:
        """Where a mover stands when interceptor p stops it at t along leg s: never on clutter,
        on a climb at the end on p's level, on a jump on a roof (at the take-off edge)."""
        (ax, ay), (bx, by) = s["from"], s["to"]
        px, py, lvl = ax + t * (bx - ax), ay + t * (by - ay), s["from_level"]
        if s["kind"] == "walk" and lvl is None:
            px, py = self._before_clutter(ax, ay, px, py)
        elif s["kind"] == "climb":
            if abs(self._h(p.level) - self._h(s["from_level"])) < EPS:
                px, py = ax, ay
            else:
                px, py, lvl = bx, by, s["level"]
        elif s["kind"] == "jump" and not in_rect(px, py, self.pieces[lvl].rect):
            if in_rect(px, py, self.pieces[s["level"]].rect):
                lvl = s["level"]
            else:
                c = clip(ax, ay, bx, by, self.pieces[lvl].rect)
                u = c[1] if c else 0.0
                px, py = ax + u * (bx - ax), ay + u * (by - ay)
        return px, py, lvl

    def _before_clutter(self, ax: float, ay: float, px: float, py: float) -> tuple:
        """A figure stopped at P while climbing over clutter stays in front of it instead."""
        for _ in range(len(self.pieces)):
            over = [p for p in self.pieces if point_rect(px, py, p.rect) < BASE_R - EPS]
            if not over:
                break
            c = clip(ax, ay, px, py, grow(over[0].rect, BASE_R))
            t0 = c[0] if c else 0.0
            px, py = ax + (px - ax) * t0, ay + (py - ay) * t0
        return px, py

    # -- pushes and falls
    def _knock_down(self, o: Figure, fx: float, fy: float, by: str) -> None:
        """Push `o` up to 1" away from (fx, fy), knock it prone, scatter its ball, damage."""
        ux, uy = o.x - fx, o.y - fy
        n = math.hypot(ux, uy)
        ux, uy = (ux / n, uy / n) if n > EPS else (1.0, 0.0)
        s = 1.0
        h0 = self._h(o.level)
        for p in self.figures.values():
            if p.id != o.id and abs(self._h(p.level) - h0) < EPS:
                c = first_contact(o.x, o.y, ux, uy, s, p.x, p.y, 2 * BASE_R)
                if c is not None:
                    s = min(s, c)
        sx, sy = o.x, o.y
        fall = 0.0
        level = o.level
        if o.level is None:
            for p in self.pieces:
                c = clip(sx, sy, sx + ux * s, sy + uy * s, grow(p.rect, BASE_R))
                if c and c[1] - c[0] > EPS:
                    s = min(s, s * c[0])
            s = self._table_limit(sx, sy, ux, uy, s, BASE_R)
            tx, ty = sx + ux * s, sy + uy * s
        else:
            r = self.pieces[o.level].rect
            ex, ey = sx + ux * s, sy + uy * s
            if in_rect(ex, ey, r):
                tx, ty = ex, ey
            else:
                c = clip(sx, sy, ex, ey, r)
                t_exit = c[1] if c else 0.0
                tx, ty = sx + ux * s * t_exit, sy + uy * s * t_exit
                big = grow(r, BASE_R)
                far_x, far_y = sx + ux * 20, sy + uy * 20
                c2 = clip(sx, sy, far_x, far_y, big)
                u = c2[1] if c2 else 0.0
                gx, gy = sx + (far_x - sx) * u, sy + (far_y - sy) * u
                if c2 and self._valid_spot(gx, gy, None, ignore=o.id):
                    tx, ty = gx, gy
                    fall = self.pieces[o.level].h
                    level = None
        self._move_fig(o, tx, ty, level)
        o.prone = True
        self._log("pushed", figure=o.id, by=by, to=[tx, ty], level=level, fall=fall)
        self._drop(o)
        self._lose_k(o, 1 + fall_damage(fall), "push")
        if self.act and self.act.figure == o.id:
            self.act.over = True

    @staticmethod
    def _table_limit(x, y, ux, uy, s, margin) -> float:
        lo, hi = margin, TABLE - margin
        for p, u in ((x, ux), (y, uy)):
            if u > 0 and p + u * s > hi:
                s = max(0.0, (hi - p) / u)
            elif u < 0 and p + u * s < lo:
                s = max(0.0, (lo - p) / u)
        return s

    # -- fights
    def _do_punch(self, f: Figure, o: Figure, take_ball: bool):
        sixes = self._k_test(f, "punch")
        self._log("punch", figure=f.id, target=o.id, sixes=sixes)
        took = False
        if sixes and o.ball and not f.ball and take_ball:
            b = self.balls[o.ball]
            o.ball = None
            self._give(f, b)
            took = True
            self._log("ball_taken", figure=f.id, target=o.id, ball=b.id)
        self._lose_k(o, sixes, "punch")
        if took:
            self._gained(f)
        if o.prone or f.prone:
            return
        answer = yield {"type": "punch_back", "team": o.team, "figure": o.id, "attacker": f.id}
        if not answer:
            self._log("punch_back_declined", figure=o.id)
            return
        back = self._k_test(o, "punch_back")
        self._log("punch_back", figure=o.id, target=f.id, sixes=back)
        self._lose_k(f, back, "punch_back")

    # -- the ball in flight
    def _do_ball_flight(self, f: Figure, kind: str, angle: float, extra: bool):
        b = self.balls[f.ball]
        sixes = self._k_test(f, kind)
        if not sixes:
            self._log(
                kind, figure=f.id, ball=b.id, angle=angle, success=False, length=None, to=None
            )
            f.ball = None
            b.holder = None
            self._scatter(b, f.x, f.y, f.level)
            return
        length = (THROW if kind == "throw" else KICK) + (EXTRA if extra else 0.0)
        if extra:
            f.k -= 1
            self._log("k_loss", figure=f.id, loss=1, k=f.k, why=f"{kind}_extra")
        f.ball = None
        b.holder = None
        ax, ay = f.x, f.y
        ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        s = self._table_limit(ax, ay, ux, uy, length, 0.0)
        stopper = None
        if kind == "kick":
            for p in self.pieces:
                c = clip(ax, ay, ax + ux * s, ay + uy * s, p.rect)
                if c is not None:
                    s = min(s, s * c[0])
            for o in self.figures.values():
                if o.id != f.id and o.level is None:
                    c = first_contact(ax, ay, ux, uy, s, o.x, o.y, BASE_R)
                    if c is not None and (stopper is None or c < s):
                        s, stopper = c, o
        bx, by = ax + ux * s, ay + uy * s
        self._log(
            kind, figure=f.id, ball=b.id, angle=angle, success=True, length=length, to=[bx, by]
        )
        cands = []
        for o in self.figures.values():
            if o.id == f.id or o.prone or o.ball or (kind == "kick" and o.level is not None):
                continue
            if o is stopper:  # the ball ends touching its base: a catch over the base
                cands.append((s, 0.0, o.team, RANKS.index(o.rank), o))
                continue
            proj = (o.x - ax) * ux + (o.y - ay) * uy
            if proj <= EPS or proj > s + EPS:
                continue  # behind the holder or beyond the end of the path
            d = abs((o.x - ax) * uy - (o.y - ay) * ux)
            if d > 1.5 + TOL:
                continue
            if kind == "kick" and self._terrain_between(o.x, o.y, ax + ux * proj, ay + uy * proj):
                continue  # a rolling ball cannot be reached across a wall
            cands.append((proj, d, o.team, RANKS.index(o.rank), o))
        cands.sort(key=lambda c: c[:4])
        for _proj, d, _t, _r, o in cands:
            answer = yield {
                "type": "catch",
                "team": o.team,
                "figure": o.id,
                "ball": b.id,
                "over_base": d <= BASE_R + EPS,
            }
            if not answer:
                self._log("catch_declined", figure=o.id, ball=b.id)
                continue
            ok = self._k_test(o, "catch")
            self._log("catch", figure=o.id, ball=b.id, success=ok > 0)
            if ok:
                self._give(o, b)
                self._gained(o)
                return
            if d <= BASE_R + EPS:
                self._scatter(b, o.x, o.y, o.level)
                return
        if kind == "kick":
            b.x, b.y, b.level = bx, by, None
        else:
            self._land(b, ax, ay, bx, by)
        self._log("ball_lands", ball=b.id, x=b.x, y=b.y, level=b.level)

    def _terrain_between(self, ax, ay, bx, by) -> bool:
        """True if the straight line from A to B runs through a terrain footprint."""
        length = dist(ax, ay, bx, by)
        for p in self.pieces:
            c = clip(ax, ay, bx, by, p.rect)
            if c and (c[1] - c[0]) * length > EPS:
                return True
        return False

    def _land(self, b: Ball, ax, ay, bx, by) -> None:
        roofs = [i for i, p in enumerate(self.pieces) if p.is_building and in_rect(bx, by, p.rect)]
        if roofs:
            i = max(roofs, key=lambda i: self.pieces[i].h)
            b.x, b.y, b.level = bx, by, i
            return
        for _ in range(len(self.pieces) + 1):
            inside = [p for p in self.pieces if not p.is_building and in_rect(bx, by, p.rect, -EPS)]
            if not inside:
                break
            c = clip(ax, ay, bx, by, inside[0].rect)
            t0 = c[0] if c else 0.0
            bx, by = ax + (bx - ax) * t0, ay + (by - ay) * t0
        b.x, b.y, b.level = bx, by, None

    def _scatter(self, b: Ball, x: float, y: float, level: int | None) -> None:
        angle = self.dice.direction()
        ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        s = self._table_limit(x, y, ux, uy, SCATTER, 0.0)
        h = self._h(level)
        for o in self.figures.values():
            if abs(self._h(o.level) - h) < EPS and dist(x, y, o.x, o.y) > BASE_R + EPS:
                c = first_contact(x, y, ux, uy, s, o.x, o.y, BASE_R)
                if c is not None:
                    s = min(s, c)
        if level is None:
            for p in self.pieces:
                c = clip(x, y, x + ux * s, y + uy * s, p.rect)
                if c is not None:
                    s = min(s, s * c[0])
        else:
            c = clip(x, y, x + ux * s, y + uy * s, self.pieces[level].rect)
            if c is not None:
                s = s * c[1]
        b.x, b.y, b.level = x + ux * s, y + uy * s, level
        self._log("scatter", ball=b.id, angle=angle, **{"from": [x, y]}, to=[b.x, b.y], level=level)

    # ------------------------------------------------------------------ description & JSON
    def describe(self) -> dict:
        """A compact picture of the table for drawing (e.g. as SVG)."""
        return {
            "size": TABLE,
            "round": self.round,
            "step": self.step,
            "goals": list(self.goals),
            "pieces": [p.to_dict() for p in self.pieces],
            "markers": [m.to_dict() for m in self.map.markers],
            "figures": [dict(f.to_dict(), height=self._h(f.level)) for f in self.figures.values()],
            "balls": [dict(b.to_dict(), height=self._h(b.level)) for b in self.balls.values()],
            "pending": self.pending,
            "finished": self.finished,
            "winner": self.winner,
        }

    def snapshot(self) -> dict:
        """The full rule state (positions, K, dice state...) as JSON-ready data."""
        return {
            "round": self.round,
            "step": self.step,
            "goals": list(self.goals),
            "figures": [f.to_dict() for f in self.figures.values()],
            "balls": [b.to_dict() for b in self.balls.values()],
            "next_ball": self.next_ball,
            "new_balls": self.new_balls,
            "activated": sorted(self.activated),
            "queue": list(self.queue),
            "pending": self.pending,
            "finished": self.finished,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "dice": self.dice.getstate(),
        }

    def _resume_point(self) -> dict:
        """Everything `resume` needs to go on from here without replaying earlier inputs."""
        act = self.act
        return {
            "inputs": len(self.inputs),
            "events": len(self.events),
            "figures": [f.to_dict() for f in self.figures.values()],
            "balls": [b.to_dict() for b in self.balls.values()],
            "next_ball": self.next_ball,
            "goals": list(self.goals),
            "new_balls": self.new_balls,
            "round": self.round,
            "step": self.step,
            "activated": sorted(self.activated),
            "picks": {str(t): fid for t, fid in self.picks.items()},
            "queue": list(self.queue),
            "act": None
            if act is None
            else {
                "figure": act.figure,
                "move_left": act.move_left,
                "fought": act.fought,
                "actions": act.actions,
                "stood_up": act.stood_up,
                "over": act.over,
                "asked": sorted(act.asked),
            },
            "pending": _norm(self._pending),
            "finished": self.finished,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "dice": self.dice.getstate(),
        }

    def to_dict(self) -> dict:
        resume = self._checkpoint if self._gen is not None else self._resume_point()
        return {
            "format": FORMAT_VERSION,
            "resume": resume,
            "teams": self.teams,
            "seed": self.seed,
            "map": self.map.to_dict(),
            "rules": self.rules.to_dict(),
            "start": self.start_position,
            "inputs": self.inputs,
            "state": self.snapshot(),
            "events": self.events,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, d: dict, *, verify: bool = True) -> Game:
        """Rebuild a game by replaying its inputs from its seed (exact); with `verify`, check
        that the result matches the stored state."""
        if d.get("format") != FORMAT_VERSION:
            raise ValueError("unknown game format")
        g = cls.replay(d)
        if verify and "state" in d and _norm(g.snapshot()) != _norm(d["state"]):
            raise ValueError("the replayed game does not match the stored state")
        return g

    @classmethod
    def replay(cls, d: dict, *, until=None) -> Game:
        """Replay a saved game from its seed, input by input; with `until(game)`, stop before
        the first input at which it is true (e.g. to see the table after a round)."""
        if d.get("format") != FORMAT_VERSION:
            raise ValueError("unknown game format")
        g = cls(d["teams"], d["seed"], Map.from_dict(d["map"]), Rules(**d["rules"]), setup=False)
        g._restore_start(d["start"])
        g.start()
        for team, action in d["inputs"]:
            if until is not None and until(g):
                break
            g.apply(team, action)
        return g

    @classmethod
    def resume(cls, d: dict) -> Game:
        """Rebuild a saved game from its last resume point (`to_dict`) instead of replaying it
        from the start: only the inputs of an action still waiting for a decision are replayed.
        Much cheaper than `from_dict` for a long game; the result is the same game."""
        if d.get("format") != FORMAT_VERSION:
            raise ValueError("unknown game format")
        r = d.get("resume")
        if r is None:
            return cls.from_dict(d, verify=False)
        g = cls(d["teams"], d["seed"], Map.from_dict(d["map"]), Rules(**d["rules"]), setup=False)
        g.start_position = d["start"]
        g._restore_start({**d["start"], "figures": r["figures"], "balls": r["balls"]})
        g.next_ball = r["next_ball"]
        g.goals = list(r["goals"])
        g.new_balls = r["new_balls"]
        g.round, g.step = r["round"], r["step"]
        g.activated = set(r["activated"])
        g.picks = {int(t): fid for t, fid in r["picks"].items()}
        g.queue = list(r["queue"])
        g.act = (
            None
            if r["act"] is None
            else _Activation(**{**r["act"], "asked": set(r["act"]["asked"])})
        )
        g._pending = r["pending"]
        g.finished, g.winner, g.end_reason = r["finished"], r["winner"], r["end_reason"]
        g.dice.setstate(r["dice"])
        g.events = list(d["events"][: r["events"]])
        g.inputs = [list(i) for i in d["inputs"][: r["inputs"]]]
        for team, action in d["inputs"][r["inputs"] :]:
            g.apply(team, action)
        return g

    @classmethod
    def from_json(cls, text: str, *, verify: bool = True) -> Game:
        return cls.from_dict(json.loads(text), verify=verify)


def _finite(v) -> bool:
    """A real number (not a bool) that converts to a finite float."""
    if not isinstance(v, int | float) or isinstance(v, bool):
        return False
    try:
        return math.isfinite(float(v))
    except OverflowError:
        return False


def _norm(data):
    return json.loads(json.dumps(data))


def fall_damage(height: float) -> int:
    """K lost by a fall from `height` inches: height - 1, rounded down, at least 0."""
    return max(0, math.floor(height - 1 + EPS))


def _towards(m, r: float) -> tuple[float, float]:
    """The point r inches from marker m towards the table centre."""
    dx, dy = CENTRE[0] - m.x, CENTRE[1] - m.y
    n = math.hypot(dx, dy)
    return m.x + dx / n * r, m.y + dy / n * r


def _edge_point(angle: float) -> tuple[float, float]:
    """Where the ray from the centre at `angle` meets the edge band (centres 0.5" inside)."""
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    s = 100.0
    for c, u in ((CENTRE[0], ux), (CENTRE[1], uy)):
        if u > 1e-12:
            s = min(s, (TABLE - BASE_R - c) / u)
        elif u < -1e-12:
            s = min(s, (BASE_R - c) / u)
    return CENTRE[0] + ux * s, CENTRE[1] + uy * s


def _edge_param(x: float, y: float) -> float:
    """Position of an edge-band point along the band's perimeter (counter-clockwise from the
    corner at the origin); the inverse of `_edge_at`."""
    lo, hi = BASE_R, TABLE - BASE_R
    side = hi - lo
    if abs(y - lo) < EPS:
        return x - lo
    if abs(x - hi) < EPS:
        return side + y - lo
    if abs(y - hi) < EPS:
        return 2 * side + hi - x
    return 3 * side + hi - y


def _edge_at(u: float) -> tuple[float, float]:
    """The edge-band point (centres 0.5" inside the table edge) at perimeter position u."""
    lo, hi = BASE_R, TABLE - BASE_R
    side = hi - lo
    u %= 4 * side
    if u < side:
        return lo + u, lo
    if u < 2 * side:
        return hi, lo + u - side
    if u < 3 * side:
        return hi - (u - 2 * side), hi
    return lo, hi - (u - 3 * side)


def new_game(
    teams: int,
    seed: int = 0,
    map: Map | None = None,
    *,
    positions: dict | None = None,
    first_goal: bool = False,
    team_goals: int | None = 3,
    total_goals: int | None = None,
    rounds: int | None = 40,
) -> Game:
    """A new game for `teams` teams on `map` (default: ``kirkwall(teams, seed)``), set up by
    the default setup (with `positions` {figure id: [x, y]} moved within the setup rules),
    waiting for the first card picks. The end criteria: the first one met ends the game."""
    rules = Rules(first_goal, team_goals, total_goals, rounds)
    return Game(teams, seed, map, rules, setup=positions if positions else True)
