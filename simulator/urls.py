from django.urls import path

from . import views
from .baa import play_views
from .baa import views as baa_views
from .ball import views as ball_views

app_name = "simulator"

urlpatterns = [
    path("", views.index, name="index"),
    path("ball/", ball_views.ball, name="ball"),
    path("ball/neu/", ball_views.ball_new, name="ball-new"),
    path("ball/zug/", ball_views.ball_action, name="ball-action"),
    path("ball/zurueck/", ball_views.ball_undo, name="ball-undo"),
    path("ball/regeln/", ball_views.ball_rules, name="ball-rules"),
    path("baa/", baa_views.baa, name="baa"),
    path("baa/partien/", play_views.baa_games, name="baa-games"),
    path("baa/partien/neu/", play_views.baa_game_new, name="baa-game-new"),
    path("baa/partie/<str:token>/", play_views.baa_game, name="baa-game"),
    path("baa/partie/<str:token>/stand/", play_views.baa_game_state, name="baa-game-state"),
    path("baa/partie/<str:token>/zug/", play_views.baa_game_input, name="baa-game-input"),
    path("baa/partie/<str:token>/bericht/", play_views.baa_game_report, name="baa-game-report"),
    path(
        "baa/partie/<str:token>/platz/<int:team>/bot/",
        play_views.baa_game_seat_bot,
        name="baa-game-seat-bot",
    ),
    path("baa/partie/<str:token>/beenden/", play_views.baa_game_give_up, name="baa-game-give-up"),
]
