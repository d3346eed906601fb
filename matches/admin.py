from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import ValidationError
from django.template.response import TemplateResponse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from . import services
from .models import Cancellation, CasualtyTick, Development, Match
from .standings import changes_without


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


class DeletedFilter(admin.SimpleListFilter):
    title = _("gelöscht")
    parameter_name = "geloescht"

    def lookups(self, request, model_admin):
        return [("nein", _("gültig")), ("ja", _("gelöscht"))]

    def queryset(self, request, queryset):
        if self.value() == "ja":
            return queryset.deleted()
        if self.value() == "nein":
            return queryset.played()
        return queryset


@admin.register(Match)
class MatchAdmin(SimpleHistoryAdmin):
    """Read-only overview: results are entered and corrected on the site ("Bearbeiten"), where
    the same rules hold for admins as for coaches."""

    # What an admin looks for first comes first: on a phone the table scrolls sideways, and the
    # match (struck through when deleted) and a coach's objection are in view without swiping.
    list_display = [
        "match",
        "objection",
        "season",
        "round",
        "scheduled_at",
        "played_at",
        "forfeited_by",
        "conceded_by",
        "entered_by",
        "confirmed_by",
        "deleted_at",
        "version",
    ]
    list_filter = [DisputedFilter, DeletedFilter, "season"]
    actions = ["soft_delete", "restore"]
    search_fields = ["home__name", "away__name"]
    list_select_related = [
        "season",
        "home",
        "away",
        "conceded_by",
        "forfeited_by",
        "entered_by",
        "confirmed_by",
        "disputed_by",
        "deleted_by",
    ]
    inlines = [CasualtyTickInline, DevelopmentInline, CancellationInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_soft_delete_permission(self, request):
        return Match.may_be_deleted_by(request.user)

    @admin.display(description=_("Spiel"), ordering="played_at")
    def match(self, match):
        if match.is_deleted:
            return format_html(
                '<del class="match-deleted">{}</del> <strong>{}</strong>', match, _("gelöscht")
            )
        return str(match)

    @admin.display(description=_("Einwand"))
    def objection(self, match):
        if match.disputed_at is None:
            return "–"
        return format_html(
            '<span class="objection">{}: {}</span>', match.disputed_by, match.dispute_note or "–"
        )

    def _apply(self, request, queryset, workflow, done: str):
        for match in queryset.select_related("home", "away"):
            try:
                workflow(match=match, by=request.user)
            except ValidationError as error:
                self.message_user(
                    request, f"{match.label()}: {' '.join(error.messages)}", messages.ERROR
                )
            else:
                self.message_user(request, done % {"match": match.label()}, messages.SUCCESS)

    @admin.action(
        description=_("Ergebnis löschen (wiederherstellbar)"), permissions=["soft_delete"]
    )
    def soft_delete(self, request, queryset):
        """Asks first: a page naming each match and what deleting it changes in the table;
        only its "Ja, löschen" deletes."""
        if request.POST.get("post") != "yes":
            matches = list(queryset.select_related("season", "home", "away"))
            context = {
                **self.admin_site.each_context(request),
                "title": gettext("Ergebnis löschen?"),
                "opts": self.model._meta,
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
                "items": [(match, changes_without(match)) for match in matches],
            }
            return TemplateResponse(
                request, "admin/matches/match/soft_delete_confirmation.html", context
            )
        self._apply(request, queryset, services.delete_match, gettext("Gelöscht: %(match)s"))

    @admin.action(description=_("Ergebnis wiederherstellen"), permissions=["soft_delete"])
    def restore(self, request, queryset):
        self._apply(
            request, queryset, services.restore_match, gettext("Wiederhergestellt: %(match)s")
        )

    def view_on_site(self, obj):
        return obj.get_absolute_url()
