from django.urls import path, re_path

from . import views

app_name = "matches"

urlpatterns = [
    path("", views.match_list, name="match-list"),
    path("neu/", views.match_create, name="match-create"),
    re_path(r"^export\.(?P<fmt>csv|json)$", views.match_export, name="match-export"),
    path("anlegen/", views.match_new, name="match-new"),
    path("spielplan/", views.schedule, name="schedule"),
    path("kalender.ics", views.calendar_league, name="calendar-league"),
    path("kalender/team-<int:team_pk>.ics", views.calendar_team, name="calendar-team"),
    path("spielplan/erzeugen/", views.schedule_generate, name="schedule-generate"),
    path("<int:pk>/", views.match_detail, name="match-detail"),
    path("<int:pk>/bearbeiten/", views.match_update, name="match-update"),
    path("<int:pk>/termin/", views.appointment_set, name="appointment-update"),
    path("<int:pk>/absagen/", views.match_cancel, name="match-cancel"),
    path("<int:pk>/nicht-erschienen/", views.match_no_show, name="match-no-show"),
    path("<int:pk>/loeschen/", views.match_delete, name="match-delete"),
    path("<int:pk>/kampflos-zuruecknehmen/", views.forfeit_undo, name="forfeit-undo"),
    path(
        "<int:pk>/absagen/<int:cancellation_pk>/zeit/",
        views.cancellation_correct,
        name="cancellation-update",
    ),
    path("<int:pk>/bestaetigen/", views.match_confirm, name="match-confirm"),
    path("<int:pk>/einwand/", views.match_dispute, name="match-dispute"),
    path(
        "<int:pk>/entwicklung/<int:team_pk>/",
        views.development_save,
        name="development-create",
    ),
    path(
        "<int:pk>/entwicklung/<int:team_pk>/auswahl/",
        views.development_options,
        name="development-options",
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
