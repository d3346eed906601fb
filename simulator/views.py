"""The simulators' index page; each game has its own package (``ball``, ``baa``)."""

from django.contrib.auth.decorators import login_not_required
from django.shortcuts import render
from django.views.decorators.http import require_safe


@require_safe
@login_not_required
def index(request):
    return render(request, "simulator/index.html")
