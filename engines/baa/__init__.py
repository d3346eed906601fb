"""The Baa: a miniature street-football game (the rules as implemented: `docs/baa.md`) as a
pure-Python simulation with bots. No Django import anywhere in this package.

Public API::

    from engines.baa import new_game, kirkwall, Game, IllegalAction, bots

    game = new_game(2, seed=7)            # kirkwall map for 2 teams, default setup, round 1
    game.pending                          # {"type": "pick", "teams": [0, 1]} / "act" / "catch"...
    game.waiting_for()                    # teams whose input is awaited
    game.legal_actions(team)              # discrete legal inputs and templates for the rest
    game.validate(team, action)           # raises IllegalAction(why) or returns None
    events = game.apply(team, action)     # the events this input caused
    game.describe()                       # terrain, markers, figures, balls for drawing (SVG)
    text = game.to_json(); Game.from_json(text)   # exact replay from seed + inputs
    Game.resume(game.to_dict())           # the same game from its last resume point (cheap)
    game.end_after_round()                # a limit outside the rules (real time) ran out
    bots.run_game(4, seed=1, bot="greedy")         # a whole bot game
    bots.answer(game, team, "greedy")              # what a bot would input now (stateless)
"""

from . import bots
from .bots import GreedyBot, RandomBot, answer, default_decision, play, run_game
from .dice import Dice, ForcedDice
from .events import EVENT_FIELDS
from .game import Ball, Figure, Game, IllegalAction, Rules, fall_damage, new_game
from .maps import Map, Marker, Piece, kirkwall, load_map, shipped_maps

__all__ = [
    "EVENT_FIELDS",
    "Ball",
    "Dice",
    "Figure",
    "ForcedDice",
    "Game",
    "GreedyBot",
    "IllegalAction",
    "Map",
    "Marker",
    "Piece",
    "RandomBot",
    "Rules",
    "answer",
    "bots",
    "default_decision",
    "fall_damage",
    "kirkwall",
    "load_map",
    "new_game",
    "play",
    "run_game",
    "shipped_maps",
]
