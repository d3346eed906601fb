import pytest
from django.test import override_settings
from django.urls import reverse

from rules.models import (
    HandbookBlock,
    HandbookSection,
    Position,
    PositionSkill,
    Race,
    RuleKind,
    RuleTable,
    Skill,
)
from rules.pageweight import BUDGET_BYTES, page_transfers, total_compressed
from rules.templatetags.rules_tags import rule_markup

pytestmark = pytest.mark.django_db

SEED_ORDER = [
    "einleitung",
    "spielfeld",
    "teambau",
    "sevens-spielen",
    "anstoss-ereignisse",
    "wetter",
    "verletzungen",
    "hass",
    "liga",
    "entwicklung",
    "fertigkeiten",
]


def handbook_html(client) -> str:
    response = client.get(reverse("rules:handbook"))
    assert response.status_code == 200
    return response.content.decode()


def test_sections_follow_the_seed_order():
    assert list(HandbookSection.objects.values_list("slug", flat=True)) == SEED_ORDER


@pytest.mark.parametrize("key", ["kickoff", "weather", "injury", "injury-stunty"])
def test_dice_tables_cover_every_2d6_result_once(key):
    table = RuleTable.objects.get(key=key)
    covered = []
    for row in table.rows.all():
        covered += range(row.roll_min, row.roll_max + 1)
    assert sorted(covered) == list(range(2, 13))


def test_injury_tables_name_results_by_roll():
    assert "Schwer verletzt" in RuleTable.objects.get(key="injury").row_for_roll(10).cell_2
    stunty = RuleTable.objects.get(key="injury-stunty")
    assert stunty.row_for_roll(9) == stunty.row_for_roll(10)
    assert "Schwer verletzt" in stunty.row_for_roll(9).cell_2
    assert "Tot" in stunty.row_for_roll(12).cell_2


def test_handbook_page_is_public_and_shows_every_section(client):
    html = handbook_html(client)
    for slug in SEED_ORDER:
        assert f'id="{slug}"' in html
        assert f'href="#{slug}"' in html


def test_original_rules_are_folded_and_house_rules_highlighted(client):
    html = handbook_html(client)
    original = HandbookBlock.objects.filter(kind=RuleKind.ORIGINAL).first()
    house = HandbookBlock.objects.filter(kind=RuleKind.HOUSE).first()
    assert f'<details class="rule rule--original" id="regel-{original.pk}">' in html
    assert f'<div class="rule rule--house" id="regel-{house.pk}">' in html
    assert (
        html.count("bei uns nicht angewendet")
        >= HandbookBlock.objects.filter(kind=RuleKind.ORIGINAL).count()
    )


def test_kickoff_table_shows_the_house_rule_for_sideline_staff_and_fans(client):
    html = handbook_html(client)
    table = RuleTable.objects.get(key="kickoff")
    notes = dict(table.rows.exclude(house_note="").values_list("roll_min", "house_note"))
    assert set(notes) >= {6, 7, 12}
    for note in notes.values():
        assert note in html


def test_staff_edits_to_a_table_row_appear_on_the_page(client):
    row = RuleTable.objects.get(key="weather").row_for_roll(3)
    row.cell_3 = "–2 auf alle Passwürfe (Testwert)."
    row.save()
    assert "–2 auf alle Passwürfe (Testwert)." in handbook_html(client)


def test_stunty_table_follows_the_race_templates(client):
    def stunty_part():
        return handbook_html(client).split('id="stunty-tabelle"')[1].split("</details>")[0]

    position = Position.objects.get(race__name="Dwarf", name="Dwarf Lineman")
    assert "Dwarf Lineman" not in stunty_part()
    PositionSkill.objects.create(position=position, skill=Skill.objects.get(name="Stunty"))
    assert "Dwarf Lineman" in stunty_part()
    assert "Loony" in stunty_part()


def test_journeyman_table_follows_the_race_templates(client):
    race = Race.objects.get(name="Orc")
    race.journeyman_position = race.positions.get(name="Goblin Lineman")
    race.save()
    part = handbook_html(client).split('id="journeyman-tabelle"')[1].split("</details>")[0]
    orc_row = part[part.index(">Orc<") :]
    assert "Goblin Lineman" in orc_row[: orc_row.index("</tr>")]


def test_handbook_needs_a_fixed_number_of_queries(client, django_assert_num_queries):
    with django_assert_num_queries(5):
        handbook_html(client)
    HandbookBlock.objects.create(section=HandbookSection.objects.first(), body="Noch eine Regel")
    with django_assert_num_queries(5):
        handbook_html(client)


@override_settings(REPORT_ERROR_EMAIL="regeln@example.org")
def test_error_report_link_uses_the_configured_address(client):
    assert 'href="mailto:regeln@example.org"' in handbook_html(client)


def test_rule_markup_makes_paragraphs_lists_and_bold_and_escapes_html():
    html = rule_markup("Erster **Absatz**\n\n- eins\n- zwei\n\n<script>alert(1)</script>")
    assert "<p>Erster <strong>Absatz</strong></p>" in html
    assert "<ul><li>eins</li><li>zwei</li></ul>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_handbook_with_css_and_js_stays_under_100_kb_compressed():
    transfers = page_transfers(reverse("rules:handbook"))
    assert any(t.url.endswith(".css") for t in transfers)
    assert any(t.url.endswith(".js") for t in transfers)
    assert total_compressed(transfers) < BUDGET_BYTES


def test_staff_edit_handbook_sections_and_tables_in_the_admin(admin_client):
    section = HandbookSection.objects.get(slug="verletzungen")
    table = RuleTable.objects.get(key="injury")
    assert admin_client.get(f"/admin/rules/handbooksection/{section.pk}/change/").status_code == 200
    response = admin_client.get(f"/admin/rules/ruletable/{table.pk}/change/")
    assert response.status_code == 200
    assert "Ernsthaft verletzt" in response.content.decode()
