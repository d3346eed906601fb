from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST
from simple_history.admin import SimpleHistoryAdmin

from config.numbers import parse_id
from matches.models import Match

from . import services
from .models import POINTS_FIELDS, Season, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    """Admins set a coach's e-mail address (for notifications and password reset) and his
    public name when they create the account."""

    list_display = ["username", "public_name", "email", "is_staff"]
    fieldsets = [
        *BaseUserAdmin.fieldsets,
        (gettext_lazy("Auf der Seite"), {"fields": ["public_name"]}),
    ]
    add_fieldsets = [
        (
            None,
            {
                "classes": ["wide"],
                "fields": ["username", "email", "public_name", "password1", "password2"],
            },
        )
    ]


@admin.register(Season)
class SeasonAdmin(SimpleHistoryAdmin):
    """Seasons start only through "Nächste Saison starten"; points are editable while current."""

    list_display = ["__str__", "is_current", "started_at", *POINTS_FIELDS]
    readonly_fields = ["number", "is_current", "started_at", "started_by"]
    filter_horizontal = ["teams"]
    change_list_template = "admin/league/season/change_list.html"
    fieldsets = [
        (None, {"fields": ["number", "is_current", "started_at", "started_by"]}),
        (gettext_lazy("Punkte"), {"fields": list(POINTS_FIELDS)}),
        (gettext_lazy("Teams"), {"fields": ["teams"]}),
    ]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and not obj.is_current:
            # A closed season keeps its points.
            fields += list(POINTS_FIELDS)
        return fields

    def get_urls(self):
        start = self.admin_site.admin_view(require_POST(self.start_next_season_view))
        return [path("starten/", start, name="league_season_start"), *super().get_urls()]

    def changelist_view(self, request, extra_context=None):
        # The start button names the season it closes, so a second click is recognised.
        current = Season.objects.current()
        extra_context = {**(extra_context or {}), "closing": current.number if current else 0}
        return super().changelist_view(request, extra_context)

    def start_next_season_view(self, request):
        if not self.has_change_permission(request):
            raise PermissionDenied
        closing = request.POST.get("closing", "")
        try:
            number = 0 if closing == "0" else parse_id(closing)  # 0: no season ran yet
            if number is None:
                raise ValidationError(_("Bitte die Seite neu laden und noch einmal starten."))
            season = services.start_next_season(by=request.user, closing=number)
        except ValidationError as error:
            self.message_user(request, " ".join(error.messages), messages.ERROR)
        else:
            lapsed = Match.objects.lapsed().filter(season__number=season.number - 1).count()
            text = _("%(season)s hat begonnen.") % {"season": season}
            if lapsed:
                text += " " + ngettext(
                    "%(count)d offenes Spiel der alten Saison ist verfallen.",
                    "%(count)d offene Spiele der alten Saison sind verfallen.",
                    lapsed,
                ) % {"count": lapsed}
            self.message_user(request, text, messages.SUCCESS)
        return redirect("admin:league_season_changelist")
