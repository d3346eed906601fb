"""The file cache (config/cache_backends.py, the shared cache of one machine without Redis) counts
its files only at every 50th write of a process, and still culls as Django's backend does."""

from pathlib import Path

from config.cache_backends import FileBasedCache


def file_cache(folder: Path, **options) -> FileBasedCache:
    return FileBasedCache(str(folder), {"OPTIONS": options})


def test_a_write_lists_the_cache_directory_only_every_fiftieth_time(tmp_path, monkeypatch):
    cache = file_cache(tmp_path)
    listings = []
    original = cache._list_cache_files
    monkeypatch.setattr(cache, "_list_cache_files", lambda: listings.append(1) or original())
    for number in range(100):
        cache.set(f"token:{number}", "a" * 32, None)
    assert len(listings) == 2


def test_the_directory_is_still_culled_past_max_entries(tmp_path):
    cache = file_cache(tmp_path, MAX_ENTRIES=20, CULL_FREQUENCY=2)
    for number in range(300):
        cache.set(f"page:{number}", "<p>", None)
    files = list(tmp_path.glob("*.djcache"))
    assert len(files) <= 20 + cache.cull_every
    assert cache.get("page:299") == "<p>"  # the latest write is kept: culling comes before it


def test_values_come_back_as_written(tmp_path):
    cache = file_cache(tmp_path)
    cache.set_many({"a": "1", "b": ("text/html", (b"<p>", b"slot"))}, None)
    assert cache.get_many(["a", "b"]) == {"a": "1", "b": ("text/html", (b"<p>", b"slot"))}
