"""Players: his page, adding, changing (the position only before his first match), retiring,
deleting (only without a match entry) and his skill categories."""

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from matches import squad
from rules.models import SkillCategory

from .. import services
from ..forms import PlayerCategoriesForm, PlayerEditForm, PlayerForm
from .squad_page import at_player, editable_player, editable_team, render_squad_page


@require_safe
@login_not_required
def player_detail(request, pk: int, player_pk: int):
    """A player's page: what he is now, and his history (matches, casualties, developments)."""
    player = squad.player_page(team_pk=pk, player_pk=player_pk)
    return render(
        request,
        "roster/player_detail.html",
        {
            "player": player,
            "team": player.team,
            "skills_now": player.skills_now,
            "history": player.history,
            "can_edit": player.team.is_editable_by(request.user),
        },
    )


@require_http_methods(["GET", "HEAD", "POST"])
def player_create(request, pk: int):
    team = editable_team(request, pk)
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


@require_http_methods(["GET", "HEAD", "POST"])
def player_update(request, pk: int, player_pk: int):
    """Name, number and, before his first match, the position."""
    player = editable_player(request, pk, player_pk)
    played = squad.first_match(player)
    locked = played.label() if played is not None else None
    initial = {"name": player.name, "number": player.number, "position": player.position_id}
    if request.method == "POST":
        form = PlayerEditForm(
            request.POST, initial=initial, race=player.team.race, locked_since=locked
        )
        if form.is_valid():
            try:
                squad.change_player(player=player, **form.cleaned_data)
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, _("%(player)s gespeichert.") % {"player": player})
                return redirect(player)
    else:
        form = PlayerEditForm(initial=initial, race=player.team.race, locked_since=locked)
    return render(
        request,
        "roster/player_form.html",
        {"team": player.team, "form": form, "player": player},
        status=400 if form.is_bound else 200,
    )


@require_POST
def player_retire(request, pk: int, player_pk: int):
    player = editable_player(request, pk, player_pk)
    try:
        services.retire_player(player=player, on=timezone.localdate())
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(player)s wurde entlassen.") % {"player": player})
    return redirect(player.team)


@require_POST
def player_delete(request, pk: int, player_pk: int):
    player = editable_player(request, pk, player_pk)
    team = player.team
    try:
        squad.delete_player(player=player)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(player)s wurde gelöscht.") % {"player": player})
    return redirect(team)


@require_POST
def player_categories(request, pk: int, player_pk: int):
    """ "Aus Vorlage übernehmen" records the position's categories, "unbeschränkt" clears them,
    "Selbst festlegen" records the coach's own primary and secondary sets."""
    player = editable_player(request, pk, player_pk)
    form = PlayerCategoriesForm(
        request.POST, player=player, categories=list(SkillCategory.objects.all())
    )
    if not form.is_valid():
        return render_squad_page(request, player.team, categories_form=form, status=400)
    mode = form.cleaned_data["mode"]
    if mode == "vorlage":
        player.copy_categories_from_position()
        text = _("Kategorien von %(player)s aus der Vorlage übernommen.")
    elif mode == "eigene":
        player.set_categories(primary=form.chosen("primary"), secondary=form.chosen("secondary"))
        text = _("Kategorien von %(player)s gespeichert.")
    else:
        player.clear_categories()
        text = _("%(player)s ist wieder unbeschränkt.")
    messages.success(request, text % {"player": player}, extra_tags=at_player(player))
    return redirect(player)
