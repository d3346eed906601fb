"""Leaders of the small league (see conftest.py), computed by hand."""

from django.urls import reverse

from stats.facts import read_league
from stats.leaders import longest_unbeaten_run, player_values, ranked, team_values


def by_name(values):
    return {str(subject.name): value for subject, value in values.items() if value}


def test_team_leaders_of_the_closed_season_count_forfeit_correction_and_no_deleted_result(
    small_league,
):
    values = team_values(read_league(), small_league.first.pk)
    assert by_name(values["points"]) == {"Alpha": 6, "Charlie": 2, "Bravo": 1}
    assert by_name(values["td_for"]) == {"Alpha": 6, "Charlie": 2, "Bravo": 2}
    assert by_name(values["td_against"]) == {"Alpha": 2, "Bravo": 3, "Charlie": 5}
    assert by_name(values["td_difference"]) == {"Alpha": 4, "Bravo": -1, "Charlie": -3}
    assert by_name(values["casualties_caused"]) == {"Alpha": 2}
    assert by_name(values["casualties_suffered"]) == {"Bravo": 2}
    assert by_name(values["unbeaten_run"]) == {"Alpha": 3, "Bravo": 1, "Charlie": 1}
    assert by_name(values["forfeits"]) == {"Charlie": 1}


def test_all_time_team_leaders_add_the_seasons_each_with_its_own_points(small_league):
    values = team_values(read_league())
    # season 2 wins count 3 points: Bravo 1 + 3, Charlie 2 + 3
    assert by_name(values["points"]) == {"Alpha": 6, "Charlie": 5, "Bravo": 4}
    assert by_name(values["td_difference"]) == {"Alpha": 1, "Bravo": 1, "Charlie": -2}
    assert by_name(values["unbeaten_run"]) == {"Alpha": 3, "Bravo": 2, "Charlie": 2}
    assert by_name(values["casualties_caused"]) == {"Alpha": 2, "Bravo": 1}


def test_equal_values_share_the_place_and_a_tie_at_the_end_lengthens_the_list(small_league):
    values = team_values(read_league())
    entries = ranked(values["td_difference"], keep_zero=True)
    assert [(e.subject.name, e.rank, e.value) for e in entries] == [
        ("Alpha", 1, 1),
        ("Bravo", 1, 1),
        ("Charlie", 3, -2),
    ]
    shortened = ranked({"a": 5, "b": 4, "c": 4, "d": 1}, places=2)
    assert [(e.subject, e.rank) for e in shortened] == [("a", 1), ("b", 2), ("c", 2)]


def test_a_forfeit_lost_ends_an_unbeaten_run(small_league):
    league = read_league()
    charlie = small_league.charlie.pk
    # Charlie: 1:1, forfeit lost, 1:1 (corrected), won 1:0
    assert [g.outcome_for(charlie) for g in league.games_of(charlie)] == ["D", "L", "D", "W"]
    assert longest_unbeaten_run(charlie, league.games) == 2


def test_player_leaders_count_gains_casualties_deaths_returns_and_roster_matches(small_league):
    league = read_league(players=True)
    all_time = player_values(league)
    assert by_name(all_time["skills_gained"]) == {"Alpha 1": 1, "Bravo 1": 1}
    assert by_name(all_time["casualties_suffered"]) == {"Bravo 1": 1, "Bravo 2": 1, "Alpha 3": 1}
    assert by_name(all_time["deaths"]) == {"Bravo 1": 1}
    assert by_name(all_time["returns"]) == {"Bravo 1": 1}
    matches = by_name(all_time["matches_on_roster"])
    assert {matches[f"Alpha {n}"] for n in range(1, 8)} == {4}  # the forfeit was not played
    assert matches["Bravo 1"] == 3  # the deleted match is not one of his
    assert matches["Charlie 1"] == 3
    assert by_name(all_time["seasons_on_roster"])["Bravo 5"] == 2

    first = player_values(league, small_league.first.pk)
    assert by_name(first["skills_gained"]) == {"Alpha 1": 1}
    assert by_name(first["matches_on_roster"])["Bravo 1"] == 2
    assert by_name(first["seasons_on_roster"])["Bravo 1"] == 1


def test_leaders_page_filters_by_season_and_explains_ties(
    client, small_league, django_assert_max_num_queries
):
    with django_assert_max_num_queries(12):
        response = client.get(reverse("stats:leaders"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "teilen sich den Platz" in html
    assert "data-tie" in html
    response = client.get(reverse("stats:leaders"), {"saison": small_league.first.pk})
    html = response.content.decode()
    points = html.split('data-board="points"')[1].split("</section>")[0]
    assert 'data-value="6"' in points and "Alpha" in points
    fragment = client.get(
        reverse("stats:leaders"), {"saison": small_league.second.pk}, HTTP_HX_REQUEST="true"
    )
    assert "<html" not in fragment.content.decode()
    assert 'data-board="points"' in fragment.content.decode()


def test_leaders_page_answers_404_for_an_unknown_season(client, small_league):
    assert client.get(reverse("stats:leaders"), {"saison": "999999"}).status_code == 404
    assert client.get(reverse("stats:leaders"), {"saison": "x"}).status_code == 404
