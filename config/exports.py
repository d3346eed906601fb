"""CSV and JSON downloads for people (a spreadsheet, a club newsletter).

CSV: semicolon-separated UTF-8 with a byte order mark, which is what spreadsheet programs in
German settings open correctly by double-click (umlauts, commas inside names). JSON: a list of
objects with the same German keys as the CSV's header row.

The keys and values are German whatever language the visitor chose for the pages (`in_german`):
a script or a spreadsheet built on one download must read the next one, and a cache in between
must not hand one language's file to the other.
"""

import csv
import functools
import json
from collections.abc import Iterable, Sequence

from django.http import HttpResponse
from django.utils import translation

DOWNLOAD_LANGUAGE = "de"

# A cell starting with one of these is run as a formula by spreadsheet programs.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(value):
    """Text typed by people (a player named "=HYPERLINK(…)") stays text: a leading apostrophe
    makes spreadsheets show it instead of running it. Numbers are left alone."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def csv_response(filename: str, header: Sequence[str], rows: Iterable[Sequence]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    response.write("\ufeff")
    writer = csv.writer(response, delimiter=";", lineterminator="\r\n")
    writer.writerow([str(name) for name in header])
    writer.writerows([spreadsheet_text(value) for value in row] for row in rows)
    return response


def json_response(filename: str, header: Sequence[str], rows: Iterable[Sequence]) -> HttpResponse:
    keys = [str(name) for name in header]
    records = [dict(zip(keys, row, strict=True)) for row in rows]
    response = HttpResponse(
        json.dumps(records, ensure_ascii=False, indent=2, default=str),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return response


def in_german(view):
    """A download view whose column names, values and file name are German for everybody: the
    view runs with German active, and the response says so (`Content-Language: de`)."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        with translation.override(DOWNLOAD_LANGUAGE):
            response = view(request, *args, **kwargs)
        response["Content-Language"] = DOWNLOAD_LANGUAGE
        return response

    return wrapper


def export_response(fmt: str, filename: str, header, rows) -> HttpResponse:
    """`fmt` is "csv" or "json" (the URL pattern allows nothing else)."""
    maker = csv_response if fmt == "csv" else json_response
    return maker(filename, header, list(rows))
