from django.urls import path, re_path

from . import views
from .caching import cached_answer
from .v1 import api as api_v1


def _cached(urls):
    """The API's URL patterns, each view public and cached like the pages (caching.py)."""
    patterns, app_name, namespace = urls
    for pattern in patterns:
        pattern.callback = cached_answer(pattern.callback)
    return patterns, app_name, namespace


app_name = "api"

urlpatterns = [
    path("api/", views.api_index, name="api-index"),
    re_path(r"^feeds/ergebnisse\.(?P<fmt>atom|rss)$", views.results_feed, name="results-feed"),
    re_path(
        r"^feeds/team-(?P<team_pk>[0-9]{1,19})/ergebnisse\.(?P<fmt>atom|rss)$",
        views.team_results_feed,
        name="team-results-feed",
    ),
]

api_v1_urls = _cached(api_v1.urls)
"""Included by config/urls.py at /api/v1/ (namespace "api-v1": Django Ninja's own)."""
