from django.urls import path

from . import views

app_name = "matches"

urlpatterns = [
    path("", views.match_list, name="match-list"),
    path("neu/", views.match_create, name="match-create"),
    path("<int:pk>/", views.match_detail, name="match-detail"),
    path("<int:pk>/bearbeiten/", views.match_update, name="match-update"),
    path("<int:pk>/bestaetigen/", views.match_confirm, name="match-confirm"),
    path("<int:pk>/einwand/", views.match_dispute, name="match-dispute"),
    path(
        "<int:pk>/entwicklung/<int:team_pk>/",
        views.development_save,
        name="development-create",
    ),
    path(
        "<int:pk>/entwicklung/<int:team_pk>/bonus/",
        views.development_bonus,
        name="development-bonus",
    ),
    path(
        "<int:pk>/entwicklung/<int:team_pk>/zuruecksetzen/",
        views.development_reset,
        name="development-reset",
    ),
]
