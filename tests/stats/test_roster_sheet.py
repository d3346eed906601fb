"""„Kader drucken“: the sheet for the match table."""

from django.urls import reverse

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Casualty
from roster.models import PlayerSkill
from rules.models import Skill
from stats.sheet import one_line


def eleven_with_skills():
    team = squad(name="Druckerei", players=11)
    for number, skill in ((1, "Block"), (2, "Dodge"), (3, "Sure Hands"), (4, "Block")):
        PlayerSkill.objects.create(
            player=team.players.get(number=number), skill=Skill.objects.get(name=skill)
        )
    return team


def test_sheet_lists_available_players_skills_missing_players_and_a_qr_code(
    client, db, django_assert_max_num_queries
):
    team = eleven_with_skills()
    other = squad(name="Gegner")
    open_season(by=staff_user())
    play(
        team, other, at=days_ago(3), ticks={team.players.get(number=5): Casualty.SERIOUSLY_INJURED}
    )
    with django_assert_max_num_queries(15):
        response = client.get(reverse("stats:roster-sheet-page", args=[team.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count("<tr data-player=") == 10  # #5 misses the next match
    assert "Fehlt im nächsten Spiel:" in html and "#5 Druckerei 5" in html
    assert 'class="main-nav"' not in html
    assert "<svg" in html and "QR-Code zum Kader" in html
    assert "2 pro Spiel" in html
    legend = html.split("Fertigkeiten in Kürze")[1]
    assert legend.count("<dt>Block</dt>") == 1  # each skill explained once


def test_sheet_says_how_many_journeymen_the_next_match_needs(client, db):
    team = squad(name="Kleinkader", players=5)
    html = client.get(reverse("stats:roster-sheet-page", args=[team.pk])).content.decode()
    assert 'data-journeymen="2"' in html


def test_sheet_of_an_unknown_team_is_404(client, db):
    assert client.get(reverse("stats:roster-sheet-page", args=[999999])).status_code == 404


def test_one_line_keeps_the_first_sentence_and_shortens_long_ones():
    assert one_line("Erster Satz. Zweiter Satz.") == "Erster Satz."
    assert one_line("Zeile eins\nZeile zwei") == "Zeile eins"
    assert one_line("x" * 200, limit=10) == "xxxxxxxxx…"
    assert one_line("") == ""


def test_team_page_links_to_the_sheet(client, db):
    team = squad(name="Verlinkt")
    html = client.get(team.get_absolute_url()).content.decode()
    assert reverse("stats:roster-sheet-page", args=[team.pk]) in html
