"""The team form cannot be tampered into a 500 or a huge page; look-alike names are one name."""

import pytest
from django.urls import reverse

from roster.factories import UserFactory
from roster.models import Team
from rules.models import Race

from .test_views import team_form_data

pytestmark = pytest.mark.django_db

CREATE_HUMAN = reverse("roster:team-create", kwargs={"race_slug": "human"})


@pytest.fixture
def coach(client):
    user = UserFactory()
    client.force_login(user)
    return user


def test_empty_extra_rows_are_ignored_when_the_team_is_saved(client, coach):
    race = Race.objects.get(slug="human")
    data = team_form_data(race) | {
        "spieler-TOTAL_FORMS": "9",
        "spieler-7-name": "",
        "spieler-7-number": "",
        "spieler-8-name": "  ",
        "spieler-8-number": "9",
        "spieler-8-position": str(race.journeyman_position.pk),
    }
    response = client.post(CREATE_HUMAN, data)
    assert response.status_code == 302
    assert Team.objects.get().players.count() == 7


def test_a_thousand_rows_are_refused_without_building_them(client, coach):
    race = Race.objects.get(slug="human")
    data = team_form_data(race) | {"spieler-TOTAL_FORMS": "1000"}
    response = client.post(CREATE_HUMAN, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Höchstens 11 Spieler im Kader." in html
    assert html.count('class="player-row"') <= 11
    assert len(response.content) < 100_000
    assert not Team.objects.exists()


def test_a_thousand_rows_with_add_row_still_shows_at_most_eleven(client, coach):
    race = Race.objects.get(slug="human")
    data = team_form_data(race) | {"spieler-TOTAL_FORMS": "1000", "add_row": "1"}
    response = client.post(CREATE_HUMAN, data)
    assert response.status_code == 200
    assert response.content.decode().count('class="player-row"') <= 11


@pytest.mark.parametrize("total", ["²", "9" * 5000, "-3", ""])
def test_tampered_form_count_is_a_form_error(client, coach, total):
    race = Race.objects.get(slug="human")
    data = team_form_data(race) | {"spieler-TOTAL_FORMS": total}
    response = client.post(CREATE_HUMAN, data)
    assert response.status_code == 200
    assert not Team.objects.exists()


LOOK_ALIKES = [
    "Sieg-Sa\u0308ufer",  # a + combining diaeresis
    "Sieg-\u200bSäufer",  # zero-width space
    "Sieg-Säufer\u200e",  # left-to-right mark
    "\u202eSieg-Säufer",  # right-to-left override
    "Ｓｉｅｇ-Säufer",  # full-width letters
    "  Sieg-Säufer  ",
]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_look_alike_team_name_is_refused_as_taken(client, coach, name):
    race = Race.objects.get(slug="human")
    assert client.post(CREATE_HUMAN, team_form_data(race, name="Sieg-Säufer")).status_code == 302
    response = client.post(CREATE_HUMAN, team_form_data(race, name=name))
    assert response.status_code == 200
    assert "Ein Team mit diesem Namen gibt es schon." in response.content.decode()
    assert Team.objects.count() == 1


def test_names_are_stored_normalised(client, coach):
    race = Race.objects.get(slug="human")
    data = team_form_data(race, name="Hopfen\u00a0\u00a0 \u200dFeld") | {
        "spieler-0-name": "Gri\u200bmm\tder   Große"
    }
    assert client.post(CREATE_HUMAN, data).status_code == 302
    team = Team.objects.get()
    assert team.name == "Hopfen Feld"
    assert team.players.filter(name="Grimm der Große").exists()


def test_a_name_of_invisible_characters_only_is_missing(client, coach):
    race = Race.objects.get(slug="human")
    response = client.post(CREATE_HUMAN, team_form_data(race, name="\u200b\u200e "))
    assert response.status_code == 200
    assert not Team.objects.exists()


def test_services_normalise_names_too(coach):
    from roster.services import PlayerSpec, create_team

    race = Race.objects.get(slug="human")
    lineman = race.journeyman_position
    specs = [PlayerSpec(f"Spieler\u200b {n}", n, lineman) for n in range(1, 8)]
    team = create_team(name="Sieg-Sa\u0308ufer", race=race, coach=coach, players=specs)
    assert team.name == "Sieg-Säufer"
    assert team.players.filter(name="Spieler 1").exists()


def test_admin_cannot_create_a_look_alike_team_either(client, coach):
    from django.contrib.auth import get_user_model

    race = Race.objects.get(slug="human")
    assert client.post(CREATE_HUMAN, team_form_data(race, name="Sieg-Säufer")).status_code == 302
    admin = get_user_model().objects.create_superuser("chefin", "chefin@example.org", "pw-123456")
    client.force_login(admin)
    response = client.post(
        reverse("admin:roster_team_add"),
        {
            "name": "Sieg-\u200bSa\u0308ufer",
            "race": race.pk,
            "coach": admin.pk,
            "created_at_0": "2026-01-01",
            "created_at_1": "12:00:00",
            "players-TOTAL_FORMS": "0",
            "players-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 200
    assert "Ein Team mit diesem Namen gibt es schon." in response.content.decode()
    assert Team.objects.count() == 1
