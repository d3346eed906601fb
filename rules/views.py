import hashlib

from django.contrib.auth.decorators import login_not_required
from django.db.models import Count, Prefetch
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from config.pagecache import fragments, pages

from .models import (
    HandbookBlock,
    HandbookSection,
    Position,
    PositionSkill,
    Race,
    RuleTableRow,
    Skill,
)


@require_safe
@login_not_required
def race_list(request):
    races = Race.objects.annotate(position_total=Count("positions")).order_by("name")
    return render(request, "rules/race_list.html", {"races": races})


@require_safe
@login_not_required
def race_detail(request, slug: str):
    race = get_object_or_404(
        Race.objects.select_related("journeyman_position").prefetch_related(
            Prefetch("positions", queryset=Position.objects.for_display().order_by("order", "pk"))
        ),
        slug=slug,
    )
    return render(request, "rules/race_detail.html", {"race": race})


@require_safe
@login_not_required
@pages.for_readers(fragments.REFERENCE)
def handbook(request):
    blocks = HandbookBlock.objects.select_related("table").prefetch_related(
        Prefetch("table__rows", queryset=RuleTableRow.objects.order_by("order", "pk"))
    )
    sections = HandbookSection.objects.prefetch_related(Prefetch("blocks", queryset=blocks))
    # The querysets run only when the cached page is missing: it changes only when an admin
    # edits the handbook or the reference data (config/pagecache/fragments.py).
    return render(
        request,
        "rules/handbook.html",
        {
            "sections": fragments.lazy(lambda: list(sections)),
            "stunty_table": fragments.lazy(Position.objects.stunty_by_race),
            "journeyman_races": fragments.lazy(Race.objects.with_journeyman),
            **fragments.fragment_context(request, fragments.REFERENCE),
        },
    )


def _search_query(request) -> str:
    return request.GET.get("q", "").strip()[:60]


@require_safe
@login_not_required
def skill_list(request):
    """The skills reference. Its list arrives lazily (htmx); without JS, ?alle=1 or ?q= shows it."""
    query = _search_query(request)
    context = {"query": query, "lazy": not (query or "alle" in request.GET)}
    if not context["lazy"]:
        context["groups"], context["traits"] = Skill.objects.search(query).grouped()
    return render(request, "rules/skill_list.html", context)


@require_safe
@login_not_required
def skill_list_fragment(request):
    query = _search_query(request)
    groups, traits = Skill.objects.search(query).grouped()
    return render(
        request,
        "rules/skill_list.html#skill-list",
        {"groups": groups, "traits": traits, "query": query},
    )


@require_safe
@login_not_required
def skill_detail(request, slug: str):
    skill = get_object_or_404(Skill.objects.select_related("category"), slug=slug)
    starting = (
        PositionSkill.objects.filter(skill=skill)
        .select_related("position__race")
        .order_by("position__race__name", "position__order")
    )
    return render(request, "rules/skill_detail.html", {"skill": skill, "starting": starting})


OFFLINE_PAGES = ("rules:handbook", "rules:skill-list", "rules:skill-list-fragment")
OFFLINE_STATIC = (
    "css/app.css",
    "js/app.js",
    "js/confirm.js",
    "js/skills.js",
    "img/favicon.svg",
    "django_htmx/htmx-2.min.js",
)


@require_safe
@login_not_required
@cache_control(no_cache=True, max_age=0)
def service_worker(request):
    """The service worker that keeps the handbook and the skills reference usable offline."""
    urls = [reverse(name) for name in OFFLINE_PAGES] + [static(path) for path in OFFLINE_STATIC]
    version = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:12]
    return render(
        request,
        "rules/sw.js",
        {"precache": urls, "version": version, "static_prefix": static("")},
        content_type="text/javascript; charset=utf-8",
    )
