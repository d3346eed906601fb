"""A whole bot match of The Baa through ``engines.baa``, with a picture after every round.

Only the public API of ``engines.baa`` is used; ``presentation`` draws the pictures and tells
the events in German.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engines import baa

BAA_BOTS = ("greedy", "random")


@dataclass(frozen=True)
class BaaActivation:
    figure: str  # the figure that acted
    picture: dict[str, Any]  # describe() after its activation
    events: tuple[dict[str, Any], ...]  # from the cards it was picked by to its end


@dataclass(frozen=True)
class BaaRound:
    number: int  # 0: the setup
    picture: dict[str, Any]  # describe() after the round
    events: tuple[dict[str, Any], ...]
    goals: tuple[int, ...]  # teams that scored in the round, one entry per goal
    activations: tuple[BaaActivation, ...] = ()


@dataclass(frozen=True)
class BaaMatch:
    teams: int
    seed: int
    bot: str
    result: dict[str, Any]
    districts: tuple[dict[str, Any], ...]
    rounds: tuple[BaaRound, ...]

    @property
    def last_round(self) -> int:
        return len(self.rounds) - 1


def _split_rounds(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = [[]]
    for event in events:
        if event.get("type") == "round_start":
            out.append([])
        out[-1].append(event)
    return out


def _activations(
    events: list[dict[str, Any]], offset: int, pictures: dict[int, dict[str, Any]], last: dict
) -> tuple[BaaActivation, ...]:
    """The activations of one round: each with the events since the previous one ended (the
    cards that picked it, its moves and dice) and the table after it."""
    out = []
    start = 0
    for i, event in enumerate(events):
        if event.get("type") == "activation_end":
            out.append(
                BaaActivation(
                    event.get("figure", ""),
                    pictures.get(offset + i, last),
                    tuple(events[start : i + 1]),
                )
            )
            start = i + 1
    return tuple(out)


@lru_cache(maxsize=32)
def baa_match(*, teams: int, seed: int, bot: str = "greedy") -> BaaMatch:
    """A whole bot game of The Baa, with a picture of the table after every round.

    The engine plays the game (``run_game``, the same game as the CLI); a second pass replays
    its recorded inputs from the seed to take the pictures between rounds.
    """
    if bot not in BAA_BOTS:
        raise ValueError(f"unknown bot {bot!r}")
    game = baa.run_game(teams, seed=seed, bot=bot)

    replay = baa.new_game(teams, seed)
    pictures = [replay.describe()]
    # the table after each activation, by the index of its "activation_end" event
    after_activation: dict[int, dict[str, Any]] = {}
    seen = len(replay.events)
    for team, action in game.inputs:
        before = replay.round
        replay.apply(team, action)
        ends = [
            i
            for i in range(seen, len(replay.events))
            if replay.events[i].get("type") == "activation_end"
        ]
        if ends:
            picture = replay.describe()
            after_activation.update(dict.fromkeys(ends, picture))
        seen = len(replay.events)
        if replay.round != before:
            pictures.append(replay.describe())
    if len(pictures) <= game.round:
        pictures.append(replay.describe())
    pictures[-1] = game.describe()

    chunks = _split_rounds(game.events)
    offsets = [0]
    for chunk in chunks:
        offsets.append(offsets[-1] + len(chunk))
    rounds = []
    for number, picture in enumerate(pictures[: game.round + 1]):
        events = chunks[number] if number < len(chunks) else []
        goals = tuple(e["team"] for e in events if e.get("type") == "goal")
        activations = _activations(events, offsets[number], after_activation, picture)
        rounds.append(BaaRound(number, picture, tuple(events), goals, activations))
    districts = tuple(game.map.to_dict().get("districts", ()))
    return BaaMatch(teams, seed, bot, game.result(), districts, tuple(rounds))
