"""Mail settings come from the environment: SMTP with EMAIL_HOST (also in development), the
console without it, an explicit EMAIL_BACKEND wins."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps(settings.MAILERS['default']))"
)


def mailer(**env: str) -> dict:
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("EMAIL_") and k not in {"DJANGO_ENV", "DEBUG"}
    }
    result = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", SHOW],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


def test_with_email_host_mail_goes_over_smtp_even_in_development():
    found = mailer(
        EMAIL_HOST="mail.example.org",
        EMAIL_PORT="587",
        EMAIL_HOST_USER="liga",
        EMAIL_HOST_PASSWORD="geheim",
        EMAIL_USE_TLS="1",
    )
    assert found["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert found["OPTIONS"] | {"timeout": None} == {
        "host": "mail.example.org",
        "port": 587,
        "username": "liga",
        "password": "geheim",
        "use_tls": True,
        "timeout": None,
    }


def test_without_email_host_development_mail_goes_to_the_console():
    assert mailer()["BACKEND"] == "django.core.mail.backends.console.EmailBackend"


def test_an_explicit_email_backend_wins():
    found = mailer(
        EMAIL_HOST="mail.example.org",
        EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
        EMAIL_FILE_PATH="/tmp/mails",
    )
    assert found == {
        "BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "OPTIONS": {"file_path": "/tmp/mails"},
    }
