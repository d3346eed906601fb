import pytest
from django.urls import reverse

from roster.factories import PlayerFactory, TeamFactory, UserFactory
from roster.models import Team
from rules.models import Race

pytestmark = pytest.mark.django_db


def team_form_data(race: Race, *, name="Neues Team", rows=7, position=None):
    position = position or race.journeyman_position
    data = {
        "name": name,
        "spieler-TOTAL_FORMS": str(rows),
        "spieler-INITIAL_FORMS": "0",
        "spieler-MIN_NUM_FORMS": "7",
        "spieler-MAX_NUM_FORMS": "11",
    }
    for i in range(rows):
        data[f"spieler-{i}-name"] = f"Spieler {i + 1}"
        data[f"spieler-{i}-number"] = str(i + 1)
        data[f"spieler-{i}-position"] = str(position.pk)
    return data


def test_team_list_is_public_with_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    for _ in range(3):
        team = TeamFactory()
        PlayerFactory(team=team)
    with django_assert_max_num_queries(2):
        response = client.get(reverse("roster:team-list"))
    assert response.status_code == 200
    assert response.content.decode().count('class="race-list__name"') == 3


def test_squad_page_is_public_and_shows_players_skills_and_journeymen(
    client, django_assert_max_num_queries
):
    team = TeamFactory()
    catcher = team.race.positions.get(name="Human Catcher")
    from roster.services import PlayerSpec, add_player

    add_player(team=team, spec=PlayerSpec("Flinke Frieda", 3, catcher))
    # 13: the squad, statuses and skills, plus the upcoming appointments (one query)
    with django_assert_max_num_queries(13):
        response = client.get(team.get_absolute_url())
    html = response.content.decode()
    assert "Flinke Frieda" in html
    assert 'href="/fertigkeiten/catch/"' in html
    assert 'data-journeymen="6"' in html
    assert "Einzelgänger (5+)" in html


def test_anonymous_visitor_is_sent_to_login_for_creating_a_team(client):
    response = client.get(reverse("roster:team-create", kwargs={"race_slug": "human"}))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_create_form_starts_with_seven_rows_of_the_journeyman_position(client):
    client.force_login(UserFactory())
    response = client.get(reverse("roster:team-create", kwargs={"race_slug": "shambling-undead"}))
    formset = response.context["formset"]
    assert len(formset.forms) == 7
    skeleton = Race.objects.get(slug="shambling-undead").journeyman_position
    assert all(form.initial["position"] == skeleton.pk for form in formset.forms)


def test_coach_creates_a_team_and_becomes_its_coach(client):
    coach = UserFactory()
    client.force_login(coach)
    race = Race.objects.get(slug="human")
    response = client.post(
        reverse("roster:team-create", kwargs={"race_slug": "human"}), team_form_data(race)
    )
    team = Team.objects.get(name="Neues Team")
    assert response.status_code == 302 and response["Location"] == team.get_absolute_url()
    assert team.coach == coach and team.roster().count() == 7


def test_breaking_a_limit_shows_a_german_error_and_saves_nothing(client):
    client.force_login(UserFactory())
    race = Race.objects.get(slug="human")
    data = team_form_data(race, position=race.positions.get(name="Human Blitzer"))
    response = client.post(reverse("roster:team-create", kwargs={"race_slug": "human"}), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Human Blitzer: höchstens 2 Spieler (es wären 7)." in html
    assert "ohne das Schlüsselwort Lineman" in html
    assert not Team.objects.filter(name="Neues Team").exists()
    # What the coach typed is still there.
    assert 'value="Spieler 7"' in html


def test_fewer_than_seven_rows_are_refused(client):
    client.force_login(UserFactory())
    race = Race.objects.get(slug="human")
    response = client.post(
        reverse("roster:team-create", kwargs={"race_slug": "human"}), team_form_data(race, rows=6)
    )
    assert response.status_code == 200
    assert "Ein neues Team braucht mindestens 7 Spieler." in response.content.decode()
    assert not Team.objects.exists()


def test_add_row_button_keeps_the_typed_rows_and_adds_one(client):
    client.force_login(UserFactory())
    race = Race.objects.get(slug="human")
    data = team_form_data(race) | {"add_row": "1", "spieler-0-name": "Erster"}
    response = client.post(reverse("roster:team-create", kwargs={"race_slug": "human"}), data)
    formset = response.context["formset"]
    assert len(formset.forms) == 8
    assert formset.forms[0].initial["name"] == "Erster"
    assert not Team.objects.exists()


def test_coach_adds_retires_and_deletes_players_of_his_team(client):
    team = TeamFactory()
    client.force_login(team.coach)
    lineman = team.race.journeyman_position
    response = client.post(
        reverse("roster:player-create", kwargs={"pk": team.pk}),
        {"name": "Neuling", "number": "9", "position": lineman.pk},
    )
    assert response.status_code == 302
    player = team.players.get(name="Neuling")
    client.post(reverse("roster:player-retire", kwargs={"pk": team.pk, "player_pk": player.pk}))
    player.refresh_from_db()
    assert player.is_retired
    client.post(reverse("roster:player-delete", kwargs={"pk": team.pk, "player_pk": player.pk}))
    assert not team.players.filter(pk=player.pk).exists()


def test_duplicate_number_when_adding_shows_a_german_error(client):
    team = TeamFactory()
    PlayerFactory(team=team, number=5)
    client.force_login(team.coach)
    response = client.post(
        reverse("roster:player-create", kwargs={"pk": team.pk}),
        {"name": "Doppelt", "number": "5", "position": team.race.journeyman_position.pk},
    )
    assert response.status_code == 200
    assert "5 kommt doppelt vor" in response.content.decode()


def test_coach_cannot_manage_another_coachs_team(client):
    team = TeamFactory()
    player = PlayerFactory(team=team)
    client.force_login(UserFactory())
    assert client.get(reverse("roster:player-create", kwargs={"pk": team.pk})).status_code == 404
    url = reverse("roster:player-retire", kwargs={"pk": team.pk, "player_pk": player.pk})
    assert client.post(url).status_code == 404
    player.refresh_from_db()
    assert not player.is_retired


def test_staff_may_manage_any_team(client):
    team = TeamFactory()
    client.force_login(UserFactory(username="chef", is_staff=True))
    assert client.get(reverse("roster:player-create", kwargs={"pk": team.pk})).status_code == 200


def test_retire_requires_post(client):
    team = TeamFactory()
    player = PlayerFactory(team=team)
    client.force_login(team.coach)
    url = reverse("roster:player-retire", kwargs={"pk": team.pk, "player_pk": player.pk})
    assert client.get(url).status_code == 405


def test_squad_page_derives_statuses_in_a_fixed_number_of_queries(
    client, django_assert_max_num_queries
):
    from matches.factories import days_ago, open_season, play, squad, staff_user
    from matches.models import Casualty

    home, away = squad(name="Heim"), squad(name="Gast")
    open_season(by=staff_user())
    for days, number in ((5, 1), (4, 2), (3, 3)):
        play(home, away, at=days_ago(days), ticks={home.players.get(number=number): "injured"})
    play(home, away, at=days_ago(2), ticks={home.players.get(number=4): Casualty.DEAD})
    # + the upcoming appointments, + the active hatreds
    with django_assert_max_num_queries(15):
        response = client.get(home.get_absolute_url())
    html = response.content.decode()
    # Only the dead player is out: each 🏥 was served in the team's next match.
    assert html.count("data-status=") == 1 and 'data-status="dead"' in html
    assert 'data-journeymen="1"' in html


def test_an_added_row_can_be_removed_again(client):
    client.force_login(UserFactory())
    race = Race.objects.get(slug="human")
    data = team_form_data(race, rows=9) | {"remove_row": "7", "spieler-8-name": "Bleibt"}
    response = client.post(reverse("roster:team-create", kwargs={"race_slug": "human"}), data)
    formset = response.context["formset"]
    assert len(formset.forms) == 8
    assert formset.forms[7].initial["name"] == "Bleibt"
    assert "Zeile entfernen" in response.content.decode()
    assert not Team.objects.exists()


def test_the_first_seven_rows_cannot_be_removed(client):
    client.force_login(UserFactory())
    html = client.get(reverse("roster:team-create", kwargs={"race_slug": "human"})).content
    assert "Zeile entfernen" not in html.decode()


def test_an_empty_extra_row_is_ignored(client):
    client.force_login(UserFactory())
    race = Race.objects.get(slug="human")
    data = team_form_data(race, rows=8) | {"spieler-7-name": ""}
    response = client.post(reverse("roster:team-create", kwargs={"race_slug": "human"}), data)
    assert response.status_code == 302
    assert Team.objects.get().players.count() == 7


def test_an_empty_row_among_the_first_seven_is_still_required(client):
    client.force_login(UserFactory())
    race = Race.objects.get(slug="human")
    data = team_form_data(race, rows=8) | {"spieler-3-name": ""}
    response = client.post(reverse("roster:team-create", kwargs={"race_slug": "human"}), data)
    assert response.status_code == 200
    assert not Team.objects.exists()
