"""Shared test setup: the reference data (races, positions, skills) is in every test database."""

import os
import shutil
import tempfile

import pytest
from django.core.management import call_command
from django.forms import BaseForm, BaseFormSet
from django.utils.html import escape


def pytest_configure(config):
    """The shared file cache of the settings in a directory of this run only, so parallel runs
    (and the developer's own `make run`) never see each other's pages."""
    from django.conf import settings
    from django.test.signals import clear_cache_handlers

    if settings.CACHES["default"]["BACKEND"].endswith("FileBasedCache"):
        folder = tempfile.mkdtemp(prefix="hopfen-test-cache-")
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
        settings.CACHES["default"]["LOCATION"] = folder
        clear_cache_handlers(setting="CACHES")


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


def _error_messages(value, depth: int = 0):
    """Every error of the forms and formsets in a context value (also inside lists and dicts)."""
    if isinstance(value, BaseForm):
        yield from (message for errors in value.errors.values() for message in errors)
    elif isinstance(value, BaseFormSet):
        yield from value.non_form_errors()
        for form in value.forms:
            yield from _error_messages(form, depth + 1)
    elif depth < 3 and isinstance(value, dict):
        for item in value.values():
            yield from _error_messages(item, depth + 1)
    elif depth < 3 and isinstance(value, list | tuple):
        for item in value:
            yield from _error_messages(item, depth + 1)


def assert_every_error_shown(response) -> None:
    """Each error of each form in the context is on the page (a refused value is explained)."""
    html = response.content.decode()
    context = {}
    for layer in response.context:
        for values in layer.dicts:
            context.update(values)
    messages = set(_error_messages(context))
    assert messages, "the form accepted the tampered value"
    assert {m for m in messages if escape(m) not in html} == set()
