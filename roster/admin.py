from django.contrib import admin

from league.services import enroll_in_current_season

from .models import Player, PlayerSkill, Team
from .names import NameField


class NormalisedNameAdmin:
    """Names typed in the admin are normalised like everywhere else (roster/names.py)."""

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if db_field.name == "name":
            return db_field.formfield(form_class=NameField, **kwargs)
        return super().formfield_for_dbfield(db_field, request, **kwargs)


class PlayerInline(NormalisedNameAdmin, admin.TabularInline):
    model = Player
    fields = ["number", "name", "position", "retired_on"]
    extra = 0
    show_change_link = True

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "position":
            kwargs["queryset"] = db_field.related_model.objects.select_related("race")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(Team)
class TeamAdmin(NormalisedNameAdmin, admin.ModelAdmin):
    list_display = ["name", "race", "coach", "created_at"]
    list_filter = ["race"]
    search_fields = ["name", "coach__username", "players__name"]
    list_select_related = ["race", "coach"]
    inlines = [PlayerInline]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if not change:
            enroll_in_current_season(team=obj)

    def get_readonly_fields(self, request, obj=None):
        # The race is fixed once the team exists.
        return ["race"] if obj else []


class PlayerSkillInline(admin.TabularInline):
    model = PlayerSkill
    fields = ["skill", "parameter", "source", "order"]
    extra = 0
    autocomplete_fields = ["skill"]


@admin.register(Player)
class PlayerAdmin(NormalisedNameAdmin, admin.ModelAdmin):
    list_display = ["name", "number", "team", "position", "retired_on"]
    list_filter = ["team", "position__race"]
    search_fields = ["name", "team__name"]
    list_select_related = ["team", "position"]
    filter_horizontal = ["primary_categories", "secondary_categories"]
    inlines = [PlayerSkillInline]
