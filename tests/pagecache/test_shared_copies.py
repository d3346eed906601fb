"""Stored pages and fragments are shared between processes (config/cache_backends.py,
SharedCopyCache): what one worker built, another takes from the shared cache instead of building
it again, never longer than the original lives."""

import re
import time

import pytest
from django.core.cache import caches
from django.test import Client

from config.cache_backends import SharedCopyCache
from config.pagecache import fragments
from matches.factories import days_ago, play


def other_process():
    """A second worker: its own memory, the same shared cache."""
    return SharedCopyCache("elsewhere", {"OPTIONS": {"SHARED": "default"}})


def test_a_value_built_by_one_worker_is_read_by_another_without_building():
    fragments.local_cache().set("page:abc", "built once", 60)
    other = other_process()
    assert other.get("page:abc") == "built once"
    caches["default"].clear()  # now only the second worker's own memory has it
    assert other.get("page:abc") == "built once"


def test_a_shared_copy_keeps_the_expiry_of_the_original(monkeypatch):
    fragments.local_cache().set("page:soon", "until the appointment", 30)
    other = other_process()
    clock = time.time()
    monkeypatch.setattr(time, "time", lambda: clock + 31)
    assert other.get("page:soon") is None


def test_a_value_not_kept_is_not_shared():
    fragments.local_cache().set("page:personal", "his form", 0)
    assert other_process().get("page:personal") is None


def test_a_missing_value_is_missing_everywhere():
    assert other_process().get("page:never", "absent") == "absent"


@pytest.mark.django_db
def test_second_worker_serves_the_table_the_first_rebuilt_after_a_result(
    league, django_assert_num_queries
):
    _season, home, away = league
    visitor = Client()
    visitor.get("/tabelle/")
    play(home, away, at=days_ago(1), score=(2, 1))
    first = visitor.get("/tabelle/").content.decode()
    fragments.local_cache().clear()  # the next request is served by a worker that built nothing
    with django_assert_num_queries(0):
        second = visitor.get("/tabelle/").content.decode()
    per_request = re.compile(
        r'nonce="[^"]*"|"X-CSRFToken": "[^"]*"|middlewaretoken" value="[^"]*"'
    )  # filled in per request
    assert per_request.sub("", second) == per_request.sub("", first)
    assert re.search(rf'<tr data-team="{home.pk}">.*?data-col="played">2<', second, re.S)


def test_a_stored_page_is_handed_out_as_it_is_without_a_copy():
    page = ("text/html; charset=utf-8", (b"<p>", b"__slot__", b"</p>"))
    fragments.local_cache().set("page:as-is", page, 60)
    assert fragments.local_cache().get("page:as-is") is page


def test_a_value_that_can_change_is_a_copy_for_every_reader():
    fragments.local_cache().set("pagecache:rows", [{"team": "Hopfenfeld"}], 60)
    first = fragments.local_cache().get("pagecache:rows")
    first[0]["team"] = "changed by one request"
    first.append("and more")
    assert fragments.local_cache().get("pagecache:rows") == [{"team": "Hopfenfeld"}]


def test_a_tuple_holding_something_that_can_change_is_a_copy_too():
    fragments.local_cache().set("pagecache:pair", ("Hopfenfeld", ["Sieg-Säufer"]), 60)
    fragments.local_cache().get("pagecache:pair")[1].append("changed")
    assert fragments.local_cache().get("pagecache:pair") == ("Hopfenfeld", ["Sieg-Säufer"])
