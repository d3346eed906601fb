"""The squad page (/teams/<pk>/) for one viewer, also with a refused form at its player, and
the teams and players a user may change (404 for the others)."""

import datetime

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from config.pagecache import fragments, pages
from league.models import Season
from matches import squad
from matches.forms import CasualtyRecordForm, HatredForm
from matches.status import suspended_for_next_match, suspension_key
from rules.models import SkillCategory

from ..forms import PlayerCategoriesForm
from ..models import MAX_PLAYERS, Player, Team


def at_player(player: Player) -> str:
    """The extra tag of a message about `player`: the squad page shows it in his row, where
    the page jumps after the form (`Player.get_absolute_url`), not at the top out of view."""
    return f"spieler-{player.pk}"


def _messages_by_player(request, team: Team, *, can_edit: bool) -> tuple[list, dict[int, list]]:
    """The request's messages: those for the top of the page, and those about a player on the
    roster by his pk (shown in his row to a user who may edit; else at the top)."""
    top, near = [], {}
    pending = list(messages.get_messages(request))
    tagged = {}
    if can_edit and any(m.extra_tags.startswith("spieler-") for m in pending):
        tagged = {f"spieler-{pk}": pk for pk in team.roster().values_list("pk", flat=True)}
    for message in pending:
        pk = tagged.get(message.extra_tags)
        if pk is None:
            top.append(message)
        else:
            near.setdefault(pk, []).append(message)
    return top, near


def render_squad_page(
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
    top_messages, player_messages = _messages_by_player(request, team, can_edit=can_edit)

    # Who misses the next match: each result of the team may change it, so it is part of the
    # fragments' key, which otherwise hangs on the players (their `players_scope`), not on
    # every result of the team.
    current_season = fragments.lazy(Season.objects.current)  # read once, only if needed
    unavailable = suspended_for_next_match(team, current_season=current_season)

    def build() -> squad.Squad:
        page = squad.squad_page(
            team, with_questions=can_edit, unavailable=unavailable, current_season=current_season
        )
        if not can_edit:
            return page
        categories = list(SkillCategory.objects.all())
        for player in page.roster:
            # Only in the page of a user who may edit, whose fragment is then not kept.
            player.messages = player_messages.get(player.pk, [])
            player.hatred_forms = [
                hatred_form
                if hatred_form is not None and hatred_form.question.key == question.key
                else HatredForm(question=question)
                for question in page.questions.get(player.pk, [])
            ]
            refused = record_form is not None and record_form.player.pk == player.pk
            player.record_form = record_form if refused else CasualtyRecordForm(player=player)
            refused = categories_form is not None and categories_form.player.pk == player.pk
            player.categories_form = (
                categories_form
                if refused
                else PlayerCategoriesForm(player=player, categories=categories)
            )
        return page

    page = fragments.lazy(build)
    refused = next((f for f in (record_form, hatred_form, categories_form) if f is not None), None)
    today = timezone.localdate()
    if can_edit:
        # the forms offer today's date: a stored copy lasts until midnight at most
        midnight = datetime.datetime.combine(today + datetime.timedelta(days=1), datetime.time())
        pages.valid_until(request, timezone.make_aware(midnight))
    # Outside the cached fragment: an appointment leaves this list when it starts, no write
    # tells the cache, so the stored page is kept until the next one starts at most.
    appointments = squad.upcoming_appointments(team)
    if appointments:
        pages.valid_until(request, appointments[0].scheduled_at)
    return render(
        request,
        "roster/team_detail.html",
        {
            "team": team,
            # computed only when the cached fragment is missing (see config/pagecache/fragments.py)
            "roster": lambda: page().roster,
            "retired_count": lambda: page().retired_count,
            "journeymen": lambda: page().journeymen,
            "retired": retired_players(team) if "entlassen" in request.GET else None,
            "journeyman_position": team.race.journeyman_position,
            "can_edit": can_edit,
            "roster_full": lambda: len(page().roster) >= MAX_PLAYERS,
            # the refused form, also shown at its player above
            "refused": refused,
            # The roster is the same for every viewer who may not edit it, and for all editors
            # of the team on one day (their forms hold a CSRF slot, config/pagecache/csrf.py);
            # a refused form or a message at a player belongs to one request only.
            **fragments.fragment_context(
                request,
                fragments.STRUCTURE,
                fragments.players_scope(team.pk),
                vary=(suspension_key(unavailable),),
                role=None
                if refused or player_messages
                else (f"edit-{today.isoformat()}" if can_edit else ""),
                personal=True,
            ),
            "appointments": appointments,
            "messages": top_messages,
        },
        status=status,
    )


def squad_scopes(request, pk: int, *args, **kwargs) -> tuple[str, ...]:
    """The page cache's scopes of a team's pages: its own rows, its players' and its matches'
    (config/pagecache/fragments.py). The squad's fragments hang on its players' scope and
    who is suspended instead (`render_squad_page`): after a result only the page around them
    (the appointments) is rebuilt."""
    return (fragments.team_scope(pk),)


def retired_players(team: Team) -> list[Player]:
    return list(team.players.exclude(retired_on=None).select_related("position"))


def editable_team(request, pk: int) -> Team:
    try:
        return Team.objects.editable_by(request.user).select_related("race").get(pk=pk)
    except Team.DoesNotExist as error:
        raise Http404 from error


def editable_player(request, pk: int, player_pk: int) -> Player:
    team = editable_team(request, pk)
    return get_object_or_404(team.players.select_related("position", "team"), pk=player_pk)
