"""The default cache is shared by every process of one machine in every documented way to start
the app (issue 26): a per-process memory cache kept its own token, so behind several workers
with the development settings a visitor got a stale table after a result."""

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent


def run_in_new_process(code: str, env: dict) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def development_env(cache_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_ENV", "DEBUG")}
    return env | {"DJANGO_ENV": "development", "CACHE_DIR": str(cache_dir)}


def test_with_the_development_settings_a_write_in_one_process_is_seen_by_another(tmp_path):
    env = development_env(tmp_path / "cache")
    run_in_new_process(
        "from django.core.cache import cache; cache.set('tabelle-token', 'nach-dem-ergebnis')",
        env,
    )
    seen = run_in_new_process(
        "from django.core.cache import cache; print(cache.get('tabelle-token'))", env
    )
    assert seen == "nach-dem-ergebnis"


def test_tests_keep_their_cache_in_a_directory_of_their_own():
    location = Path(settings.CACHES["default"]["LOCATION"])
    assert location.name.startswith("hopfen-test-cache-")
    assert ROOT not in location.parents
