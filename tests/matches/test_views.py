from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.factories import days_ago, play, staff_user
from matches.models import Casualty, Match
from matches.status import status_of
from roster.factories import UserFactory

pytestmark = pytest.mark.django_db


def form_data(home, away, **changes):
    data = {
        "heim": home.pk,
        "gast": away.pk,
        "played_at": timezone.localtime(days_ago(1)).strftime("%Y-%m-%dT%H:%M"),
        "home_touchdowns": "2",
        "away_touchdowns": "1",
        "conceded_by": "",
        "home_journeymen_casualties": "0",
        "away_journeymen_casualties": "0",
    }
    return {**data, **changes}


def test_match_list_is_public_with_a_fixed_number_of_queries(
    client, season, home, away, django_assert_max_num_queries
):
    for days in range(5):
        play(home, away, at=days_ago(days + 1), ticks={away.players.first(): Casualty.BADLY_HURT})
    with django_assert_max_num_queries(3):
        response = client.get(reverse("matches:match-list"))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="match-list__item"') == 5
    assert "Ausf. 1:0" in html


def test_match_list_shows_a_bounded_page_with_the_same_queries_however_many_matches(
    client, season, home, away, django_assert_max_num_queries
):
    from matches.views.results import MATCHES_PER_PAGE

    for day in range(MATCHES_PER_PAGE + 3):  # a day apart: not the same match twice
        play(home, away, at=days_ago(40) + timedelta(days=day))
    newest = Match.objects.order_by("-played_at").first()
    oldest = Match.objects.order_by("played_at").first()
    with django_assert_max_num_queries(3):  # seasons, count, the page
        first = client.get(reverse("matches:match-list")).content.decode()
    assert first.count('class="match-list__item"') == MATCHES_PER_PAGE
    assert newest.get_absolute_url() in first and oldest.get_absolute_url() not in first
    assert "Seite 1 von 2" in first and 'rel="next"' in first
    second = client.get(reverse("matches:match-list"), {"saison": season.pk, "seite": 2})
    html = second.content.decode()
    assert html.count('class="match-list__item"') == 3
    assert oldest.get_absolute_url() in html and 'rel="prev"' in html
    beyond = client.get(reverse("matches:match-list"), {"saison": season.pk, "seite": 3})
    assert beyond.status_code == 404  # not page 2 again, stored under another number


def test_match_list_repeated_comes_from_the_cache_and_follows_a_new_result(
    client, season, home, away, django_assert_num_queries
):
    play(home, away, at=days_ago(2))
    client.get(reverse("matches:match-list"))
    with django_assert_num_queries(0):
        client.get(reverse("matches:match-list"))
    newer = play(home, away, at=days_ago(1), score=(3, 2))
    assert newer.get_absolute_url() in client.get(reverse("matches:match-list")).content.decode()


def test_match_list_htmx_returns_only_the_fragment(client, season, home, away):
    play(home, away)
    response = client.get(
        reverse("matches:match-list") + f"?saison={season.pk}", headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert 'class="match-list__item"' in html and "<html" not in html


def test_unknown_season_is_404(client, season):
    assert client.get(reverse("matches:match-list") + "?saison=999").status_code == 404
    assert client.get(reverse("matches:match-list") + "?saison=abc").status_code == 404


def test_match_detail_is_public_and_shows_ticks_and_casualties(client, season, home, away):
    victim = away.players.get(number=1)
    match = play(home, away, ticks={victim: Casualty.SERIOUSLY_INJURED}, journeymen=(1, 0))
    html = client.get(match.get_absolute_url()).content.decode()
    assert f'data-tick="{victim.pk}"' in html and "🏥" in html
    assert "2 Ausfälle verursacht" in html
    assert "Bearbeiten" not in html


def test_anonymous_visitor_is_sent_to_login_for_entering(client, season):
    response = client.get(reverse("matches:match-create"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_coach_picks_teams_then_sees_the_opposing_players_as_rows(client, season, home, away):
    client.force_login(home.coach)
    response = client.get(reverse("matches:match-create"), {"heim": home.pk, "gast": away.pk})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="casualty-row"') == 14
    assert f'name="ausfall_{away.players.first().pk}"' in html
    assert 'type="radio"' in html


def test_coach_enters_a_result_with_a_tick(client, season, home, away):
    client.force_login(home.coach)
    victim = away.players.get(number=2)
    response = client.post(
        reverse("matches:match-create"),
        form_data(
            home, away, **{f"ausfall_{victim.pk}": "injured", "home_journeymen_casualties": "1"}
        ),
    )
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    assert match.casualties_caused_by(home) == 2
    assert status_of(victim) == Casualty.SERIOUSLY_INJURED


def test_coach_cannot_enter_result_for_other_team(client, season, home, away):
    client.force_login(UserFactory())
    response = client.post(reverse("matches:match-create"), form_data(home, away))
    assert "deiner eigenen Teams" in response.content.decode()
    assert not Match.objects.exists()


def test_bad_input_shows_german_errors_and_saves_nothing(client, season, home, away):
    client.force_login(home.coach)
    future = timezone.localtime(timezone.now() + timezone.timedelta(days=2))
    response = client.post(
        reverse("matches:match-create"),
        form_data(home, away, played_at=future.strftime("%Y-%m-%dT%H:%M"), away_touchdowns="-1"),
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "größer oder gleich 0" in html
    assert not Match.objects.exists()
    response = client.post(
        reverse("matches:match-create"),
        form_data(home, away, played_at=future.strftime("%Y-%m-%dT%H:%M")),
    )
    assert "nicht in der Zukunft" in response.content.decode()
    assert not Match.objects.exists()


def test_suspended_player_cannot_be_ticked_in_the_form(client, season, home, away):
    hurt = away.players.get(number=1)
    play(home, away, at=days_ago(2), ticks={hurt: Casualty.SERIOUSLY_INJURED})
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:match-create"), form_data(home, away, **{f"ausfall_{hurt.pk}": "dead"})
    )
    # The field is disabled for him; a tick posted anyway is refused, not dropped.
    assert response.status_code == 400
    assert f"{hurt} ist für dieses Spiel gesperrt" in response.content.decode()
    assert Match.objects.count() == 1


def test_coach_edits_his_match_and_the_other_coach_sees_the_change(client, season, home, away):
    match = play(home, away, score=(0, 0))
    client.force_login(away.coach)
    url = reverse("matches:match-update", kwargs={"pk": match.pk})
    assert client.get(url).status_code == 200
    response = client.post(url, form_data(home, away, version=match.version, away_touchdowns="3"))
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.away_touchdowns, match.version) == (3, 2)


def test_stale_form_shows_the_concurrency_message(client, season, home, away):
    match = play(home, away)
    client.force_login(home.coach)
    url = reverse("matches:match-update", kwargs={"pk": match.pk})
    client.post(url, form_data(home, away, version=1))
    response = client.post(url, form_data(home, away, version=1, home_touchdowns="4"))
    assert "inzwischen von jemand anderem gespeichert" in response.content.decode()
    match.refresh_from_db()
    assert match.home_touchdowns == 2


def test_other_coach_gets_404_for_editing(client, season, home, away):
    match = play(home, away)
    client.force_login(UserFactory())
    assert client.get(reverse("matches:match-update", kwargs={"pk": match.pk})).status_code == 404


def test_staff_may_edit_any_match(client, season, home, away):
    match = play(home, away)
    client.force_login(staff_user())
    assert client.get(reverse("matches:match-update", kwargs={"pk": match.pk})).status_code == 200


def test_admin_lists_matches_read_only(client, season, home, away):
    match = play(home, away, ticks={away.players.first(): Casualty.DEAD})
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    assert client.get("/admin/matches/match/").status_code == 200
    page = client.get(f"/admin/matches/match/{match.pk}/change/")
    assert page.status_code == 200 and 'name="home_touchdowns"' not in page.content.decode()


@pytest.mark.parametrize("state", ["played", "open"])
def test_the_match_page_asks_once_whether_the_viewer_may_edit_it(
    client, season, home, away, monkeypatch, state
):
    from matches.factories import open_match

    match = play(home, away, at=days_ago(1)) if state == "played" else open_match(home, away)
    asked = []
    real = Match.is_editable_by
    monkeypatch.setattr(Match, "is_editable_by", lambda m, u: asked.append(u) or real(m, u))
    client.force_login(home.coach)
    page = client.get(match.get_absolute_url()).content.decode()
    assert asked == [home.coach]
    # and what it answered reaches every part that needs it
    if state == "played":
        assert reverse("matches:match-update", args=[match.pk]) in page
        assert page.count("data-development=") == 2 and "Entwicklung" in page
    else:
        assert "Ergebnis eintragen" in page
