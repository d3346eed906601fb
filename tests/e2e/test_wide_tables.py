"""At 375 px the table and a race's positions scroll sideways, but the first column (place and
team; the position) stays in view, so each row stays readable."""

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

# For each first-column cell (header and rows) after scrolling the table to its right end:
# is the cell inside the visible part of the scroll box and the topmost element at its centre?
HIDDEN_FIRST_CELLS = """(selector) => {
    const box = document.querySelector('.table-scroll');
    box.scrollLeft = box.scrollWidth;
    const visible = box.getBoundingClientRect();
    const problems = [];
    if (box.scrollWidth <= box.clientWidth) problems.push('the table does not scroll here');
    for (const cell of box.querySelectorAll(selector)) {
        cell.scrollIntoView({block: 'center', inline: 'nearest'});
        box.scrollLeft = box.scrollWidth;
        const r = cell.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const inside = r.left >= visible.left - 1 && r.right <= visible.right + 1;
        if (!inside || !(top && cell.contains(top))) problems.push(cell.textContent.trim());
    }
    return problems;
}"""


@pytest.fixture
def demo_league(live_server, reference_data):
    call_command("setup_demo", verbosity=0)


def test_table_keeps_place_and_team_in_view_when_scrolled(page: Page, live_server, demo_league):
    page.goto(f"{live_server.url}/tabelle/")
    first_columns = ".standings tr > :first-child, .standings tr > :nth-child(2)"
    assert page.evaluate(HIDDEN_FIRST_CELLS, first_columns) == []


def test_race_page_keeps_the_position_in_view_when_scrolled(page: Page, live_server, demo_league):
    page.goto(f"{live_server.url}/rassen/orc/")
    assert page.evaluate(HIDDEN_FIRST_CELLS, ".positions tr > :first-child") == []
    expect(page.get_by_role("heading", name="Positionen")).to_be_in_viewport()
