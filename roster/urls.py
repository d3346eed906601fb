from django.urls import path, re_path

from . import views

app_name = "roster"

urlpatterns = [
    path("", views.team_list, name="team-list"),
    path("neu/", views.team_create_race, name="team-create-race"),
    path("neu/<slug:race_slug>/", views.team_create, name="team-create"),
    path("<int:pk>/", views.team_detail, name="team-detail"),
    # at most 19 digits: a database key; thousands of digits would make int() fail (500)
    re_path(
        r"^(?P<pk>[0-9]{1,19})/kader\.(?P<fmt>csv|json)$", views.team_export, name="team-export"
    ),
    path("<int:pk>/spieler/neu/", views.player_create, name="player-create"),
    path("<int:pk>/spieler/<int:player_pk>/", views.player_detail, name="player-detail"),
    path("<int:pk>/spieler/<int:player_pk>/bearbeiten/", views.player_update, name="player-update"),
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
    path("<int:pk>/hass/<str:key>/", views.hatred_answer, name="hatred-answer"),
    path(
        "<int:pk>/spieler/<int:player_pk>/kategorien/",
        views.player_categories,
        name="player-categories",
    ),
]
