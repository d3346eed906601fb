"""Error pages speak German and look like the site; the 500 page needs no context at all."""

import pytest
from django.core.exceptions import PermissionDenied
from django.template import loader
from django.test import Client, RequestFactory
from django.urls import reverse
from django.views import defaults

from matches.factories import open_season, play, squad

pytestmark = pytest.mark.django_db

LAYOUT = 'class="main-nav"'


def _page(response) -> str:
    html = response.content.decode()
    assert 'lang="de"' in html and LAYOUT in html
    return html


def test_unknown_page_is_a_german_404_in_the_layout(client):
    response = client.get("/gibt-es-nicht/")
    assert response.status_code == 404
    assert "Seite nicht gefunden" in _page(response)


def test_refused_action_is_a_german_403_in_the_layout(client, settings):
    home, away = squad(name="Heim"), squad(name="Gast")
    open_season()
    match = play(home, away)
    client.force_login(home.coach)
    response = client.post(reverse("matches:development-reset", args=[match.pk, home.pk]))
    assert response.status_code == 403
    assert "Kein Zugriff" in _page(response)


def test_unknown_host_is_a_german_400_in_the_layout(client):
    response = client.get("/", HTTP_HOST="angreifer.example")
    assert response.status_code == 400
    assert "Ungültige Anfrage" in _page(response)


def test_missing_csrf_token_is_a_german_403_in_the_layout():
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": "a", "password": "b"})
    assert response.status_code == 403
    assert "Formular abgelaufen" in _page(response)


def test_lockout_is_a_german_429_in_the_layout(client, django_user_model):
    django_user_model.objects.create_user("trainerin", password="richtig-42")
    for _ in range(6):
        response = client.post(reverse("login"), {"username": "trainerin", "password": "x"})
    assert response.status_code == 429
    assert "Zu viele Anmeldeversuche" in _page(response)


def test_server_error_page_is_german_in_the_layout():
    request = RequestFactory().get("/")
    response = defaults.server_error(request)
    assert response.status_code == 500
    assert "Da ist etwas schiefgegangen" in _page(response)


def test_server_error_page_renders_without_any_context():
    html = loader.get_template("500.html").render()
    assert "Da ist etwas schiefgegangen" in html and LAYOUT in html


def test_a_crashing_view_answers_with_the_german_500_page(client, monkeypatch):
    def broken(request):
        raise RuntimeError("kaputt")

    monkeypatch.setattr("league.views.Race.objects.count", lambda: broken(None))
    client.raise_request_exception = False
    response = client.get(reverse("league:home"))
    assert response.status_code == 500
    assert "Da ist etwas schiefgegangen" in _page(response)


def test_permission_denied_page_offers_login_to_visitors():
    request = RequestFactory().get("/teams/1/")
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    response = defaults.permission_denied(request, PermissionDenied())
    assert reverse("login") in response.content.decode()
