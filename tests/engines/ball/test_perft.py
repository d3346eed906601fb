"""Perft regression anchors (docs/ball.md §10).

How depth 1 was checked by hand (standard setup, home to play, no opponent within reach):
O1 C7: 4 diagonal steps + A7, C9, C5 (E7 holds X2) = 7; X2 E7: 4 + G9, C9, C5 (G5 holds X5) = 7;
S3 G7: 4 + I9, I5, E9, E5 + G9 (G5, E7, I7 taken) = 9; X4 I7: 4 + K9, K5, G9 = 7;
X5 G5: 4 + I3, E3 = 6; O6 K7: 4 + M7, K9, K5 = 7; S7 G3: 4 + I5, I1, E5, E1 + I3, E3, G1 = 11.
54 moves + END = 55; card mode adds +PE = 56 (0 PE: no card action yet).
Depths 2 and 3 are pinned as computed by this engine; a change is a rules change.
"""

import pytest

from engines.ball import new_game, perft
from engines.ball.__main__ import main

PERFT = {
    False: (55, 3246, 512875),
    True: (56, 3357, 534000),
}


@pytest.mark.parametrize("card_mode", [False, True], ids=["standard", "cards"])
def test_perft_from_the_standard_setup_is_pinned(card_mode):
    state = new_game(card_mode=card_mode)
    assert tuple(perft(state, d) for d in (1, 2, 3)) == PERFT[card_mode]


def test_perft_depth_one_matches_the_hand_count_per_piece():
    counts: dict[str, int] = {}
    for action in new_game().legal_actions():
        start = str(action).split("-")[0]
        counts[start] = counts.get(start, 0) + 1
    assert counts == {"C7": 7, "E7": 7, "G7": 9, "I7": 7, "G5": 6, "K7": 7, "G3": 11, "END": 1}


def test_perft_depth_zero_and_finished_games_count_one(kit):
    assert perft(new_game(), 0) == 1
    over = kit.position({"X4": "G9"}, turn=5, turn_limit=5).apply("END")
    assert perft(over, 3) == 1


def test_perft_cli_prints_each_depth(capsys):
    assert main(["perft", "2", "--cards"]) == 0
    assert capsys.readouterr().out.splitlines() == ["perft(1) = 56", "perft(2) = 3357"]
