"""Bots that answer a game's pending inputs: `RandomBot`, `GreedyBot`, and `play` to run a game.

Every bot plays one team (``bot.team``) and has ``choose(game) -> action`` for whatever the game
waits for from that team, and its own RNG seeded from the game seed and its team, so a bot game
replays from its inputs.
"""

from __future__ import annotations

import math
import random

from .game import RANKS, Figure, Game, IllegalAction, new_game
from .geometry import BASE_R, EPS, TABLE, clamp_to_rect, dist, point_rect, seg_point, seg_rect


def default_decision(game: Game, pending: dict) -> dict:
    """The default policy for passive figures: always catch, always punch back, intercept
    with K of at least 3."""
    kind = pending["type"]
    if kind == "intercept":
        return {"type": kind, "answer": game.figures[pending["figure"]].k >= 3}
    return {"type": kind, "answer": True}


class Bot:
    name = "bot"

    def __init__(self, team: int, seed: int | str = 0) -> None:
        self.team = team
        self.rng = random.Random(f"{seed}:{team}")

    def choose(self, game: Game) -> dict:
        p = game.pending
        if p is None:
            raise IllegalAction("the game is over")
        if p["type"] == "pick":
            return self.pick(game)
        if p["type"] == "act":
            return self.act(game, game.figures[p["figure"]], p)
        return self.decide(game, p)

    def pick(self, game: Game) -> dict:
        raise NotImplementedError

    def act(self, game: Game, f: Figure, p: dict) -> dict:
        raise NotImplementedError

    def decide(self, game: Game, p: dict) -> dict:
        return default_decision(game, p)

    def _unactivated(self, game: Game) -> list[Figure]:
        return [
            f for f in game.figures.values() if f.team == self.team and f.id not in game.activated
        ]

    def _legal(self, game: Game, action: dict) -> bool:
        try:
            game.validate(self.team, action)
        except IllegalAction:
            return False
        return True


class RandomBot(Bot):
    """Picks a random card and random legal actions (moves, climbs, fights, ball actions)."""

    name = "random"

    def pick(self, game: Game) -> dict:
        return {"type": "pick", "figure": self.rng.choice(self._unactivated(game)).id}

    def decide(self, game: Game, p: dict) -> dict:
        return {"type": p["type"], "answer": self.rng.random() < 0.7}

    def act(self, game: Game, f: Figure, p: dict) -> dict:
        rng = self.rng
        if p["actions"] >= 12 or rng.random() < 0.15:
            return {"type": "end"}
        options: list[dict] = []
        if f.prone:
            options.append({"type": "stand" if rng.random() < 0.8 else "rest"})
        elif p["first"] and rng.random() < 0.1:
            options.append({"type": "rest"})
        for b in game.balls.values():
            options.append({"type": "pickup", "ball": b.id})
        for o in game.figures.values():
            if o.id == f.id:
                continue
            if o.team == f.team:
                options.append({"type": "hand_over", "to": o.id})
            else:
                options.append({"type": "punch", "target": o.id, "take_ball": rng.random() < 0.9})
            options.append({"type": "push", "target": o.id})
        if f.ball:
            kind = "throw" if rng.random() < 0.5 else "kick"
            options.append(
                {
                    "type": kind,
                    "angle": rng.random() * 360,
                    "extra": rng.random() < 0.3 and f.k >= 2,
                }
            )
        legal = [a for a in options if self._legal(game, a)]
        if p["move_left"] > 0.2 and not f.prone:
            for _ in range(8):
                move = self._random_move(game, f, p["move_left"])
                if move and self._legal(game, move):
                    legal.extend([move] * 3)
                    break
        if not legal:
            return {"type": "end"}
        return rng.choice(legal)

    def _random_move(self, game: Game, f: Figure, budget: float) -> dict | None:
        rng = self.rng
        legs = []
        if f.level is None:
            near = [
                i
                for i, p in enumerate(game.pieces)
                if p.is_building and point_rect(f.x, f.y, p.rect) < budget - p.h
            ]
            if near and rng.random() < 0.4:  # walk to a wall and climb up
                i = rng.choice(near)
                r = game.pieces[i].rect
                gx, gy = _wall_spot(r, f.x + rng.uniform(-2, 2), f.y + rng.uniform(-2, 2))
                if dist(gx, gy, f.x, f.y) > EPS:
                    legs.append({"kind": "walk", "to": [gx, gy]})
                legs.append({"kind": "climb", "piece": i})
                return {"type": "move", "legs": legs}
        else:
            r = game.pieces[f.level].rect
            if rng.random() < 0.3:
                ground = _wall_spot(r, f.x + rng.uniform(-5, 5), f.y + rng.uniform(-5, 5))
                roof = clamp_to_rect(*ground, r)
                if dist(*roof, f.x, f.y) > EPS:
                    legs.append({"kind": "walk", "to": list(roof)})
                legs.append({"kind": "climb", "to": list(ground)})
                return {"type": "move", "legs": legs}
            others = [
                p.rect
                for i, p in enumerate(game.pieces)
                if p.is_building and i != f.level and point_rect(f.x, f.y, p.rect) < 3.5
            ]
            if others and rng.random() < 0.5:  # jump onto a nearby roof
                o = rng.choice(others)
                nx, ny = clamp_to_rect(f.x, f.y, o)
                cx, cy = (o[0] + o[2]) / 2, (o[1] + o[3]) / 2
                k = rng.uniform(0.05, 0.5)
                to = [nx + (cx - nx) * k, ny + (cy - ny) * k]
                return {"type": "move", "legs": [{"kind": "jump", "to": to}]}
        a = math.radians(rng.random() * 360)
        d = rng.uniform(0.3, budget)
        tx = min(max(f.x + d * math.cos(a), BASE_R), TABLE - BASE_R)
        ty = min(max(f.y + d * math.sin(a), BASE_R), TABLE - BASE_R)
        if dist(tx, ty, f.x, f.y) <= EPS:
            return None
        return {"type": "move", "legs": [{"kind": "walk", "to": [tx, ty]}]}


def _wall_spot(r, x: float, y: float) -> tuple[float, float]:
    """The ground point touching the wall of footprint r nearest to (x, y) (never a corner)."""
    cx, cy = clamp_to_rect(x, y, r)
    dx, dy = x - cx, y - cy
    if abs(dx) < EPS and abs(dy) < EPS:  # inside: go out through the nearest side
        sides = [
            (cx - r[0], (-1, 0)),
            (r[2] - cx, (1, 0)),
            (cy - r[1], (0, -1)),
            (r[3] - cy, (0, 1)),
        ]
        _, (dx, dy) = min(sides, key=lambda s: s[0])
        cx = r[0] if dx < 0 else r[2] if dx > 0 else cx
        cy = r[1] if dy < 0 else r[3] if dy > 0 else cy
    if abs(dx) >= abs(dy):
        return cx + math.copysign(BASE_R, dx), min(max(cy, r[1]), r[3])
    return min(max(cx, r[0]), r[2]), cy + math.copysign(BASE_R, dy)


class GreedyBot(Bot):
    """Fetches the nearest loose ball, carries it to its own goal marker, hits the opposing
    carrier, and rests when weak. Its C figure keeps goal: it waits on the own marker, and a
    carrier within reach kicks or throws the ball to it (a catch on the marker scores)."""

    name = "greedy"
    keeper_rank = "C"

    def pick(self, game: Game) -> dict:
        figs = self._unactivated(game)
        return {"type": "pick", "figure": min(figs, key=lambda f: self._urgency(game, f)).id}

    def _keeper(self, game: Game, team: int) -> Figure | None:
        k = game.figures[f"{team}:{self.keeper_rank}"]
        return None if k.ko else k

    def _urgency(self, game: Game, f: Figure) -> tuple:
        if f.ko:
            return (3, 0.0, f.rank)
        if f.ball:
            return (0, 0.0, f.rank)
        if f.rank == self.keeper_rank:
            return (2, 0.0, f.rank)
        target = self._target(game, f)
        d = dist(f.x, f.y, target[0], target[1]) if target else 99.0
        return (1 if not f.prone else 2, d, f.rank)

    def _target(self, game: Game, f: Figure):
        """(x, y, level, kind) of the nearest loose ball or opposing carrier."""
        best, best_d = None, math.inf
        for b in game.balls.values():
            if b.holder is None:
                d = dist(f.x, f.y, b.x, b.y) + (0 if b.level == f.level else 4)
                if d < best_d:
                    best, best_d = (b.x, b.y, b.level, "ball"), d
            else:
                o = game.figures[b.holder]
                if o.team != f.team:
                    d = dist(f.x, f.y, o.x, o.y) + (0 if o.level == f.level else 4)
                    if d < best_d:
                        best, best_d = (o.x, o.y, o.level, "carrier"), d
        if best is None:  # our team holds every ball: go for the opponents near our carriers
            for b in game.balls.values():
                c = game.figures[b.holder]
                for o in game.figures.values():
                    if o.team != f.team and not o.prone and dist(o.x, o.y, c.x, c.y) < 5:
                        d = dist(f.x, f.y, o.x, o.y) + (0 if o.level == f.level else 4)
                        if d < best_d:
                            best, best_d = (o.x, o.y, o.level, "guard"), d
        return best

    def act(self, game: Game, f: Figure, p: dict) -> dict:
        if f.prone:
            if p["actions"] == 0 and f.k >= 3:
                return {"type": "stand"}
            return {"type": "rest"} if p["first"] else {"type": "end"}
        if p["first"] and f.k <= 2 and not f.ball:
            return {"type": "rest"}
        budget = p["move_left"]
        m = game.map.marker(f.team)
        if f.ball:
            shot = self._shot_at_keeper(game, f)
            if shot:
                return shot
            if budget > 0.05:
                move = self._plan(game, f, m.x, m.y, None, 0.0, budget)
                if move:
                    return move
            return self._unstick(game, f, p, m)
        for b in game.balls.values():
            if b.holder is None:
                a = {"type": "pickup", "ball": b.id}
                if self._legal(game, a):
                    return a
        if not p["fought"] and f.k >= 2:
            for b in game.balls.values():
                if b.holder and game.figures[b.holder].team != f.team:
                    a = {"type": "punch", "target": b.holder, "take_ball": True}
                    if self._legal(game, a):
                        return a
        target = self._target(game, f)
        if f.rank == self.keeper_rank and (
            target is None or target[3] != "ball" or dist(f.x, f.y, target[0], target[1]) > 5
        ):
            if budget > 0.05:
                move = self._plan(game, f, m.x, m.y, None, 0.0, budget)
                if move:
                    return move
            return {"type": "end"}
        if target and budget > 0.05:
            tx, ty, level, kind = target
            stop = 0.0 if kind == "ball" else 1.0
            move = self._plan(game, f, tx, ty, level, stop, budget)
            if move:
                return move
        if not p["fought"] and f.k >= 4:
            for o in game.figures.values():
                if o.team != f.team and not o.prone:
                    a = {"type": "punch", "target": o.id, "take_ball": True}
                    if self._legal(game, a):
                        return a
        return {"type": "end"}

    def _unstick(self, game: Game, f: Figure, p: dict, m) -> dict:
        """A carrier that cannot move on hands the ball to a team mate nearer to the goal
        that still acts this round, or pushes an opponent out of the way."""
        mine = dist(f.x, f.y, m.x, m.y)
        for o in game.figures.values():
            if (
                o.team == f.team
                and o.id not in game.activated
                and dist(o.x, o.y, m.x, m.y) < mine - 0.5
            ):
                a = {"type": "hand_over", "to": o.id}
                if self._legal(game, a):
                    return a
        if not p["fought"] and f.k >= 3:
            for o in game.figures.values():
                if o.team != f.team and not o.prone:
                    a = {"type": "push", "target": o.id}
                    if self._legal(game, a):
                        return a
        return {"type": "end"}

    def _shot_at_keeper(self, game: Game, f: Figure) -> dict | None:
        """A kick or throw to our keeper standing on our marker, if it is in reach."""
        k = self._keeper(game, f.team)
        m = game.map.marker(f.team)
        if k is None or k is f or k.prone or k.ball or k.level is not None or f.k < 3:
            return None
        if dist(k.x, k.y, m.x, m.y) > 1.0:
            return None
        d = dist(f.x, f.y, k.x, k.y)
        angle = math.degrees(math.atan2(k.y - f.y, k.x - f.x))
        if f.level is None and d - BASE_R <= 12.0:
            in_the_way = any(
                o is not f
                and o is not k
                and o.level is None
                and 0 < (o.x - f.x) * (k.x - f.x) + (o.y - f.y) * (k.y - f.y) < d * d
                and seg_point(f.x, f.y, k.x, k.y, o.x, o.y)[0] < 1.6
                for o in game.figures.values()
            )
            clear = all(seg_rect(f.x, f.y, k.x, k.y, p.rect) > 0 for p in game.pieces)
            if clear and not in_the_way:
                return {"type": "kick", "angle": angle}
        if d <= 8.3 or (d <= 10.3 and f.k >= 4):
            return {"type": "throw", "angle": angle, "extra": d > 8.3}
        return None

    def _plan(
        self,
        game: Game,
        f: Figure,
        tx: float,
        ty: float,
        level,
        stop: float,
        budget: float,
    ) -> dict | None:
        """A legal move that brings f nearer to (tx, ty) on `level`, or None."""
        if level != f.level:
            if f.level is not None:  # climb down towards the target
                r = game.pieces[f.level].rect
                ground = _wall_spot(r, tx, ty)
                roof = clamp_to_rect(*ground, r)
                legs = []
                if dist(*roof, f.x, f.y) > EPS:
                    legs.append({"kind": "walk", "to": list(roof)})
                legs.append({"kind": "climb", "to": list(ground)})
                a = {"type": "move", "legs": legs}
                if self._legal(game, a):
                    return a
                return self._walk_towards(game, f, *roof, 0.0, budget)
            if level is not None:  # go to the wall, then climb up
                r = game.pieces[level].rect
                gx, gy = _wall_spot(r, f.x, f.y)
                if dist(gx, gy, f.x, f.y) < 0.06:
                    a = {"type": "move", "legs": [{"kind": "climb", "piece": level}]}
                    return a if self._legal(game, a) else None
                return self._walk_towards(game, f, gx, gy, 0.0, budget)
        return self._walk_towards(game, f, tx, ty, stop, budget)

    def _walk_towards(
        self, game: Game, f: Figure, tx: float, ty: float, stop: float, budget: float
    ) -> dict | None:
        d0 = dist(f.x, f.y, tx, ty)
        if d0 - stop <= 0.05:
            return None
        base = math.atan2(ty - f.y, tx - f.x)
        best, best_d = None, d0 - 0.05
        for off in (0, 15, -15, 35, -35, 60, -60, 90, -90, 120, -120):
            a = base + math.radians(off)
            reach = min(budget, d0 - stop) if off == 0 else min(budget, d0)
            for frac in (1.0, 0.6, 0.3):
                length = reach * frac
                if length <= 0.05:
                    continue
                x = min(max(f.x + length * math.cos(a), BASE_R), TABLE - BASE_R)
                y = min(max(f.y + length * math.sin(a), BASE_R), TABLE - BASE_R)
                d = dist(x, y, tx, ty)
                if d >= best_d or dist(x, y, f.x, f.y) <= 0.05:
                    continue
                move = {"type": "move", "legs": [{"kind": "walk", "to": [x, y]}]}
                if self._legal(game, move):
                    best, best_d = move, d
                    break
            if best is not None and off == 0:
                return best
        return best


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, team: int, seed: int | str = 0) -> Bot:
    try:
        return BOTS[name](team, seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (one of {', '.join(BOTS)})") from None


def answer(game: Game, team: int, bot: str = "greedy") -> dict:
    """What bot `bot` would input for `team` now, without keeping a bot between calls (its RNG
    is seeded from the game seed, the team and the number of inputs so far): lets a web page
    mix human and bot players, or suggest a move."""
    return make_bot(bot, team, f"{game.seed}:{len(game.inputs)}").choose(game)


def play(game: Game, bots: dict[int, Bot] | list[Bot], max_inputs: int = 1_000_000) -> Game:
    """Let the bots answer every pending input until the game ends."""
    n = 0
    while not game.finished:
        for team in game.waiting_for():
            game.apply(team, bots[team].choose(game))
            n += 1
        if n > max_inputs:  # pragma: no cover - a guard against a looping bot
            raise RuntimeError("the bots did not finish the game")
    return game


def run_game(teams: int, seed: int = 0, bot: str | list[str] = "greedy", map=None, **rules) -> Game:
    """Play a whole bot game (`bot`: one name for every team or one per team)."""
    game = new_game(teams, seed, map, **rules)
    names = [bot] * teams if isinstance(bot, str) else list(bot)
    if len(names) != teams:
        raise ValueError("give one bot name per team")
    return play(game, [make_bot(n, t, seed) for t, n in enumerate(names)])


__all__ = [
    "BOTS",
    "RANKS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "answer",
    "default_decision",
    "make_bot",
    "play",
    "run_game",
]
