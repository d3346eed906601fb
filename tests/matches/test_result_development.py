"""The development chosen on the result form, together with the result (so a phone without
signal can offer it): the form carries the server's options, the server checks the choice
again when the result arrives, refuses a stale one with its German message (and saves
nothing), and a resend of the same draft develops once."""

import json
import uuid
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.models import Casualty, Development, Match
from rules.models import SkillCategory

from .test_views import form_data

pytestmark = pytest.mark.django_db

CREATE = "matches:match-create"


def options(response, team) -> list[dict]:
    html = response.content.decode()
    marker = f'id="entwicklung{team.pk}-optionen" type="application/json">'
    start = html.index(marker) + len(marker)
    return json.loads(html[start : html.index("</script>", start)])


def choose_fields(team, player, category, skills, **changes) -> dict:
    prefix = f"entwicklung{team.pk}-"
    return {
        prefix + "choice": "choose",
        prefix + "player": str(player["id"]),
        prefix + "category": str(category["id"]),
        prefix + "proposal_1": str(skills[0][0]),
        prefix + "proposal_2": str(skills[1][0]),
        prefix + "opponent_proposal": str(skills[2][0]),
        **changes,
    }


def picked(client, home, away):
    """The form as the home coach gets it, and a Selbst wählen from its own options."""
    client.force_login(home.coach)
    form = client.get(reverse(CREATE) + f"?heim={home.pk}&gast={away.pk}")
    assert form.status_code == 200
    offered = options(form, home)
    player = offered[0]
    category = player["categories"][0]
    return form, player, category, choose_fields(home, player, category, category["skills"])


def test_the_form_offers_the_coachs_own_team_with_the_servers_options(client, season, home, away):
    form, player, category, _ = picked(client, home, away)
    html = form.content.decode()
    assert f"Entwicklung von {home}" in html and f"Entwicklung von {away}" not in html
    assert {p["id"] for p in options(form, home)} == set(home.players.values_list("pk", flat=True))
    assert len(category["skills"]) >= 3
    codes = set(SkillCategory.objects.values_list("pk", flat=True))
    assert {c["id"] for c in player["categories"]} <= codes


def test_a_result_with_selbst_waehlen_stores_the_development(client, season, home, away):
    _, player, category, fields = picked(client, home, away)
    data = form_data(home, away, submission_key=str(uuid.uuid4()), **fields)
    assert client.post(reverse(CREATE), data).status_code == 302
    development = Development.objects.get()
    assert development.match == Match.objects.get()
    assert (development.team, development.player_id) == (home, player["id"])
    assert development.choice == Development.Choice.CHOOSE
    assert development.skill_id in {pk for pk, _ in category["skills"][:3]}
    # The same draft sent again (an answer lost on the way): still one result, one development.
    assert client.post(reverse(CREATE), data).status_code == 302
    assert (Match.objects.count(), Development.objects.count()) == (1, 1)


def test_left_empty_the_development_waits_for_the_match_page(client, season, home, away):
    picked(client, home, away)
    assert client.post(reverse(CREATE), form_data(home, away)).status_code == 302
    assert Development.objects.count() == 0


def test_automatisch_with_the_result(client, season, home, away):
    picked(client, home, away)
    data = form_data(home, away, **{f"entwicklung{home.pk}-choice": "auto"})
    assert client.post(reverse(CREATE), data).status_code == 302
    assert Development.objects.get().choice == Development.Choice.AUTOMATIC


def test_a_player_let_go_meanwhile_is_refused_with_the_servers_message(client, season, home, away):
    _, player, _, fields = picked(client, home, away)
    let_go = timezone.localdate() - timedelta(days=10)
    home.players.filter(pk=player["id"]).update(retired_on=let_go)
    response = client.post(reverse(CREATE), form_data(home, away, **fields))
    html = response.content.decode()
    assert response.status_code == 400
    assert f"Entwicklung von {home}: {player['name']} kann sich nach" in html
    assert "data-development-refused" in html
    assert (Match.objects.count(), Development.objects.count()) == (0, 0)  # nothing half saved


def test_a_player_dead_in_this_very_match_cannot_develop(client, season, home, away):
    _, player, _, fields = picked(client, home, away)
    data = form_data(home, away, **fields, **{f"ausfall_{player['id']}": Casualty.DEAD})
    response = client.post(reverse(CREATE), data)
    assert response.status_code == 400
    assert "kann sich nach" in response.content.decode()
    assert Match.objects.count() == 0


def test_selbst_waehlen_without_its_fields_names_them(client, season, home, away):
    picked(client, home, away)
    data = form_data(home, away, **{f"entwicklung{home.pk}-choice": "choose"})
    response = client.post(reverse(CREATE), data)
    assert response.status_code == 400
    assert "Bei „Selbst wählen“ bitte ausfüllen." in response.content.decode()
    assert Match.objects.count() == 0
