from django.urls import reverse

from matches.standings import season_table
from stats.archive import hall_of_fame, season_summaries
from stats.facts import read_league


def table_key(rows):
    return [
        (r.team.pk, r.rank, r.points, r.played, r.won, r.drawn, r.lost, r.td_for, r.td_against)
        for r in rows
    ]


def test_every_season_in_the_archive_has_the_table_of_its_table_page(small_league):
    summaries = season_summaries(read_league(players=True))
    assert [s.season for s in summaries] == [small_league.second, small_league.first]
    for summary in summaries:
        assert table_key(summary.table) == table_key(season_table(summary.season))


def test_closed_season_keeps_its_own_points_a_corrected_result_and_no_deleted_one(small_league):
    league = small_league
    first = next(s for s in season_summaries(read_league()) if s.season == league.first)
    # by hand: Alpha 2+1 (bonus) + 2 (forfeit) + 1 (1:1 after the correction) = 6 points
    assert [(r.team.name, r.rank, r.points, r.td_for, r.td_against) for r in first.table] == [
        ("Alpha", 1, 6, 6, 2),
        ("Charlie", 2, 2, 2, 5),
        ("Bravo", 3, 1, 2, 3),
    ]
    assert [r.team for r in first.champions] == [league.alpha]
    assert [r.team for r in first.podium] == [league.alpha, league.charlie, league.bravo]


def test_season_numbers_count_matches_forfeits_casualties_deaths_and_skills(small_league):
    first, second = season_summaries(read_league(players=True))[::-1]
    assert (first.matches, first.forfeits, first.casualties, first.deaths) == (4, 1, 2, 1)
    assert first.skills_gained == 1  # the reset development and the deleted match count not
    assert (second.matches, second.forfeits, second.casualties, second.deaths) == (2, 0, 1, 0)
    assert second.skills_gained == 1


def test_running_season_has_no_champion_and_hall_of_fame_lists_closed_ones(small_league):
    summaries = season_summaries(read_league())
    assert summaries[0].champions == []
    fame = hall_of_fame(summaries)
    assert [(c.team, c.titles, c.seasons) for c in fame] == [
        (small_league.alpha, 1, [small_league.first])
    ]


def test_archive_page_is_public_linked_from_navigation_in_fixed_queries(
    client, small_league, django_assert_max_num_queries
):
    with django_assert_max_num_queries(12):
        response = client.get(reverse("stats:season-archive"))
    html = response.content.decode()
    assert response.status_code == 200
    assert f'href="{reverse("stats:season-archive")}"' in html.split('class="main-nav"')[1]
    assert "🏆 Meister: <strong>Alpha</strong>" in html
    assert html.count('class="season-summary"') == 2
    assert "Ruhmeshalle" in html


def test_archive_page_comes_from_the_page_cache_for_the_second_visitor(
    client, small_league, django_assert_num_queries
):
    client.get(reverse("stats:season-archive"))
    with django_assert_num_queries(0):
        response = client.get(reverse("stats:season-archive"))
    assert "Alpha" in response.content.decode()


def test_archive_names_each_seasons_leaders_with_shared_first_places(client, small_league):
    html = client.get(reverse("stats:season-archive")).content.decode()
    first = html.split(f'data-season="{small_league.first.pk}"')[1].split("</section>")[0]
    leaders = first.split("data-leaders")[1].split("</ul>")[0]
    assert "Touchdowns erzielt" in leaders and "Alpha</a> <strong>6</strong>" in leaders
    assert "Alpha 1 (Alpha)</a> <strong>1</strong>" in leaders  # the one skill of season 1
