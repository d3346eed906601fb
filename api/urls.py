from django.urls import re_path

from . import views

app_name = "api"

urlpatterns = [
    re_path(r"^feeds/ergebnisse\.(?P<fmt>atom|rss)$", views.results_feed, name="results-feed"),
    re_path(
        r"^feeds/team-(?P<team_pk>[0-9]+)/ergebnisse\.(?P<fmt>atom|rss)$",
        views.team_results_feed,
        name="team-results-feed",
    ),
]
