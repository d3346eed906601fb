"""The service worker under the production settings (gunicorn, collectstatic, manifest storage,
WhiteNoise, CSP): it installs, and the handbook, the skills list, a skill never visited and the
table reload without signal; anything else gets the German offline page."""

import json
import re
import subprocess
import sys
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from ..test_production_server import (  # noqa: F401 (production_server: the fixture)
    ROOT,
    fetch,
    production_server,
    production_server_process,
)
from .test_handbook_and_skills import wait_until_controlled_by_service_worker

pytestmark = [pytest.mark.e2e, pytest.mark.browser_context_args(service_workers="allow")]

HASHED = re.compile(r"^/static/.+\.[0-9a-f]{12}\.[a-z0-9]+$")


def worker_settings(base: str) -> dict:
    status, headers, body = fetch(f"{base}/sw.js")
    assert status == 200
    assert headers["Content-Type"].startswith("text/javascript")
    text = body.decode()
    found = {}
    for key in ("cache", "offlinePage", "staticPrefix"):
        found[key] = re.search(rf'{key}: "([^"]*)"', text).group(1)
    found["precache"] = json.loads(re.search(r"precache: (\[.*?\]),\n", text).group(1))
    found["modules"] = re.findall(r'"(/static/js/sw/[^"]+)"', text)
    return found


def test_service_worker_answers_with_hashed_static_urls_under_production_settings(
    production_server,  # noqa: F811
):
    settings = worker_settings(production_server)
    assert settings["staticPrefix"] == "/static/"
    assert re.fullmatch(r"hopfen-[0-9a-f]{12}", settings["cache"])
    static = [url for url in settings["precache"] if url.startswith("/static/")]
    assert static and all(HASHED.match(url) for url in static), static
    assert settings["modules"] and all(HASHED.match(url) for url in settings["modules"])
    # Every static file the handbook page uses is among them, so none is missing offline.
    _, _, page = fetch(f"{production_server}/regelheft/")
    used = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', page.decode()))
    assert used <= set(static)
    # Every skill page, the table and the offline page are cached on install.
    assert "/fertigkeiten/dodge/" in settings["precache"]
    assert {"/tabelle/", "/offline/", "/regelheft/"} <= set(settings["precache"])
    for url in settings["precache"]:
        with urllib.request.urlopen(f"{production_server}{url}", timeout=10) as response:
            assert response.status == 200, url


def test_handbook_skills_and_table_reload_offline_on_the_production_server(
    page: Page,
    production_server,  # noqa: F811
    assert_accessible,
):
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{production_server}/regelheft/")
    wait_until_controlled_by_service_worker(page)
    page.goto(f"{production_server}/tabelle/")
    expect(page.locator("#offline-note")).to_be_hidden()

    page.context.set_offline(True)
    try:
        page.reload()
        note = page.locator("#offline-note")
        expect(note).to_be_visible()
        expect(note).to_contain_text("Keine Verbindung: Du siehst den zuletzt geladenen Stand vom")
        expect(note).to_contain_text(re.compile(r"\d{2}:\d{2}"))
        expect(page.locator("table")).to_contain_text("Hopfenfeld Hooligans")
        assert_accessible(page)

        page.goto(f"{production_server}/regelheft/")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Regelheft")

        page.goto(f"{production_server}/fertigkeiten/")
        expect(page.get_by_role("heading", name="Fertigkeiten-Nachschlagewerk")).to_be_visible()
        expect(page.locator("details#dodge")).to_be_attached()

        # Never visited online: cached with every other skill page on install.
        page.goto(f"{production_server}/fertigkeiten/wrestle/")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Wrestle")

        # Not kept: the German offline page, not the browser's own error.
        page.goto(f"{production_server}/teams/")
        expect(page.get_by_role("heading", level=1)).to_have_text("Keine Verbindung")
        expect(page.get_by_role("link", name="Regelheft").last).to_be_visible()
        assert_accessible(page)
    finally:
        page.context.set_offline(False)
    # CSP intact: no refused script or style on the way.
    assert not [error for error in errors if "Content Security Policy" in error], errors


def test_worker_renews_itself_and_drops_the_old_cache_when_the_content_changes(
    page: Page,
    production_server,  # noqa: F811
):
    page.goto(f"{production_server}/fertigkeiten/")
    wait_until_controlled_by_service_worker(page)
    before = worker_settings(production_server)["cache"]
    assert page.evaluate("() => caches.keys()") == [before]

    def on_server(code: str) -> None:
        subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", code],
            cwd=ROOT,
            env=production_server_process["env"],
            check=True,
            capture_output=True,
        )

    # Saved without a change: the content is the same, so is the version.
    on_server("from rules.models import Skill; Skill.objects.get(slug='dodge').save()")
    assert worker_settings(production_server)["cache"] == before
    # An admin edits a skill's text: new content, new version.
    on_server(
        "from rules.models import Skill; s = Skill.objects.get(slug='dodge');"
        " s.explanation += ' Neu.'; s.save()"
    )
    after = worker_settings(production_server)["cache"]
    assert after != before

    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    for _ in range(150):
        if page.evaluate("() => caches.keys()") == [after]:
            break
        page.wait_for_timeout(100)
    assert page.evaluate("() => caches.keys()") == [after]
