from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from config.exports import export_response
from league.services import found_team
from matches.forms import CasualtyRecordForm
from matches.models import CasualtyRecord, Match
from matches.records import record_casualty, remove_casualty_record
from matches.skills import current_skills, with_skill_history
from matches.status import journeymen_needed, suspended_for_next_match
from rules.models import Race

from . import services
from .forms import PlayerForm, PlayerRowFormSet, TeamForm, initial_rows
from .models import MAX_PLAYERS, Player, Team


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
def team_detail(request, pk: int):
    team = get_object_or_404(Team.objects.select_related("race", "coach"), pk=pk)
    return _team_page(request, team)


def _team_page(request, team: Team, *, record_form=None, status: int = 200):
    """The squad page; `record_form` is a refused casualty record, shown at its player."""
    players = list(
        with_skill_history(team.players.for_roster_page()).prefetch_related(
            Prefetch(
                "casualty_records",
                queryset=CasualtyRecord.objects.select_related("season").order_by("happened_at"),
            )
        )
    )
    roster = [p for p in players if not p.is_retired]
    unavailable = suspended_for_next_match(team)
    can_edit = team.is_editable_by(request.user)
    for player in roster:
        player.status = unavailable.get(player.pk)
        player.skills_now = current_skills(player)
        if can_edit:
            refused = record_form is not None and record_form.player.pk == player.pk
            player.record_form = record_form if refused else CasualtyRecordForm(player=player)
    return render(
        request,
        "roster/team_detail.html",
        {
            "team": team,
            "roster": roster,
            "retired": [p for p in players if p.is_retired],
            "journeymen": journeymen_needed(
                team, roster_pks=[p.pk for p in roster], unavailable=unavailable
            ),
            "journeyman_position": team.race.journeyman_position,
            "can_edit": can_edit,
            "roster_full": len(roster) >= MAX_PLAYERS,
            "appointments": Match.objects.for_team(team)
            .upcoming()
            .select_related("season", "home", "away"),
        },
        status=status,
    )


@require_POST
def casualty_record_create(request, pk: int, player_pk: int):
    """🏥 or 💀 by hand for an injury outside a match."""
    team = _editable_team(request, pk)
    player = get_object_or_404(team.players.active(), pk=player_pk)
    form = CasualtyRecordForm(request.POST, player=player)
    if form.is_valid():
        try:
            record = record_casualty(
                player=player,
                kind=form.cleaned_data["kind"],
                day=form.cleaned_data["day"],
                note=form.cleaned_data["note"],
                by=request.user,
            )
        except ValidationError as error:
            form.add_error("day", error)
        else:
            messages.success(
                request,
                _("%(symbol)s für %(player)s eingetragen.")
                % {"symbol": record.symbol, "player": player},
            )
            return redirect(player)
    return _team_page(request, team, record_form=form, status=400)


@require_POST
def casualty_record_delete(request, pk: int, record_pk: int):
    team = _editable_team(request, pk)
    record = get_object_or_404(
        CasualtyRecord.objects.select_related("player__team"), pk=record_pk, player__team=team
    )
    remove_casualty_record(record=record, by=request.user)
    messages.success(
        request,
        _("%(symbol)s für %(player)s entfernt.")
        % {"symbol": record.symbol, "player": record.player},
    )
    return redirect(record.player)


@require_safe
@login_not_required
def team_export(request, pk: int, fmt: str):
    """The squad (players on the roster, with current skills and status) as CSV or JSON."""
    team = get_object_or_404(Team.objects.select_related("race"), pk=pk)
    roster = [p for p in with_skill_history(team.players.for_roster_page()) if not p.is_retired]
    unavailable = suspended_for_next_match(team)
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
        casualty = unavailable.get(player.pk)
        return str(casualty.label) if casualty else ""

    def categories(player) -> tuple[str, str]:
        codes = player.category_codes()
        return codes if codes else (_("unbeschränkt"), _("unbeschränkt"))

    rows = (
        [
            player.number,
            player.name,
            player.position.name,
            ", ".join(entry.label for entry in current_skills(player)),
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
        if "add_row" in request.POST:
            rows = formset.rows_as_initial()
            if len(rows) < MAX_PLAYERS:
                rows.append(initial_rows(race, len(rows) + 1)[-1])
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
        },
    )


def _editable_team(request, pk: int) -> Team:
    try:
        return Team.objects.editable_by(request.user).select_related("race").get(pk=pk)
    except Team.DoesNotExist as error:
        raise Http404 from error


@require_http_methods(["GET", "HEAD", "POST"])
def player_create(request, pk: int):
    team = _editable_team(request, pk)
    if request.method == "POST":
        form = PlayerForm(request.POST, race=team.race)
        if form.is_valid():
            try:
                player = services.add_player(team=team, spec=form.spec())
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, _("%(player)s ist im Kader.") % {"player": player})
                return redirect(team)
    else:
        taken = set(team.roster().values_list("number", flat=True))
        free = next((n for n in range(1, 100) if n not in taken), None)
        form = PlayerForm(
            race=team.race,
            initial={"number": free, "position": team.race.journeyman_position_id},
        )
    return render(request, "roster/player_form.html", {"team": team, "form": form})


def _editable_player(request, pk: int, player_pk: int) -> Player:
    team = _editable_team(request, pk)
    return get_object_or_404(team.players.select_related("position", "team"), pk=player_pk)


@require_POST
def player_retire(request, pk: int, player_pk: int):
    player = _editable_player(request, pk, player_pk)
    try:
        services.retire_player(player=player, on=timezone.localdate())
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(player)s wurde entlassen.") % {"player": player})
    return redirect(player.team)


@require_POST
def player_delete(request, pk: int, player_pk: int):
    player = _editable_player(request, pk, player_pk)
    team = player.team
    try:
        services.delete_player(player=player)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(player)s wurde gelöscht.") % {"player": player})
    return redirect(team)


@require_POST
def player_categories(request, pk: int, player_pk: int):
    """ "Aus Vorlage übernehmen" records the position's categories; "unbeschränkt" clears them."""
    player = _editable_player(request, pk, player_pk)
    if request.POST.get("mode") == "vorlage":
        player.copy_categories_from_position()
        messages.success(request, _("Kategorien aus der Vorlage übernommen."))
    else:
        player.clear_categories()
        messages.success(request, _("%(player)s ist wieder unbeschränkt.") % {"player": player})
    return redirect(player.team)
