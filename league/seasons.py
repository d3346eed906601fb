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


def season_scopes(request, *args, **kwargs) -> tuple[str, ...]:
    """The page cache's scopes of a page about the season of `season_from_request` (the table,
    the match list): that season's rows (config/pagecache/fragments.py)."""
    season = season_from_request(request)
    return (fragments.season_scope(season.pk if season else None),)


def season_from_request(request) -> Season | None:
    """The season named by ?saison=<pk>, else the current one; 404 for an unknown season."""
    seasons = seasons_latest_first()
    value = request.GET.get("saison", "")
    if value:
        pk = parse_id(value)
        if pk is None:
            raise Http404
        season = next((s for s in seasons if s.pk == pk), None)
        if season is None:
            raise Http404
        return season
    return next((s for s in seasons if s.is_current), None)
