"""A visitor's match page names only what it shows of the two teams: their players' names
(`roster_scope`) and whether the match is each team's latest played one (matches/views/
match_page.py). A team's later results leave its older match pages in the cache, and what does
change on them (the development lapses, a player is renamed, a result is deleted again) shows
at once."""

import re

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from matches.factories import days_ago, play, squad, staff_user
from matches.models import Casualty, Match
from matches.services import delete_match

NOT_YET = "Noch nicht eingetragen."
LAPSED = "verfallen, das Team hat seitdem weitergespielt"
FORM = 'class="form development-form"'


def newcomer(season, name: str):
    team = squad(name=name)
    season.teams.add(team)
    return team


def development_of(page: str, team) -> str:
    return re.search(
        rf'<section class="development" id="entwicklung-{team.pk}".*?</section>', page, re.S
    ).group(0)


def visit(url: str) -> tuple[str, int]:
    """The page for a new visitor, and the queries it cost."""
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(url)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def test_an_older_match_page_stays_cached_through_the_teams_later_results(league):
    season, home, _away = league
    first = Match.objects.get()
    third, fourth = newcomer(season, "Dritte Halbzeit"), newcomer(season, "Vierte Runde")
    play(home, third, at=days_ago(2), score=(1, 0))  # the first match is no longer the latest
    visit(first.get_absolute_url())
    _, rebuilt = visit(first.get_absolute_url())
    assert rebuilt == 0
    play(home, fourth, at=days_ago(1), score=(2, 0))
    page, queries = visit(first.get_absolute_url())
    assert queries <= 1  # at most: which match is the home team's latest now
    assert LAPSED in development_of(page, home)


def test_the_previous_match_shows_its_open_development_as_lapsed_after_the_next_result(league):
    season, home, away = league
    first = Match.objects.get()
    page, _ = visit(first.get_absolute_url())
    assert NOT_YET in development_of(page, home)
    later = play(home, newcomer(season, "Dritte Halbzeit"), at=days_ago(1), score=(1, 0))
    page, _ = visit(first.get_absolute_url())
    assert LAPSED in development_of(page, home)
    assert NOT_YET in development_of(page, away)  # the away team has not played since
    delete_match(match=later, by=staff_user())
    page, _ = visit(first.get_absolute_url())
    assert NOT_YET in development_of(page, home)


def test_renaming_a_ticked_player_reaches_the_visitors_match_page(league):
    _, home, away = league
    victim = away.players.order_by("number").first()
    match = play(home, away, at=days_ago(1), score=(1, 0), ticks={victim: Casualty.BADLY_HURT})
    assert victim.name in visit(match.get_absolute_url())[0]
    victim.name = "Umbenannt Zweimal"
    victim.save()
    assert "Umbenannt Zweimal" in visit(match.get_absolute_url())[0]


def test_the_coach_no_longer_gets_the_development_form_once_his_team_played_again(client, league):
    season, home, _away = league
    first = Match.objects.get()
    client.force_login(home.coach)
    page = client.get(first.get_absolute_url()).content.decode()
    assert FORM in development_of(page, home)
    play(home, newcomer(season, "Dritte Halbzeit"), at=days_ago(1), score=(1, 0))
    page = client.get(first.get_absolute_url()).content.decode()
    assert FORM not in development_of(page, home)
    assert LAPSED in development_of(page, home)
