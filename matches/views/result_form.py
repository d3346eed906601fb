"""The result form ("Spiel eintragen", a correction): its fields, the casualty rows and the
development chosen with the result, which parts of it the page cache keeps, and the forms the
phone keeps for the pick step offline (matches/views/results.py shows it)."""

import dataclasses
from urllib.parse import urlencode

from django.core.exceptions import ValidationError
from django.urls import reverse

from config.pagecache import fragments
from roster.models import Player

from .. import development, open_matches, services
from ..forms import MatchForm, ResultDevelopmentForm
from ..models import Match
from ..status import suspended_for_match, suspended_for_next_match, suspension_key


def players_to_tick(team, match: Match | None) -> list[Player]:
    """Who may be ticked: for a new match the roster now; for a stored one the players on the
    roster at its time (created up to its minute, not retired before its day), plus anybody
    already ticked in it. So nobody is offered who the save would then refuse."""
    players = team.players.select_related("position").order_by("number")
    if match is None or match.played_at is None:  # new, or scheduled without a result yet
        return [p for p in players if not p.is_retired]
    ticked = {t.player_id for t in match.casualties.all()}
    on_roster = set(players.on_roster_at(match.played_at).values_list("pk", flat=True))
    return [p for p in players if p.pk in on_roster or p.pk in ticked]


def rows_tokens(home, away) -> dict[int, str]:
    """Team id -> the tokens the parts of a new match's form that show only that team's data
    (the casualty rows of its players, its development) are kept under; read before the form
    reads the players (config/pagecache/fragments.py). The same scopes as its
    `development_options`."""
    return {team.pk: fragments.tokens(*team_form_scopes(team)) for team in (home, away)}


def team_form_scopes(team) -> tuple[str, ...]:
    """What a team's part of the form shows: its players with what they own (not its results,
    so the coach's next form after his own result reuses them), the rules and the names; who
    is suspended is part of the key (`suspension_key`)."""
    return (fragments.STRUCTURE, fragments.REFERENCE, fragments.players_scope(team.pk))


def rows_cache(form: MatchForm, tokens: dict[int, str]) -> dict:
    """The casualty rows of a fresh "Spiel eintragen" form (one team's players, their status,
    the tick choices) and the development part of a team (its players' options) are the same
    on every visit until that team's players or their status change, whoever it plays, so
    each is a fragment under its team's scopes and suspensions; a sent form's are rendered
    each time."""
    fresh = not form.is_bound

    def token(team) -> str:
        return f"{tokens[team.pk]}.{suspension_key(form.suspended[team.pk])}"

    for side in form.sides:
        side["rows_token"] = token(side["victims"])
    for part in form.developments:
        part.rows_token = token(part.team)
    return {
        "rows_seconds": fragments.TIMEOUT if fresh else 0,
        "rows_viewer": "fresh" if fresh else "sent",
    }


def development_options(team, match: Match | None, suspended) -> list[dict]:
    """`development.options_before_result`; for a new match the same for every form of the
    team until the team or the rules change, so kept under their scopes
    (config/pagecache/fragments.py)."""
    if match is not None:
        return development.options_before_result(team=team, match=match, suspended=suspended)
    return fragments.cached(
        "development-options-before-result",
        lambda: development.options_before_result(team=team, match=None, suspended=suspended),
        team.pk,
        suspension_key(suspended),
        scopes=team_form_scopes(team),
    )


def match_form(request, *, home, away, match: Match | None) -> MatchForm:
    if match is None:
        suspended = {t.pk: suspended_for_next_match(t) for t in (home, away)}
    else:
        suspended = {t.pk: suspended_for_match(t, match) for t in (home, away)}
    data = request.POST if request.method == "POST" else None
    form = MatchForm(
        data,
        initial=MatchForm.initial_for(match),
        home=home,
        away=away,
        players={t.pk: players_to_tick(t, match) for t in (home, away)},
        suspended=suspended,
    )
    form.suspended = suspended  # part of the cached parts' keys (`rows_cache`)
    # The development of the coach's own team (an admin's: both) goes with the result, so it
    # can be chosen without signal too; a correction offers it while it may still be chosen.
    teams = [t for t in (home, away) if t.is_coached_by(request.user)] or [home, away]
    if match is not None and match.is_played:
        teams = [t for t in teams if development.can_complete(match=match, team=t)]
    form.developments = [
        ResultDevelopmentForm(
            data, team=team, options=development_options(team, match, suspended[team.pk])
        )
        for team in teams
    ]
    form.development_refused = False
    return form


def entry_of(form: MatchForm) -> services.MatchEntry | None:
    """The result with the developments chosen with it; None if a part of the form is wrong."""
    valid = all([form.is_valid(), *(part.is_valid() for part in form.developments)])
    if not valid:
        return None
    picks = tuple(pick for part in form.developments if (pick := part.pick()) is not None)
    return dataclasses.replace(form.entry(), developments=picks)


def refuse(form: MatchForm, error: ValidationError) -> None:
    form.add_error(None, error)
    form.development_refused = isinstance(error, development.DevelopmentRefused)


def offline_targets(request, season) -> dict[str, str]:
    """ "home-away" -> the form each pairing of the coach's teams leads to: the phone keeps
    them all while online, so the pick step works without signal too."""
    create = reverse("matches:match-create")
    return {
        f"{home}-{away}": (
            reverse("matches:match-update", args=[match.pk])
            if match is not None
            else f"{create}?{urlencode({'heim': home, 'gast': away})}"
        )
        for (home, away), match in open_matches.entry_targets(
            season=season, user=request.user
        ).items()
    }
