"""Team records, head-to-head and coach records of the small league (conftest.py), by hand."""

from django.urls import reverse

from stats.careers import coach_record, head_to_head, season_by_season
from stats.facts import read_league


def line(record):
    return (record.played, record.won, record.drawn, record.lost, record.td_for, record.td_against)


def test_head_to_head_counts_forfeit_and_correction_and_not_the_deleted_match(small_league):
    league = read_league()
    alpha = {r.opponent.name: line(r) for r in head_to_head(league, small_league.alpha.pk)}
    # v Bravo: 2:1 won, 0:2 lost; v Charlie: forfeit won 3:0, 1:1 (corrected), 0:1 lost
    assert alpha == {"Bravo": (2, 1, 0, 1, 2, 3), "Charlie": (3, 1, 1, 1, 4, 2)}
    bravo = {r.opponent.name: line(r) for r in head_to_head(league, small_league.bravo.pk)}
    # the deleted 3:0 against Charlie is not there
    assert bravo == {"Alpha": (2, 1, 0, 1, 3, 2), "Charlie": (1, 0, 1, 0, 1, 1)}


def test_season_by_season_has_the_teams_place_and_points_of_each_table(small_league):
    lines = season_by_season(read_league(), small_league.alpha.pk)
    assert [(x.season.number, x.row.rank, x.row.points, x.teams) for x in lines] == [
        (2, 3, 0, 3),
        (1, 1, 6, 3),
    ]


def test_coach_record_leaves_out_matches_between_his_own_teams(small_league):
    league = read_league()
    alpha, charlie = small_league.alpha, small_league.charlie
    league.teams[charlie.pk].coach_id = alpha.coach_id
    teams, record = coach_record(league, alpha.coach_id)
    assert [t.name for t in teams] == ["Alpha", "Charlie"]
    # left: m1 Alpha 2:1 Bravo, m2 Bravo 1:1 Charlie, m6 Bravo 2:0 Alpha
    assert line(record) == (3, 1, 1, 1, 3, 4)


def test_team_record_and_coach_pages_show_the_records_in_fixed_queries(
    client, small_league, django_assert_max_num_queries
):
    with django_assert_max_num_queries(8):
        response = client.get(reverse("stats:team-record", args=[small_league.alpha.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    row = html.split(f'data-opponent="{small_league.charlie.pk}"')[1].split("</tr>")[0]
    assert 'data-col="wdl">1-1-1<' in row and 'data-col="td">4:2<' in row
    assert "data-rating>989<" in html
    with django_assert_max_num_queries(8):
        response = client.get(reverse("stats:coach-detail", args=[small_league.bravo.coach_id]))
    html = response.content.decode()
    assert 'data-col="wdl">1-1-1<' in html and "Bravo" in html
    assert client.get(reverse("stats:coach-detail", args=[999999])).status_code == 404
    assert client.get(reverse("stats:team-record", args=[999999])).status_code == 404


def test_ratings_page_lists_teams_and_coaches_best_first(client, small_league):
    html = client.get(reverse("stats:ratings")).content.decode()
    assert html.index("Charlie") < html.index("Bravo") < html.index("Alpha")
    assert "K ist 20" in html


def test_team_page_links_to_its_record(client, small_league):
    html = client.get(small_league.alpha.get_absolute_url()).content.decode()
    assert reverse("stats:team-record", args=[small_league.alpha.pk]) in html


def test_player_career_lists_seasons_matches_casualty_skills_and_path(
    client, small_league, django_assert_max_num_queries
):
    from matches.factories import days_ago
    from matches.models import Casualty, CasualtyRecord, Hatred
    from rules.models import Keyword

    bravo_1 = small_league.bravo.players.get(number=1)
    record = CasualtyRecord.objects.create(
        player=bravo_1,
        season=small_league.second,
        kind=Casualty.SERIOUSLY_INJURED,
        happened_at=days_ago(45),
    )
    race = Keyword.objects.order_by("name").first()
    Hatred.objects.create(record=record, rolled=True, race=race)
    url = reverse("stats:player-career-page", args=[bravo_1.pk])
    with django_assert_max_num_queries(16):
        response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 200
    m = small_league.matches
    # on the roster for m1, m2 (season 1) and m6 (season 2); not the deleted m5
    assert html.count("<tr data-match=") == 3
    assert f'data-match="{m[5].pk}"' not in html
    first = html.split(f'data-match="{m[1].pk}"')[1].split("</tr>")[0]
    assert 'data-col="casualty">💀<' in first
    sixth = html.split(f'data-match="{m[6].pk}"')[1].split("</tr>")[0]
    assert "Tackle" in sixth
    assert "1 Spiel im Kader" in html and "2 Spiele im Kader" in html
    assert "gestorben: dazugewonnene Fertigkeiten verloren" in html
    assert f"🤬 {race.name} (Saison 2)" in html
    assert "Ausfälle ohne Spiel" in html
    assert small_league.bravo.get_absolute_url() in html
    player_page = reverse("roster:player-detail", args=[small_league.bravo.pk, bravo_1.pk])
    assert url in client.get(player_page).content.decode()
