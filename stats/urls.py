from django.urls import path

from . import views

app_name = "stats"

urlpatterns = [
    path("saisons/", views.season_archive, name="season-archive"),
    path("saisons/bestenlisten/", views.leaders, name="leaders"),
]
