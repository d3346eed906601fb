from django.urls import path

from . import views

app_name = "league"

urlpatterns = [
    path("", views.home, name="home"),
    path("tabelle/", views.standings, name="standings"),
]
