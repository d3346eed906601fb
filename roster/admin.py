"""Teams and players in the admin, bound by the same roster rules as the squad pages.

Admins may correct what coaches cannot (a player's position, a retirement, a skill by hand),
but never into a squad the league forbids: every change is checked as a whole by the roster
services, and a skill granted by hand follows the development rules.
"""

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet
from django.utils.translation import gettext as _
from simple_history.admin import SimpleHistoryAdmin

from config.numbers import parse_id
from league.services import enroll_in_current_season
from matches.skills import grant_errors
from matches.squad import first_match

from . import services
from .models import Player, PlayerSkill, Team
from .names import NameField


class NormalisedNameAdmin:
    """Names typed in the admin are normalised like everywhere else (roster/names.py)."""

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if db_field.name == "name":
            return db_field.formfield(form_class=NameField, **kwargs)
        return super().formfield_for_dbfield(db_field, request, **kwargs)


def _position_error(player: Player) -> str | None:
    """A player keeps his position once he has played (the rule of `matches.squad`)."""
    if first_match(player) is not None:
        return _("%(player)s hat schon gespielt: die Position bleibt fest.") % {"player": player}
    return None


class RosterFormSet(BaseInlineFormSet):
    """The team's players as one roster: the limits hold for the result of all rows."""

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        team = self.instance
        shown, roster, errors = set(), [], []
        for form in self.forms:
            if form.instance.pk:
                shown.add(form.instance.pk)
            if not form.cleaned_data or self._should_delete_form(form):
                continue
            data = form.cleaned_data
            if form.instance.pk and "position" in form.changed_data:
                original = Player.objects.get(pk=form.instance.pk)
                error = _position_error(original)
                if error:
                    errors.append(error)
            if data.get("retired_on") is None and data.get("position") is not None:
                roster.append((data["number"], data["position"]))
        if team.pk:
            others = team.roster().exclude(pk__in=shown).select_related("position")
            roster += [(p.number, p.position) for p in others]
        errors += services.squad_errors(race=team.race, players=roster)
        if errors:
            raise ValidationError(errors)


class PlayerInline(NormalisedNameAdmin, admin.TabularInline):
    model = Player
    formset = RosterFormSet
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

    def _changeform_view(self, request, object_id, form_url, extra_context):
        # Inside the admin's transaction, before the forms are checked: two admins saving the
        # same squad are checked one after the other.
        if request.method == "POST" and parse_id(object_id) is not None:
            Team.objects.lock(parse_id(object_id))
        return super()._changeform_view(request, object_id, form_url, extra_context)

    def get_inlines(self, request, obj):
        # A new team gets its first squad on the site ("Team gründen"), checked there.
        return self.inlines if obj is not None else []

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if not change:
            enroll_in_current_season(team=obj)

    def save_formset(self, request, form, formset, change):
        players = formset.save()
        for player in players:
            if player in formset.new_objects:
                services.copy_starting_skills(player)

    def get_readonly_fields(self, request, obj=None):
        # The race is fixed once the team exists.
        return ["race"] if obj else []


class GrantedSkillFormSet(BaseInlineFormSet):
    """Skills by hand: only new ones "von Hand vergeben", following the development rules."""

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        player, granted, errors = self.instance, [], []
        for form in self.forms:
            if not form.cleaned_data or self._should_delete_form(form):
                continue
            if not form.has_changed():
                continue
            data = form.cleaned_data
            if data.get("source") != PlayerSkill.Source.GAINED:
                errors.append(
                    _("Start-Fertigkeiten kommen von der Position; von Hand nur „%(source)s“.")
                    % {"source": PlayerSkill.Source.GAINED.label}
                )
            elif data.get("skill") is not None and "skill" in form.changed_data:
                granted.append(data["skill"])
        errors += grant_errors(player, granted)
        if errors:
            raise ValidationError(errors)


class PlayerSkillInline(admin.TabularInline):
    model = PlayerSkill
    formset = GrantedSkillFormSet
    fields = ["skill", "parameter", "source", "order"]
    extra = 0
    autocomplete_fields = ["skill"]


class PlayerAdminForm(forms.ModelForm):
    """A player's position, number and retirement: checked against his team's roster."""

    class Meta:
        model = Player
        fields = [
            "name",
            "number",
            "position",
            "categories_recorded",
            "primary_categories",
            "secondary_categories",
            "retired_on",
            "created_at",
        ]

    def clean(self):
        data = super().clean()
        player = self.instance
        if not player.pk or not {"position", "number", "retired_on"} & set(self.changed_data):
            return data
        position, number = data.get("position"), data.get("number")
        if position is None or number is None:
            return data
        errors = []
        if "position" in self.changed_data:
            error = _position_error(Player.objects.get(pk=player.pk))
            if error:
                errors.append(error)
        if data.get("retired_on") is None:
            others = player.team.roster().exclude(pk=player.pk).select_related("position")
            roster = [(p.number, p.position) for p in others] + [(number, position)]
            errors += services.squad_errors(race=player.team.race, players=roster)
        if errors:
            raise ValidationError(errors)
        return data


@admin.register(Player)
class PlayerAdmin(NormalisedNameAdmin, SimpleHistoryAdmin):
    form = PlayerAdminForm
    list_display = ["name", "number", "team", "position", "retired_on"]
    list_filter = ["team", "position__race"]
    search_fields = ["name", "team__name"]
    list_select_related = ["team", "position"]
    readonly_fields = ["team"]
    filter_horizontal = ["primary_categories", "secondary_categories"]
    inlines = [PlayerSkillInline]

    def has_add_permission(self, request):
        # Players join a squad on the team's page (site or admin), where the roster is checked.
        return False

    def _changeform_view(self, request, object_id, form_url, extra_context):
        # The squad's lock, taken before the form checks the roster (see TeamAdmin).
        if request.method == "POST" and parse_id(object_id) is not None:
            team = (
                Player.objects.filter(pk=parse_id(object_id))
                .values_list("team_id", flat=True)
                .first()
            )
            if team is not None:
                Team.objects.lock(team)
        return super()._changeform_view(request, object_id, form_url, extra_context)
