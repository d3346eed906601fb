"""A player's own categories and the position that locks after his first match."""

import pytest
from django.urls import reverse

from matches.factories import days_ago, open_season, play, squad
from roster.factories import TeamFactory, UserFactory
from rules.models import Race, SkillCategory

from .test_views import team_form_data

pytestmark = pytest.mark.django_db


def categories_url(player):
    return reverse(
        "roster:player-categories", kwargs={"pk": player.team_id, "player_pk": player.pk}
    )


def test_coach_sets_his_own_primary_and_secondary_categories(client):
    team = squad(name="Eigene")
    player = team.players.get(number=1)
    client.force_login(team.coach)
    prefix = f"kategorien{player.pk}"
    response = client.post(
        categories_url(player),
        {f"{prefix}-mode": "eigene", f"{prefix}-primary": ["G", "S"], f"{prefix}-secondary": []},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.category_codes() == ("GS", "")
    html = client.get(team.get_absolute_url()).content.decode()
    assert "Primär: General, Strength · Sekundär: keine" in html


def test_template_and_unrestricted_modes(client):
    team = squad(name="Vorlage")
    player = team.players.get(number=1)
    client.force_login(team.coach)
    prefix = f"kategorien{player.pk}"
    client.post(categories_url(player), {f"{prefix}-mode": "vorlage"})
    player.refresh_from_db()
    assert player.category_codes() == (
        player.position.primary_codes(),
        player.position.secondary_codes(),
    )
    client.post(categories_url(player), {f"{prefix}-mode": "frei"})
    player.refresh_from_db()
    assert player.category_codes() is None


def test_a_foreign_coach_cannot_set_categories(client):
    team = squad(name="Fremd")
    player = team.players.get(number=1)
    client.force_login(UserFactory())
    prefix = f"kategorien{player.pk}"
    response = client.post(categories_url(player), {f"{prefix}-mode": "eigene"})
    assert response.status_code == 404


def test_team_creation_takes_the_template_sets_per_row(client):
    client.force_login(UserFactory())
    race = Race.objects.get(slug="human")
    data = team_form_data(race) | {"spieler-0-categories": "vorlage"}
    response = client.post(reverse("roster:team-create", kwargs={"race_slug": "human"}), data)
    assert response.status_code == 302
    first, second = race.teams.get().players.order_by("number")[:2]
    assert first.categories_recorded and first.category_codes()[0] == "G"
    assert not second.categories_recorded


def test_team_creation_offers_the_dropdown_per_row(client):
    client.force_login(UserFactory())
    html = client.get(reverse("roster:team-create", kwargs={"race_slug": "human"})).content
    assert html.decode().count('name="spieler-0-categories"') == 1
    assert "Aus Vorlage übernehmen" in html.decode()


def update_url(player):
    return reverse("roster:player-update", kwargs={"pk": player.team_id, "player_pk": player.pk})


def test_position_may_change_before_the_first_match(client):
    team = TeamFactory()
    from roster.factories import PlayerFactory

    player = PlayerFactory(team=team, number=5)
    blitzer = team.race.positions.get(name="Human Blitzer")
    client.force_login(team.coach)
    response = client.post(
        update_url(player), {"name": "Neu", "number": "6", "position": blitzer.pk}
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.number, player.position) == ("Neu", 6, blitzer)


def test_position_is_fixed_after_the_first_match_and_the_form_says_why(client):
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season()
    play(home, away, at=days_ago(1))
    player = home.players.get(number=1)
    lineman = player.position
    blitzer = home.race.positions.get(name="Human Blitzer")
    client.force_login(home.coach)
    html = client.get(update_url(player)).content.decode()
    assert "Fest seit seinem ersten Spiel" in html and "disabled" in html
    response = client.post(
        update_url(player), {"name": "Umbenannt", "number": "1", "position": blitzer.pk}
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.name == "Umbenannt" and player.position == lineman


def test_a_taken_number_is_refused_when_editing(client):
    team = squad(name="Nummern")
    player = team.players.get(number=1)
    client.force_login(team.coach)
    response = client.post(
        update_url(player), {"name": player.name, "number": "2", "position": player.position_id}
    )
    assert response.status_code == 400
    assert "kommt doppelt vor" in response.content.decode()


def test_category_names_are_ordered_like_the_categories():
    team = squad(name="Namen")
    player = team.players.get(number=1)
    player.set_categories(primary=SkillCategory.objects.filter(code__in=["D", "G"]), secondary=[])
    player.refresh_from_db()
    assert player.category_names() == ("General, Devious", "")


def test_a_tampered_category_is_explained_at_the_open_form(client):
    from ..conftest import assert_every_error_shown

    team = squad(name="Manipuliert")
    player = team.players.get(number=1)
    client.force_login(team.coach)
    prefix = f"kategorien{player.pk}"
    response = client.post(
        categories_url(player), {f"{prefix}-mode": "eigene", f"{prefix}-primary": ["X"]}
    )
    assert response.status_code == 400
    assert_every_error_shown(response)
    assert 'class="squad__actions" open' in response.content.decode()
    player.refresh_from_db()
    assert not player.categories_recorded
