from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import Notification, Preference


class StateFilter(admin.SimpleListFilter):
    title = _("Zustand")
    parameter_name = "zustand"

    def lookups(self, request, model_admin):
        return [
            ("failed", _("endgültig fehlgeschlagen")),
            ("retrying", _("wird erneut versucht")),
            ("pending", _("wartet")),
            ("sent", _("gesendet")),
        ]

    def queryset(self, request, queryset):
        value = self.value()
        if value == "failed":
            return queryset.failed()
        if value == "retrying":
            return queryset.pending().filter(attempts__gt=0)
        if value == "pending":
            return queryset.pending()
        if value == "sent":
            return queryset.exclude(sent_at=None)
        return queryset


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """Every notification with its delivery: failures and retries are visible here."""

    list_display = (
        "subject",
        "recipient",
        "channel",
        "kind",
        "due_at",
        "sent_at",
        "attempts",
        "failed_at",
        "last_error",
    )
    list_filter = (StateFilter, "channel", "kind")
    search_fields = ("subject", "recipient__username", "recipient__email")
    readonly_fields = [field.name for field in Notification._meta.fields]
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False


@admin.register(Preference)
class PreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "mode")
    list_filter = ("kind", "mode")
