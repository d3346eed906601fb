from django.contrib import admin

from .models import Cancellation, CasualtyTick, Development, Match


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


class CancellationInline(admin.TabularInline):
    """History of the cancellations; the time is corrected on the match page."""

    model = Cancellation
    fields = ["team", "appointment", "cancelled_at", "no_show", "recorded_by", "forfeit_undone_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Read-only overview: results are entered and corrected on the site ("Bearbeiten"), where
    the same rules hold for admins as for coaches."""

    list_display = [
        "__str__",
        "season",
        "round",
        "scheduled_at",
        "played_at",
        "forfeited_by",
        "conceded_by",
        "entered_by",
        "version",
    ]
    list_filter = ["season"]
    search_fields = ["home__name", "away__name"]
    list_select_related = ["season", "home", "away", "conceded_by", "forfeited_by", "entered_by"]
    inlines = [CasualtyTickInline, DevelopmentInline, CancellationInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def view_on_site(self, obj):
        return obj.get_absolute_url()
