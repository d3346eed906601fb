from django.urls import path, re_path

from . import views

app_name = "league"

urlpatterns = [
    path("", views.home, name="home"),
    path("tabelle/", views.standings, name="standings"),
    re_path(
        r"^tabelle/export\.(?P<fmt>csv|json)$", views.standings_export, name="standings-export"
    ),
]
