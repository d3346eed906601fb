"""The Baa presentation: the table picture and the German event log."""

from simulator.baa import presentation, services


def test_baa_picture_flips_the_table_and_places_every_figure():
    match = services.baa_match(teams=2, seed=1, bot="greedy")
    picture = presentation.baa_picture(match=match, number=0)
    assert len(picture["figures"]) == 12
    assert len(picture["markers"]) == 2
    assert all(0 <= f["y"] <= 48 for f in picture["figures"])


def test_every_event_of_a_game_reads_as_german_text():
    match = services.baa_match(teams=2, seed=1, bot="greedy")
    for number in range(len(match.rounds)):
        for line in presentation.baa_round_log(match=match, number=number, detail=True):
            assert line["text"]
            assert "=" not in line["text"], line  # no fallback "type: key=value" lines


def test_unknown_event_falls_back_to_its_fields():
    assert presentation.describe_event({"type": "new_thing", "x": 1}) == "new_thing: x=1"
