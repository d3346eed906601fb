from django.urls import path

from . import views

app_name = "stats"

urlpatterns = [
    path("saisons/", views.season_archive, name="season-archive"),
    path("saisons/bestenlisten/", views.leaders, name="leaders"),
    path("saisons/elo/", views.ratings, name="ratings"),
    path("saisons/teams/<int:pk>/", views.team_record, name="team-record"),
    path("saisons/coaches/<int:pk>/", views.coach_detail, name="coach-detail"),
    path("saisons/spieler/<int:pk>/", views.player_career_page, name="player-career-page"),
    path("teams/<int:pk>/kader-drucken/", views.roster_sheet_page, name="roster-sheet-page"),
]
