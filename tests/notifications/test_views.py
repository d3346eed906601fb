"""Mein Konto, the start page's notifications, the mail's answer page, password reset."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from matches.factories import play
from notifications.models import Channel, Kind, Mode, Notification, Preference

pytestmark = pytest.mark.django_db
ACCOUNT = reverse("notifications:account")


def test_the_account_page_shows_address_and_a_choice_per_kind(client, coach_b):
    client.force_login(coach_b)
    page = client.get(ACCOUNT).content.decode()
    assert "Mein Konto" in page
    assert 'value="bert@example.org"' in page
    assert "tägliche Zusammenfassung" in page
    assert "Einwand gegen ein Ergebnis" not in page  # admins only


def test_a_coach_saves_his_address_and_the_mode_of_each_kind(client, coach_b):
    client.force_login(coach_b)
    data = {"email": "neu@example.org"} | {f"mode_{k}": Mode.NOW for k in Kind.values}
    data["mode_result"] = Mode.DIGEST
    data["mode_reminder"] = Mode.OFF
    response = client.post(ACCOUNT, data)
    assert response.status_code == 302
    coach_b.refresh_from_db()
    assert coach_b.email == "neu@example.org"
    assert Preference.objects.mode_of(coach_b, Kind.RESULT) == Mode.DIGEST
    assert Preference.objects.mode_of(coach_b, Kind.REMINDER) == Mode.OFF


def test_a_bad_address_gets_a_german_error_next_to_its_field(client, coach_a, coach_b):
    client.force_login(coach_b)
    data = {"email": "anna@example.org"} | {f"mode_{k}": Mode.NOW for k in Kind.values}
    response = client.post(ACCOUNT, data)
    assert response.status_code == 400
    assert 'id="id_email_error"' in response.content.decode()
    assert "gehört schon zu einem anderen Konto" in response.content.decode()
    data["email"] = "kein-at"
    response = client.post(ACCOUNT, data)
    assert response.status_code == 400
    assert "gültige E-Mail-Adresse" in response.content.decode()


def test_the_account_page_needs_a_login(client):
    response = client.get(ACCOUNT)
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_the_start_page_lists_unread_notifications_and_marks_them_read(
    client, season, home, away, coach_a, coach_b
):
    play(home, away, score=(1, 0), by=coach_a)
    client.force_login(coach_b)
    page = client.get(reverse("league:home")).content.decode()
    assert "Benachrichtigungen" in page
    assert "Ergebnis eingetragen: Heim – Gast" in page
    row = Notification.objects.get(recipient=coach_b, channel=Channel.WEB, kind=Kind.RESULT)
    response = client.post(
        reverse("notifications:notification-read", args=[row.pk]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    row.refresh_from_db()
    assert row.is_read
    assert "Ergebnis eingetragen" not in client.get(reverse("league:home")).content.decode()


def test_a_coach_cannot_mark_another_coachs_notification_read(
    client, season, home, away, coach_a, coach_b
):
    play(home, away, by=coach_a)
    row = Notification.objects.get(recipient=coach_b, channel=Channel.WEB, kind=Kind.RESULT)
    client.force_login(coach_a)
    client.post(reverse("notifications:notification-read", args=[row.pk]))
    row.refresh_from_db()
    assert not row.is_read


def test_the_mails_link_asks_for_a_login_and_then_offers_the_confirmation(
    client, season, home, away, coach_a, coach_b
):
    match = play(home, away, by=coach_a)
    url = reverse("notifications:result-answer", args=[match.pk])
    response = client.get(url)
    assert response.status_code == 302 and reverse("login") in response["Location"]
    client.force_login(coach_b)
    page = client.get(url).content.decode()
    assert reverse("matches:match-confirm", args=[match.pk]) in page
    assert "Ergebnis bestätigen" in page


def test_a_forgotten_password_is_reset_by_mail(client, coach_b):
    response = client.post(reverse("password_reset"), {"email": "bert@example.org"})
    assert response.status_code == 302
    [message] = mail.outbox
    assert message.subject == "Hopfen&Sieg: neues Passwort setzen"
    assert "Hallo bert," in message.body
    link = re.search(r"http://testserver(/konto/passwort-neu/\S+)", message.body).group(1)
    form = client.get(link, follow=True)
    assert "Neues Passwort" in form.content.decode()
    response = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "Neues-Passwort-2026", "new_password2": "Neues-Passwort-2026"},
    )
    assert response.status_code == 302
    coach_b.refresh_from_db()
    assert coach_b.check_password("Neues-Passwort-2026")


def test_the_login_page_links_to_the_password_reset(client):
    assert reverse("password_reset") in client.get(reverse("login")).content.decode()


def test_a_coach_chooses_his_public_name_and_pages_show_it(client, season, home, coach_b):
    client.force_login(coach_b)
    data = {"email": "bert@example.org", "public_name": "  Der   Bert "}
    data |= {f"mode_{k}": Mode.NOW for k in Kind.values}
    assert client.post(ACCOUNT, data).status_code == 302
    coach_b.refresh_from_db()
    assert coach_b.public_name == "Der Bert"
    client.logout()
    page = client.get(reverse("roster:team-list")).content.decode()
    assert "Coach Der Bert" in page


def test_the_public_name_defaults_to_the_user_name_never_the_real_name(coach_b):
    coach_b.first_name, coach_b.last_name = "Bertram", "Geheim"
    assert str(coach_b) == "bert"


def test_a_public_name_taken_by_another_coach_is_refused(client, coach_a, coach_b):
    client.force_login(coach_b)
    data = {"email": "bert@example.org", "public_name": "ANNA"}
    data |= {f"mode_{k}": Mode.NOW for k in Kind.values}
    response = client.post(ACCOUNT, data)
    assert response.status_code == 400
    assert 'id="id_public_name_error"' in response.content.decode()
    assert "schon ein anderer Coach" in response.content.decode()
