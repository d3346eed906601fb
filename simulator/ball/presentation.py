"""The BALL game page: the position with the action being built, an earlier position of the
move list, or a touchdown being announced, each with the score, the history and the last
actions of the other side.

Assembles the page from the parts: ``board`` draws the position, ``choice`` builds the action
tap by tap, ``wording`` names pieces and actions in German.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from engines.ball import State

from .board import Board, draw_board, tap_area
from .choice import SELECTABLE, ActionChoice, Selection, choose
from .services import BallGame
from .wording import LabelledAction, Occupants, action_label, action_square, parts_of, team_label


@dataclass
class BallView:
    """Everything the BALL page shows."""

    game: BallGame
    state: State
    board: Board | None = None
    choice: ActionChoice | None = None  # the action being built, when a person is to move
    last: list[LabelledAction] = field(default_factory=list)
    last_by: str = ""
    last_start: int = 0  # the position before the last actions (to look at it again)
    history: list[dict[str, Any]] = field(default_factory=list)
    position: int | None = None  # viewing an earlier position (move list)
    touchdown: dict[str, Any] | None = None
    sides: list[dict[str, Any]] = field(default_factory=list)

    @property
    def human_to_move(self) -> bool:
        return self.choice is not None


def side_name(game: BallGame, team: str) -> str:
    """How the page names a side: "Du"/"Computer" against the computer, "Heim"/"Gast" when
    two people share the device."""
    if game.computer is None:
        return team_label(team)
    return _("Computer") if team == game.computer else _("Du")


def _sides(game: BallGame, state: State) -> list[dict[str, Any]]:
    return [
        {
            "team": team,
            "name": side_name(game, team),
            "team_label": team_label(team),
            "role": "ATK" if state.atk == team else "DEF",
            "score": state.score[team],
            "to_move": not state.is_over and state.player == team,
            "computer": team == game.computer,
        }
        for team in ("home", "away")
    ]


def _last_chunk(states: list[State], upto: int) -> int:
    """Where the run of actions by the side that played last before position ``upto`` starts."""
    index = upto
    if index == 0:
        return 0
    player = states[index - 1].player
    while index > 0 and states[index - 1].player == player:
        index -= 1
    return index


def _history(game: BallGame, states: list[State]) -> list[dict[str, Any]]:
    history: list[dict[str, Any]] = []
    for i, text in enumerate(game.record.actions):
        turn, player = states[i].turn, states[i].player
        if not history or history[-1]["turn"] != turn or history[-1]["player"] != player:
            history.append(
                {"turn": turn, "player": player, "name": side_name(game, player), "actions": []}
            )
        history[-1]["actions"].append({"text": text, "position": i + 1})
    history.reverse()
    return history


def _touchdown_at(game: BallGame, states: list[State], index: int) -> dict[str, Any] | None:
    if not 0 <= index < len(game.record.actions):
        return None
    scene = states[index].scoring_position(game.record.actions[index])
    if scene is None:
        return None
    scorer = "home" if scene.score["home"] > states[index].score["home"] else "away"
    return {
        "index": index,
        "scene": scene,
        "team": scorer,
        "name": side_name(game, scorer),
        "team_label": team_label(scorer),
        "score": scene.score,
        "game_over": states[index + 1].is_over,
    }


def first_touchdown(game: BallGame, since: int) -> int | None:
    """The index of the first scoring action from ``since`` on (to announce it), or None."""
    states = game.record.states()
    for i in range(since, len(game.record.actions)):
        if states[i + 1].score != states[i].score:
            return i
    return None


def _marks_of(actions: list[str]) -> tuple[dict[str, str], list[tuple[str, str]]]:
    marks: dict[str, str] = {}
    arrows = []
    for text in actions:
        parts = parts_of(text)
        if parts.piece is None:
            continue
        marks[parts.piece] = "cell--from"
        for square in (parts.target, parts.second):
            if square:
                marks[square] = "cell--to"
        if parts.target:
            arrows.append((parts.piece, parts.target))
    return marks, arrows


def ball_view(
    *,
    game: BallGame,
    selection: Selection | None = None,
    position: int | None = None,
    touchdown: int | None = None,
    base_url: str = "",
    movers: tuple[str, ...] | None = None,
) -> BallView:
    """The page for the current position with the action being built, an earlier position of
    the move list (``position``: after that many actions) or a touchdown being announced
    (``touchdown``: the index of the scoring action). ``movers``: the sides this page may play
    (default: the game's human sides; a link game gives the link's side, a spectator none)."""
    selection = selection or Selection()
    states = game.record.states()
    actions = game.record.actions
    state = states[-1]

    announce = _touchdown_at(game, states, touchdown) if touchdown is not None else None
    if announce is not None:
        board = draw_board(
            announce["scene"],
            before=states[announce["index"]],
            marks=_marks_of([actions[announce["index"]]])[0],
            title=_("Touchdown!"),
        )
        return BallView(
            game=game,
            state=state,
            board=board,
            touchdown=announce,
            history=_history(game, states),
            sides=_sides(game, announce["scene"]),
        )

    if position is not None and 0 <= position < len(actions):
        shown = states[position]
        marks, arrows = _marks_of(list(actions[position - 1 : position])) if position else ({}, [])
        board = draw_board(
            shown,
            marks=marks,
            arrows=arrows,
            before=states[position - 1] if position else None,
            title=_("Stellung nach %(n)s Aktionen") % {"n": position},
        )
        return BallView(
            game=game,
            state=shown,
            board=board,
            position=position,
            history=_history(game, states),
            sides=_sides(game, shown),
        )

    movers = game.human_sides if movers is None else movers
    to_move = not state.is_over and state.player in movers
    start = _last_chunk(states, len(actions))
    last_actions = list(actions[start:])
    marks, _arrows = _marks_of(last_actions)
    view = BallView(
        game=game,
        state=state,
        history=_history(game, states),
        sides=_sides(game, state),
    )
    if last_actions and (states[start].player != state.player or state.is_over):
        view.last_by = side_name(game, states[start].player)
        view.last_start = start
        for i in range(start, len(actions)):
            before = Occupants(states[i])
            square = action_square(actions[i])
            actor = before.who(square) if square else ""
            view.last.append(LabelledAction(actions[i], action_label(before, actions[i]), actor))
    if to_move:
        # The version lets the page tell a tab that fell behind (see views.ball).
        view.choice = choose(state, selection, version=game.version, base_url=base_url)
        # A square a piece can act from keeps the mark of a last action; the rest of the
        # choice (selected piece, targets) is marked over it.
        for square, css in view.choice.marks.items():
            if css != SELECTABLE or square not in marks:
                marks[square] = css
    board = draw_board(
        state,
        marks=marks,
        before=states[start] if last_actions else None,
        title=_("Spielfeld: Reihe 17 oben (hier punktet Heim), Reihe 1 unten (hier punktet Gast)"),
    )
    if view.choice is not None:
        board.hits = [{**h, "points": tap_area(h["square"])} for h in view.choice.hits]
    view.board = board
    return view
