"""Operations: /healthz, the cache choice and the database connections per environment."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
def test_healthz_answers_ok_with_database_and_cache(client):
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}


@pytest.mark.django_db
def test_healthz_answers_503_naming_an_unreachable_cache(client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "ok", "cache": "error"}


def _production_settings(**extra) -> dict:
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "CONN_MAX_AGE"}},
        "DJANGO_ENV": "production",
        "SECRET_KEY": "settings-test-0123456789-abcdefghijklmnopqrstuvwxyz-0123456789",
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/unused",
        **extra,
    }
    code = (
        "import json; from django.conf import settings; import django; django.setup(); "
        "db = settings.DATABASES['default']; "
        "print(json.dumps({'age': db['CONN_MAX_AGE'], 'checks': db['CONN_HEALTH_CHECKS'], "
        "'cache': settings.CACHES['default']['BACKEND']}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def test_production_keeps_database_connections_open_and_checks_them():
    state = _production_settings()
    assert state["age"] >= 60
    assert state["checks"] is True


def test_production_caches_in_redis_when_redis_url_is_set():
    state = _production_settings(REDIS_URL="redis://127.0.0.1:6379/0")
    assert state["cache"] == "config.cache_backends.RedisCache"


def test_production_without_redis_caches_in_files_shared_by_all_workers():
    state = _production_settings()
    assert state["cache"] == "config.cache_backends.FileBasedCache"


def test_redis_cache_reuses_its_client_and_works(settings):
    from django.core.cache import caches

    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache_backends.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/0",
            "KEY_PREFIX": "test-reuse-client",
        }
    }
    cache = caches["default"]
    try:
        cache.set("probe", {"a": 1}, 10)
    except Exception:
        pytest.skip("Redis auf 127.0.0.1:6379 fehlt")
    assert cache.get("probe") == {"a": 1}
    assert cache._cache.get_client() is cache._cache.get_client()
    cache.delete("probe")
