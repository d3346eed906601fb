from django.urls import path, re_path

from . import views

app_name = "roster"

urlpatterns = [
    path("", views.team_list, name="team-list"),
    path("neu/", views.team_create_race, name="team-create-race"),
    path("neu/<slug:race_slug>/", views.team_create, name="team-create"),
    path("<int:pk>/", views.team_detail, name="team-detail"),
    re_path(r"^(?P<pk>[0-9]+)/kader\.(?P<fmt>csv|json)$", views.team_export, name="team-export"),
    path("<int:pk>/spieler/neu/", views.player_create, name="player-create"),
    path("<int:pk>/spieler/<int:player_pk>/entlassen/", views.player_retire, name="player-retire"),
    path("<int:pk>/spieler/<int:player_pk>/loeschen/", views.player_delete, name="player-delete"),
    path(
        "<int:pk>/spieler/<int:player_pk>/ausfall/",
        views.casualty_record_create,
        name="casualty-record-create",
    ),
    path(
        "<int:pk>/ausfall/<int:record_pk>/entfernen/",
        views.casualty_record_delete,
        name="casualty-record-delete",
    ),
    path(
        "<int:pk>/spieler/<int:player_pk>/kategorien/",
        views.player_categories,
        name="player-categories",
    ),
]
