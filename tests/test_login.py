"""Logging in behind the proxy: throttling hits the guesser's address, input fits the database."""

import pytest
from django.test import RequestFactory
from django.urls import reverse

from config.login import client_ip

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.1"
COACH_IP = "203.0.113.7"
ATTACKER_IP = "198.51.100.9"


@pytest.fixture
def behind_one_proxy(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.TRUSTED_PROXY_HEADER = "X-Forwarded-For"


@pytest.fixture
def coach(django_user_model):
    return django_user_model.objects.create_user("trainerin", password="richtig-42")


def _login(client, *, forwarded_for: str, password: str, username: str = "trainerin"):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=forwarded_for,
    )


def test_wrong_passwords_from_a_stranger_do_not_lock_the_coach_out(client, behind_one_proxy, coach):
    for _ in range(5):
        _login(client, forwarded_for=ATTACKER_IP, password="falsch")
    assert _login(client, forwarded_for=ATTACKER_IP, password="richtig-42").status_code == 429

    response = _login(client, forwarded_for=COACH_IP, password="richtig-42")
    assert response.status_code == 302


def test_a_forged_forwarded_for_entry_does_not_move_the_lockout(client, behind_one_proxy, coach):
    # The proxy appends the real address; what the client put in front of it is not trusted.
    for _ in range(5):
        _login(client, forwarded_for=f"{COACH_IP}, {ATTACKER_IP}", password="falsch")
    assert _login(client, forwarded_for=ATTACKER_IP, password="richtig-42").status_code == 429
    assert _login(client, forwarded_for=COACH_IP, password="richtig-42").status_code == 302


def test_client_ip_is_the_address_the_trusted_proxy_saw(behind_one_proxy):
    request = RequestFactory().get(
        "/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"1.2.3.4, {COACH_IP}"
    )
    assert client_ip(request) == COACH_IP


def test_client_ip_ignores_the_header_without_a_trusted_proxy(settings):
    settings.TRUSTED_PROXY_COUNT = 0
    request = RequestFactory().get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=COACH_IP)
    assert client_ip(request) == PROXY


def test_client_ip_falls_back_to_the_connection_for_garbage(behind_one_proxy):
    request = RequestFactory().get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="<script>")
    assert client_ip(request) == PROXY


def test_overlong_username_is_a_form_error_not_a_server_error(client):
    response = client.post(reverse("login"), {"username": "x" * 256, "password": "egal"})
    assert response.status_code == 200
    assert "höchstens 150 Zeichen" in response.content.decode()


def test_overlong_password_is_a_form_error(client, coach):
    response = client.post(reverse("login"), {"username": "trainerin", "password": "x" * 5000})
    assert response.status_code == 200
    assert "höchstens 1024 Zeichen" in response.content.decode()


def test_overlong_username_on_the_admin_login_is_a_form_error(client):
    response = client.post(
        reverse("admin:login"), {"username": "x" * 256, "password": "egal", "next": "/admin/"}
    )
    assert response.status_code == 200
    assert "höchstens 150 Zeichen" in response.content.decode()


@pytest.mark.parametrize(
    ("entry", "address"),
    [
        ("203.0.113.7:51234", "203.0.113.7"),
        ("[2001:db8::7]:443", "2001:db8::7"),
        ("2001:db8::7", "2001:db8::7"),
    ],
)
def test_client_ip_reads_addresses_written_with_a_port(behind_one_proxy, entry, address):
    request = RequestFactory().get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=entry)
    assert client_ip(request) == address
