"""The text form of a BALL game record: one line per turn, read back to the same record."""

import pytest

from engines.ball import GameRecord, NotationError, Options, choose_action, new_game


def _played(n: int, *, card_mode: bool = False) -> GameRecord:
    state = new_game(card_mode=card_mode)
    actions = []
    for i in range(n):
        if state.is_over:
            break
        action = choose_action(state, level="random", seed=i)
        actions.append(str(action))
        state = state.apply(action)
    return GameRecord(Options(card_mode=card_mode), tuple(actions))


@pytest.mark.parametrize("card_mode", [False, True])
def test_the_text_form_reads_back_to_the_same_record(card_mode):
    record = _played(80, card_mode=card_mode)
    assert GameRecord.from_text(record.to_text()) == record


def test_the_text_form_has_one_line_per_run_of_one_side():
    record = GameRecord(Options(), ("G7-H8", "END", "G13-H12"))
    lines = record.to_text().splitlines()
    assert lines[0].startswith("[BALL] {")
    assert lines[1:] == ["1 home: G7-H8; END", "2 away: G13-H12"]


def test_comments_and_blank_lines_are_ignored():
    text = "# a game\n\n[BALL] {}\n1 home: G7-H8; END\n"
    assert GameRecord.from_text(text).actions == ("G7-H8", "END")


def test_text_without_the_header_is_refused():
    with pytest.raises(ValueError):
        GameRecord.from_text("1 home: G7-H8")


def test_a_bad_action_in_the_text_is_refused():
    with pytest.raises(NotationError):
        GameRecord.from_text("[BALL] {}\n1 home: G7~H8")
