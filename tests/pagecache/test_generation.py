"""The generation of the tokens (config/pagecache/fragments.py): a process keeps the tokens it read
while the generation stands, so a repeated page reads one value from the shared cache instead of
every token of its scopes, and a renewal anywhere (another worker, another server) reaches the
next request here."""

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.cache import caches
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from config.pagecache import fragments


def in_another_process(code: str, *scopes: str) -> str:
    """Run `code` (with `fragments` and `scopes`) in another worker: its own memory, the same
    shared cache; what it prints."""
    shared = settings.CACHES["default"]
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "CACHE_KEY_PREFIX": shared.get("KEY_PREFIX", ""),
    }
    if shared["BACKEND"].endswith("FileBasedCache"):
        env["CACHE_DIR"] = shared["LOCATION"]
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, django; django.setup(); from config.pagecache import fragments; "
            f"scopes = sys.argv[1:]; {code}",
            *scopes,
        ],
        env=env,
        check=True,
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
    ).stdout.strip()


def renew_in_another_process(*scopes: str) -> None:
    in_another_process("fragments.renew(*scopes)", *scopes)


def tokens_in_another_process(*scopes: str) -> str:
    return in_another_process("print(fragments.tokens(*scopes))", *scopes)


def shared_reads(monkeypatch) -> list[str]:
    """The keys read from the shared cache from now on (get and get_many)."""
    shared = caches["default"]
    read = []
    get, get_many = shared.get, shared.get_many

    def spy_get(key, *args, **kwargs):
        read.append(key)
        return get(key, *args, **kwargs)

    def spy_get_many(keys, *args, **kwargs):
        keys = list(keys)
        read.extend(keys)
        return get_many(keys, *args, **kwargs)

    monkeypatch.setattr(shared, "get", spy_get)
    monkeypatch.setattr(shared, "get_many", spy_get_many)
    return read


def queries_of(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/tabelle/", "/spiele/", "/regelheft/"])
def test_a_repeated_page_reads_the_generation_and_no_token(league, monkeypatch, url):
    visitor = Client()
    visitor.get(url)
    read = shared_reads(monkeypatch)
    visitor.get(url)
    about_tokens = [key for key in read if key.startswith("pagecache:")]
    assert about_tokens == [fragments.GENERATION_KEY]


@pytest.mark.django_db
def test_a_repeated_match_page_reads_the_generation_and_no_token(league, monkeypatch):
    match = league[1].home_matches.get()
    visitor = Client()
    visitor.get(match.get_absolute_url())
    read = shared_reads(monkeypatch)
    visitor.get(match.get_absolute_url())
    assert [key for key in read if key.startswith("pagecache:")] == [fragments.GENERATION_KEY]


@pytest.mark.django_db
def test_a_renewal_in_another_process_rebuilds_the_page_here_on_the_next_request(league):
    season, _home, _away = league
    visitor = Client()
    visitor.get("/tabelle/")
    visitor.get("/regelheft/")
    assert queries_of(visitor, "/tabelle/") == 0  # kept, with the season's token

    renew_in_another_process(fragments.season_scope(season.pk))

    assert queries_of(visitor, "/tabelle/") > 0  # rebuilt: the new token was read
    assert queries_of(visitor, "/regelheft/") == 0  # its scope was not renewed: still kept


def test_a_token_renewed_in_another_process_is_read_at_once_here():
    scope = fragments.team_scope(7)
    before = fragments.tokens(scope)
    assert fragments.tokens(scope) == before  # kept under the generation
    renew_in_another_process(scope)
    assert fragments.tokens(scope) != before


def test_a_lost_generation_keeps_the_tokens_and_starts_a_new_one():
    scope = fragments.season_scope(3)
    before = fragments.tokens(scope)
    caches["default"].delete(fragments.GENERATION_KEY)  # evicted, or the cache was cleared
    assert fragments.tokens(scope) == before  # read again, unchanged: nothing to rebuild
    assert caches["default"].get(fragments.GENERATION_KEY) is not None


def test_tokens_are_kept_per_generation_so_a_renewal_here_is_read_at_once():
    scope, other = fragments.match_scope(5), fragments.match_scope(6)
    before, other_before = fragments.tokens(scope), fragments.tokens(other)
    fragments.renew(scope)
    assert fragments.tokens(scope) != before
    assert fragments.tokens(other) == other_before


def test_until_the_commit_only_the_writing_request_uses_new_tokens(transactional_db):
    scope = fragments.season_scope(41)
    before = fragments.tokens(scope)
    fragments._request_started()  # the writing request
    try:
        with transaction.atomic():
            fragments.renew(scope)
            own = fragments.tokens(scope)
            assert own != before  # the writer never reads what his change outdated
            # every other request keeps the old token until the commit: nothing they build from
            # the data before it is built again under a token renewed too early
            assert tokens_in_another_process(scope) == before
        after = fragments.tokens(scope)
    finally:
        fragments._request_finished()
    assert after not in (before, own)
    assert tokens_in_another_process(scope) == after


def test_a_write_rolled_back_renews_nothing_for_the_others(transactional_db):
    scope = fragments.team_scope(42)
    before = fragments.tokens(scope)
    fragments._request_started()
    try:
        with pytest.raises(RuntimeError), transaction.atomic():
            fragments.renew(scope)
            raise RuntimeError("refused")
    finally:
        fragments._request_finished()
    assert fragments.tokens(scope) == before
    assert tokens_in_another_process(scope) == before


def test_the_tokens_kept_by_a_process_are_bounded_and_stay_right(monkeypatch):
    monkeypatch.setattr(fragments, "_KEEP_AT_MOST", 2)
    scopes = [fragments.team_scope(pk) for pk in (1, 2, 3, 4)]
    first = [fragments.tokens(scope) for scope in scopes]
    assert len(fragments._known[1]) <= 2
    assert fragments.tokens(*scopes) == ".".join(first)  # read again where dropped, unchanged
    assert len(fragments._known[1]) <= len(scopes)
