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
    with django_assert_max_num_queries(12) as ctx:
        html = client.get(home.get_absolute_url()).content.decode()
    assert gained.skill.name in html and "data-gained" in html
    first = len(ctx.captured_queries)
    for number in range(4, 8):
        from roster.factories import PlayerFactory

        PlayerFactory(team=home, number=number)
    with django_assert_max_num_queries(first):
        client.get(home.get_absolute_url())
