import pytest
from django.urls import reverse

from matches.factories import days_ago, open_season, play, squad, staff_user

pytestmark = pytest.mark.django_db


def test_table_is_public_first_in_navigation_and_in_a_fixed_number_of_queries(
    client, django_assert_max_num_queries
):
    home, away, _ = squad(name="Heim"), squad(name="Gast"), squad(name="Dritte")
    open_season(by=staff_user())
    for days in range(4):
        play(home, away, at=days_ago(days + 1), score=(2, 0))
    with django_assert_max_num_queries(4):
        response = client.get(reverse("league:standings"))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count("<tr data-team=") == 3
    assert 'data-col="points">12<' in html
    nav = html.split('class="main-nav"')[1]
    assert nav.index("Tabelle") < nav.index("Teams")


def test_table_of_another_season_and_htmx_fragment(client):
    home, away = squad(name="Heim"), squad(name="Gast")
    first = open_season(by=staff_user())
    play(home, away, score=(1, 0))
    open_season(by=staff_user())
    response = client.get(
        reverse("league:standings") + f"?saison={first.pk}", headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert "<html" not in html and 'data-col="points">3<' in html
    full = client.get(reverse("league:standings")).content.decode()
    assert 'data-col="points">3<' not in full and "Saison 2" in full


def test_table_without_any_season(client):
    response = client.get(reverse("league:standings"))
    assert "Es läuft noch keine Saison." in response.content.decode()


def test_home_page_has_a_table_card(client):
    assert reverse("league:standings") in client.get(reverse("league:home")).content.decode()
