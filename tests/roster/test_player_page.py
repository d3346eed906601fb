"""The player page: what he is now and his history, one tap from the squad."""

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Season
from matches import development as dev
from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Casualty
from matches.records import record_casualty

pytestmark = pytest.mark.django_db


class FirstOption:
    """Dice that always roll 1: the first candidate (#1) and his first skill."""

    def roll(self, sides: int) -> int:
        return 1


def page_url(player):
    return reverse("roster:player-detail", kwargs={"pk": player.team_id, "player_pk": player.pk})


def test_squad_page_links_each_player_to_his_page(client):
    team = squad(name="Verlinkt", players=2)
    html = client.get(team.get_absolute_url()).content.decode()
    for player in team.players.all():
        assert f'href="{page_url(player)}"' in html
    assert "data-legend" in html and "★ = erlernte Fertigkeit" in html


def test_player_history_shows_matches_casualties_records_and_developments(
    client, django_assert_max_num_queries
):
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season()
    Season.objects.update(started_at=days_ago(30))
    player = home.players.get(number=1)
    first = play(home, away, at=days_ago(5), ticks={player: Casualty.BADLY_HURT})
    admin = staff_user()
    dev.choose_automatic(match=first, team=home, by=admin, dice=FirstOption())
    record_casualty(
        player=player,
        kind=Casualty.SERIOUSLY_INJURED,
        day=timezone.localdate() - timezone.timedelta(days=3),
        note="Treppe",
        by=admin,
    )
    with django_assert_max_num_queries(20):
        response = client.get(page_url(player))
    assert response.status_code == 200
    html = response.content.decode()
    assert first.get_absolute_url() in html
    assert 'data-tick="hurt"' in html
    assert 'data-record="injured"' in html and "Treppe" in html
    development = first.developments.get()
    assert development.player == player
    assert f"erhält {development.skill}" in html
    # Records come after the match they follow, in play order.
    assert html.index(first.get_absolute_url()) < html.index('data-record="injured"')


def test_player_page_404_for_a_player_of_another_team(client):
    team, other = squad(name="A", players=1), squad(name="B", players=1)
    player = team.players.get()
    url = reverse("roster:player-detail", kwargs={"pk": other.pk, "player_pk": player.pk})
    assert client.get(url).status_code == 404
