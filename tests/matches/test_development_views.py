import pytest
from django.urls import reverse

from matches.factories import days_ago, open_season, play, squad, staff_user
from matches.models import Development

pytestmark = pytest.mark.django_db


@pytest.fixture
def home():
    return squad(name="Heim", players=3)


@pytest.fixture
def away():
    return squad(name="Gast", players=3)


@pytest.fixture
def match(home, away):
    open_season(by=staff_user())
    return play(home, away, at=days_ago(1))


def url(match, team):
    return reverse("matches:development-create", args=[match.pk, team.pk])


def test_detail_page_shows_the_development_form_to_the_coach(client, match, home):
    client.force_login(home.coach)
    html = client.get(match.get_absolute_url()).content.decode()
    assert f'id="entwicklung-{home.pk}"' in html
    assert "Entwicklung speichern" in html


def test_anonymous_sees_no_form(client, match):
    html = client.get(match.get_absolute_url()).content.decode()
    assert "Entwicklung speichern" not in html
    assert "Noch nicht eingetragen." in html


def test_coach_chooses_automatic_without_js_and_is_redirected(client, match, home):
    client.force_login(home.coach)
    response = client.post(url(match, home), {f"team{home.pk}-choice": "auto"})
    assert response.status_code == 302
    development = Development.objects.get(match=match, team=home)
    html = client.get(match.get_absolute_url()).content.decode()
    assert "Kandidaten:" in html and "gewürfelt" in html
    assert development.skill.get_absolute_url() in html


def test_htmx_returns_only_the_team_section(client, match, home):
    client.force_login(home.coach)
    response = client.post(
        url(match, home), {f"team{home.pk}-choice": "none"}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.strip().startswith("<section")
    assert "<html" not in html
    assert "Keine Entwicklung" in html


def test_errors_are_german(client, match, home):
    client.force_login(home.coach)
    response = client.post(url(match, home), {f"team{home.pk}-choice": "choose"})
    assert response.status_code == 400
    assert "Bei „Selbst wählen“ bitte ausfüllen." in response.content.decode()
    assert not Development.objects.exists()


def test_second_submit_does_not_roll_again(client, match, home):
    client.force_login(home.coach)
    client.post(url(match, home), {f"team{home.pk}-choice": "auto"})
    response = client.post(url(match, home), {f"team{home.pk}-choice": "auto"})
    assert response.status_code == 400
    assert "schon eingetragen" in response.content.decode()
    assert Development.objects.active().exclude(skill=None).count() == 1


def test_coach_of_another_team_gets_404(client, match, home):
    stranger = squad(name="Fremd", players=1)
    client.force_login(stranger.coach)
    response = client.post(url(match, home), {f"team{home.pk}-choice": "auto"})
    assert response.status_code == 404
    assert not Development.objects.exists()


def test_only_admins_reset(client, match, home):
    client.force_login(home.coach)
    client.post(url(match, home), {f"team{home.pk}-choice": "auto"})
    reset = reverse("matches:development-reset", args=[match.pk, home.pk])
    assert client.post(reset).status_code == 403
    client.force_login(staff_user())
    assert client.post(reset).status_code == 302
    assert Development.objects.get(match=match, team=home).is_reset


def test_squad_page_shows_gained_skills_with_fixed_queries(
    client, match, home, django_assert_max_num_queries
):
    client.force_login(home.coach)
    client.post(url(match, home), {f"team{home.pk}-choice": "auto"})
    gained = Development.objects.get(match=match, team=home)
    client.logout()
    with django_assert_max_num_queries(15) as ctx:
        html = client.get(home.get_absolute_url()).content.decode()
    assert gained.skill.name in html and "data-gained" in html
    first = len(ctx.captured_queries)
    for number in range(4, 8):
        from roster.factories import PlayerFactory

        PlayerFactory(team=home, number=number)
    with django_assert_max_num_queries(first):
        client.get(home.get_absolute_url())


def options_url(match, team):
    return reverse("matches:development-options", args=[match.pk, team.pk])


def strength_only(player):
    from rules.models import SkillCategory

    player.set_categories(primary=SkillCategory.objects.filter(code="S"), secondary=[])


def test_picking_a_player_offers_only_his_categories_and_gainable_skills(client, match, home):
    from roster.models import PlayerSkill
    from rules.models import Skill, SkillCategory

    player = home.players.get(number=1)
    strength_only(player)
    guard = Skill.objects.get(name="Guard")
    PlayerSkill.objects.create(player=player, skill=guard, source="gained")
    client.force_login(home.coach)
    prefix = f"team{home.pk}"
    response = client.get(
        options_url(match, home),
        {f"{prefix}-choice": "choose", f"{prefix}-player": player.pk},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    form = response.context["form"]
    offered = [c for c, _label in form.fields["category"].choices if c]
    codes = set(SkillCategory.objects.filter(pk__in=offered).values_list("code", flat=True))
    assert codes == {"S", "D"}
    html = response.content.decode()
    assert "<html" not in html and f'id="{prefix}-auswahl"' in html
    assert ">Guard<" not in html and ">Mighty Blow<" in html
    assert ">Leader<" not in html and ">Dodge<" not in html


def test_picking_a_category_narrows_the_proposals_to_it(client, match, home):
    from rules.models import SkillCategory

    player = home.players.get(number=1)
    prefix = f"team{home.pk}"
    devious = SkillCategory.objects.get(code="D")
    client.force_login(home.coach)
    response = client.get(
        options_url(match, home),
        {f"{prefix}-player": player.pk, f"{prefix}-category": devious.pk},
        headers={"HX-Request": "true"},
    )
    proposal = response.context["form"].fields["proposal_1"].widget.choices
    groups = [group for group, _skills in proposal[1:]]
    assert groups == ["Devious (Hinterlistig)"]


def test_without_javascript_the_refresh_button_narrows_and_saves_nothing(client, match, home):
    player = home.players.get(number=1)
    strength_only(player)
    prefix = f"team{home.pk}"
    client.force_login(home.coach)
    response = client.post(
        url(match, home),
        {f"{prefix}-choice": "choose", f"{prefix}-player": player.pk, "auswahl": "1"},
    )
    assert response.status_code == 200
    assert ">Mighty Blow<" in response.content.decode()
    assert ">Dodge<" not in response.content.decode()
    assert not Development.objects.exists()


def test_an_owned_proposal_says_so_next_to_its_field(client, match, home):
    from roster.models import PlayerSkill
    from rules.models import Skill, SkillCategory

    player = home.players.get(number=1)
    block = Skill.objects.get(name="Block")
    PlayerSkill.objects.create(player=player, skill=block, source="gained")
    general = SkillCategory.objects.get(code="G")
    others = Skill.objects.filter(category=general).exclude(pk=block.pk).order_by("name")[:2]
    prefix = f"team{home.pk}"
    client.force_login(home.coach)
    response = client.post(
        url(match, home),
        {
            f"{prefix}-choice": "choose",
            f"{prefix}-player": player.pk,
            f"{prefix}-category": general.pk,
            f"{prefix}-proposal_1": block.pk,
            f"{prefix}-proposal_2": others[0].pk,
            f"{prefix}-opponent_proposal": others[1].pk,
        },
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert f'id="id_{prefix}-proposal_1_error">{player} hat Block schon.' in html
    assert not Development.objects.exists()


def test_automatic_names_player_skill_and_rolls_with_lists_collapsed(client, match, home):
    client.force_login(home.coach)
    client.post(url(match, home), {f"team{home.pk}-choice": "auto"})
    development = Development.objects.get(match=match, team=home)
    html = client.get(match.get_absolute_url()).content.decode()
    assert f"{development.player} erhält" in html
    assert "Spieler gewürfelt:" in html and "Fertigkeit gewürfelt:" in html
    assert '<details class="development__options">' in html
    assert '<details class="development__options" open' not in html


def test_options_need_a_coach_of_the_match(client, match, home):
    client.force_login(squad(name="Fremd", players=1).coach)
    assert client.get(options_url(match, home)).status_code == 404
