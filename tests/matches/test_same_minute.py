"""A player added in the same minute as the match's time counts as on the roster; one added
later is not offered when the match is edited (never offered and then refused)."""

from datetime import timedelta

import pytest
from django.urls import reverse

from matches.factories import days_ago, play
from matches.models import Casualty
from roster.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_a_player_created_later_in_the_same_minute_may_be_ticked(season, home, away):
    at = days_ago(1).replace(second=0, microsecond=0)
    newcomer = PlayerFactory(team=home, number=50, created_at=at + timedelta(seconds=40))
    match = play(home, away, at=at, ticks={newcomer: Casualty.BADLY_HURT})
    assert match.casualties.get().player == newcomer


def test_the_edit_form_offers_only_players_on_the_roster_at_the_match(client, season, home, away):
    at = days_ago(1).replace(second=0, microsecond=0)
    match = play(home, away, at=at)
    same_minute = PlayerFactory(team=home, number=50, created_at=at + timedelta(seconds=59))
    later = PlayerFactory(team=home, number=51, created_at=at + timedelta(minutes=1))
    client.force_login(home.coach)
    form = client.get(reverse("matches:match-update", args=[match.pk])).context["form"]
    assert f"ausfall_{same_minute.pk}" in form.fields
    assert f"ausfall_{later.pk}" not in form.fields
