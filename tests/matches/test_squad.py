"""The squad as the matches make it (matches/squad.py): the squad page's data in a fixed number
of queries, however big the squad and however many matches."""

import pytest

from matches.factories import days_ago, play
from matches.models import Casualty
from matches.squad import roster_now, squad_page
from roster.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_the_squad_page_shows_status_skills_and_questions_of_each_player(season, home, away):
    hurt, dead = home.players.get(number=1), home.players.get(number=2)
    play(home, away, at=days_ago(2), ticks={hurt: Casualty.SERIOUSLY_INJURED, dead: Casualty.DEAD})
    page = squad_page(home, with_questions=True)
    by_number = {player.number: player for player in page.roster}
    assert by_number[1].status == Casualty.SERIOUSLY_INJURED
    assert by_number[2].status == Casualty.DEAD
    assert by_number[3].status is None
    assert all(isinstance(player.skills_now, list) for player in page.roster)
    assert list(page.questions) == [hurt.pk]
    assert page.journeymen == 2  # seven on the roster, two of them out
    assert page.retired_count == 0


def test_without_questions_the_squad_page_asks_nothing(season, home, away):
    hurt = home.players.get(number=1)
    play(home, away, at=days_ago(2), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    assert squad_page(home, with_questions=False).questions == {}


# the roster with positions, skills, both category sets, gaining developments, death ticks and
# records by hand (7); the season; the suspensions (three); hatreds; the open questions (ticks,
# records and the opponents' race keywords); the retired count: one query each, not one per
# player, match or question; the suspensions come from the page cache when the result form or
# an earlier squad page read them since the team's last change (`suspended_for_next_match`)
SQUAD_QUERIES = 16


def test_the_squad_page_reads_a_fixed_number_of_queries(
    season, home, away, django_assert_num_queries
):
    play(home, away, at=days_ago(6), ticks={home.players.get(number=1): "injured"})
    with django_assert_num_queries(SQUAD_QUERIES):
        squad_page(home, with_questions=True)
    for day, number in ((4, 2), (2, 3)):
        play(home, away, at=days_ago(day), ticks={home.players.get(number=number): "injured"})
    position = home.players.first().position
    for number in (20, 21, 22):  # numbers of their own (the factory's sequence could hit 1-7)
        PlayerFactory(team=home, position=position, number=number)
    with django_assert_num_queries(SQUAD_QUERIES):
        page = squad_page(home, with_questions=True)
    assert len(page.roster) == 10 and len(page.questions) == 3
    with django_assert_num_queries(SQUAD_QUERIES - 3):
        again = squad_page(home, with_questions=True)
    assert [p.status for p in again.roster] == [p.status for p in page.roster]


def test_the_download_has_status_and_skills(season, home, away):
    dead = home.players.get(number=2)
    play(home, away, at=days_ago(2), ticks={dead: Casualty.DEAD})
    rows = {player.number: player for player in roster_now(home)}
    assert rows[2].status == Casualty.DEAD and rows[1].status is None
    assert [entry.label for entry in rows[1].skills_now] == [
        entry.label for entry in squad_page(home, with_questions=False).roster[0].skills_now
    ]
