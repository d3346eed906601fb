"""The pages of a BALL game on two devices ("Partie mit Link"): creating it, the page of a link
(one per side, one to watch), its polled state, the inputs, the rematch and the downloads.

A link is its token. The page polls every two seconds with htmx; the server answers 204 (nothing
to swap) while the version is unchanged. Every POST works without JavaScript (redirect back to
the page) and with htmx (the game partial is swapped in place).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from . import choice, link, presentation, services
from .forms import BallLinkGameForm, BallUndoAnswerForm, BallVersionForm
from .wording import team_label


def _visitor(request) -> str:
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def _access(token: str) -> link.LinkAccess:
    who = link.access(token)
    if who is None:
        raise Http404
    return who


def _urls(token: str) -> dict[str, str]:
    def url(name: str) -> str:
        return reverse(f"simulator:{name}", args=[token])

    return {
        "page": url("ball-link"),
        "action": url("ball-link-action"),
        "undo": url("ball-link-undo-ask"),
        "undo_ask": url("ball-link-undo-ask"),
        "undo_answer": url("ball-link-undo-answer"),
        "resign": url("ball-link-resign"),
        "rematch": url("ball-link-rematch"),
        "text": url("ball-link-text"),
        "json": url("ball-link-json"),
    }


def _result_text(result: str | None, resigned: str) -> str:
    if result is None:
        return ""
    if result == "draw":
        return _("Unentschieden.")
    winner = team_label(result)
    if resigned:
        return _("%(loser)s hat aufgegeben – %(winner)s gewinnt.") % {
            "loser": team_label(resigned),
            "winner": winner,
        }
    return _("%(winner)s gewinnt!") % {"winner": winner}


def _render(
    request,
    who: link.LinkAccess,
    *,
    token: str,
    selection: choice.Selection | None = None,
    position: int | None = None,
    touchdown: int | None = None,
    error: services.BallInputError | None = None,
    notice: str = "",
    typed: str = "",
    status: int = 200,
):
    game = who.game
    state = game.record.replay()
    result = link.result_of(who.link, state)
    urls = _urls(token)
    movers = (who.side,) if who.side and result is None else ()
    share = []
    if who.side:
        for key, label, other in (
            ("gegner", _("Link für %(team)s") % {"team": team_label(link.OTHER[who.side])}, True),
            ("zuschauen", _("Link zum Zusehen"), False),
        ):
            target = who.link.token_of(link.OTHER[who.side] if other else None)
            url = reverse("simulator:ball-link", args=[target])
            share.append({"key": key, "label": label, "url": request.build_absolute_uri(url)})
    rematch = link.rematch_token(who.link, who.side)
    asker = who.link.undo_asked_by
    context = {
        "game": game,
        "view": presentation.ball_view(
            game=game,
            selection=selection,
            position=position,
            touchdown=touchdown,
            base_url=urls["page"],
            movers=movers,
        ),
        "urls": urls,
        "link": {
            "side": who.side,
            "side_label": team_label(who.side) if who.side else "",
            "poll_url": f"{reverse('simulator:ball-link-state', args=[token])}?v={game.version}",
            "urls": urls,
            "result": result,
            "result_text": _result_text(result, who.link.resigned),
            "undo_asked_by": asker,
            "undo_asker_label": team_label(asker) if asker else "",
            "can_ask_undo": bool(who.side) and link._undo_index(game, who.side) is not None,
            "rematch_url": reverse("simulator:ball-link", args=[rematch]) if rematch else "",
            "share": share,
        },
        "error": error,
        "stale": isinstance(error, services.StaleGame),
        "notice": notice,
        "typed": typed,
    }
    template = "simulator/ball_link.html#game" if request.htmx else "simulator/ball_link.html"
    return render(request, template, context, status=status)


def _number(raw: str | None, *, limit: int) -> int | None:
    if not raw or len(raw) > 6 or not raw.isascii() or not raw.isdigit():
        return None
    value = int(raw)
    return value if value <= limit else None


@require_POST
@login_not_required
def ball_link_new(request):
    form = BallLinkGameForm(request.POST, prefix="link")
    if form.is_valid():
        try:
            game = link.create_link_game(
                visitor=_visitor(request),
                card_mode=form.cleaned_data["card_mode"],
                target_score=form.cleaned_data["target_score"],
            )
        except link.LinkError as exc:
            return render(
                request, "simulator/ball_link_new.html", {"form": form, "error": exc}, status=400
            )
        return redirect("simulator:ball-link", token=game.home_token)
    return render(request, "simulator/ball_link_new.html", {"form": form}, status=400)


@require_safe
@login_not_required
def ball_link(request, token: str):
    """The page of a link. ``v``: the version the page showed when the link was made (a page
    that fell behind is told and shown the game as it is)."""
    who = _access(token)
    game = who.game
    shown = request.GET.get("v", "")[:40]
    if shown and shown != game.version:
        return _render(
            request,
            who,
            token=token,
            notice=_("Inzwischen hat sich die Partie geändert. Hier ist der aktuelle Stand."),
        )
    if "pruefen" in request.GET:
        return HttpResponse(status=204)
    limit = len(game.record.actions)
    return _render(
        request,
        who,
        token=token,
        selection=choice.Selection.from_query(request.GET),
        position=_number(request.GET.get("stellung"), limit=limit),
        touchdown=_number(request.GET.get("tor"), limit=limit),
    )


@require_safe
@login_not_required
def ball_link_state(request, token: str):
    """The polled game: 204 while nothing changed since version ``v``, else the fresh game
    (a touchdown the other side just scored is announced first)."""
    who = _access(token)
    game = who.game
    seen = request.GET.get("v", "")[:40]
    if seen == game.version:
        return HttpResponse(status=204)
    touchdown = None
    count = _count_of(seen)
    if count is not None and count < len(game.record.actions):
        touchdown = presentation.first_touchdown(game, count)
    return _render(request, who, token=token, touchdown=touchdown)


def _count_of(version: str) -> int | None:
    """The action count in a version ("L7-12" -> 12)."""
    _head, _sep, tail = version.rpartition("-")
    return int(tail) if tail.isascii() and tail.isdigit() and len(tail) < 7 else None


def _after(request, token: str, *, since: int | None = None):
    who = _access(token)
    touchdown = None
    if since is not None:
        touchdown = presentation.first_touchdown(who.game, since)
    if request.htmx:
        return _render(request, who, token=token, touchdown=touchdown)
    url = reverse("simulator:ball-link", args=[token])
    return redirect(f"{url}?tor={touchdown}" if touchdown is not None else url)


def _refused(request, token: str, error: services.BallInputError, *, typed: str = ""):
    stale = isinstance(error, services.StaleGame)
    status = 200 if request.htmx else 409 if stale else 400
    return _render(
        request,
        _access(token),
        token=token,
        error=error,
        typed="" if stale else typed,
        status=status,
    )


@require_POST
@login_not_required
def ball_link_action(request, token: str):
    who = _access(token)
    since = len(who.game.record.actions)
    notation = request.POST.get("zug", "")[:40]
    version = request.POST.get("version", "")[:40]
    if not notation.strip():
        return _refused(
            request, token, services.BallInputError(_("Bitte gib einen Zug ein, z. B. G5-H6."))
        )
    try:
        link.play(token=token, notation=notation, version=version)
    except services.BallInputError as exc:
        return _refused(request, token, exc, typed=notation)
    return _after(request, token, since=since)


def _version(request) -> str:
    form = BallVersionForm(request.POST)
    return form.cleaned_data["version"] if form.is_valid() else "?"


@require_POST
@login_not_required
def ball_link_resign(request, token: str):
    _access(token)
    try:
        link.resign(token=token, version=_version(request))
    except services.BallInputError as exc:
        return _refused(request, token, exc)
    return _after(request, token)


@require_POST
@login_not_required
def ball_link_undo_ask(request, token: str):
    _access(token)
    try:
        link.ask_undo(token=token, version=_version(request))
    except services.BallInputError as exc:
        return _refused(request, token, exc)
    return _after(request, token)


@require_POST
@login_not_required
def ball_link_undo_answer(request, token: str):
    _access(token)
    form = BallUndoAnswerForm(request.POST)
    if not form.is_valid():
        first = next(iter(form.errors.values()))[0]
        return _refused(request, token, services.BallInputError(first))
    try:
        link.answer_undo(
            token=token,
            version=form.cleaned_data["version"],
            agree=form.cleaned_data["antwort"] == "ja",
        )
    except services.BallInputError as exc:
        return _refused(request, token, exc)
    return _after(request, token)


@require_POST
@login_not_required
def ball_link_rematch(request, token: str):
    who = _access(token)
    try:
        new = link.rematch(token=token)
    except services.BallInputError as exc:
        return _refused(request, token, exc)
    return redirect("simulator:ball-link", token=new.token_of(link.OTHER[who.side]))


def _download(who: link.LinkAccess, body: str, suffix: str, content_type: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    stamp = who.link.created_at.strftime("%Y-%m-%d-%H%M") if who.link.created_at else "partie"
    response["Content-Disposition"] = f'attachment; filename="ball-{stamp}.{suffix}"'
    return response


@require_safe
@login_not_required
def ball_link_text(request, token: str):
    who = _access(token)
    return _download(who, who.game.record.to_text(), "txt", "text/plain; charset=utf-8")


@require_safe
@login_not_required
def ball_link_json(request, token: str):
    who = _access(token)
    return _download(who, who.game.record.to_json(), "json", "application/json")
