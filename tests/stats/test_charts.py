"""Charts: accessible SVG with the numbers beside them (conftest.py's small league)."""

from django.urls import reverse

from stats.careers import casualties_by_season, positions_after_each_match
from stats.charts import bar_chart, line_chart
from stats.facts import read_league


def test_line_chart_is_an_image_named_by_its_title_and_description():
    svg = line_chart(chart_id="c", title="Platz <1>", desc="1, 2", labels=["1", "2"], values=[1, 2])
    assert 'role="img" aria-labelledby="c-t c-d"' in svg
    assert '<title id="c-t">Platz &lt;1&gt;</title>' in svg
    assert svg.count("<circle") == 2 and "viewBox" in svg


def test_upside_down_puts_first_place_at_the_top():
    svg = line_chart(
        chart_id="p",
        title="t",
        desc="d",
        labels=["1", "2"],
        values=[1, 3],
        low=1,
        high=3,
        upside_down=True,
    )
    first, second = [float(c.split('cy="')[1].split('"')[0]) for c in svg.split("<circle")[1:]]
    assert first < second  # place 1 is drawn above place 3


def test_bar_chart_draws_one_bar_per_season_and_series():
    svg = bar_chart(
        chart_id="b", title="t", desc="d", labels=["1", "2"], series=[("a", [2, 0]), ("b", [1, 1])]
    )
    assert svg.count("<rect x=") == 1 + 4 + 2  # background, bars, legend


def test_positions_after_each_match_follow_the_table_as_it_grew(small_league):
    league = read_league()
    places = positions_after_each_match(league, small_league.charlie.pk, small_league.first.pk)
    # after m2 (1:1 v Bravo): Charlie and Bravo 1 point, Charlie ahead on name only -> shared 2
    # after m3 (forfeit lost): 3.; after m4 (1:1 v Alpha, corrected): Charlie 2 points, 2.
    assert [(game.pk, rank) for game, rank in places] == [
        (small_league.matches[2].pk, 2),
        (small_league.matches[3].pk, 3),
        (small_league.matches[4].pk, 2),
    ]


def test_casualties_by_season_count_caused_and_suffered(small_league):
    rows = casualties_by_season(read_league(), small_league.alpha.pk)
    assert [(s.number, caused, suffered) for s, caused, suffered in rows] == [(1, 2, 0), (2, 0, 1)]


def test_team_record_page_shows_three_charts_with_their_numbers(client, small_league):
    html = client.get(reverse("stats:team-record", args=[small_league.alpha.pk])).content.decode()
    assert html.count('<svg class="chart"') == 3
    assert html.count('class="chart-numbers"') == 3
    assert "Elo von Alpha nach jedem gewerteten Spiel: 1010, 1010, 999, 989" in html
