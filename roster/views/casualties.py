"""What the squad page records from the table: 🏥/💀 by hand for an injury outside a match
(matches/records.py), and the answer to the hatred question after a 🏥 (matches/hatred.py)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from matches.forms import CasualtyRecordForm, HatredForm
from matches.hatred import answer_hatred, casualty_of, question_for
from matches.models import CasualtyRecord
from matches.records import record_casualty, remove_casualty_record
from matches.services import AlreadyDone

from .squad_page import at_player, editable_team, render_squad_page


@require_POST
def casualty_record_create(request, pk: int, player_pk: int):
    """🏥 or 💀 by hand for an injury outside a match."""
    team = editable_team(request, pk)
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
        except AlreadyDone as done:
            messages.info(request, done.message)
            return redirect(player)
        except ValidationError as error:
            form.add_error("day", error)
        else:
            messages.success(
                request,
                _("%(symbol)s für %(player)s eingetragen.")
                % {"symbol": record.symbol, "player": player},
                extra_tags=at_player(player),
            )
            return redirect(player)
    return render_squad_page(request, team, record_form=form, status=400)


@require_POST
def hatred_answer(request, pk: int, key: str):
    """ "4+ gewürfelt?" after a 🏥: no hatred, or hatred of the race chosen."""
    team = editable_team(request, pk)
    casualty = casualty_of(team, key)
    if casualty is None:
        raise Http404
    question = question_for(casualty)
    if question is None:
        messages.info(
            request, _("Diese Frage ist schon beantwortet."), extra_tags=at_player(casualty.player)
        )
        return redirect(casualty.player)
    form = HatredForm(request.POST, question=question)
    if form.is_valid():
        try:
            hatred = answer_hatred(
                casualty=casualty,
                rolled=form.rolled,
                race=form.cleaned_data["race"] if form.rolled else None,
                by=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            if hatred.rolled:
                text = _("🤬 %(player)s hasst jetzt %(race)s (bis Saisonende).")
            else:
                text = _("Kein Hass für %(player)s eingetragen.")
            messages.success(
                request,
                text % {"player": casualty.player, "race": hatred.race},
                extra_tags=at_player(casualty.player),
            )
            return redirect(casualty.player)
    return render_squad_page(request, team, hatred_form=form, status=400)


@require_POST
def casualty_record_delete(request, pk: int, record_pk: int):
    team = editable_team(request, pk)
    record = get_object_or_404(
        CasualtyRecord.objects.select_related("player__team"), pk=record_pk, player__team=team
    )
    remove_casualty_record(record=record, by=request.user)
    messages.success(
        request,
        _("%(symbol)s für %(player)s entfernt.")
        % {"symbol": record.symbol, "player": record.player},
        extra_tags=at_player(record.player),
    )
    return redirect(record.player)
