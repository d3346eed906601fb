"""Odd numbers in the statistics pages' addresses are answered with 404, never a 500."""

import pytest

from matches.factories import open_season, play, squad

ODD = ["²", "٣", "1" * 30, "9" * 5000, "-1", " 1", "1\x00", "0", "abc"]


@pytest.fixture
def league(db):
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season()
    return play(home, away, score=(1, 0))


@pytest.mark.parametrize("value", ODD)
@pytest.mark.parametrize("htmx", [False, True])
def test_season_filter_of_the_leaders_that_is_not_a_plain_id_is_not_found(
    client, league, value, htmx
):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get("/saisons/bestenlisten/", {"saison": value}, headers=headers)
    assert response.status_code == 404


@pytest.mark.parametrize("value", ["1" * 30, "9" * 5000])
@pytest.mark.parametrize(
    "path",
    [
        "/saisons/teams/{}/",
        "/saisons/coaches/{}/",
        "/saisons/spieler/{}/",
        "/teams/{}/kader-drucken/",
    ],
)
def test_huge_ids_in_statistics_paths_are_not_found(client, league, path, value):
    assert client.get(path.format(value)).status_code == 404
