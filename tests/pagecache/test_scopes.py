"""A write renews only the scopes it touches (config/pagecache/fragments.py): a result for one
pairing leaves the handbook, other seasons and other teams' squads in the cache, and every page
that shows it follows at once."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.pagecache import fragments
from matches.factories import days_ago, play, squad, staff_user
from matches.models import Match
from matches.records import record_casualty
from roster.services import PlayerSpec, add_player


@pytest.fixture
def third(league):
    """A team that plays no part in what the tests change."""
    return squad(name="Dritte Halbzeit")


def warm(client, *urls):
    for url in urls:
        assert client.get(url).status_code == 200


def test_a_result_renews_its_season_its_teams_and_its_match_not_the_league(league, third):
    season, home, away = league
    watched = {
        "league": fragments.LEAGUE,
        "structure": fragments.STRUCTURE,
        "reference": fragments.REFERENCE,
        "season": fragments.season_scope(season.pk),
        "home": fragments.team_scope(home.pk),
        "away": fragments.team_scope(away.pk),
        "third": fragments.team_scope(third.pk),
    }
    before = {name: fragments.tokens(scope) for name, scope in watched.items()}
    match = play(home, away, at=days_ago(1), score=(2, 0))
    after = {name: fragments.tokens(scope) for name, scope in watched.items()}
    renewed = {name for name in watched if before[name] != after[name]}
    assert renewed == {"league", "season", "home", "away"}
    assert fragments.match_scope(match.pk) in match.page_scopes()


def test_unrelated_pages_stay_cached_after_a_result(
    client, league, third, django_assert_num_queries
):
    _, home, away = league
    unrelated = [reverse("rules:handbook"), third.get_absolute_url()]
    warm(client, *unrelated)
    play(home, away, at=days_ago(1), score=(2, 0))
    for url in unrelated:
        with django_assert_num_queries(0):
            assert client.get(url).status_code == 200


def test_related_pages_follow_a_result_at_once(client, league, third):
    _, home, away = league
    table = reverse("league:standings")
    matches = reverse("matches:match-list")
    warm(client, table, matches, home.get_absolute_url(), away.get_absolute_url())
    match = play(home, away, at=days_ago(1), score=(3, 0))
    page = client.get(table).content.decode()
    row = re.search(rf'<tr data-team="{home.pk}">.*?</tr>', page, re.S).group(0)
    assert re.search(r'data-col="points">4<', row)
    assert match.get_absolute_url() in client.get(matches).content.decode()
    assert "3:0" in client.get(match.get_absolute_url()).content.decode()


def test_a_casualty_by_hand_renews_the_team_and_its_match_pages(client, league, third):
    season, home, _away = league
    match = Match.objects.get()
    player = home.players.order_by("number").first()
    warm(client, home.get_absolute_url(), match.get_absolute_url(), third.get_absolute_url())
    third_before = fragments.tokens(fragments.team_scope(third.pk))
    structure_before = fragments.tokens(fragments.STRUCTURE)
    season_before = fragments.tokens(fragments.season_scope(season.pk))
    record_casualty(player=player, kind="dead", day=timezone.localdate(), by=staff_user())
    assert fragments.tokens(fragments.team_scope(third.pk)) == third_before
    assert fragments.tokens(fragments.season_scope(season.pk)) == season_before
    assert fragments.tokens(fragments.STRUCTURE) == structure_before
    squad_page = client.get(home.get_absolute_url()).content.decode()
    entry = re.search(rf'id="spieler-{player.pk}".*?</li>', squad_page, re.S).group(0)
    assert "💀" in entry


def test_a_new_player_shows_on_his_squad_page_and_leaves_the_others(
    client, league, third, django_assert_num_queries
):
    _, home, _ = league
    warm(client, home.get_absolute_url(), third.get_absolute_url())
    position = home.race.journeyman_position
    add_player(team=home, spec=PlayerSpec("Neuzugang Nummer Zwölf", 12, position))
    assert "Neuzugang Nummer Zwölf" in client.get(home.get_absolute_url()).content.decode()
    with django_assert_num_queries(0):
        client.get(third.get_absolute_url())


def test_a_page_on_the_broad_league_scope_follows_every_write(league):
    """Pages that name no narrow scopes (the start page, statistics) depend on "league", which
    every write of the league's apps renews, so they are never stale whatever they show."""
    _, home, away = league
    cached = fragments.cached("everything", lambda: Match.objects.count())
    play(home, away, at=days_ago(1))
    assert fragments.cached("everything", lambda: Match.objects.count()) == cached + 1


def test_renaming_a_team_renews_the_league(client, league):
    _, home, _ = league
    table = reverse("league:standings")
    warm(client, table)
    home.name = "Hopfenfeld Neu"
    home.save()
    assert "Hopfenfeld Neu" in client.get(table).content.decode()


def test_history_rows_renew_nothing_by_themselves(league):
    _, _home, _ = league
    match = Match.objects.get()
    history = match.history.model
    assert fragments.scopes_of_row(history, match.history.first()) == ()
    assert fragments.scopes_of_row(Match, match) == (fragments.LEAGUE, *match.page_scopes())


def test_a_match_moved_to_other_teams_renews_the_old_teams_too(league, third):
    _, _home, _away = league
    match = Match.objects.get()
    scopes = set(match.page_scopes())
    match.away = third
    assert set(match.page_scopes()) >= scopes | {fragments.team_scope(third.pk)}


def test_a_second_visitor_gets_the_page_the_first_one_stored(league, django_assert_num_queries):
    _, home, _ = league
    Client().get(home.get_absolute_url())
    with django_assert_num_queries(0):
        assert Client().get(home.get_absolute_url()).status_code == 200


def test_a_generated_schedule_reaches_the_squad_pages_and_the_match_list(client, league):
    """The round robin is one bulk insert (no signals): it renews what its matches touch."""
    from matches import open_matches

    season, home, _away = league
    warm(client, reverse("matches:match-list"), home.get_absolute_url())
    before = fragments.tokens(fragments.team_scope(home.pk), fragments.season_scope(season.pk))
    created = open_matches.generate_schedule(season=season, legs=2, by=staff_user())
    assert created
    after = fragments.tokens(fragments.team_scope(home.pk), fragments.season_scope(season.pk))
    assert before.split(".")[0] != after.split(".")[0]
    assert before.split(".")[1] != after.split(".")[1]
