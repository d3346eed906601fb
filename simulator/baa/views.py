"""The Baa page: a bot match chosen by teams, seed and bot, shown round by round."""

from django.contrib.auth.decorators import login_not_required
from django.shortcuts import render
from django.views.decorators.http import require_safe

from config.numbers import parse_id

from . import presentation, services
from .forms import BaaMatchForm


def _round_number(raw: str | None, last: int) -> int:
    """ "?runde=": 0 (the line-up) to the last round; anything else shows the last round."""
    if raw == "0":
        return 0
    number = parse_id(raw)
    return last if number is None else min(number, last)


@require_safe
@login_not_required
def baa(request):
    form = BaaMatchForm(request.GET if "teams" in request.GET else None)
    context = {"form": form}
    status = 200
    if form.is_bound and form.is_valid():
        match = services.baa_match(
            teams=form.cleaned_data["teams"],
            seed=form.cleaned_data["seed"],
            bot=form.cleaned_data["bot"],
        )
        number = _round_number(request.GET.get("runde"), match.last_round)
        activations = match.rounds[number].activations
        step = parse_id(request.GET.get("aktivierung"))
        step = min(step, len(activations)) if step and activations else None
        picture = presentation.baa_picture(match=match, number=number)
        if step is not None:
            picture = presentation.table_shapes(activations[step - 1].picture, match.districts)
        context.update(
            match=match,
            number=number,
            round=match.rounds[number],
            step=step,
            steps=len(activations),
            activation=activations[step - 1] if step else None,
            activation_name=presentation.figure_name(activations[step - 1].figure) if step else "",
            picture=picture,
            log=presentation.baa_round_log(
                match=match, number=number, detail=True, activation=step
            ),
            summary=[
                {
                    "round": r,
                    "lines": presentation.baa_round_log(match=match, number=r.number, detail=False),
                    "goals": [presentation.team_name(t) for t in r.goals],
                }
                for r in match.rounds
            ],
            teams=[
                {
                    "index": t,
                    "name": presentation.team_name(t),
                    "colour": presentation.TEAM_COLOURS[t],
                    "goals": match.result["goals"][t],
                    "winner": match.result["winner"] == t,
                }
                for t in range(match.teams)
            ],
            end_reason=presentation.end_reason(match.result["reason"]),
            query={
                "teams": match.teams,
                "seed": match.seed,
                "bot": match.bot,
            },
        )
    elif form.is_bound:
        status = 400
    template = (
        "simulator/baa.html#match" if request.htmx and "match" in context else "simulator/baa.html"
    )
    return render(request, template, context, status=status)
