"""The BALL page: a game against the computer kept in the session.

Every POST works without JavaScript (redirect back to the page) and with htmx (the board partial
is swapped in place).
"""

from django.contrib.auth.decorators import login_not_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from . import presentation, services
from .forms import BALL_LEVELS, BallActionForm, BallNewGameForm

SESSION_KEY = "simulator_ball"


@require_safe
@login_not_required
def index(request):
    return render(request, "simulator/index.html")


def _load_ball(request) -> services.BallGame:
    data = request.session.get(SESSION_KEY)
    if data:
        try:
            return services.BallGame.from_session(data)
        except ValueError:
            pass  # a game stored by an older engine version: start afresh
    game = services.ball_new_game(level="easy")
    _save_ball(request, game)
    return game


def _save_ball(request, game: services.BallGame) -> None:
    request.session[SESSION_KEY] = game.to_session()


def _render_ball(
    request,
    game: services.BallGame,
    *,
    selected: str | None = None,
    error: services.BallInputError | None = None,
    new_form: BallNewGameForm | None = None,
    typed: str = "",
    status: int = 200,
):
    level = next((k for k, v in BALL_LEVELS.items() if v == game.level), "schwer")
    options = game.record.options
    context = {
        "game": game,
        "view": presentation.ball_view(game=game, selected=selected),
        "error": error,
        "typed": typed,
        "new_form": new_form
        or BallNewGameForm(
            initial={
                "level": level,
                "target_score": options.target_score,
                "card_mode": options.card_mode,
            }
        ),
        "level_label": dict(BallNewGameForm.base_fields["level"].choices)[level],
    }
    template = "simulator/ball.html#board" if request.htmx else "simulator/ball.html"
    return render(request, template, context, status=status)


def _after_post(request, game: services.BallGame):
    """htmx swaps the fresh board in; a plain form post goes back to the page (PRG)."""
    if request.htmx:
        return _render_ball(request, game)
    return redirect("simulator:ball")


@require_safe
@login_not_required
def ball(request):
    game = _load_ball(request)
    return _render_ball(request, game, selected=request.GET.get("feld"))


@require_POST
@login_not_required
def ball_new(request):
    form = BallNewGameForm(request.POST)
    if not form.is_valid():
        game = _load_ball(request)
        return _render_ball(request, game, new_form=form, status=200 if request.htmx else 400)
    game = services.ball_new_game(
        card_mode=form.cleaned_data["card_mode"],
        level=form.engine_level(),
        target_score=form.cleaned_data["target_score"],
    )
    _save_ball(request, game)
    return _after_post(request, game)


@require_POST
@login_not_required
def ball_action(request):
    game = _load_ball(request)
    form = BallActionForm(request.POST)
    typed = request.POST.get("zug", "")[:40]
    if form.is_valid():
        try:
            game = services.ball_play(game=game, notation=form.cleaned_data["zug"])
        except services.BallInputError as exc:
            error = exc
        else:
            _save_ball(request, game)
            return _after_post(request, game)
    else:
        error = services.BallInputError(form.errors["zug"][0])
    # htmx only swaps successful responses; without JS the page says 400 Bad Request.
    return _render_ball(
        request, game, error=error, typed=typed, status=200 if request.htmx else 400
    )


@require_POST
@login_not_required
def ball_undo(request):
    game = services.ball_undo(game=_load_ball(request))
    _save_ball(request, game)
    return _after_post(request, game)
