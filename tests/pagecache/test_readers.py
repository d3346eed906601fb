"""Pages for logged-in readers (config/pagecache/pages.py, csrf.py): each user gets his own
stored copy, costs no query when warm, sees his own save at once and never anybody else's page."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.pagecache import csrf
from matches.factories import days_ago, open_match, play, staff_user
from matches.models import Match
from matches.records import record_casualty
from roster.factories import UserFactory


@pytest.fixture
def coach_client(league):
    _, home, _ = league
    client = Client(enforce_csrf_checks=True)
    client.force_login(home.coach)
    return client


def record_form_of(page: str, player) -> str:
    return re.search(rf'action="[^"]*/spieler/{player.pk}/ausfall/"', page).group(0)


def test_coachs_squad_page_repeated_needs_no_query(coach_client, league, django_assert_num_queries):
    _, home, _ = league
    first = coach_client.get(home.get_absolute_url()).content.decode()
    assert "Spieler hinzufügen" in first
    with django_assert_num_queries(0):
        again = coach_client.get(home.get_absolute_url())
    assert "Spieler hinzufügen" in again.content.decode()


def test_coachs_match_page_and_table_repeated_need_no_query(
    coach_client, league, django_assert_num_queries
):
    match = Match.objects.get()
    for url in (match.get_absolute_url(), reverse("league:standings"), reverse("rules:handbook")):
        coach_client.get(url)
        with django_assert_num_queries(0):
            assert coach_client.get(url).status_code == 200


def test_coach_sees_his_own_change_at_once(coach_client, league):
    _, home, _ = league
    player = home.players.order_by("number").first()
    coach_client.get(home.get_absolute_url())  # stored for him
    record_casualty(player=player, kind="dead", day=timezone.localdate(), by=home.coach)
    page = coach_client.get(home.get_absolute_url()).content.decode()
    entry = re.search(rf'id="spieler-{player.pk}".*?</li>', page, re.S).group(0)
    assert "💀" in entry


def test_coach_save_through_the_page_shows_its_message_and_then_the_new_squad(coach_client, league):
    _, home, _ = league
    player = home.players.order_by("number").first()
    page = coach_client.get(home.get_absolute_url()).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert token != csrf.SLOT
    url = reverse("roster:casualty-record-create", args=[home.pk, player.pk])
    response = coach_client.post(
        url,
        {
            "csrfmiddlewaretoken": token,
            f"ausfall{player.pk}-kind": "injured",
            f"ausfall{player.pk}-day": timezone.localdate().isoformat(),
        },
        follow=True,
    )
    assert response.status_code == 200
    assert "eingetragen" in response.content.decode()  # the message, not a stored page
    again = coach_client.get(home.get_absolute_url()).content.decode()
    assert "eingetragen." not in again  # the message was shown once
    entry = re.search(rf'id="spieler-{player.pk}".*?</li>', again, re.S).group(0)
    assert "🏥" in entry


def test_nobody_gets_another_users_stored_page(coach_client, league):
    _, home, away = league
    mine = coach_client.get(home.get_absolute_url()).content.decode()
    assert "Spieler hinzufügen" in mine
    other = Client()
    other.force_login(away.coach)
    theirs = other.get(home.get_absolute_url()).content.decode()
    assert "Spieler hinzufügen" not in theirs
    assert away.coach.username in theirs and home.coach.username not in theirs.split("<main")[0]
    visitor = Client().get(home.get_absolute_url()).content.decode()
    assert "Spieler hinzufügen" not in visitor


def test_editors_of_a_team_share_the_roster_fragment(league, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    _, home, _ = league
    coach = Client()
    coach.force_login(home.coach)
    with CaptureQueriesContext(connection) as cold:
        coach.get(home.get_absolute_url())
    admin = Client()
    admin.force_login(staff_user())
    with CaptureQueriesContext(connection) as shared:
        page = admin.get(home.get_absolute_url()).content.decode()
    assert len(shared) < len(cold) - 5, "the roster with its forms came from the cache"
    player = home.players.order_by("number").first()
    assert record_form_of(page, player)
    tokens = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page))
    assert len(tokens) == 1 and csrf.SLOT not in tokens


def test_stored_page_carries_this_sessions_csrf_token(coach_client, league):
    _, home, _ = league
    coach_client.get(home.get_absolute_url())
    page = coach_client.get(home.get_absolute_url()).content.decode()  # from the store
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = coach_client.post(
        reverse("set_language"),
        {"language": "de", "next": home.get_absolute_url(), "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302


def test_open_match_page_is_not_kept_for_a_coach(coach_client, league, django_assert_num_queries):
    _, home, away = league
    match = open_match(home, away, at=timezone.now() + timezone.timedelta(days=2))
    coach_client.get(match.get_absolute_url())
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        coach_client.get(match.get_absolute_url())
    assert len(queries) > 0


def test_a_result_reaches_the_other_coachs_stored_match_list(league):
    _, home, away = league
    other = Client()
    other.force_login(away.coach)
    url = reverse("matches:match-list")
    other.get(url)
    match = play(home, away, at=days_ago(1), score=(2, 1), by=home.coach)
    assert match.get_absolute_url() in other.get(url).content.decode()


def test_a_logged_out_session_gets_no_stored_page(league):
    _, home, _ = league
    user = UserFactory(username="leser")
    client = Client()
    client.force_login(user)
    client.get(home.get_absolute_url())
    client.logout()
    page = client.get(home.get_absolute_url()).content.decode()
    assert "leser" not in page.split("<main")[0]
