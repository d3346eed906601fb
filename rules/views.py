from django.contrib.auth.decorators import login_not_required
from django.db.models import Count, Prefetch
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from .models import Position, Race


@require_GET
@login_not_required
def race_list(request):
    races = Race.objects.annotate(position_total=Count("positions")).order_by("name")
    return render(request, "rules/race_list.html", {"races": races})


@require_GET
@login_not_required
def race_detail(request, slug: str):
    race = get_object_or_404(
        Race.objects.select_related("journeyman_position").prefetch_related(
            Prefetch("positions", queryset=Position.objects.for_display().order_by("order", "pk"))
        ),
        slug=slug,
    )
    return render(request, "rules/race_detail.html", {"race": race})
