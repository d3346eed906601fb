"""The backup of the whole league restores into an empty database with every page unchanged."""

import gzip
import json
import re

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.urls import reverse

from benchmarks.league_builder import LeagueSize, build_league
from league.backup import backed_up_models
from league.models import Season, User
from matches.models import CasualtyTick, Development, Match
from roster.models import Player, Team

SMALL = LeagueSize(seasons=2, teams=4, players_per_team=9, matches_per_season=6)
VARYING = [
    re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"'),
    re.compile(r'"X-CSRFToken": "[^"]+"'),
    re.compile(r'nonce="[^"]+"'),
]


def page_urls() -> list[str]:
    urls = [reverse("league:home"), reverse("rules:handbook"), reverse("roster:team-list")]
    for season in Season.objects.all():
        urls.append(f"{reverse('league:standings')}?saison={season.pk}")
        urls.append(f"{reverse('matches:match-list')}?saison={season.pk}")
    urls += [team.get_absolute_url() for team in Team.objects.all()]
    urls += [match.get_absolute_url() for match in Match.objects.all()]
    return urls


def snapshot(client) -> dict[str, str]:
    pages = {}
    for url in page_urls():
        response = client.get(url)
        assert response.status_code == 200, url
        text = response.content.decode()
        for pattern in VARYING:
            text = pattern.sub("", text)
        pages[url] = text
    return pages


def counts() -> dict[str, int]:
    return {model._meta.label: model.objects.count() for model in backed_up_models()}


def empty_database() -> None:
    """Every table emptied, as after `migrate` on a new server (inside the test's transaction)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # TRUNCATE refuses pending deferred checks
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    call_command("flush", "--noinput", verbosity=0)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")


@pytest.fixture
def league(db):
    return build_league(SMALL, seed=3)


def test_backup_restores_every_page_of_a_built_league_into_an_empty_database(
    league, client, tmp_path
):
    assert CasualtyTick.objects.exists() and Development.objects.exists()
    before_pages, before_counts = snapshot(client), counts()
    path = tmp_path / "liga.json.gz"
    call_command("backup_league", str(path), stdout=open("/dev/null", "w"))  # noqa: SIM115

    empty_database()
    assert not Match.objects.exists() and not User.objects.exists()
    call_command("restore_league", str(path), stdout=open("/dev/null", "w"))  # noqa: SIM115

    assert counts() == before_counts
    after_pages = snapshot(client)
    assert after_pages.keys() == before_pages.keys()
    for url, text in before_pages.items():
        assert after_pages[url] == text, url


def test_backup_file_is_portable_json_with_the_league_and_its_users(league, tmp_path):
    path = tmp_path / "liga.json.gz"
    call_command("backup_league", str(path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    document = json.loads(gzip.decompress(path.read_bytes()))
    models = {row["model"] for row in document["objects"]}
    assert {
        "league.user",
        "league.season",
        "roster.team",
        "roster.player",
        "matches.match",
        "matches.casualtytick",
        "matches.development",
    } <= models
    assert "sessions.session" not in models
    assert sum(1 for row in document["objects"] if row["model"] == "roster.player") == (
        Player.objects.count()
    )


def test_restore_refuses_a_database_that_already_holds_a_league(league, tmp_path):
    path = tmp_path / "liga.json.gz"
    call_command("backup_league", str(path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    matches = Match.objects.count()
    with pytest.raises(CommandError, match="nicht leer"):
        call_command("restore_league", str(path))
    assert Match.objects.count() == matches


@pytest.mark.django_db
def test_restore_refuses_a_file_that_is_no_backup(tmp_path):
    path = tmp_path / "kaputt.json.gz"
    path.write_bytes(gzip.compress(b'{"hello": 1}'))
    with pytest.raises(CommandError, match="keine Sicherung"):
        call_command("restore_league", str(path))


# --- a league worked on through Verwaltung, and broken files (issue 26) ----------------------


def every_table() -> dict[str, list]:
    """Every row of every backed-up table, with its id, as Django serializes it."""
    from django.core import serializers

    return {
        model._meta.label: serializers.serialize(
            "python", model._base_manager.order_by("pk"), use_natural_foreign_keys=True
        )
        for model in backed_up_models()
    }


def work_through_verwaltung(client) -> None:
    """What an admin does in Verwaltung: a coach login and a renamed team (admin log entries)."""
    from django.contrib.admin.models import LogEntry

    admin = User.objects.create_superuser("verwalterin", "v@example.org", "pw-123456")
    client.force_login(admin)
    response = client.post(
        reverse("admin:league_user_add"),
        {
            "username": "neuer-coach",
            "password1": "ein-langes-Passwort-42",
            "password2": "ein-langes-Passwort-42",
            "usable_password": "true",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    coach = User.objects.get(username="neuer-coach")
    response = client.post(
        reverse("admin:league_user_change", args=[coach.pk]),
        {
            "username": "neuer-coach",
            "first_name": "Neu",
            "last_name": "Coach",
            "email": "neu@example.org",
            "is_active": "on",
            "date_joined_0": "2026-01-01",
            "date_joined_1": "12:00:00",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    client.logout()
    assert LogEntry.objects.count() >= 2


def backup_to(tmp_path):
    path = tmp_path / "liga.json.gz"
    call_command("backup_league", str(path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    return path


def test_a_league_worked_on_through_verwaltung_restores_with_every_table_equal(
    league, client, tmp_path
):
    work_through_verwaltung(client)
    before_tables, before_pages = every_table(), snapshot(client)
    path = backup_to(tmp_path)

    empty_database()
    call_command("restore_league", str(path), stdout=open("/dev/null", "w"))  # noqa: SIM115

    after_tables = every_table()
    assert after_tables.keys() == before_tables.keys()
    for table, rows in before_tables.items():
        assert after_tables[table] == rows, table
    assert snapshot(client) == before_pages


def test_a_backup_with_the_log_entries_first_still_restores(league, client, tmp_path):
    """Files written before the dependency order put Verwaltung's log entries first."""
    work_through_verwaltung(client)
    path = backup_to(tmp_path)
    document = json.loads(gzip.decompress(path.read_bytes()))
    document["objects"].sort(key=lambda row: row["model"] != "admin.logentry")
    path.write_bytes(gzip.compress(json.dumps(document).encode()))
    before = every_table()

    empty_database()
    call_command("restore_league", str(path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert every_table() == before


def truncate(path):
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def rewrite(path, change):
    document = json.loads(gzip.decompress(path.read_bytes()))
    change(document)
    path.write_bytes(gzip.compress(json.dumps(document).encode()))


def without_objects(document):
    del document["objects"]


def dangling_team(document):
    player = next(row for row in document["objects"] if row["model"] == "roster.player")
    player["fields"]["team"] = 99999


def duplicate_season_number(document):
    seasons = [row for row in document["objects"] if row["model"] == "league.season"]
    seasons[1]["fields"]["number"] = seasons[0]["fields"]["number"]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (truncate, "unvollständig"),
        (lambda path: rewrite(path, without_objects), "keine Datensätze"),
        (lambda path: rewrite(path, dangling_team), "Team 99999, der in der Sicherung fehlt"),
        (lambda path: rewrite(path, duplicate_season_number), "kommt doppelt vor"),
    ],
    ids=["truncated", "no-objects", "dangling-team", "duplicate-season-number"],
)
def test_a_broken_backup_gets_a_german_message_and_leaves_the_database_as_it_was(
    league, tmp_path, damage, message
):
    path = backup_to(tmp_path)
    damage(path)
    empty_database()
    with pytest.raises(CommandError, match=message):
        call_command("restore_league", str(path))
    assert not any(counts().values())
