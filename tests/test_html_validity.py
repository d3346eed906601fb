"""The pages a visitor and a coach reach are valid HTML (Nu Html Checker) and every reference of
`for`, `aria-describedby` and `aria-labelledby` names an element on the page."""

import json
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from matches.demo import DEMO_COACH
from matches.models import Match
from roster.models import Team

VNU_JAR = Path(__file__).resolve().parent.parent / "node_modules/vnu-jar/build/dist/vnu.jar"
JAVA = shutil.which("java")

pytestmark = pytest.mark.skipif(
    JAVA is None and os.environ.get("REQUIRE_BROWSER") != "1",
    reason="Java fehlt: der Nu Html Checker (vnu.jar) braucht Java 17 (apt-get install "
    "openjdk-17-jre-headless); mit REQUIRE_BROWSER=1 ist er Pflicht",
)

REFERENCING = ("for", "aria-describedby", "aria-labelledby")


class _References(HTMLParser):
    """Collects every id of a page and every id that an attribute of REFERENCING names."""

    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.references: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name in REFERENCING and value is not None:
                for ref in value.split():
                    self.references.append((tag, name, ref))

    handle_startendtag = handle_starttag


def missing_references(html: str) -> list[str]:
    parser = _References()
    parser.feed(html)
    return [
        f'<{tag} {name}="{ref}">' for tag, name, ref in parser.references if ref not in parser.ids
    ]


def test_missing_references_finds_a_describedby_without_its_element():
    html = '<input id="id_a" aria-describedby="id_a_error id_a_helptext"><p id="id_a_error">x</p>'
    assert missing_references(html) == ['<input aria-describedby="id_a_helptext">']


def vnu_errors(pages: dict[str, str], tmp_path: Path) -> list[str]:
    """Run the Nu Html Checker once over all pages; one line per error, naming the page."""
    assert JAVA, "Java fehlt (REQUIRE_BROWSER=1): apt-get install openjdk-17-jre-headless"
    assert VNU_JAR.exists(), f"{VNU_JAR} fehlt: make install-dev (npm ci --ignore-scripts)"
    files = {}
    for number, (label, html) in enumerate(pages.items()):
        path = tmp_path / f"page{number}.html"
        path.write_text(html, encoding="utf-8")
        files[str(path.resolve())] = label
    result = subprocess.run(
        [JAVA, "-jar", str(VNU_JAR), "--format", "json", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    # The report is on stderr; the exit code only says whether there was an error.
    messages = json.loads(result.stderr)["messages"]
    assert messages is not None and result.returncode in (0, 1), result.stderr
    return [
        f"{files.get(m.get('url', '').removeprefix('file:'), m.get('url'))} "
        f"line {m.get('lastLine')}: {m['message']}"
        for m in messages
        if m["type"] in ("error", "non-document-error")
    ]


def test_vnu_reports_an_error_on_invalid_html(tmp_path):
    errors = vnu_errors(
        {"kaputt": '<!doctype html><html lang="de"><title>x</title><ul role="status"></ul>'},
        tmp_path,
    )
    assert len(errors) == 1 and errors[0].startswith("kaputt line 1:")


def _main_paths() -> list[str]:
    coach_team = Team.objects.get(coach__username=DEMO_COACH.username)
    played = Match.objects.played().order_by("pk").first()
    scheduled = Match.objects.open().order_by("pk").first()
    player = coach_team.roster().order_by("number").first()
    return [
        "/",
        "/tabelle/",
        "/spiele/",
        "/spiele/spielplan/",
        f"/spiele/{played.pk}/",
        f"/spiele/{scheduled.pk}/",
        "/teams/",
        f"/teams/{coach_team.pk}/",
        f"/teams/{coach_team.pk}/spieler/{player.pk}/",
        "/regelheft/",
        "/fertigkeiten/",
        "/fertigkeiten/block/",
        "/rassen/",
        "/rassen/orc/",
        "/simulator/",
        "/simulator/ball/",
        "/simulator/ball/regeln/",
        "/simulator/baa/",
        "/simulator/baa/partien/",
        "/simulator/baa/partien/neu/",
        "/konto/anmelden/",
    ]


COACH_ONLY = ["/spiele/anlegen/", "/spiele/neu/", "/teams/neu/", "/teams/neu/orc/"]


@pytest.mark.django_db
def test_main_pages_of_visitor_and_coach_are_valid_html_without_dangling_references(
    client, tmp_path
):
    call_command("setup_demo", verbosity=0)
    paths = _main_paths()
    pages = {}
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        pages[f"Besucher {path}"] = response.content.decode()
    client.force_login(get_user_model().objects.get(username=DEMO_COACH.username))
    for path in paths + COACH_ONLY:
        response = client.get(path)
        assert response.status_code == 200, path
        pages[f"Coach {path}"] = response.content.decode()

    dangling = [
        f"{label}: {reference}"
        for label, html in pages.items()
        for reference in missing_references(html)
    ]
    errors = vnu_errors(pages, tmp_path)
    assert not dangling, "\n".join(dangling)
    assert not errors, "\n".join(errors)


@pytest.mark.django_db
def test_pages_after_a_coach_or_admin_acted_are_valid_html(client, tmp_path):
    """The squad page with a message in a player's row, a disputed match for its coaches, and
    Verwaltung's question before a delete."""
    from matches.services import dispute_match

    call_command("setup_demo", verbosity=0)
    coach = get_user_model().objects.get(username=DEMO_COACH.username)
    team = Team.objects.get(coach=coach)
    player = team.roster().order_by("number").last()
    played = Match.objects.played().order_by("pk").first()
    dispute_match(match=played, version=played.version, note="Es war 2:2.", by=coach)
    pages = {}
    client.force_login(coach)
    response = client.post(
        f"/teams/{team.pk}/spieler/{player.pk}/kategorien/", {f"kategorien{player.pk}-mode": "frei"}
    )
    assert response.status_code == 302, response.content.decode()[:500]
    pages["Kader mit Meldung"] = client.get(response.url).content.decode()
    assert "data-player-message" in pages["Kader mit Meldung"]
    pages["Spiel mit Einwand"] = client.get(f"/spiele/{played.pk}/").content.decode()
    client.force_login(get_user_model().objects.get(username="admin"))
    response = client.post(
        "/admin/matches/match/", {"action": "soft_delete", "_selected_action": [played.pk]}
    )
    pages["Löschen? (Verwaltung)"] = response.content.decode()
    dangling = [
        f"{label}: {ref}" for label, html in pages.items() for ref in missing_references(html)
    ]
    errors = vnu_errors(pages, tmp_path)
    assert not dangling, "\n".join(dangling)
    assert not errors, "\n".join(errors)
