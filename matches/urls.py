from django.urls import path, re_path

from .views import developments, ical, open_matches, results

app_name = "matches"

urlpatterns = [
    path("", results.match_list, name="match-list"),
    path("neu/", results.match_create, name="match-create"),
    re_path(r"^export\.(?P<fmt>csv|json)$", results.match_export, name="match-export"),
    path("anlegen/", open_matches.match_new, name="match-new"),
    path("spielplan/", open_matches.schedule, name="schedule"),
    path("kalender.ics", ical.calendar_league, name="calendar-league"),
    path("kalender/team-<int:team_pk>.ics", ical.calendar_team, name="calendar-team"),
    path("spielplan/erzeugen/", open_matches.schedule_generate, name="schedule-generate"),
    path("<int:pk>/", results.match_detail, name="match-detail"),
    path("<int:pk>/bearbeiten/", results.match_update, name="match-update"),
    path("<int:pk>/termin/", open_matches.appointment_update, name="appointment-update"),
    path("<int:pk>/absagen/", open_matches.match_cancel, name="match-cancel"),
    path("<int:pk>/nicht-erschienen/", open_matches.match_no_show, name="match-no-show"),
    path("<int:pk>/loeschen/", open_matches.match_delete, name="match-delete"),
    path("<int:pk>/kampflos-zuruecknehmen/", open_matches.forfeit_undo, name="forfeit-undo"),
    path(
        "<int:pk>/absagen/<int:cancellation_pk>/zeit/",
        open_matches.cancellation_update,
        name="cancellation-update",
    ),
    path("<int:pk>/bestaetigen/", results.match_confirm, name="match-confirm"),
    path("<int:pk>/einwand/", results.match_dispute, name="match-dispute"),
    path(
        "<int:pk>/entwicklung/<int:team_pk>/",
        developments.development_create,
        name="development-create",
    ),
    path(
        "<int:pk>/entwicklung/<int:team_pk>/auswahl/",
        developments.development_options,
        name="development-options",
    ),
    path(
        "<int:pk>/entwicklung/<int:team_pk>/bonus/",
        developments.development_bonus,
        name="development-bonus",
    ),
    path(
        "<int:pk>/entwicklung/<int:team_pk>/zuruecksetzen/",
        developments.development_reset,
        name="development-reset",
    ),
]
