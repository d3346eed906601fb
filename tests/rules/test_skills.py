import pytest
from django.urls import reverse

from rules.models import Skill

pytestmark = pytest.mark.django_db


def fragment(client, **params):
    response = client.get(
        reverse("rules:skill-list-fragment"), params, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    return response.content.decode()


def test_skill_page_loads_its_list_lazily_with_htmx(client):
    html = client.get(reverse("rules:skill-list")).content.decode()
    assert "Lädt…" in html
    assert f'data-hx-get="{reverse("rules:skill-list-fragment")}"' in html
    assert 'id="dodge"' not in html


def test_fragment_lists_every_skill_grouped_by_category_with_traits_last(client):
    html = fragment(client)
    assert "<html" not in html
    assert html.count("data-names=") == Skill.objects.count()
    headings = [
        "Allgemein",
        "Agilität",
        "Stärke",
        "Passen",
        "Mutation",
        "Hinterlistig",
        "Eigenschaften",
    ]
    positions = [html.index(f"<h2>{h}") for h in headings]
    assert positions == sorted(positions)


def test_skills_without_explanation_are_dashed(client):
    skill = Skill.objects.get(name="Dodge")
    skill.explanation = ""
    skill.save()
    html = fragment(client)
    item = html[: html.index('id="dodge"')]
    assert item.rfind('class="skill skill--missing"') > item.rfind("<li")


@pytest.mark.parametrize("query", ["Ausweichen", "dodge"])
def test_search_finds_dodge_by_german_or_english_name(client, query):
    html = fragment(client, q=query)
    assert 'id="dodge"' in html
    assert 'id="block"' not in html


def test_search_without_javascript_renders_the_list_on_the_page(client):
    html = client.get(reverse("rules:skill-list"), {"q": "Ausweichen"}).content.decode()
    assert 'id="dodge"' in html
    assert "Lädt…" not in html


def test_search_with_no_hit_says_so(client):
    html = fragment(client, q="Zauberei")
    assert "Keine Fertigkeit passt zur Suche." in html


def test_fragment_query_count_is_fixed(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        fragment(client)


def test_skill_has_its_own_page_with_explanation_and_positions(client):
    skill = Skill.objects.get(name="Dodge")
    response = client.get(skill.get_absolute_url())
    html = response.content.decode()
    assert response.status_code == 200
    assert skill.explanation in html
    assert "Eagle Warrior" in html


def test_unknown_skill_is_404(client):
    assert client.get(reverse("rules:skill-detail", kwargs={"slug": "fliegen"})).status_code == 404


def test_race_page_links_starting_skills_to_their_explanation(client):
    html = client.get(reverse("rules:race-detail", kwargs={"slug": "amazon"})).content.decode()
    assert f'href="{Skill.objects.get(name="Dodge").get_absolute_url()}"' in html


def test_service_worker_precaches_handbook_skills_and_static_files(client):
    response = client.get(reverse("rules:service-worker"))
    body = response.content.decode()
    assert response["Content-Type"].startswith("text/javascript")
    for url in ("/regelheft/", "/fertigkeiten/", "/fertigkeiten/liste/", "/static/css/app.css"):
        assert f'"{url}"' in body
    assert "no-cache" in response["Cache-Control"]


def test_search_matches_german_and_english_names_case_insensitively():
    assert list(Skill.objects.search("ausweichen").values_list("name", flat=True)) == ["Dodge"]
    assert "Dodge" in Skill.objects.search("DODGE").values_list("name", flat=True)
    assert Skill.objects.search("").count() == Skill.objects.count()


def test_grouped_puts_skills_under_their_category_and_traits_apart():
    groups, traits = Skill.objects.grouped()
    codes = [category.code for category, _ in groups]
    assert codes == list("GASPMD")
    assert all(skill.category == category for category, skills in groups for skill in skills)
    assert traits and all(skill.is_trait for skill in traits)
    assert sum(len(skills) for _, skills in groups) + len(traits) == Skill.objects.count()


def test_skill_link_shows_a_skill_or_a_starting_skill_with_its_value():
    from rules.models import PositionSkill
    from rules.templatetags.rules_tags import skill_link

    dodge = Skill.objects.get(name="Dodge")
    assert skill_link(dodge) == f'<a class="skill-link" href="{dodge.get_absolute_url()}">Dodge</a>'
    loner = PositionSkill.objects.filter(skill__name="Loner", parameter="4+").first()
    assert ">Loner (4+)</a>" in skill_link(loner)
