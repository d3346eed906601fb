"""Project-wide guarantees: layout, security defaults, deploy checks, languages."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

ROOT = Path(__file__).resolve().parent.parent


def test_engines_never_import_django():
    offenders = []
    for path in (ROOT / "engines").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [
                f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] == "django"
            ]
    assert offenders == []


def test_engines_import_without_django_settings():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    code = (
        "import pkgutil, sys, engines\n"
        "for m in pkgutil.walk_packages(engines.__path__, 'engines.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        __import__(m.name)\n"
        "print('django' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_production_settings_pass_deploy_check():
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_ENV": "production",
        "SECRET_KEY": "a-long-production-secret-key-that-is-not-the-default-9f8e7d6c5b4a39281",
        "ALLOWED_HOSTS": "liga.example.org",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_secret_key():
    env = {**os.environ, "DJANGO_ENV": "production"}
    env.pop("SECRET_KEY", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_ui_language_is_german_with_english_available():
    assert settings.LANGUAGE_CODE == "de"
    assert [code for code, _ in settings.LANGUAGES] == ["de", "en"]


@pytest.mark.django_db
def test_pages_are_german_by_default(client):
    html = client.get(reverse("rules:race-list")).content.decode()
    assert '<html lang="de">' in html
    assert "Anmelden" in html


@pytest.mark.django_db
def test_visitor_can_switch_to_english(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/rassen/"})
    assert response.status_code == 302
    html = client.get(reverse("rules:race-list")).content.decode()
    assert '<html lang="en">' in html
    assert "Log in" in html


@pytest.mark.django_db
def test_admin_requires_login(client):
    response = client.get("/admin/rules/position/")
    assert response.status_code == 302
    assert "/login/" in response["Location"] or "/anmelden/" in response["Location"]


@pytest.mark.django_db
def test_pages_send_a_content_security_policy_without_inline_scripts(client):
    response = client.get(reverse("league:home"))
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    html = response.content.decode()
    assert "/static/django_htmx/htmx" in html
    assert "<script>" not in html


@pytest.mark.django_db
def test_login_page_is_public_and_logs_in(client, django_user_model):
    django_user_model.objects.create_user("coach1", password="sicheres-pw-42")
    assert client.get(reverse("login")).status_code == 200
    response = client.post(reverse("login"), {"username": "coach1", "password": "sicheres-pw-42"})
    assert response.status_code == 302
    assert client.get(reverse("league:home")).context["user"].username == "coach1"


@pytest.mark.django_db
def test_wrong_password_shows_german_error(client, django_user_model):
    django_user_model.objects.create_user("coach1", password="sicheres-pw-42")
    response = client.post(reverse("login"), {"username": "coach1", "password": "falsch"})
    assert response.status_code == 200
    assert "Bitte Benutzername und Passwort eingeben" in response.content.decode()


def test_custom_user_model_from_the_first_migration():
    assert settings.AUTH_USER_MODEL == "league.User"
    first = (ROOT / "league" / "migrations" / "0001_initial.py").read_text()
    assert "AbstractUser" in first or "username" in first


@pytest.mark.django_db
def test_repeated_wrong_passwords_lock_the_login_with_a_german_message(client, django_user_model):
    django_user_model.objects.create_user("coach1", password="sicheres-pw-42")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "coach1", "password": "falsch"})
    response = client.post(reverse("login"), {"username": "coach1", "password": "sicheres-pw-42"})
    assert response.status_code == 429
    assert "Zu viele Anmeldeversuche" in response.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_django_blank_choice_label_is_german():
    from roster.forms import PlayerForm
    from rules.models import Race

    html = str(PlayerForm(race=Race.objects.get(name="Human"))["position"])
    assert "– Bitte wählen –" in html
    assert "Select an option" not in html
