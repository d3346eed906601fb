"""The app's URLs plus /bench/floor/: the yardstick every page is compared with."""

from django.contrib.auth.decorators import login_not_required
from django.shortcuts import render
from django.urls import include, path
from django.views.decorators.http import require_GET

ROWS = [
    {"rank": n, "name": f"Team {n}", "played": 10, "points": 30 - 2 * n, "td": f"{20 - n}:{n}"}
    for n in range(1, 13)
]


@require_GET
@login_not_required
def floor(request):
    """A bare view: a 12-row table from a template, no database, the full middleware stack."""
    return render(request, "bench/floor.html", {"rows": ROWS})


urlpatterns = [
    path("bench/floor/", floor, name="bench-floor"),
    path("", include("config.urls")),
]
