"""Playwright against the live test server, in Debian's Chromium at phone size."""

import os
import threading

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.db import connection

from rules.models import Race

from ..conftest import CHROMIUM

# Playwright's sync API runs an event loop in this thread; the ORM calls in the tests are
# still synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PHONE = {"width": 375, "height": 812}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # Service workers only where a test is about them (mark it with
    # `pytest.mark.browser_context_args(service_workers="allow")`): installing one fetches the
    # ~120 pages it keeps offline, which would load every other test's live server.
    return {
        **browser_context_args,
        "viewport": PHONE,
        "locale": "de-DE",
        "is_mobile": True,
        "service_workers": "block",
    }


@pytest.fixture(scope="session", autouse=True)
def _one_request_at_a_time_on_sqlite():
    """With SQLite in memory, the live server's request threads all share the test's one
    connection (Django's LiveServerTestCase documents it), which SQLite cannot use from two
    threads at once ("database table is locked", "API misuse"). There the live server answers
    one request at a time; PostgreSQL gives each thread its own connection and runs them in
    parallel, as production does."""
    if connection.vendor != "sqlite":
        yield
        return
    lock = threading.Lock()
    original = WSGIHandler.__call__

    def serialized(self, environ, start_response):
        with lock:
            return original(self, environ, start_response)

    WSGIHandler.__call__ = serialized
    yield
    WSGIHandler.__call__ = original


@pytest.fixture
def new_page(browser, browser_context_args):
    """A page in a browser context of its own (one per user or phone), closed after the test so
    that none keeps talking to the live server of the next one."""
    contexts = []

    def make():
        contexts.append(browser.new_context(**browser_context_args))
        return contexts[-1].new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def reference_data(transactional_db):
    """Transactional tests empty the tables afterwards; load the reference data when missing."""
    if not Race.objects.exists():
        call_command("loaddata", "reference", "handbook", verbosity=0)


@pytest.fixture
def admin_login(live_server, reference_data, django_user_model):
    user = django_user_model.objects.create_superuser("chef", "chef@example.org", "geheim-123")
    return user, "geheim-123"


# WCAG 2.0, 2.1 and 2.2 at levels A and AA: the standard every page must meet.
WCAG_AA = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}
}


def describe_violations(violations: list[dict]) -> str:
    """One line per rule and failing element, readable in a test failure."""
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            lines.append(f"    {' '.join(map(str, node['target']))}: {node['failureSummary']}")
    return "\n".join(lines)


@pytest.fixture(scope="session")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.fixture
def assert_accessible(axe):
    """Run axe-core (bundled by axe-playwright-python) on the page; fail with every violation."""

    def check(page) -> None:
        # Folded parts (<details>: rule texts, player actions) are checked opened too.
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        results = axe.run(page, options=WCAG_AA)
        violations = results.response["violations"]
        assert not violations, f"{page.url}\n{describe_violations(violations)}"

    return check
