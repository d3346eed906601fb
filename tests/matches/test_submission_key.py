"""A draft sent twice (a resend, a second tab, an answer lost on a flaky connection) saves its
result once: the form's submission key is stored with the match and unique."""

import uuid

import pytest
from django.db import IntegrityError
from django.urls import reverse

from matches.factories import days_ago, play
from matches.models import Match

from .test_views import form_data

pytestmark = pytest.mark.django_db


def test_a_new_result_sent_twice_with_one_key_is_saved_once(client, season, home, away):
    client.force_login(home.coach)
    data = form_data(home, away, submission_key=str(uuid.uuid4()))
    first = client.post(reverse("matches:match-create"), data)
    second = client.post(reverse("matches:match-create"), data)
    match = Match.objects.get()
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"] == match.get_absolute_url()
    assert str(match.submission_key) == data["submission_key"]


def test_two_drafts_with_their_own_keys_are_refused_as_one_game_entered_twice(
    client, season, home, away
):
    client.force_login(home.coach)
    client.post(reverse("matches:match-create"), form_data(home, away, submission_key=uuid.uuid4()))
    response = client.post(
        reverse("matches:match-create"), form_data(home, away, submission_key=uuid.uuid4())
    )
    assert response.status_code == 400
    assert "schon eingetragen" in response.content.decode()
    assert Match.objects.count() == 1


def test_a_correction_sent_twice_with_the_old_version_is_saved_once(client, season, home, away):
    match = play(home, away, score=(0, 0))
    client.force_login(home.coach)
    url = reverse("matches:match-update", kwargs={"pk": match.pk})
    data = form_data(home, away, version=match.version, submission_key=str(uuid.uuid4()))
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302
    match.refresh_from_db()
    assert (match.home_touchdowns, match.version) == (2, 2)


def test_another_save_in_between_is_a_conflict_for_the_draft(client, season, home, away):
    match = play(home, away, score=(0, 0))
    url = reverse("matches:match-update", kwargs={"pk": match.pk})
    client.force_login(away.coach)
    client.post(url, form_data(home, away, version=1, home_touchdowns="3"))
    client.force_login(home.coach)
    draft = form_data(home, away, version=1, submission_key=str(uuid.uuid4()))
    response = client.post(url, draft)
    assert response.status_code == 400
    assert "inzwischen von jemand anderem gespeichert" in response.content.decode()
    match.refresh_from_db()
    assert match.home_touchdowns == 3


def test_the_form_carries_a_fresh_key_each_time(client, season, home, away):
    client.force_login(home.coach)
    url = reverse("matches:match-create") + f"?heim={home.pk}&gast={away.pk}"
    keys = [client.get(url).context["form"]["submission_key"].value() for _ in range(2)]
    assert keys[0] != keys[1]
    assert all(uuid.UUID(str(key)) for key in keys)


def test_the_database_refuses_a_second_match_with_the_same_key(season, home, away):
    key = uuid.uuid4()
    first = play(home, away)
    Match.objects.filter(pk=first.pk).update(submission_key=key)
    second = play(away, home, at=days_ago(3))
    with pytest.raises(IntegrityError):
        Match.objects.filter(pk=second.pk).update(submission_key=key)
