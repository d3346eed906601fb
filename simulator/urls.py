from django.urls import path

from . import views
from .baa import play_urls

app_name = "simulator"

urlpatterns = [
    path("", views.index, name="index"),
    path("ball/", views.ball, name="ball"),
    path("ball/neu/", views.ball_new, name="ball-new"),
    path("ball/zug/", views.ball_action, name="ball-action"),
    path("ball/zurueck/", views.ball_undo, name="ball-undo"),
    path("baa/", views.baa, name="baa"),
]

urlpatterns += play_urls.urlpatterns
