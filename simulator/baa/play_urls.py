"""URLs of The Baa played by people (included by ``simulator.urls``)."""

from django.urls import path

from . import play_views

urlpatterns = [
    path("baa/partien/", play_views.game_list, name="baa-games"),
    path("baa/partien/neu/", play_views.game_new, name="baa-game-new"),
    path("baa/partie/<str:token>/", play_views.game_page, name="baa-game"),
    path("baa/partie/<str:token>/stand/", play_views.game_state, name="baa-game-state"),
    path("baa/partie/<str:token>/zug/", play_views.game_input, name="baa-game-input"),
    path("baa/partie/<str:token>/bericht/", play_views.game_report, name="baa-game-report"),
    path("baa/partie/<str:token>/beenden/", play_views.game_give_up, name="baa-game-give-up"),
]
