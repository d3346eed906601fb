"""Derived status in play order (season, played_at, id): 🏥 misses the team's next played match,
💀 the rest of the season, 🤕 nothing after the match."""

import pytest

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Casualty, CasualtyTick
from matches.status import journeymen_needed, status_of, suspended_for_next_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams():
    home, away, third = squad(name="Heim"), squad(name="Gast"), squad(name="Dritte")
    open_season(by=staff_user())
    return home, away, third


def test_seriously_injured_misses_the_next_match_of_his_team_only(teams):
    home, away, third = teams
    hurt = home.players.get(number=1)
    first = play(home, away, at=days_ago(10), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    assert status_of(hurt, first) is None
    assert status_of(hurt) == Casualty.SERIOUSLY_INJURED
    # A match of the opponent does not clear it: it is the injured player's team that counts.
    play(away, third, at=days_ago(9))
    assert status_of(hurt) == Casualty.SERIOUSLY_INJURED
    second = play(home, third, at=days_ago(8))
    assert status_of(hurt, second) == Casualty.SERIOUSLY_INJURED
    assert status_of(hurt) is None
    third_match = play(third, home, at=days_ago(7))
    assert status_of(hurt, third_match) is None


def test_seriously_injured_carries_into_the_next_season(teams):
    home, away, _ = teams
    hurt = home.players.get(number=2)
    play(home, away, at=days_ago(10), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    open_season(by=staff_user())
    assert status_of(hurt) == Casualty.SERIOUSLY_INJURED
    # Played earlier in time than the injury, but later in play order (a later season).
    first_of_season = play(home, away, at=days_ago(20))
    assert status_of(hurt, first_of_season) == Casualty.SERIOUSLY_INJURED
    assert status_of(hurt) is None


def test_dead_misses_the_rest_of_the_season_and_returns_in_the_next(teams):
    home, away, third = teams
    dead = away.players.get(number=3)
    play(home, away, at=days_ago(10), ticks={dead: Casualty.DEAD})
    later = [play(away, third, at=days_ago(9)), play(home, away, at=days_ago(8))]
    assert all(status_of(dead, match) == Casualty.DEAD for match in later)
    assert status_of(dead) == Casualty.DEAD
    open_season(by=staff_user())
    assert status_of(dead) is None
    assert status_of(dead, play(away, third, at=days_ago(7))) is None


def test_dead_outweighs_seriously_injured_when_both_apply(teams):
    home, away, _ = teams
    player = home.players.get(number=6)
    play(home, away, at=days_ago(5), ticks={player: Casualty.DEAD})
    second = play(home, away, at=days_ago(3))
    # The services refuse this tick (he is suspended); an admin could still store it by hand.
    CasualtyTick.objects.create(match=second, player=player, kind=Casualty.SERIOUSLY_INJURED)
    assert status_of(player) == Casualty.DEAD


def test_badly_hurt_has_no_status_after_the_match(teams):
    home, away, _ = teams
    hurt = home.players.get(number=4)
    play(home, away, at=days_ago(10), ticks={hurt: Casualty.BADLY_HURT})
    assert status_of(hurt) is None


def test_same_time_matches_are_ordered_by_id(teams):
    home, away, third = teams
    hurt = home.players.get(number=5)
    moment = days_ago(3)
    first = play(home, away, at=moment, ticks={hurt: Casualty.SERIOUSLY_INJURED})
    second = play(home, third, at=moment)
    assert status_of(hurt, first) is None
    assert status_of(hurt, second) == Casualty.SERIOUSLY_INJURED


def test_unavailable_players_and_journeymen_needed(teams):
    home, away, _ = teams
    one, two = home.players.get(number=1), home.players.get(number=2)
    play(home, away, at=days_ago(5), ticks={one: Casualty.DEAD, two: Casualty.SERIOUSLY_INJURED})
    assert suspended_for_next_match(home) == {
        one.pk: Casualty.DEAD,
        two.pk: Casualty.SERIOUSLY_INJURED,
    }
    assert journeymen_needed(home) == 2
    assert journeymen_needed(away) == 0


def test_journeymen_never_below_zero_with_a_full_roster(teams):
    big = squad(name="Viele", players=11)
    assert journeymen_needed(big) == 0


def test_squad_page_shows_the_status_symbols_and_counts_journeymen(client, teams):
    home, away, _ = teams
    one, two = home.players.get(number=1), home.players.get(number=2)
    play(home, away, at=days_ago(5), ticks={one: Casualty.DEAD, two: Casualty.SERIOUSLY_INJURED})
    html = client.get(home.get_absolute_url()).content.decode()
    assert 'data-status="dead"' in html and "💀" in html
    assert 'data-status="injured"' in html and "🏥" in html
    assert 'data-journeymen="2"' in html


def test_play_order_follows_played_at_not_the_order_of_entry(teams):
    home, away, third = teams
    hurt = home.players.get(number=6)
    later = play(home, away, at=days_ago(2), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    # Entered afterwards, but played before the injury: he was fit then, and the injury still
    # keeps him out of the team's next match.
    earlier = play(home, third, at=days_ago(5), ticks={hurt: Casualty.BADLY_HURT})
    assert earlier.pk > later.pk
    assert status_of(hurt, earlier) is None
    assert status_of(hurt, later) is None
    assert status_of(hurt) == Casualty.SERIOUSLY_INJURED
