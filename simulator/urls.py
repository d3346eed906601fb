from django.urls import path

from . import views
from .baa import views as baa_views
from .ball import views as ball_views

app_name = "simulator"

urlpatterns = [
    path("", views.index, name="index"),
    path("ball/", ball_views.ball, name="ball"),
    path("ball/neu/", ball_views.ball_new, name="ball-new"),
    path("ball/zug/", ball_views.ball_action, name="ball-action"),
    path("ball/zurueck/", ball_views.ball_undo, name="ball-undo"),
    path("baa/", baa_views.baa, name="baa"),
]
