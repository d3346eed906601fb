from django.urls import path, re_path

from .views import casualties, players, teams

app_name = "roster"

urlpatterns = [
    path("", teams.team_list, name="team-list"),
    path("neu/", teams.team_create_race, name="team-create-race"),
    path("neu/<slug:race_slug>/", teams.team_create, name="team-create"),
    path("<int:pk>/", teams.team_detail, name="team-detail"),
    # at most 19 digits: a database key; thousands of digits would make int() fail (500)
    re_path(
        r"^(?P<pk>[0-9]{1,19})/kader\.(?P<fmt>csv|json)$", teams.team_export, name="team-export"
    ),
    path("<int:pk>/spieler/neu/", players.player_create, name="player-create"),
    path("<int:pk>/spieler/<int:player_pk>/", players.player_detail, name="player-detail"),
    path(
        "<int:pk>/spieler/<int:player_pk>/bearbeiten/", players.player_update, name="player-update"
    ),
    path(
        "<int:pk>/spieler/<int:player_pk>/entlassen/", players.player_retire, name="player-retire"
    ),
    path("<int:pk>/spieler/<int:player_pk>/loeschen/", players.player_delete, name="player-delete"),
    path(
        "<int:pk>/spieler/<int:player_pk>/ausfall/",
        casualties.casualty_record_create,
        name="casualty-record-create",
    ),
    path(
        "<int:pk>/ausfall/<int:record_pk>/entfernen/",
        casualties.casualty_record_delete,
        name="casualty-record-delete",
    ),
    path("<int:pk>/hass/<str:key>/", casualties.hatred_answer, name="hatred-answer"),
    path(
        "<int:pk>/spieler/<int:player_pk>/kategorien/",
        players.player_categories,
        name="player-categories",
    ),
]
