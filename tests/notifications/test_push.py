"""Web Push: a loopback push service that decrypts what it receives (http_ece, RFC 8291) with
the subscription's keys, as a phone's browser would."""

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.urls import reverse
from py_vapid import Vapid02

from matches.factories import play
from notifications import tasks
from notifications.models import Channel, Kind, Mode, Notification, Preference, PushSubscription

pytestmark = pytest.mark.django_db


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


class PushService:
    """Accepts pushes on the loopback (or answers `status`) and keeps them."""

    def __init__(self):
        self.received: list[tuple] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.received.append((self.headers, body))
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/push/phone-1"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def vapid(settings):
    key = Vapid02()
    key.generate_keys()
    raw = key.private_key.private_numbers().private_value.to_bytes(32, "big")
    settings.VAPID_PRIVATE_KEY = b64(raw)
    settings.VAPID_PUBLIC_KEY = b64(
        key.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
    )
    settings.SITE_URL = "https://liga.example.org"
    return key


@pytest.fixture
def service():
    push_service = PushService()
    yield push_service
    push_service.close()


@pytest.fixture
def phone(coach_b, service):
    """Bert's phone: its own key pair and secret, as a browser makes them."""
    private = ec.generate_private_key(ec.SECP256R1())
    public = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    secret = os.urandom(16)
    PushSubscription.objects.create(
        user=coach_b, endpoint=service.url, p256dh=b64(public), auth=b64(secret)
    )
    return private, secret


def push_row(user) -> Notification:
    return Notification.objects.get(recipient=user, kind=Kind.RESULT, channel=Channel.PUSH)


def test_a_push_reaches_the_phone_encrypted_for_it_and_opens_the_result(
    season, home, away, coach_a, coach_b, vapid, service, phone
):
    match = play(home, away, score=(2, 1), by=coach_a)
    assert tasks.push(push_row(coach_b).pk) == "sent"
    [(headers, body)] = service.received
    assert headers["Content-Encoding"] == "aes128gcm"
    assert headers["Authorization"].startswith("vapid t=")
    private, secret = phone
    payload = json.loads(
        http_ece.decrypt(body, private_key=private, auth_secret=secret, version="aes128gcm")
    )
    assert payload["title"].startswith("Ergebnis eingetragen: Heim – Gast")
    assert "Heim 2:1 Gast" in payload["body"]
    assert payload["url"] == "https://liga.example.org" + reverse(
        "notifications:result-answer", args=[match.pk]
    )
    assert tasks.push(push_row(coach_b).pk) == "skipped"  # once
    assert len(service.received) == 1


def test_a_phone_the_push_service_no_longer_knows_is_forgotten(
    season, home, away, coach_a, coach_b, vapid, service, phone
):
    service.status = 410
    play(home, away, by=coach_a)
    tasks.push(push_row(coach_b).pk)
    assert not PushSubscription.objects.exists()


def test_no_push_for_a_kind_in_the_digest_or_off(
    season, home, away, coach_a, coach_b, vapid, service, phone
):
    Preference.objects.create(user=coach_b, kind=Kind.RESULT, mode=Mode.DIGEST)
    play(home, away, by=coach_a)
    assert not Notification.objects.filter(channel=Channel.PUSH).exists()


def test_no_push_without_vapid_keys(season, home, away, coach_a, coach_b, service, phone, settings):
    settings.VAPID_PRIVATE_KEY = ""
    play(home, away, by=coach_a)
    assert not Notification.objects.filter(channel=Channel.PUSH).exists()


def test_a_phone_subscribes_from_the_account_page(client, coach_b, vapid, settings):
    client.force_login(coach_b)
    page = client.get(reverse("notifications:account")).content.decode()
    assert f'data-push-key="{settings.VAPID_PUBLIC_KEY}"' in page
    subscription = {
        "endpoint": "https://push.example.org/send/abc",
        "keys": {"p256dh": "BPub", "auth": "c2VjcmV0"},
    }
    url = reverse("notifications:push-subscribe")
    response = client.post(url, json.dumps(subscription), content_type="application/json")
    assert response.status_code == 201
    assert PushSubscription.objects.get().user == coach_b


def test_a_broken_subscription_is_refused_in_german(client, coach_b):
    client.force_login(coach_b)
    url = reverse("notifications:push-subscribe")
    response = client.post(url, "{kaputt", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "Ungültige Push-Anmeldung."
    response = client.post(
        url,
        json.dumps({"endpoint": "javascript:alert(1)", "keys": {"p256dh": "a", "auth": "b"}}),
        content_type="application/json",
    )
    assert response.status_code == 400


def test_the_service_worker_shows_pushes(client):
    worker = client.get("/sw.js").content.decode()
    assert "js/sw/push.js" in worker
