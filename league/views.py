from django.contrib.auth.decorators import login_not_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rules.models import Race


@require_GET
@login_not_required
def home(request):
    return render(request, "league/home.html", {"race_count": Race.objects.count()})
