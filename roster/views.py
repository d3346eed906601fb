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
from config.numbers import parse_id
from config.pagecache import fragments, pages
from league.models import Season
from league.services import found_team
from matches.forms import CasualtyRecordForm, HatredForm
from matches.hatred import active_hatreds, answer_hatred, open_questions, question_for
from matches.models import CasualtyRecord, CasualtyTick, Match
from matches.records import record_casualty, remove_casualty_record
from matches.skills import current_skills, with_skill_history
from matches.squad import change_player, first_match, player_history
from matches.status import journeymen_needed, suspended_for_next_match, suspended_players
from rules.models import Race, SkillCategory

from . import services
from .forms import (
    PlayerCategoriesForm,
    PlayerEditForm,
    PlayerForm,
    PlayerRowFormSet,
    TeamForm,
    initial_rows,
)
from .models import MAX_PLAYERS, MIN_PLAYERS, Player, Team


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
@pages.for_visitors(params=("entlassen",))
def team_detail(request, pk: int):
    """The squad: players on the roster with skills and status; the retired players load on
    demand (?entlassen=1, as an htmx fragment or inline without JavaScript)."""
    team = fragments.cached(
        "team",
        lambda: get_object_or_404(
            Team.objects.select_related("race__journeyman_position", "coach"), pk=pk
        ),
        pk,
    )
    if "entlassen" in request.GET and request.htmx:
        return render(
            request, "roster/team_detail.html#retired", {"team": team, "retired": _retired(team)}
        )
    return _team_page(request, team)


@require_safe
@login_not_required
def player_detail(request, pk: int, player_pk: int):
    """A player's page: what he is now, and his history (matches, casualties, developments)."""
    player = get_object_or_404(
        with_skill_history(Player.objects.for_roster_page()).select_related("team__race"),
        pk=player_pk,
        team_id=pk,
    )
    season = Season.objects.current()
    if not player.is_retired:
        player.status = suspended_players(player.team, season=season).get(player.pk)
        player.hatreds = active_hatreds([player], season=season).get(player.pk, [])
    return render(
        request,
        "roster/player_detail.html",
        {
            "player": player,
            "team": player.team,
            "skills_now": current_skills(player),
            "history": player_history(player),
            "can_edit": player.team.is_editable_by(request.user),
        },
    )


def _team_page(
    request,
    team: Team,
    *,
    record_form=None,
    hatred_form=None,
    categories_form=None,
    status: int = 200,
):
    """The squad page; a refused form (`record_form`, `hatred_form`, `categories_form`) is
    shown at its player."""
    can_edit = team.is_editable_by(request.user)

    def squad() -> dict:
        roster = list(
            with_skill_history(team.players.for_roster_page().active()).prefetch_related(
                Prefetch(
                    "casualty_records",
                    queryset=CasualtyRecord.objects.select_related("season").order_by(
                        "happened_at"
                    ),
                )
            )
        )
        season = Season.objects.current()
        unavailable = suspended_players(team, season=season)  # for the team's next match
        hatreds = active_hatreds(roster, season=season)
        questions: dict[int, list] = {}
        if can_edit:
            for question in open_questions(teams=[team], season=season):
                refused = hatred_form is not None and hatred_form.question.key == question.key
                form = hatred_form if refused else HatredForm(question=question)
                questions.setdefault(question.player.pk, []).append(form)
        categories = list(SkillCategory.objects.all()) if can_edit else []
        for player in roster:
            player.status = unavailable.get(player.pk)
            player.skills_now = current_skills(player)
            player.hatreds = hatreds.get(player.pk, [])
            player.hatred_forms = questions.get(player.pk, [])
            if can_edit:
                refused = record_form is not None and record_form.player.pk == player.pk
                player.record_form = record_form if refused else CasualtyRecordForm(player=player)
                refused = categories_form is not None and categories_form.player.pk == player.pk
                player.categories_form = (
                    categories_form
                    if refused
                    else PlayerCategoriesForm(player=player, categories=categories)
                )
        return {
            "roster": roster,
            "retired_count": team.players.exclude(retired_on=None).count(),
            "journeymen": journeymen_needed(
                team, roster_pks=[p.pk for p in roster], unavailable=unavailable
            ),
        }

    squad = fragments.lazy(squad)
    # Outside the cached fragment: an appointment leaves this list when it starts, no write
    # tells the cache, so the stored page is kept until the next one starts at most.
    appointments = list(
        Match.objects.for_team(team).upcoming().select_related("season", "home", "away")
    )
    if appointments:
        pages.valid_until(request, appointments[0].scheduled_at)
    return render(
        request,
        "roster/team_detail.html",
        {
            "team": team,
            # computed only when the cached fragment is missing (see config/pagecache/fragments.py)
            "roster": lambda: squad()["roster"],
            "retired_count": lambda: squad()["retired_count"],
            "journeymen": lambda: squad()["journeymen"],
            "retired": _retired(team) if "entlassen" in request.GET else None,
            "journeyman_position": team.race.journeyman_position,
            "can_edit": can_edit,
            "roster_full": lambda: len(squad()["roster"]) >= MAX_PLAYERS,
            # the refused form, also shown at its player above
            "refused": next(
                (f for f in (record_form, hatred_form, categories_form) if f is not None), None
            ),
            **fragments.fragment_context(request, personal=True),
            "appointments": appointments,
        },
        status=status,
    )


def _retired(team: Team) -> list[Player]:
    return list(team.players.exclude(retired_on=None).select_related("position"))


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
def hatred_answer(request, pk: int, key: str):
    """ "4+ gewürfelt?" after a 🏥: no hatred, or hatred of the race chosen."""
    team = _editable_team(request, pk)
    model = {"t": CasualtyTick, "r": CasualtyRecord}.get(key[:1])
    number = parse_id(key[1:])
    if model is None or number is None:
        raise Http404
    casualty = get_object_or_404(
        model.objects.select_related("player__team"), pk=number, player__team=team
    )
    question = question_for(casualty)
    if question is None:
        messages.info(request, _("Diese Frage ist schon beantwortet."))
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
            messages.success(request, text % {"player": casualty.player, "race": hatred.race})
            return redirect(casualty.player)
    return _team_page(request, team, hatred_form=form, status=400)


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


@require_http_methods(["GET", "HEAD", "POST"])
def player_update(request, pk: int, player_pk: int):
    """Name, number and, before his first match, the position."""
    player = _editable_player(request, pk, player_pk)
    played = first_match(player)
    locked = played.label() if played is not None else None
    initial = {"name": player.name, "number": player.number, "position": player.position_id}
    if request.method == "POST":
        form = PlayerEditForm(
            request.POST, initial=initial, race=player.team.race, locked_since=locked
        )
        if form.is_valid():
            try:
                change_player(player=player, **form.cleaned_data)
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
    """ "Aus Vorlage übernehmen" records the position's categories, "unbeschränkt" clears them,
    "Selbst festlegen" records the coach's own primary and secondary sets."""
    player = _editable_player(request, pk, player_pk)
    form = PlayerCategoriesForm(
        request.POST, player=player, categories=list(SkillCategory.objects.all())
    )
    if not form.is_valid():
        return _team_page(request, player.team, categories_form=form, status=400)
    mode = form.cleaned_data["mode"]
    if mode == "vorlage":
        player.copy_categories_from_position()
        messages.success(
            request, _("Kategorien von %(player)s aus der Vorlage übernommen.") % {"player": player}
        )
    elif mode == "eigene":
        player.set_categories(primary=form.chosen("primary"), secondary=form.chosen("secondary"))
        messages.success(request, _("Kategorien von %(player)s gespeichert.") % {"player": player})
    else:
        player.clear_categories()
        messages.success(request, _("%(player)s ist wieder unbeschränkt.") % {"player": player})
    return redirect(player)
