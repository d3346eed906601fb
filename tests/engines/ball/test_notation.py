"""Notation of docs/ball.md §9: printing and parsing round-trip."""

import pytest

from engines.ball import NotationError, new_game, parse_action

EXAMPLES = [
    "G5-H6",
    "G5-G7/F8",
    "G5-I7/G7",
    "G5=H6",
    "G5>H8@I9",
    "G5>>K13",
    "END",
    "+PE",
    "UP C7/D8",
    "RS G9/F10,H10",
    "RS G9/F10,H10*top",
    "RS G9/F10,H10*bottom",
    "SPRINT G5-H6",
    "SPRINT G5-G7/F8",
    "GETUP C7/D8",
    "OVERTIME",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_notation_form_round_trips(text):
    assert str(parse_action(text)) == text
    assert parse_action(str(parse_action(text))) == parse_action(text)


def test_squares_and_keywords_are_case_insensitive():
    assert parse_action("g5-h6") == parse_action("G5-H6")
    assert str(parse_action("rs g9/f10,h10*Bottom")) == "RS G9/F10,H10*bottom"
    assert str(parse_action("sprint g5-h6")) == "SPRINT G5-H6"
    assert str(parse_action("end")) == "END"


@pytest.mark.parametrize(
    "text", ["", "G5", "G5-", "Z5-H6", "G5-H18", "H5-H6", "G5->H6", "RS G9/F10", "SPRINT END"]
)
def test_text_that_is_no_action_is_rejected(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_non_playable_square_is_named_in_the_error():
    with pytest.raises(NotationError, match="H5 is not a playable square"):
        parse_action("H5-H6")


@pytest.mark.parametrize("card_mode", [False, True])
def test_every_legal_action_of_the_start_round_trips(card_mode):
    for action in new_game(card_mode=card_mode).legal_actions():
        assert parse_action(str(action)) is action


def test_state_apply_accepts_notation_text():
    assert new_game().apply("G5-H6") == new_game().apply(parse_action("G5-H6"))


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("G5-H6", ("move", "G5", "H6", None, None)),
        ("G5-G7/F8", ("move", "G5", "G7", "F8", None)),
        ("SPRINT G5-I7/G7", ("sprint", "G5", "I7", "G7", None)),
        ("G5=H6", ("hand-off", "G5", "H6", None, None)),
        ("G5>H8@I9", ("short pass", "G5", "H8", "I9", None)),
        ("G5>>K13", ("long pass", "G5", "K13", None, None)),
        ("UP C7/D8", ("stand up", "C7", "D8", None, None)),
        ("GETUP C7/D8", ("getup", "C7", "D8", None, None)),
        ("RS G9/F10,H10", ("resolve stack", "G9", "F10", "H10", None)),
        ("RS G9/F10,H10*top", ("resolve stack", "G9", "F10", "H10", "top")),
        ("RS G9/F10,H10*bottom", ("resolve stack", "G9", "F10", "H10", "bottom")),
        ("END", ("end", None, None, None, None)),
        ("+PE", ("+PE", None, None, None, None)),
        ("OVERTIME", ("overtime", None, None, None, None)),
    ],
)
def test_parts_name_the_kind_and_squares_of_every_notation_form(text, parts):
    assert tuple(parse_action(text).parts()) == parts
