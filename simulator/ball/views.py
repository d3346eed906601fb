"""The BALL pages: the game (two people on one device or one against the computer) and the
rules.

The game lives in the session. A visitor who only looks gets the default game drawn without
anything being stored; the session is written once they act (the first POST). Every POST works
without JavaScript (redirect back to the page) and with htmx (the game partial is swapped in
place); the selection of the action being built travels in the query string.
"""

from django.contrib.auth.decorators import login_not_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from . import choice, presentation, rules, services
from .forms import (
    BALL_LEVELS,
    BALL_MODES,
    BallActionForm,
    BallFromHereForm,
    BallLinkGameForm,
    BallLoadForm,
    BallNewGameForm,
    BallVersionForm,
)

SESSION_KEY = "simulator_ball"
_STALE_NOTICE = _(
    "Diese Partie wurde inzwischen in einem anderen Tab oder Fenster weitergespielt. "
    "Hier ist der aktuelle Stand."
)


def _load_ball(request) -> services.BallGame:
    data = request.session.get(SESSION_KEY)
    if data:
        try:
            return services.BallGame.from_session(data)
        except ValueError:
            pass  # a game stored by an older engine version: start afresh
    return services.default_game()


def _save_ball(request, game: services.BallGame) -> None:
    request.session[SESSION_KEY] = game.to_session()


def _number(raw: str | None, *, limit: int) -> int | None:
    """A non-negative count from the query string: ASCII digits only, at most ``limit``."""
    if not raw or len(raw) > 4 or not raw.isascii() or not raw.isdigit():
        return None
    value = int(raw)
    return value if value <= limit else None


def _new_form_for(game: services.BallGame) -> BallNewGameForm:
    level = next((k for k, v in BALL_LEVELS.items() if v == game.level), "leicht")
    mode = next((k for k, v in BALL_MODES.items() if v == game.computer), "computer-gast")
    options = game.record.options
    return BallNewGameForm(
        initial={
            "mode": mode,
            "level": level,
            "target_score": options.target_score,
            "card_mode": options.card_mode,
        }
    )


def _render_ball(
    request,
    game: services.BallGame,
    *,
    selection: choice.Selection | None = None,
    position: int | None = None,
    touchdown: int | None = None,
    error: services.BallInputError | None = None,
    new_form: BallNewGameForm | None = None,
    load_form: BallLoadForm | None = None,
    typed: str = "",
    notice: str = "",
    status: int = 200,
):
    level = next((k for k, v in BALL_LEVELS.items() if v == game.level), "schwer")
    context = {
        "game": game,
        "view": presentation.ball_view(
            game=game,
            selection=selection,
            position=position,
            touchdown=touchdown,
            base_url=reverse("simulator:ball"),
        ),
        "error": error,
        "stale": isinstance(error, services.StaleGame),
        "notice": notice,
        "typed": typed,
        "new_form": new_form or _new_form_for(game),
        "link_form": BallLinkGameForm(prefix="link"),
        "load_form": load_form or BallLoadForm(),
        "urls": {
            "page": reverse("simulator:ball"),
            "action": reverse("simulator:ball-action"),
            "undo": reverse("simulator:ball-undo"),
        },
        "level_label": dict(BallNewGameForm.base_fields["level"].choices)[level],
    }
    template = "simulator/ball.html#game" if request.htmx else "simulator/ball.html"
    return render(request, template, context, status=status)


def _after_post(request, game: services.BallGame, *, since: int):
    """htmx swaps the fresh game in; a plain form post goes back to the page (PRG). A touchdown
    among the new actions is announced first, on the board as it stood when it was scored."""
    touchdown = presentation.first_touchdown(game, since)
    if request.htmx:
        return _render_ball(request, game, touchdown=touchdown)
    url = reverse("simulator:ball")
    return redirect(f"{url}?tor={touchdown}" if touchdown is not None else url)


@require_safe
@login_not_required
def ball(request):
    """The game. ``v`` is the version the page showed when the link was made: when the game
    has moved on since (another tab played), the page says so and drops the half-built action.
    With ``pruefen`` it only checks: 204 (nothing to do) while the version is current."""
    game = _load_ball(request)
    shown = request.GET.get("v", "")[:40]
    if shown and shown != game.version:
        notice = _STALE_NOTICE
        return _render_ball(request, game, notice=str(notice))
    if "pruefen" in request.GET:
        return HttpResponse(status=204)
    limit = len(game.record.actions)
    return _render_ball(
        request,
        game,
        selection=choice.Selection.from_query(request.GET),
        position=_number(request.GET.get("stellung"), limit=limit),
        touchdown=_number(request.GET.get("tor"), limit=limit),
    )


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
        computer=form.computer_side(),
    )
    _save_ball(request, game)
    return _after_post(request, game, since=0)


@require_POST
@login_not_required
def ball_action(request):
    game = _load_ball(request)
    form = BallActionForm(request.POST)
    typed = request.POST.get("zug", "")[:40]
    if form.is_valid():
        try:
            played = services.ball_play(
                game=game,
                notation=form.cleaned_data["zug"],
                version=form.cleaned_data["version"],
            )
        except services.BallInputError as exc:
            error = exc
        else:
            _save_ball(request, played)
            return _after_post(request, played, since=len(game.record.actions))
    else:
        first = next(iter(form.errors.values()))[0]
        error = services.BallInputError(first)
    if isinstance(error, services.StaleGame):
        typed = ""
    # htmx only swaps successful responses; without JS the page says 400 (409: stale page).
    status = 200 if request.htmx else 409 if isinstance(error, services.StaleGame) else 400
    return _render_ball(request, game, error=error, typed=typed, status=status)


@require_POST
@login_not_required
def ball_undo(request):
    game = _load_ball(request)
    form = BallVersionForm(request.POST)
    version = form.cleaned_data["version"] if form.is_valid() else "?"
    try:
        game = services.ball_undo(game=game, version=version)
    except services.StaleGame as exc:
        return _render_ball(request, game, error=exc, status=200 if request.htmx else 409)
    _save_ball(request, game)
    return _after_post(request, game, since=len(game.record.actions))


@require_safe
@login_not_required
def ball_rules(request):
    return render(request, "simulator/ball_rules.html", {"diagrams": rules.diagrams()})


@require_POST
@login_not_required
def ball_load(request):
    """Load a downloaded game record into the analysis board (two people on this device), at its
    first position, to step through it."""
    form = BallLoadForm(request.POST, request.FILES)
    game = _load_ball(request)
    if form.is_valid():
        try:
            loaded = services.ball_load(text=form.cleaned_data["record_text"])
        except services.BallInputError as exc:
            form.add_error("text", exc.message)
        else:
            _save_ball(request, loaded)
            url = reverse("simulator:ball")
            if not loaded.record.actions:
                return redirect(url)
            return redirect(f"{url}?stellung=0")
    return _render_ball(request, game, load_form=form, status=400)


@require_POST
@login_not_required
def ball_from_here(request):
    """Play on from the position being looked at (the actions after it are dropped)."""
    game = _load_ball(request)
    form = BallFromHereForm(request.POST)
    if not form.is_valid():
        return redirect("simulator:ball")
    try:
        game = services.ball_from_position(game=game, position=form.cleaned_data["stellung"])
    except services.BallInputError as exc:
        return _render_ball(request, game, error=exc, status=200 if request.htmx else 400)
    _save_ball(request, game)
    return _after_post(request, game, since=len(game.record.actions))
