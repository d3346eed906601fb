"""The board, the setup and the default options (docs/ball.md §§1 to 3)."""

import pytest

from engines.ball import new_game
from engines.ball.board import (
    DIST,
    NEIGHBOURS,
    PLAYABLE,
    SQUARE_NAMES,
    X,
    col_of,
    crossed_square,
    jumps_for,
    parse_square,
    push_ball_square,
    row_of,
    square_coordinates,
)


def names(squares):
    return {SQUARE_NAMES[s] for s in squares}


def test_board_has_111_playable_squares_including_the_four_corners():
    assert len(PLAYABLE) == 111
    for corner in ("A1", "M1", "A17", "M17"):
        assert parse_square(corner) in PLAYABLE


def test_squares_whose_coordinates_sum_to_an_odd_number_are_not_playable():
    with pytest.raises(ValueError, match="H9 is not a playable square"):
        parse_square("H9")


def test_square_coordinates_are_column_and_row_counted_from_one():
    assert square_coordinates("G5") == (7, 5)
    assert square_coordinates("a1") == (1, 1)
    assert square_coordinates("M17") == (13, 17)
    with pytest.raises(ValueError, match="H9 is not a playable square"):
        square_coordinates("H9")


def test_the_crossed_square_of_every_diagonal_jump_is_its_intermediate_square():
    assert SQUARE_NAMES[crossed_square(parse_square("C3"), parse_square("E5"))] == "D4"
    for s in PLAYABLE:
        for to, mid in jumps_for(X, s):  # 2 squares diagonally
            assert crossed_square(s, to) == mid


def test_adjacent_squares_are_the_diagonal_neighbours_only():
    assert names(NEIGHBOURS[parse_square("G9")]) == {"F8", "H8", "F10", "H10"}
    assert names(NEIGHBOURS[parse_square("A1")]) == {"B2"}
    assert names(NEIGHBOURS[parse_square("A9")]) == {"B8", "B10"}


def test_graph_distance_equals_the_larger_coordinate_difference_on_this_board():
    for a in PLAYABLE:
        for b in PLAYABLE:
            expected = max(abs(col_of(a) - col_of(b)), abs(row_of(a) - row_of(b)))
            assert DIST[a][b] == expected


def test_knocked_loose_ball_square_is_always_on_the_board():
    # The crossed square M of a diagonal 2-square move is never on an edge, so the square
    # opposite to any push square is always playable: only "holds a piece" can send the ball
    # back to M (docs/ball.md §5.2 also names "off the board / not playable", which cannot happen).
    for mid in PLAYABLE:
        c, r = col_of(mid), row_of(mid)
        if 1 < c < 13 and 1 < r < 17:
            for n in NEIGHBOURS[mid]:
                assert push_ball_square(mid, n) >= 0


def test_standard_setup_places_away_as_the_row_mirror_of_home():
    squares = {(p["team"], p["name"]): p["square"] for p in new_game().pieces()}
    away = {name: sq for (team, name), sq in squares.items() if team == "away"}
    home = {name: sq for (team, name), sq in squares.items() if team == "home"}
    assert home == {
        "O1": "C7",
        "X2": "E7",
        "S3": "G7",
        "X4": "I7",
        "O6": "K7",
        "X5": "G5",
        "S7": "G3",
    }
    assert away == {
        "O1": "C11",
        "X2": "E11",
        "S3": "G11",
        "X4": "I11",
        "O6": "K11",
        "X5": "G13",
        "S7": "G15",
    }
    assert all(p["state"] == "active" and not p["restricted"] for p in new_game().pieces())


def test_default_game_has_no_cards_three_touchdowns_and_forty_turns():
    opts = new_game().options
    assert (opts.card_mode, opts.target_score, opts.turn_limit) == (False, 3, 40)
    assert new_game().pe == {"home": 0, "away": 0}
