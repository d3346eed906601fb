"""Every statistics page reads the league in a fixed number of queries: a bigger league
(more teams, players, matches, casualties and developments) costs not one query more."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.factories import days_ago, play, squad
from matches.models import Casualty

from .conftest import gain, player


def pages(league):
    bravo_1 = league.bravo.players.get(number=1)
    return [
        reverse("stats:season-archive"),
        reverse("stats:leaders"),
        reverse("stats:leaders") + f"?saison={league.first.pk}",
        reverse("stats:ratings"),
        reverse("stats:team-record", args=[league.alpha.pk]),
        reverse("stats:coach-detail", args=[league.alpha.coach_id]),
        reverse("stats:player-career-page", args=[bravo_1.pk]),
        reverse("stats:roster-sheet-page", args=[league.alpha.pk]),
        reverse("league:standings"),
    ]


def queries(client, path) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return len(captured)


@pytest.mark.parametrize("index", range(9))
def test_a_bigger_league_costs_no_more_queries(client, small_league, index):
    path = pages(small_league)[index]
    before = queries(client, path)
    delta = squad(name="Delta", players=11)
    small_league.second.teams.add(delta)
    for days, (home, away) in enumerate(
        [(delta, small_league.alpha), (small_league.bravo, delta), (delta, small_league.charlie)]
    ):
        match = play(
            home,
            away,
            at=days_ago(30 - days),
            score=(2, 1),
            ticks={player(away, 6): Casualty.BADLY_HURT},
        )
        gain(match, home, 7, "Block")
    assert before > 0 and queries(client, path) == before
