"""A small league of two seasons whose numbers are computed by hand in the tests.

Season 1 (win 2, draw 1, loss 0; bonus from 2 and 3 casualties), 300 to 270 days ago:
  m1  Alpha 2:1 Bravo     Bravo 1 💀, Bravo 2 🤕 (Alpha causes 2: one bonus point);
                          Alpha 1 gains Block (a second, reset development gains nothing)
  m2  Bravo 1:1 Charlie
  m3  Charlie – Alpha     forfeited by Charlie: Alpha wins 3:0 (in the table)
  m4  Alpha 0:1 Charlie   corrected to 1:1
  m5  Bravo 3:0 Charlie   deleted by an admin (counts nowhere); Bravo 3 gains Dodge in it
Season 2 (win 3), 50 to 40 days ago:
  m6  Bravo 2:0 Alpha     Alpha 3 🏥; Bravo 1 (back from 💀) gains Tackle
  m7  Charlie 1:0 Alpha
"""

from dataclasses import dataclass
from datetime import timedelta

import pytest

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Casualty, Development, Match
from matches.services import MatchEntry, delete_match, update_match
from rules.models import Skill


@dataclass
class SmallLeague:
    alpha: object
    bravo: object
    charlie: object
    first: object
    second: object
    matches: dict


def player(team, number):
    return team.players.get(number=number)


def gain(match, team, number, skill, *, reset=False):
    development = Development.objects.create(
        match=match,
        team=team,
        choice=Development.Choice.CHOOSE,
        player=player(team, number),
        skill=Skill.objects.get(name=skill),
    )
    if reset:
        Development.objects.filter(pk=development.pk).update(reset_at=days_ago(1))
    return development


@pytest.fixture
def small_league(db):
    return build_small_league()


def build_small_league() -> SmallLeague:
    admin = staff_user()
    alpha, bravo, charlie = squad(name="Alpha"), squad(name="Bravo"), squad(name="Charlie")
    first = open_season(by=admin)
    first.points_win = 2
    first.save()
    m = {}
    m[1] = play(
        alpha,
        bravo,
        at=days_ago(300),
        score=(2, 1),
        ticks={player(bravo, 1): Casualty.DEAD, player(bravo, 2): Casualty.BADLY_HURT},
    )
    gain(m[1], alpha, 1, "Block")
    gain(m[1], bravo, 4, "Guard", reset=True)
    m[2] = play(bravo, charlie, at=days_ago(290), score=(1, 1))
    m[3] = Match.objects.create(
        season=first, home=charlie, away=alpha, scheduled_at=days_ago(280), forfeited_by=charlie
    )
    m[4] = play(alpha, charlie, at=days_ago(270), score=(0, 1))
    entry = MatchEntry(
        home=alpha, away=charlie, played_at=m[4].played_at, home_touchdowns=1, away_touchdowns=1
    )
    m[4] = update_match(match=m[4], entry=entry, version=m[4].version, by=admin)
    m[5] = play(bravo, charlie, at=days_ago(265), score=(3, 0))
    gain(m[5], bravo, 3, "Dodge")
    delete_match(match=m[5], by=admin)
    second = open_season(by=admin, since=timedelta(days=60))
    second.points_win = 3
    second.save()
    m[6] = play(
        bravo,
        alpha,
        at=days_ago(50),
        score=(2, 0),
        ticks={player(alpha, 3): Casualty.SERIOUSLY_INJURED},
    )
    gain(m[6], bravo, 1, "Tackle")
    m[7] = play(charlie, alpha, at=days_ago(40), score=(1, 0))
    first.refresh_from_db()
    second.refresh_from_db()
    return SmallLeague(alpha, bravo, charlie, first, second, m)
