"""Two app servers against one PostgreSQL and one Redis serve the same league: a result saved
through one is in the table the other serves on the very next request."""

import re
import urllib.parse
import uuid

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.core.cache import cache
from django.db import connection

from benchmarks.servers import free_port, manage, production_env, start_gunicorn, stop
from benchmarks.site_client import SiteClient
from matches.factories import days_ago, open_season, play, squad, staff_user

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="two app servers need a shared PostgreSQL"
    ),
]
REDIS_URL = "redis://127.0.0.1:6379/0"


def redis_available() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except Exception:
        return False


@pytest.fixture
def league(transactional_db):
    from django.core.management import call_command

    from rules.models import Race

    if not Race.objects.exists():
        call_command("loaddata", "reference", "handbook", verbosity=0)
    home, away = squad(name="Hopfenfeld"), squad(name="Sieg-Säufer")
    # The servers know only the production hashers, not the tests' fast MD5.
    home.coach.password = PBKDF2PasswordHasher().encode("coach-pw-home", "twoservers")
    home.coach.save(update_fields=["password"])
    away.coach.password = PBKDF2PasswordHasher().encode("coach-pw-away", "twoservers")
    away.coach.save(update_fields=["password"])
    open_season(by=staff_user())
    play(home, away, at=days_ago(3), score=(1, 1))
    return home, away


@pytest.fixture
def two_servers(league, tmp_path):
    if not redis_available():
        pytest.skip("Redis auf 127.0.0.1:6379 fehlt")
    db = connection.settings_dict
    env = production_env(
        DATABASE_URL=f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
        f"/{db['NAME']}",
        REDIS_URL=REDIS_URL,
        CACHE_KEY_PREFIX=f"test-two-servers-{uuid.uuid4().hex}",
        STATIC_ROOT=str(tmp_path / "static"),
        CONN_MAX_AGE="600",
    )
    manage(env, "collectstatic", "--noinput", "-v0")
    servers = []
    try:
        for _ in range(2):
            port = free_port()
            servers.append((start_gunicorn(env, port=port, workers=2), f"http://127.0.0.1:{port}"))
        yield [base for _, base in servers]
    finally:
        for server, _ in servers:
            stop(server)
        cache.clear()


def points_of(page: str, team_pk: int) -> int:
    row = re.search(rf'<tr data-team="{team_pk}">.*?</tr>', page, re.S)
    return int(re.search(r'data-col="points">(\d+)<', row.group(0)).group(1))


def test_result_saved_through_one_server_is_in_the_table_of_the_other(league, two_servers):
    home, away = league
    first, second = two_servers
    reader = SiteClient(second)
    before = reader.get("/tabelle/")
    assert before.status == 200
    assert points_of(before.body, home.pk) == 1  # a draw so far, now cached on the second

    coach = SiteClient(first)
    coach.login(home.coach.username, "coach-pw-home")
    saved = coach.enter_result(home=home.pk, away=away.pk, score=(2, 0))
    assert saved.status == 302, saved.body[:2000]

    after = reader.get("/tabelle/")
    assert points_of(after.body, home.pk) == 1 + 3
    assert points_of(after.body, away.pk) == 1


def test_logged_in_coachs_stored_pages_on_the_other_server_follow_a_result(league, two_servers):
    """The other coach, logged in on the second server, has his own stored copies of the table
    and the squad pages (config/pagecache/pages.py); a result saved through the first server is
    on them at his next request, and the saving coach sees it at once on his own server."""
    home, away = league
    first, second = two_servers
    other = SiteClient(second)
    other.login(away.coach.username, "coach-pw-away")
    for _ in range(2):  # stored for him now
        assert points_of(other.get("/tabelle/").body, home.pk) == 1
    other.get("/spiele/")

    coach = SiteClient(first)
    coach.login(home.coach.username, "coach-pw-home")
    assert points_of(coach.get("/tabelle/").body, home.pk) == 1  # stored for the writer too
    saved = coach.enter_result(home=home.pk, away=away.pk, score=(1, 0))
    assert saved.status == 302, saved.body[:2000]
    match_url = saved.headers["Location"]

    assert points_of(coach.get("/tabelle/").body, home.pk) == 1 + 3
    assert points_of(other.get("/tabelle/").body, home.pk) == 1 + 3
    assert points_of(other.get("/tabelle/").body, away.pk) == 1
    path = urllib.parse.urlsplit(match_url).path
    assert f'href="{path}"' in other.get("/spiele/").body
    assert "1:0" in other.get(path).body
