"""How many bytes a phone downloads for a page: its HTML plus the CSS and JS it links, gzipped.

Used by `manage.py page_weight` (prints the figures) and by a test that keeps the handbook
under its budget.
"""

import gzip
import re
from dataclasses import dataclass

from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

ASSET = re.compile(r'(?:src|href)="(?P<url>/[^"]+\.(?:css|js))"')
BUDGET_BYTES = 100 * 1024


@dataclass(frozen=True)
class Transfer:
    url: str
    raw: int
    compressed: int


def _gzipped(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9))


def page_transfers(path: str, *, extra_paths: tuple[str, ...] = ()) -> list[Transfer]:
    """The page (and any fragments it loads) plus each linked CSS/JS file, raw and gzipped."""
    client = Client()
    transfers = []
    assets: list[str] = []
    for url in (path, *extra_paths):
        response = client.get(url)
        if response.status_code != 200:
            raise RuntimeError(f"{url} antwortet mit {response.status_code}")
        html = response.content
        transfers.append(Transfer(url, len(html), _gzipped(html)))
        assets += [m["url"] for m in ASSET.finditer(html.decode())]
    for url in dict.fromkeys(assets):
        relative = url.removeprefix("/" + settings.STATIC_URL.lstrip("/"))
        found = finders.find(relative)
        if not found:
            raise RuntimeError(f"Statische Datei nicht gefunden: {url}")
        with open(found, "rb") as handle:
            data = handle.read()
        transfers.append(Transfer(url, len(data), _gzipped(data)))
    return transfers


def total_compressed(transfers: list[Transfer]) -> int:
    return sum(t.compressed for t in transfers)
