"""Shared test setup: the reference data (races, positions, skills) is in every test database."""

import os

import pytest
from django.core.management import call_command


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Tests create many users; the production hasher is slow on purpose, tests need not be."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _empty_cache():
    """Every test starts with an empty cache, so no derived page leaks from one to the next."""
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()
    yield
    for cache in caches.all():
        cache.clear()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("loaddata", "reference", "handbook", verbosity=0)


CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def pytest_collection_modifyitems(config, items):
    """Browser tests run where Chromium is installed and are skipped elsewhere.

    With REQUIRE_BROWSER=1 they are never skipped, so a missing browser fails the run.
    """
    if os.path.exists(CHROMIUM) or os.environ.get("REQUIRE_BROWSER") == "1":
        return
    skip = pytest.mark.skip(reason=f"Chromium fehlt ({CHROMIUM}): apt-get install chromium")
    for item in items:
        if item.get_closest_marker("e2e"):
            item.add_marker(skip)
