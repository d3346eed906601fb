"""Hatred 🤬 on the pages: the question at the injured player, the marker, the pointers."""

import pytest
from django.urls import reverse

from league.models import Season
from matches.factories import days_ago, open_season, play, squad
from matches.models import Casualty, Hatred
from rules.models import Keyword, Race

pytestmark = pytest.mark.django_db


@pytest.fixture
def injured():
    humans = squad(name="Menschen")
    orcs = squad(name="Orks", race=Race.objects.get(name="Orc"))
    open_season()
    Season.objects.update(started_at=days_ago(30))
    player = humans.players.get(number=1)
    match = play(humans, orcs, at=days_ago(1), ticks={player: Casualty.SERIOUSLY_INJURED})
    return humans, player, match, match.casualties.get()


def answer_url(team, tick):
    return reverse("roster:hatred-answer", kwargs={"pk": team.pk, "key": f"t{tick.pk}"})


def test_the_coach_sees_the_question_at_the_injured_player(client, injured):
    humans, _player, _match, tick = injured
    client.force_login(humans.coach)
    html = client.get(humans.get_absolute_url()).content.decode()
    assert f'data-hatred-question="t{tick.pk}"' in html
    assert "4+ gewürfelt?" in html and ">Troll<" in html


def test_visitors_do_not_see_the_question(client, injured):
    humans, *_rest = injured
    html = client.get(humans.get_absolute_url()).content.decode()
    assert "data-hatred-question" not in html


def test_yes_and_orc_shows_the_marker_with_its_effect(client, injured):
    humans, _player, _match, tick = injured
    client.force_login(humans.coach)
    orc = Keyword.objects.get(name="Orc")
    prefix = f"hass-t{tick.pk}"
    response = client.post(
        answer_url(humans, tick), {f"{prefix}-answer": "ja", f"{prefix}-race": orc.pk}
    )
    assert response.status_code == 302
    html = client.get(humans.get_absolute_url()).content.decode()
    assert 'data-hatred="Orc"' in html and "„Spieler zu Boden“" in html
    assert "data-hatred-question" not in html
    assert Hatred.objects.get().answered_by == humans.coach


def test_yes_without_a_race_shows_the_error_at_the_race_field(client, injured):
    humans, _player, _match, tick = injured
    client.force_login(humans.coach)
    prefix = f"hass-t{tick.pk}"
    response = client.post(answer_url(humans, tick), {f"{prefix}-answer": "ja"})
    assert response.status_code == 400
    html = response.content.decode()
    assert f'id="id_{prefix}-race_error"' in html
    assert not Hatred.objects.exists()


def test_another_coach_cannot_answer(client, injured):
    humans, _player, match, tick = injured
    client.force_login(match.away.coach)
    response = client.post(answer_url(humans, tick), {f"hass-t{tick.pk}-answer": "nein"})
    assert response.status_code == 404
    assert not Hatred.objects.exists()


def test_the_match_page_points_the_coach_to_the_open_question(client, injured):
    humans, _player, match, tick = injured
    client.force_login(humans.coach)
    html = client.get(match.get_absolute_url()).content.decode()
    assert f"{humans.get_absolute_url()}#hass-t{tick.pk}" in html
    client.logout()
    assert "data-hatred-pending" not in client.get(match.get_absolute_url()).content.decode()


def test_the_start_page_lists_the_coachs_open_questions(client, injured):
    humans, _player, _match, tick = injured
    client.force_login(humans.coach)
    html = client.get(reverse("league:home")).content.decode()
    assert "data-hatred-questions" in html and f"#hass-t{tick.pk}" in html


def test_squad_page_with_questions_and_hatreds_in_a_fixed_number_of_queries(
    client, injured, django_assert_max_num_queries
):
    humans, _player, match, tick = injured
    other = humans.players.get(number=2)
    play(humans, match.away, at=days_ago(0.5), ticks={other: Casualty.SERIOUSLY_INJURED})
    Hatred.objects.create(tick=tick, rolled=True, race=Keyword.objects.get(name="Orc"))
    client.force_login(humans.coach)
    with django_assert_max_num_queries(22):  # + the upcoming appointments
        response = client.get(humans.get_absolute_url())
    html = response.content.decode()
    assert 'data-hatred="Orc"' in html and "data-hatred-question" in html


@pytest.mark.parametrize("key", ["x1", "t²", "t" + "9" * 30, "r"])
def test_a_malformed_question_key_is_a_404(client, injured, key):
    humans, *_rest = injured
    client.force_login(humans.coach)
    url = reverse("roster:hatred-answer", kwargs={"pk": humans.pk, "key": key})
    assert client.post(url, {}).status_code == 404


def test_a_tampered_answer_is_explained(client, injured):
    from ..conftest import assert_every_error_shown

    humans, _player, _match, tick = injured
    client.force_login(humans.coach)
    response = client.post(answer_url(humans, tick), {f"hass-t{tick.pk}-answer": "vielleicht"})
    assert response.status_code == 400
    assert_every_error_shown(response)
    assert not Hatred.objects.exists()
