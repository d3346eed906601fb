import json

from django.conf import settings
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
from .offline_content import content_version


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


# What the service worker keeps for use without signal: pages cached on install, the path
# prefixes whose pages it keeps once visited, and the static files those pages need.
OFFLINE_PAGES = (
    "rules:handbook",
    "rules:skill-list",
    "rules:skill-list-fragment",
    "league:standings",
    "rules:offline",
)
# The matches' pages too: a coach's match and its entry form, opened online, work offline.
OFFLINE_KEPT = ("rules:handbook", "rules:skill-list", "league:standings", "matches:match-list")
OFFLINE_STATIC = (
    "css/app.css",
    "js/app.js",
    "js/confirm.js",
    "js/skills.js",
    "js/drafts.js",
    "js/result-development.js",
    "img/favicon.svg",
    "django_htmx/htmx-2.min.js",
)
# The worker's parts, one module per concern (static/js/sw/); each is loaded by importScripts.
# Each concern of the worker in its own file: offline pages (issue 22), Web Push (notifications).
WORKER_MODULES = ("js/sw/offline.js", "js/sw/push.js")


def offline_precache() -> list[str]:
    """Every URL the service worker caches on install, static files under their hashed names."""
    pages = [reverse(name) for name in OFFLINE_PAGES]
    skills = [skill.get_absolute_url() for skill in Skill.objects.order_by("slug")]
    return pages + skills + [static(path) for path in (*OFFLINE_STATIC, *WORKER_MODULES)]


@require_safe
@login_not_required
@cache_control(no_cache=True, max_age=0)
def service_worker(request):
    """The service worker that keeps the handbook, the skills reference and the table usable
    offline. Its cache is versioned by a hash of the content it keeps (rules/offline.py): a
    change of it makes a new worker, which drops the old caches; no change, no new worker."""
    precache = offline_precache()
    version = content_version(static_paths=(*OFFLINE_STATIC, *WORKER_MODULES), pages=precache)
    return render(
        request,
        "rules/sw.js",
        {
            "version": version,
            "precache_json": json.dumps(precache),
            "offline_page": reverse("rules:offline"),
            # STATIC_URL, not static(""): the manifest storage has no entry for "".
            "static_prefix": settings.STATIC_URL,
            "kept_prefixes_json": json.dumps([reverse(name) for name in OFFLINE_KEPT]),
            "modules": [static(path) for path in WORKER_MODULES],
        },
        content_type="text/javascript; charset=utf-8",
    )


@require_safe
@login_not_required
def offline(request):
    """What the service worker shows without signal for a page it has not kept."""
    return render(request, "rules/offline.html")
