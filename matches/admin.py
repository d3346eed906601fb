from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import CasualtyTick, Development, Match


class CasualtyTickInline(admin.TabularInline):
    model = CasualtyTick
    fields = ["player", "kind"]
    readonly_fields = fields
    extra = 0
    can_delete = False


class DevelopmentInline(admin.TabularInline):
    """History of the developments; they are chosen and reset on the match page."""

    model = Development
    fields = ["team", "choice", "player", "category", "skill", "bonus_skill", "rolls", "reset_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False


class DisputedFilter(admin.SimpleListFilter):
    """The admins' list of results a coach objected to."""

    title = _("Einwand")
    parameter_name = "bestritten"

    def lookups(self, request, model_admin):
        return [("ja", _("mit Einwand")), ("nein", _("ohne Einwand"))]

    def queryset(self, request, queryset):
        if self.value() == "ja":
            return queryset.disputed()
        if self.value() == "nein":
            return queryset.filter(disputed_at__isnull=True)
        return queryset


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Read-only overview: results are entered and corrected on the site ("Bearbeiten"), where
    the same rules hold for admins as for coaches."""

    list_display = [
        "__str__",
        "season",
        "played_at",
        "entered_by",
        "confirmed_by",
        "disputed_by",
        "dispute_note",
        "version",
    ]
    list_filter = [DisputedFilter, "season"]
    search_fields = ["home__name", "away__name"]
    list_select_related = [
        "season",
        "home",
        "away",
        "conceded_by",
        "entered_by",
        "confirmed_by",
        "disputed_by",
    ]
    inlines = [CasualtyTickInline, DevelopmentInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def view_on_site(self, obj):
        return obj.get_absolute_url()
