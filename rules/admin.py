from django.contrib import admin
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from .models import (
    HandbookBlock,
    HandbookSection,
    Keyword,
    Position,
    PositionSkill,
    Race,
    RuleTable,
    RuleTableRow,
    Skill,
    SkillCategory,
)


@admin.register(SkillCategory)
class SkillCategoryAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "name_de", "order"]
    list_editable = ["order"]


class HasExplanationFilter(admin.SimpleListFilter):
    title = _("Erklärung")
    parameter_name = "erklaert"

    def lookups(self, request, model_admin):
        return [("ja", _("vorhanden")), ("nein", _("fehlt"))]

    def queryset(self, request, queryset):
        if self.value() == "ja":
            return queryset.exclude(explanation="")
        if self.value() == "nein":
            return queryset.filter(explanation="")
        return queryset


@admin.register(Skill)
class SkillAdmin(admin.ModelAdmin):
    list_display = ["name", "name_de", "category", "is_trait", "gainable_in_sevens", "explained"]
    list_filter = ["category", "is_trait", "gainable_in_sevens", HasExplanationFilter]
    search_fields = ["name", "name_de", "explanation"]
    prepopulated_fields = {"slug": ["name"]}
    list_select_related = ["category"]
    fields = [
        "name",
        "name_de",
        "slug",
        "category",
        "is_trait",
        "gainable_in_sevens",
        "parameter_hint",
        "explanation",
    ]

    @admin.display(boolean=True, description=_("Erklärt"))
    def explained(self, obj: Skill) -> bool:
        return obj.has_explanation


@admin.register(Keyword)
class KeywordAdmin(admin.ModelAdmin):
    list_display = ["name", "is_role"]
    search_fields = ["name"]

    @admin.display(boolean=True, description=_("Rolle"))
    def is_role(self, obj: Keyword) -> bool:
        return obj.is_role


class PositionInline(admin.TabularInline):
    model = Position
    fields = ["order", "name", "max_count", "ma", "st", "ag", "pa", "av"]
    extra = 0
    show_change_link = True
    ordering = ["order", "pk"]


@admin.register(Race)
class RaceAdmin(admin.ModelAdmin):
    list_display = ["name", "tier", "position_count", "journeyman_position"]
    list_filter = ["tier"]
    search_fields = ["name", "positions__name"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [PositionInline]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("journeyman_position")
            .annotate(position_total=Count("positions"))
        )

    @admin.display(description=_("Positionen"), ordering="position_total")
    def position_count(self, obj: Race) -> int:
        return obj.position_total

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "journeyman_position":
            race_id = request.resolver_match.kwargs.get("object_id")
            queryset = Position.objects.select_related("race")
            kwargs["queryset"] = queryset.filter(race_id=race_id) if race_id else queryset.none()
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class PositionSkillInline(admin.TabularInline):
    model = PositionSkill
    fields = ["order", "skill", "parameter"]
    extra = 1
    autocomplete_fields = ["skill"]


class StuntyFilter(admin.SimpleListFilter):
    title = _("Kümmerlich (Stunty)")
    parameter_name = "stunty"

    def lookups(self, request, model_admin):
        return [("ja", _("ja")), ("nein", _("nein"))]

    def queryset(self, request, queryset):
        if self.value() in {"ja", "nein"}:
            return queryset.filter(stunty=self.value() == "ja")
        return queryset


@admin.register(Position)
class PositionAdmin(admin.ModelAdmin):
    list_display = ["name", "race", "max_count", "ma", "st", "ag", "pa", "av", "stunty_flag"]
    list_filter = ["race", "keywords", StuntyFilter]
    search_fields = ["name", "race__name"]
    list_select_related = ["race"]
    filter_horizontal = ["primary_categories", "secondary_categories", "keywords"]
    inlines = [PositionSkillInline]
    fields = [
        "race",
        "name",
        "order",
        "max_count",
        ("ma", "st", "ag", "pa", "av"),
        "primary_categories",
        "secondary_categories",
        "keywords",
    ]

    def get_queryset(self, request):
        return super().get_queryset(request).with_annotations()

    @admin.display(boolean=True, description=_("Kümmerlich"), ordering="stunty")
    def stunty_flag(self, obj: Position) -> bool:
        return obj.is_stunty


class RuleTableRowInline(admin.TabularInline):
    model = RuleTableRow
    fields = ["order", "roll_min", "roll_max", "cell_1", "cell_2", "cell_3", "house_note"]
    extra = 0


@admin.register(RuleTable)
class RuleTableAdmin(admin.ModelAdmin):
    list_display = ["title", "key", "dice", "kind"]
    list_filter = ["kind"]
    search_fields = ["title", "rows__cell_2", "rows__cell_3"]
    inlines = [RuleTableRowInline]


class HandbookBlockInline(admin.StackedInline):
    model = HandbookBlock
    fields = [("order", "kind"), "title", "body", ("table", "generated")]
    extra = 0


@admin.register(HandbookSection)
class HandbookSectionAdmin(admin.ModelAdmin):
    list_display = ["title", "slug", "order"]
    list_editable = ["order"]
    prepopulated_fields = {"slug": ["title"]}
    inlines = [HandbookBlockInline]
    view_on_site = True


@admin.register(HandbookBlock)
class HandbookBlockAdmin(admin.ModelAdmin):
    list_display = ["__str__", "section", "kind", "table", "generated"]
    list_filter = ["kind", "section"]
    search_fields = ["title", "body"]
    list_select_related = ["section", "table"]
