from django.urls import path

from . import views
from .baa import play_views
from .baa import views as baa_views
from .ball import link_views
from .ball import views as ball_views

app_name = "simulator"

urlpatterns = [
    path("", views.index, name="index"),
    path("ball/", ball_views.ball, name="ball"),
    path("ball/neu/", ball_views.ball_new, name="ball-new"),
    path("ball/zug/", ball_views.ball_action, name="ball-action"),
    path("ball/zurueck/", ball_views.ball_undo, name="ball-undo"),
    path("ball/regeln/", ball_views.ball_rules, name="ball-rules"),
    path("ball/laden/", ball_views.ball_load, name="ball-load"),
    path("ball/ab-hier/", ball_views.ball_from_here, name="ball-from-here"),
    path("ball/link/neu/", link_views.ball_link_new, name="ball-link-new"),
    path("ball/link/<str:token>/", link_views.ball_link, name="ball-link"),
    path("ball/link/<str:token>/stand/", link_views.ball_link_state, name="ball-link-state"),
    path("ball/link/<str:token>/zug/", link_views.ball_link_action, name="ball-link-action"),
    path("ball/link/<str:token>/aufgeben/", link_views.ball_link_resign, name="ball-link-resign"),
    path(
        "ball/link/<str:token>/zuruecknahme/",
        link_views.ball_link_undo_ask,
        name="ball-link-undo-ask",
    ),
    path(
        "ball/link/<str:token>/zuruecknahme/antwort/",
        link_views.ball_link_undo_answer,
        name="ball-link-undo-answer",
    ),
    path("ball/link/<str:token>/revanche/", link_views.ball_link_rematch, name="ball-link-rematch"),
    path("ball/link/<str:token>/partie.txt", link_views.ball_link_text, name="ball-link-text"),
    path("ball/link/<str:token>/partie.json", link_views.ball_link_json, name="ball-link-json"),
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
