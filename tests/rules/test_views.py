import pytest
from django.urls import reverse

from rules.models import Position

pytestmark = pytest.mark.django_db


def test_race_list_is_public_and_lists_every_race(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        response = client.get(reverse("rules:race-list"))
    assert response.status_code == 200
    assert response.content.decode().count('class="race-list__name"') == 30
    assert "Shambling Undead" in response.content.decode()


def test_race_detail_shows_positions_with_stats_and_skills(client):
    response = client.get(reverse("rules:race-detail", kwargs={"slug": "human"}))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Human Lineman" in html
    assert "Loner (3+)" in html
    assert "Halfling Hopeful" in html


def test_race_detail_query_count_does_not_grow_with_positions(
    client, django_assert_max_num_queries
):
    # Underworld Denizens has the most positions; the page still needs a fixed number of queries.
    with django_assert_max_num_queries(8):
        response = client.get(reverse("rules:race-detail", kwargs={"slug": "underworld-denizens"}))
    assert response.status_code == 200


def test_race_detail_marks_stunty_positions(client):
    html = client.get(reverse("rules:race-detail", kwargs={"slug": "goblin"})).content.decode()
    loony = Position.objects.get(race__slug="goblin", name="Loony")
    row_start = html.index(f'id="{loony.anchor}"')
    assert "is-stunty" in html[row_start - 40 : row_start + 40]


def test_position_without_pass_value_shows_dash(client):
    html = client.get(reverse("rules:race-detail", kwargs={"slug": "dwarf"})).content.decode()
    row = html[html.index("Deathroller") :]
    assert '<td data-stat="pa">–</td>' in row[: row.index("</tr>")]


def test_unknown_race_is_404(client):
    assert (
        client.get(reverse("rules:race-detail", kwargs={"slug": "elfen-aus-dem-all"})).status_code
        == 404
    )


def test_race_pages_reject_post(client):
    assert client.post(reverse("rules:race-list")).status_code == 405
