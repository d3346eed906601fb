"""BALL: the complete rules of the board game as a pure-Python engine.

Rules: ``docs/ball.md``, the project's own account of the club's rulebook and its gaps.
No Django import anywhere in this package.

Public API::

    from engines.ball import new_game, parse_action, IllegalAction, choose_action

    state = new_game(card_mode=False, target_score=3, turn_limit=40)
    actions = state.legal_actions()        # tuple of Action, END and tasks included
    state2 = state.apply(actions[0])       # or state.apply("G5-H6"); the old state is unchanged
    state.player, state.score, state.ball  # the named view: "home", {"home": 0, ...}, ...
    state.positions, state.carrier         # the compact view, see engines.ball.view.PositionView
    state.apply_legal(actions[0])          # no legality check: for search over legal_actions()
    str(actions[0]); parse_action("G5-H6") # notation of docs/ball.md §9, round trip guaranteed
    actions[0].parts()                     # ActionParts(kind="move", piece="G5", target="H6", ...)
    state.to_json(); State.from_json(text) # positions
    GameRecord(options, actions).replay()  # a game is its options plus its action list
    state.render()                         # text board
    choose_action(state, level="hard", seed=1)
"""

from .actions import KIND_NAMES, Action, ActionParts, NotationError, parse_action
from .ai import LEVELS, choose_action
from .options import Options
from .perft import perft
from .record import GameRecord
from .state import IllegalAction, State, new_game

__all__ = [
    "KIND_NAMES",
    "LEVELS",
    "Action",
    "ActionParts",
    "GameRecord",
    "IllegalAction",
    "NotationError",
    "Options",
    "State",
    "choose_action",
    "new_game",
    "parse_action",
    "perft",
]
