"""A result typed without signal, on the production server at phone size: kept on the phone
across a reload, sent once when the signal returns (two tabs, one result), a conflicting save
shown beside the draft, and logging out clears the drafts."""

import json
import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

from ..test_production_server import (  # noqa: F401 (production_server: the fixture)
    ROOT,
    production_server,
    production_server_process,
)
from .test_handbook_and_skills import wait_until_controlled_by_service_worker

pytestmark = [pytest.mark.e2e, pytest.mark.browser_context_args(service_workers="allow")]

PENDING = "Gespeichert auf diesem Handy, wird gesendet, sobald Netz da ist."
SENT = "Gesendet: Das Ergebnis ist auf dem Server."


def on_server(code: str):
    """Run `code` in a Django shell of the production server's settings; its printed JSON."""
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=production_server_process["env"],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


OPEN_MATCH = """
import json
from matches.models import Match
m = Match.objects.filter(played_at=None).get()
print(json.dumps({"pk": m.pk}))
"""

RESULT = """
import json
from matches.models import Match
m = Match.objects.get(pk=%d)
print(json.dumps({"score": [m.home_touchdowns, m.away_touchdowns], "version": m.version,
    "ticks": m.casualties.count(), "journeymen": m.away_journeymen_casualties,
    "matches": Match.objects.count()}))
"""


def log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/konto/anmelden/")
    page.get_by_label("Benutzername").fill("coach")
    page.get_by_label("Passwort").fill("hopfen-coach")
    page.get_by_role("button", name="Anmelden").click()
    expect(page.get_by_role("button", name="Abmelden")).to_be_visible()


def wait_until_cached(page: Page, path: str) -> None:
    for _ in range(100):
        if page.evaluate("(path) => caches.match(path).then((found) => !!found)", path):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{path} ist nicht im Cache.")


def drafts(page: Page) -> dict:
    return page.evaluate("() => JSON.parse(localStorage.getItem('hopfen-drafts') || '{}')")


def test_result_typed_offline_survives_a_reload_and_is_sent_once_from_two_tabs(
    page: Page,
    production_server,  # noqa: F811
    assert_accessible,
):
    base = production_server
    # The demo's played match (set up just now) moves two days back: the return match played
    # today is then no game entered twice.
    on_server(
        "from datetime import timedelta\nfrom matches.models import Match\n"
        "m = Match.objects.exclude(played_at=None).get()\n"
        "Match.objects.filter(pk=m.pk).update(played_at=m.played_at - timedelta(days=2))\n"
        "print('{}')"
    )
    match = on_server(OPEN_MATCH)["pk"]
    before = on_server(RESULT % match)
    log_in(page, base)
    page.goto(f"{base}/spiele/{match}/")
    wait_until_controlled_by_service_worker(page)
    page.reload()  # now under the worker: the page keeps its entry form for offline use
    wait_until_cached(page, f"/spiele/{match}/bearbeiten/")

    page.context.set_offline(True)
    page.get_by_role("link", name="Ergebnis eintragen").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Sieg-Säufer")
    page.get_by_label("Touchdowns Sieg-Säufer").fill("1")
    page.get_by_label("Touchdowns Hopfenfeld Hooligans").fill("3")
    page.locator(".casualty-row__choice").first.locator("label").nth(1).click()
    page.get_by_label("Journeymen von Sieg-Säufer mit Ausfall").fill("1")
    page.get_by_role("button", name="Spiel speichern").click()
    region = page.locator("#drafts")
    expect(region).to_contain_text(PENDING)
    expect(region).to_contain_text("Sieg-Säufer 1 : 3 Hopfenfeld Hooligans")
    assert_accessible(page)

    page.reload()
    expect(page.get_by_label("Touchdowns Hopfenfeld Hooligans")).to_have_value("3")
    expect(page.locator("#drafts")).to_contain_text(PENDING)
    second = page.context.new_page()
    second.goto(f"{base}/spiele/{match}/bearbeiten/")
    expect(second.locator("#drafts")).to_contain_text(PENDING)
    assert on_server(RESULT % match) == before  # nothing arrived yet

    page.context.set_offline(False)  # both tabs see the signal return and send
    expect(page.locator("#drafts")).to_contain_text(SENT, timeout=30_000)
    expect(second.locator("#drafts")).to_contain_text(SENT, timeout=30_000)
    after = on_server(RESULT % match)
    assert after["score"] == [1, 3] and after["ticks"] == 1 and after["journeymen"] == 1
    assert after["version"] == before["version"] + 1
    assert after["matches"] == before["matches"]
    assert_accessible(page)

    # A resend of the same draft (an answer lost on the way) changes nothing.
    page.evaluate(
        "() => { const all = JSON.parse(localStorage.getItem('hopfen-drafts'));"
        " for (const d of Object.values(all)) d.state = 'pending';"
        " localStorage.setItem('hopfen-drafts', JSON.stringify(all)); }"
    )
    page.reload()
    expect(page.locator("#drafts")).to_contain_text(SENT, timeout=30_000)
    assert on_server(RESULT % match) == after


def test_a_save_by_the_other_coach_meanwhile_is_shown_beside_the_draft_and_logout_clears(
    page: Page,
    production_server,  # noqa: F811
    assert_accessible,
):
    base = production_server
    match = on_server(OPEN_MATCH.replace("played_at=None", "home__name='Sieg-Säufer'"))["pk"]
    log_in(page, base)
    page.goto(f"{base}/spiele/{match}/bearbeiten/")
    wait_until_controlled_by_service_worker(page)
    page.reload()
    wait_until_cached(page, f"/spiele/{match}/bearbeiten/")

    page.context.set_offline(True)
    page.reload()
    page.get_by_label("Touchdowns Sieg-Säufer").fill("0")
    page.get_by_label("Touchdowns Hopfenfeld Hooligans").fill("4")
    page.get_by_role("button", name="Spiel speichern").click()
    expect(page.locator("#drafts")).to_contain_text(PENDING)

    # Meanwhile the other coach saves his own version of the result.
    on_server(
        "import json\nfrom django.db.models import F\nfrom matches.models import Match\n"
        f"Match.objects.filter(pk={match}).update(home_touchdowns=5, away_touchdowns=2,"
        " version=F('version') + 1)\nprint('{}')"
    )
    page.context.set_offline(False)
    region = page.locator("#drafts")
    expect(region).to_contain_text("Nicht gesendet", timeout=30_000)
    expect(region).to_contain_text("inzwischen von jemand anderem gespeichert")
    expect(region).to_contain_text("Dein Ergebnis: Sieg-Säufer 0 : 4 Hopfenfeld Hooligans")
    expect(region).to_contain_text("Auf dem Server: Sieg-Säufer 5 : 2 Hopfenfeld Hooligans")
    assert on_server(RESULT % match)["score"] == [5, 2]  # nothing overwritten
    assert_accessible(page)

    region.get_by_role("button", name="Meine Version senden").click()
    expect(region).to_contain_text(SENT, timeout=30_000)
    assert on_server(RESULT % match)["score"] == [0, 4]

    page.get_by_role("button", name="Abmelden").click()
    expect(page.get_by_role("link", name="Anmelden")).to_be_visible()
    assert drafts(page) == {}
    assert not page.evaluate(
        f"() => caches.match('/spiele/{match}/bearbeiten/').then((found) => !!found)"
    )


OTHER_COACH_ENTERS = """
import json
from django.contrib.auth import get_user_model
from django.utils import timezone
from matches.models import Match
from matches.services import MatchEntry, enter_match
from roster.models import Team
home = Team.objects.get(name="Hopfenfeld Hooligans")
away = Team.objects.get(name="Sieg-Säufer")
entry = MatchEntry(home=home, away=away, played_at=timezone.now(), home_touchdowns=0,
    away_touchdowns=1)
enter_match(entry=entry, by=get_user_model().objects.get(username="admin"))
print(json.dumps(Match.objects.count()))
"""


def test_a_new_result_the_other_coach_entered_meanwhile_links_to_his_version(
    page: Page,
    production_server,  # noqa: F811
    assert_accessible,
):
    base = production_server
    teams = on_server(
        "import json\nfrom datetime import timedelta\nfrom roster.models import Team\n"
        "from matches.models import Match\n"
        "for m in Match.objects.exclude(played_at=None):\n"
        "    Match.objects.filter(pk=m.pk).update(played_at=m.played_at - timedelta(days=5))\n"
        "print(json.dumps([Team.objects.get(name=n).pk for n in"
        " ('Hopfenfeld Hooligans', 'Sieg-Säufer')]))"
    )
    form = f"{base}/spiele/neu/?heim={teams[0]}&gast={teams[1]}"
    log_in(page, base)
    page.goto(form)
    wait_until_controlled_by_service_worker(page)
    page.reload()
    wait_until_cached(page, f"/spiele/neu/?heim={teams[0]}&gast={teams[1]}")

    page.context.set_offline(True)
    page.reload()
    page.get_by_label("Touchdowns Hopfenfeld Hooligans").fill("2")
    page.get_by_label("Touchdowns Sieg-Säufer").fill("2")
    page.get_by_role("button", name="Spiel speichern").click()
    expect(page.locator("#drafts")).to_contain_text(PENDING)

    before = on_server(OTHER_COACH_ENTERS)
    page.context.set_offline(False)
    region = page.locator("#drafts")
    expect(region).to_contain_text("Nicht gesendet", timeout=30_000)
    expect(region).to_contain_text("Dieses Spiel ist schon eingetragen")
    expect(region.get_by_role("link", name="Die Version auf dem Server ansehen")).to_be_visible()
    expect(region.get_by_role("button", name="Meine Version senden")).to_have_count(0)
    assert (
        on_server(
            "import json\nfrom matches.models import Match\n"
            "print(json.dumps(Match.objects.count()))"
        )
        == before
    )
    assert_accessible(page)
    region.get_by_role("button", name="Entwurf verwerfen").click()
    expect(region).to_be_hidden()
    assert drafts(page) == {}


def test_a_tick_the_server_no_longer_allows_is_named_beside_the_draft(
    page: Page,
    production_server,  # noqa: F811
    assert_accessible,
):
    base = production_server
    match = on_server(
        "import json\nfrom matches.models import Match\n"
        "print(json.dumps(Match.objects.latest('played_at').pk))"
    )
    log_in(page, base)
    page.goto(f"{base}/spiele/{match}/bearbeiten/")
    wait_until_controlled_by_service_worker(page)
    page.reload()
    wait_until_cached(page, f"/spiele/{match}/bearbeiten/")

    page.context.set_offline(True)
    page.reload()
    row = page.locator(".casualty-row", has=page.locator(".casualty-row__choice")).first
    player = int(row.get_attribute("data-player"))
    row.locator(".casualty-row__choice label").nth(1).click()
    page.get_by_role("button", name="Spiel speichern").click()
    expect(page.locator("#drafts")).to_contain_text(PENDING)

    # Meanwhile the player is let go: the phone's copy of the roster is stale.
    name = on_server(
        "import json\nfrom datetime import timedelta\nfrom django.utils import timezone\n"
        "from roster.models import Player\n"
        f"Player.objects.filter(pk={player}).update(retired_on=timezone.localdate()"
        " - timedelta(days=10))\n"
        f"print(json.dumps(str(Player.objects.get(pk={player}))))"
    )
    page.context.set_offline(False)
    region = page.locator("#drafts")
    expect(region).to_contain_text("Nicht gesendet", timeout=30_000)
    expect(region).to_contain_text(f"{name} wurde inzwischen entlassen.")
    assert on_server(RESULT % match)["ticks"] == 0  # nothing saved, nothing dropped silently
    assert_accessible(page)
