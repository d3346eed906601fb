"""Which season a page shows: ?saison=<pk>, else the current one (for every app's views)."""

from django.http import Http404

from config.numbers import parse_id
from config.pagecache import fragments

from .models import Season


def seasons_latest_first() -> list[Season]:
    """Every season, newest first; cached until league data changes (a handful of rows)."""
    return fragments.cached(
        "seasons", lambda: list(Season.objects.latest_first()), scopes=(fragments.STRUCTURE,)
    )


def _season_ids() -> tuple[tuple[int, bool], ...]:
    """(pk, is_current) of every season, newest first: all a page's scopes need, kept as a
    tuple of numbers, which the page cache hands out without unpickling model instances."""
    return fragments.cached(
        "season-ids",
        lambda: tuple((season.pk, season.is_current) for season in seasons_latest_first()),
        scopes=(fragments.STRUCTURE,),
    )


def _chosen_pk(request) -> int | None:
    """The pk of ?saison=<pk>, else of the current season (None: no season yet); 404 for an
    unknown season."""
    ids = _season_ids()
    value = request.GET.get("saison", "")
    if not value:
        return next((pk for pk, current in ids if current), None)
    pk = parse_id(value)
    if pk is None or all(known != pk for known, _current in ids):
        raise Http404
    return pk


def season_scopes(request, *args, **kwargs) -> tuple[str, ...]:
    """The page cache's scopes of a page about the season of `season_from_request` (the table,
    the match list): that season's rows (config/pagecache/fragments.py)."""
    return (fragments.season_scope(_chosen_pk(request)),)


def season_from_request(request) -> Season | None:
    """The season named by ?saison=<pk>, else the current one; 404 for an unknown season."""
    pk = _chosen_pk(request)
    return next((season for season in seasons_latest_first() if season.pk == pk), None)
