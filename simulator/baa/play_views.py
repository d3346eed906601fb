"""Pages of a game of The Baa played by people: new game, running games, the game page of a
link (host or seat), its polled state, inputs and the match report.

A link is its token: the host link (shared device: plays every person's team; else shows the
join links) or one team's seat link. Pages poll the state every two seconds with htmx; the
server answers 204 (nothing to swap) while the version is unchanged.
"""

from __future__ import annotations

import segno
from axes.helpers import get_client_ip_address
from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from simulator.models import BaaGame

from . import board, play
from .play_forms import BaaGameForm, BaaInputForm
from .presentation import end_reason, team_name

LINKS_KEY = "baa_links"


def _visitor(request) -> str:
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def _remember(request, token: str) -> None:
    links = request.session.get(LINKS_KEY, [])
    if token not in links:
        request.session[LINKS_KEY] = [*links, token][-30:]


@require_safe
@login_not_required
def baa_games(request):
    visitor = _visitor(request)
    games = (
        BaaGame.objects.seen_by(visitor, request.session.get(LINKS_KEY, []))
        .prefetch_related("seats")
        .order_by("finished", "-created_at")[:30]
    )
    rows = []
    links = set(request.session.get(LINKS_KEY, []))
    for g in games:
        if g.visitor == visitor:
            token = g.host_token
        else:
            token = next((s.token for s in g.seats.all() if s.token in links), g.host_token)
        goals = g.state["state"]["goals"]
        rows.append(
            {
                "game": g,
                "url": reverse("simulator:baa-game", args=[token]),
                "score": " : ".join(str(n) for n in goals),
                "round": g.state["state"]["round"],
            }
        )
    return render(request, "simulator/baa_games.html", {"rows": rows})


@require_http_methods(["GET", "HEAD", "POST"])
@login_not_required
def baa_game_new(request):
    form = BaaGameForm(request.POST or None)
    error = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = play.create_game(
                visitor=_visitor(request),
                address=play.address_key(get_client_ip_address(request)),
                seats=data["seats"],
                map_choice=data["map_choice"],
                end_kind=data["end_kind"],
                end_value=data.get("end_value"),
                shared_device=data["shared_device"],
            )
        except play.BaaPlayError as exc:
            error = str(exc)
        else:
            return redirect("simulator:baa-game", token=game.host_token)
    status = 400 if request.method == "POST" else 200
    return render(request, "simulator/baa_new.html", {"form": form, "error": error}, status=status)


def _access(token: str) -> play.Access:
    who = play.access(token)
    if who is None:
        raise Http404
    return who


def _qr(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=3, dark="#1f2a22", border=2, omitsize=True)


def _context(
    request, who: play.Access, *, error: str | None = None, notice: str | None = None
) -> dict:
    game = who.game
    engine = play.engine_of(game)
    pending = engine.pending
    waiting = engine.waiting_for()
    mine = [t for t in waiting if t in who.teams] if not game.finished else []
    # a shared device shows a team's cards only when asked for by that team (after the cover)
    reveal = request.GET.get("team", "") if request.method == "GET" else ""
    reveal_team = int(reveal) if reveal in {str(t) for t in who.teams} else None
    seats = list(game.seats.all())
    turn: dict = {"kind": None}
    acting_team = None
    if pending and mine:
        if pending["type"] == "pick":
            shared = len(who.teams) > 1
            team = mine[0] if not shared else (reveal_team if reveal_team in mine else None)
            turn = {
                "kind": "pick",
                "cover": team is None,
                "next_team": team_name(mine[0]),
                "next_index": mine[0],
                "team": team,
                "step": play.pick_step(engine),
            }
            if team is not None:
                acting_team = team
                turn["figures"] = [
                    {
                        "id": a["figure"],
                        "name": board.figure_name(a["figure"]),
                        "k": engine.figures[a["figure"]].k,
                    }
                    for a in engine.legal_actions(team)
                ]
        elif pending["type"] == "act":
            acting_team = pending["team"]
            turn = {"kind": "act", "figure": board.figure_name(pending["figure"])}
            turn.update(board.choices(engine, acting_team))
        else:
            acting_team = pending["team"]
            turn = {"kind": "decision", "question": board.question(pending)}
    # on its own turn a seat sees the active figure's surroundings large (phones), unless the
    # whole table is asked for; a choice holds for the activation it was made in ("fuer"), so
    # a turn that arrives by polling is zoomed even if the page showed the whole table before
    figure = pending.get("figure") if pending else None
    activation = f"{engine.round}-{figure}" if figure else ""
    wanted = request.GET.get("zoom")
    if wanted not in ("0", "1") or request.GET.get("fuer") != activation:
        wanted = None
    zoom = wanted == "1" or (wanted is None and turn["kind"] == "act")
    zoom_on = figure if zoom and figure else None
    zoom = zoom_on is not None
    events = engine.events
    last_lines = board.last_round_lines(events)
    waiting_names = [] if pending is None else [team_name(t) for t in waiting]
    join = []
    if who.is_host and not game.shared_device:
        for s in seats:
            url = request.build_absolute_uri(reverse("simulator:baa-game", args=[s.token]))
            join.append(
                {
                    "team": team_name(s.team),
                    "index": s.team,
                    "url": url,
                    "bot": s.is_bot,
                    "kind": s.get_kind_display(),
                    "qr": "" if s.is_bot else _qr(url),
                }
            )
    result = engine.result()
    own_team = who.seat.team if who.seat else None
    # people's teams the others may hand to a bot (their phone left for good)
    handable = []
    if not game.finished and not game.shared_device:
        handable = [
            {"index": s.team, "name": team_name(s.team), "waited": s.team in waiting}
            for s in seats
            if not s.is_bot and s.team != own_team
        ]
    return {
        "game": game,
        "who": who,
        "token": (who.seat.token if who.seat else game.host_token),
        "engine": engine,
        "pending": pending,
        "turn": turn,
        "acting_team": acting_team,
        "waiting_names": waiting_names,
        "picture": board.picture(engine, zoom_on=zoom_on),
        "zoom": zoom,
        "zoom_choice": wanted or "",
        "activation": activation,
        "teams": board.team_table(engine),
        "last_lines": last_lines[-14:],
        "round": engine.round,
        "join": join,
        "seat_name": team_name(who.seat.team) if who.seat else None,
        "error": error,
        "notice": notice,
        "finished": game.finished,
        "result": result,
        "end_reason": end_reason(result["reason"]) if result["reason"] else "",
        "winner": team_name(result["winner"]) if result["winner"] is not None else None,
        "kinds": {s.team: s.kind for s in seats},
        "handable": handable,
    }


@require_safe
@login_not_required
def baa_game(request, token: str):
    who = _access(token)
    _visitor(request)
    _remember(request, token)
    game = play.advance(game=who.game)
    who = play.Access(game, who.seat, who.teams)
    return render(request, "simulator/baa_game.html", _context(request, who))


@require_safe
@login_not_required
def baa_game_state(request, token: str):
    """The polled board: 204 while nothing changed since version ``v``; 286 (htmx: stop
    polling) with a note once the game is gone."""
    who = play.access(token)
    if who is None:
        if not request.htmx:
            raise Http404
        return render(request, "simulator/baa_game.html#gone", {}, status=286)
    game = play.advance(game=who.game)
    try:
        seen = int(request.GET.get("v", ""))
    except ValueError:
        seen = -1
    if seen == game.version:
        return HttpResponse(status=204)
    who = play.Access(game, who.seat, who.teams)
    return render(request, "simulator/baa_game.html#board", _context(request, who))


def _action(form: BaaInputForm, engine) -> dict:
    data = form.cleaned_data
    kind, value = data["aktion"], data.get("wert") or ""
    pending = engine.pending or {}
    if kind == "pick":
        return {"type": "pick", "figure": value}
    if kind in ("yes", "no"):
        return {"type": pending.get("type", "catch"), "answer": kind == "yes"}
    if kind == "pickup":
        return {"type": "pickup", "ball": value}
    if kind == "hand_over":
        return {"type": "hand_over", "to": value}
    if kind == "punch":
        return {"type": "punch", "target": value, "take_ball": True}
    if kind == "push":
        return {"type": "push", "target": value}
    if kind == "tap":
        fid = pending.get("figure")
        if not fid:
            raise play.BaaPlayError(_("Gerade ist keine Figur aktiv."))
        x, y = board.table_point(data["x"], data["y"])
        mode = data.get("modus") or "laufen"
        if mode == "laufen":
            return {"type": "move", "legs": board.legs_for_tap(engine, fid, x, y)}
        return {
            "type": "throw" if mode == "werfen" else "kick",
            "angle": board.direction_to(engine, fid, x, y),
            "extra": bool(data.get("extra")),
        }
    return {"type": kind}


@require_POST
@login_not_required
def baa_game_input(request, token: str):
    who = _access(token)
    form = BaaInputForm(request.POST)
    error = None
    if form.is_valid():
        team = form.cleaned_data["team"]
        try:
            engine = play.engine_of(who.game)
            action = _action(form, engine)
            play.play(
                token=token,
                team=team,
                action=action,
                version=form.cleaned_data["v"],
                step=form.cleaned_data.get("schritt") or None,
            )
        except play.BaaPlayError as exc:
            error = str(exc)
    else:
        error = " ".join(str(e) for errors in form.errors.values() for e in errors)
    if error is None and not request.htmx:
        return redirect("simulator:baa-game", token=token)
    who = _access(token)
    notice = None if error else _("Gespeichert.")
    context = _context(request, who, error=error, notice=notice)
    template = "simulator/baa_game.html#board" if request.htmx else "simulator/baa_game.html"
    status = 200 if (request.htmx or error is None) else 400
    return render(request, template, context, status=status)


@require_POST
@login_not_required
def baa_game_seat_bot(request, token: str, team: int):
    """Another link hands a team whose phone left for good to a bot."""
    who = _access(token)
    error = None
    try:
        play.hand_to_bot(token=token, team=team)
    except play.BaaPlayError as exc:
        error = str(exc)
    if error is None and not request.htmx:
        return redirect("simulator:baa-game", token=token)
    who = _access(token)
    notice = (
        None
        if error
        else _("Ab jetzt spielt ein Bot für Team %(name)s.") % {"name": team_name(team)}
    )
    context = _context(request, who, error=error, notice=notice)
    template = "simulator/baa_game.html#board" if request.htmx else "simulator/baa_game.html"
    return render(request, template, context, status=200 if request.htmx else 400)


@require_POST
@login_not_required
def baa_game_give_up(request, token: str):
    try:
        play.give_up(token=token)
    except play.BaaPlayError:
        raise Http404 from None
    return redirect("simulator:baa-game", token=token)


def _number(raw: str | None, last: int, default: int) -> int:
    """A round or event number from the query: ASCII digits, clamped to the game; else default."""
    if not raw or not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        return default
    return min(int(raw), last)


@require_safe
@login_not_required
def baa_game_report(request, token: str):
    """The match report: a round at a time (``runde``) or an event at a time (``ereignis``)."""
    who = _access(token)
    game = who.game
    engine = play.engine_of(game)
    # the report of a game at a version never changes: repeated or stepped views are cached
    rounds = cache.get_or_set(
        f"baa-report:{game.pk}:{game.version}:{get_language()}",
        lambda: board.report(engine.events),
        3600,
    )
    lines = [line for r in rounds for line in r["lines"]]
    event = None
    if "ereignis" in request.GET and lines:
        pos = _number(request.GET.get("ereignis"), len(lines) - 1, 0)
        event = {"line": lines[pos], "pos": pos, "last": len(lines) - 1}
        number = next(r["number"] for r in rounds if lines[pos] in r["lines"])
    else:
        number = _number(request.GET.get("runde"), len(rounds) - 1, len(rounds) - 1)
    if event is not None:
        index = event["line"]["index"]
        key = f"baa-table:{game.pk}:{game.version}:event:{index}"
        until = lambda g: len(g.events) > index  # noqa: E731
    else:
        key = f"baa-table:{game.pk}:{game.version}:round:{number}"
        until = lambda g: g.round > number  # noqa: E731
    picture = cache.get_or_set(
        key, lambda: board.picture(play.table_after(game=game, until=until)), 3600
    )
    current = rounds[number]
    first_pos = lines.index(current["lines"][0]) if current["lines"] else 0
    context = {
        "game": who.game,
        "token": token,
        "rounds": rounds,
        "current": current,
        "number": number,
        "last": len(rounds) - 1,
        "event": event,
        "current_index": event["line"]["index"] if event else None,
        "first_pos": first_pos,
        "teams": board.team_table(engine),
        "picture": picture,
        "result": engine.result(),
        "end_reason": end_reason(engine.result()["reason"]) if engine.finished else "",
    }
    return render(request, "simulator/baa_report.html", context)
