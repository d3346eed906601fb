"""Teams: the list, a squad page and its download, founding a team with its first squad."""

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from config.exports import export_response, in_german
from config.numbers import parse_id
from config.pagecache import fragments, pages
from league.services import found_team
from matches import squad
from rules.models import Race

from ..forms import PlayerRowFormSet, TeamForm, initial_rows
from ..models import MAX_PLAYERS, MIN_PLAYERS, Team
from .squad_page import render_squad_page, retired_players, squad_scopes


@require_safe
@login_not_required
def team_list(request):
    teams = (
        Team.objects.select_related("race", "coach")
        .annotate(roster_size=Count("players", filter=Q(players__retired_on__isnull=True)))
        .order_by("name")
    )
    return render(request, "roster/team_list.html", {"teams": teams})


@require_safe
@login_not_required
@pages.for_readers(fragments.STRUCTURE, params=("entlassen",), scopes_for=squad_scopes)
def team_detail(request, pk: int):
    """The squad: players on the roster with skills and status; the retired players load on
    demand (?entlassen=1, as an htmx fragment or inline without JavaScript)."""
    team = fragments.cached(
        "team",
        lambda: get_object_or_404(
            Team.objects.select_related("race__journeyman_position", "coach"), pk=pk
        ),
        pk,
        scopes=(fragments.STRUCTURE,),
    )
    if "entlassen" in request.GET and request.htmx:
        return render(
            request,
            "roster/team_detail.html#retired",
            {"team": team, "retired": retired_players(team)},
        )
    return render_squad_page(request, team)


@require_safe
@login_not_required
@in_german
def team_export(request, pk: int, fmt: str):
    """The squad (players on the roster, with current skills and status) as CSV or JSON."""
    team = get_object_or_404(Team.objects.select_related("race"), pk=pk)
    roster = squad.roster_now(team)
    header = [
        _("Nummer"),
        _("Name"),
        _("Position"),
        _("Fertigkeiten"),
        _("Status"),
        _("Primär"),
        _("Sekundär"),
    ]

    def status(player) -> str:
        return str(player.status.label) if player.status else ""

    def categories(player) -> tuple[str, str]:
        codes = player.category_codes()
        return codes if codes else (_("unbeschränkt"), _("unbeschränkt"))

    rows = (
        [
            player.number,
            player.name,
            player.position.name,
            ", ".join(entry.label for entry in player.skills_now),
            status(player),
            *categories(player),
        ]
        for player in roster
    )
    return export_response(fmt, _("kader-%(team)s") % {"team": slugify(team.name)}, header, rows)


@require_safe
def team_create_race(request):
    """Step 1: pick the race (fixed once the team exists)."""
    return render(request, "roster/team_create_race.html", {"races": Race.objects.order_by("name")})


@require_http_methods(["GET", "HEAD", "POST"])
def team_create(request, race_slug: str):
    """Step 2: one form with the name and at least 7 player rows, saved only if all limits hold."""
    race = get_object_or_404(Race.objects.select_related("journeyman_position"), slug=race_slug)
    limit_errors: list[str] = []
    if request.method == "POST":
        team_form = TeamForm(request.POST)
        formset = PlayerRowFormSet(request.POST, race=race, prefix="spieler")
        raw = request.POST.get("remove_row")
        removed = 0 if raw == "0" else parse_id(raw)  # a row index; 0 is the first row
        if "add_row" in request.POST or removed is not None:
            if removed is not None and removed >= MIN_PLAYERS:
                rows = formset.rows_as_initial(without=removed)
            else:
                rows = formset.rows_as_initial()
                if len(rows) < MAX_PLAYERS:
                    rows.append(_next_row(race, rows))
            team_form = TeamForm(initial={"name": request.POST.get("name", "")})
            formset = PlayerRowFormSet(initial=rows, race=race, prefix="spieler")
        elif team_form.is_valid() and formset.is_valid():
            try:
                team = found_team(
                    name=team_form.cleaned_data["name"],
                    race=race,
                    coach=request.user,
                    players=formset.specs(),
                )
            except ValidationError as error:
                limit_errors = error.messages
            else:
                messages.success(request, _("Team „%(name)s“ angelegt.") % {"name": team.name})
                return redirect(team)
    else:
        team_form = TeamForm()
        formset = PlayerRowFormSet(initial=initial_rows(race), race=race, prefix="spieler")
    return render(
        request,
        "roster/team_create.html",
        {
            "race": race,
            "team_form": team_form,
            "formset": formset,
            "limit_errors": limit_errors,
            "max_players": MAX_PLAYERS,
            "min_players": MIN_PLAYERS,
        },
    )


def _next_row(race: Race, rows: list[dict]) -> dict:
    """One more row: the journeyman position and the lowest number not yet typed."""
    taken = {str(row.get("number")) for row in rows}
    number = next(n for n in range(1, 100) if str(n) not in taken)
    return {**initial_rows(race, 1)[0], "number": number}
