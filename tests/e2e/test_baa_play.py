"""The Baa played by people in the browser: three phones joining by link beside a bot, and two
teams passing one phone until the first goal.

The tests decide like a player would, from the game as it stands (read from the database the
live server writes to); every input is given through the page: card buttons behind the cover,
taps on the map or the point fields, action buttons and yes/no answers.
"""

from __future__ import annotations

import math
import re

import pytest
from playwright.sync_api import Page, expect

from engines.baa import IllegalAction
from simulator.baa import board, play
from simulator.baa.presentation import figure_name
from simulator.models import BaaGame

pytestmark = pytest.mark.e2e

CARRIER = "0:A"


# ---------------------------------------------------------------- deciding like a player
def _legal_move(engine, fid, x, y) -> bool:
    action = {"type": "move", "legs": board.legs_for_tap(engine, fid, x, y)}
    try:
        engine.validate(engine.figures[fid].team, action)
    except IllegalAction:
        return False
    return True


def step_towards(engine, fid, gx, gy, *, stop_short=0.0):
    """The legal point nearest to (gx, gy) within the movement left, or None."""
    f = engine.figures[fid]
    budget = engine.pending["move_left"] - 0.05
    if budget < 0.3:
        return None
    dx, dy = gx - f.x, gy - f.y
    d = math.hypot(dx, dy) - stop_short
    if d < 0.2:
        return None
    base = math.atan2(dy, dx)
    best = None
    for offset in (0, 15, -15, 30, -30, 45, -45, 60, -60, 90, -90):
        for frac in (1.0, 0.8, 0.6, 0.4, 0.2):
            step = min(budget, d) * frac
            a = base + math.radians(offset)
            x, y = f.x + step * math.cos(a), f.y + step * math.sin(a)
            if not (0.6 < x < 47.4 and 0.6 < y < 47.4) or not _legal_move(engine, fid, x, y):
                continue
            left = math.hypot(gx - x, gy - y)
            if best is None or left < best[0] - 1e-9:
                best = (left, x, y)
            break
    if best is None or best[0] >= math.hypot(dx, dy) - 0.1:
        return None
    return best[1], best[2]


def carrier_plan(engine, fid, *, throw_at=None):
    """What the ball carrier does: pick up the nearest loose ball, then either throw it at
    `throw_at(engine, fid)` (a figure id) or carry it to its own goal marker."""
    f = engine.figures[fid]
    legal = engine.legal_actions(f.team)
    if not f.ball:
        for a in legal:
            if a["type"] == "pickup":
                return ("button", f"Ball {a['ball']} aufheben")
        loose = [b for b in engine.balls.values() if b.holder is None and b.level is None]
        loose.sort(key=lambda b: math.hypot(b.x - f.x, b.y - f.y))
        for b in loose:
            point = step_towards(engine, fid, b.x, b.y, stop_short=0.6)
            if point:
                return ("move", *point)
        return ("button", "Aktivierung beenden")
    if throw_at is not None:
        target = throw_at(engine, fid)
        if target is not None and any(a["type"] == "throw" for a in legal):
            o = engine.figures[target]
            return ("throw", o.x, o.y)
    m = engine.map.marker(f.team)
    if math.hypot(m.x - f.x, m.y - f.y) <= engine.pending["move_left"] and _legal_move(
        engine, fid, m.x, m.y
    ):
        return ("move", m.x, m.y)
    point = step_towards(engine, fid, m.x, m.y)
    return ("move", *point) if point else ("button", "Aktivierung beenden")


def nearest_person_catcher(engine, fid, people=(1, 2)):
    """A standing figure of another person's team within 7" that could catch."""
    f = engine.figures[fid]
    options = [
        o
        for o in engine.figures.values()
        if o.team in people and not o.prone and not o.ball and o.level == f.level
    ]
    options.sort(key=lambda o: math.hypot(o.x - f.x, o.y - f.y))
    for o in options:
        if math.hypot(o.x - f.x, o.y - f.y) <= 7.0:
            return o.id
    return None


# ---------------------------------------------------------------- the page side
def _game(pk) -> BaaGame:
    return BaaGame.objects.get(pk=pk)


def wait_for_version(page: Page, version: int) -> None:
    """The page shows the game at `version` (after its own input, or by polling)."""
    page.wait_for_function(
        "v => { const b = document.querySelector('#baa-board'); "
        "return b && Number(b.dataset.version) >= v; }",
        arg=version,
        # polling every 2 s brings it; several phones polling one test server on a busy
        # machine can take a few rounds
        timeout=15000,
    )


def submit_and_wait(page: Page, pk, click) -> BaaGame:
    before = _game(pk).version
    click()
    try:
        wait_for_version(page, before + 1)
    except Exception as exc:  # a refused input shows its reason: say it
        raise AssertionError(page.locator("#baa-board").inner_text()[:400]) from exc
    return _game(pk)


def tap(page: Page, x: float, y: float) -> None:
    """Tap the map at table point (x, y)."""
    point = page.evaluate(
        """([x, y]) => {
            const svg = document.querySelector('svg.baa-live');
            svg.scrollIntoView({block: 'center'});
            const p = svg.createSVGPoint(); p.x = x; p.y = y;
            const s = p.matrixTransform(svg.getScreenCTM());
            return [s.x, s.y];
        }""",
        [x, 48 - y],
    )
    page.mouse.click(point[0], point[1])


def enter_point(page: Page, x: float, y: float, mode: str = "laufen") -> None:
    page.locator(f'input[name="modus"][value="{mode}"]').check()
    details = page.locator(".baa-point")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    page.get_by_label("x (Zoll von links)").fill(f"{x:.3f}")
    page.get_by_label("y (Zoll von oben)").fill(f"{48 - y:.3f}")
    page.get_by_role("button", name="Ausführen").click()


def do(page: Page, pk, plan, *, tap_moves=False) -> BaaGame:
    kind = plan[0]
    if kind == "button":
        return submit_and_wait(page, pk, page.get_by_role("button", name=plan[1]).click)
    if kind == "move":
        _, x, y = plan
        if tap_moves:
            return submit_and_wait(page, pk, lambda: tap(page, x, y))
        return submit_and_wait(page, pk, lambda: enter_point(page, x, y))
    _, x, y = plan  # throw at a point
    return submit_and_wait(page, pk, lambda: enter_point(page, x, y, mode="werfen"))


def pick(page: Page, pk, team: int, fid: str, *, covered: bool) -> BaaGame:
    if covered:
        page.get_by_role("link", name=re.compile("Karte wählen")).click()
    button = page.get_by_role("button", name=re.compile(rf"^{figure_name(fid)}\b"))
    return submit_and_wait(page, pk, button.click)


def choose_card(engine, team: int, first: str | None) -> str:
    options = [a["figure"] for a in engine.legal_actions(team)]
    return first if first in options else options[-1]


# ---------------------------------------------------------------- the tests
def test_two_teams_pass_one_phone_until_the_first_goal(page: Page, live_server):
    page.goto(f"{live_server.url}/simulator/")
    page.get_by_role("link", name=re.compile("The Baa spielen")).click()
    page.get_by_role("link", name="Neue Partie").click()
    page.get_by_label("Spielende").select_option("first_goal")
    page.get_by_role("button", name="Partie anlegen").click()
    expect(page.get_by_text("Team Grün wählt jetzt verdeckt eine Karte.")).to_be_visible()
    pk = BaaGame.objects.get().pk

    for _ in range(400):
        game = _game(pk)
        if game.finished:
            break
        engine = play.engine_of(game)
        pending = engine.pending
        if pending["type"] == "pick":
            team = pending["teams"][0]
            # the cover hides the other team's pick: Grün's choice is never on Rot's screen
            expect(page.locator(".baa-cover")).to_be_visible()
            pick(
                page,
                pk,
                team,
                choose_card(engine, team, CARRIER if team == 0 else None),
                covered=True,
            )
        elif pending["type"] == "act":
            if pending["figure"] == CARRIER:
                first_move = engine.round == 1 and pending["move_left"] == 6.0
                do(page, pk, carrier_plan(engine, CARRIER), tap_moves=first_move)
            else:
                do(page, pk, ("button", "Aktivierung beenden"))
        else:
            do(page, pk, ("button", "Nein"))

    game = _game(pk)
    engine = play.engine_of(game)
    assert game.finished and engine.result()["reason"] == "first_goal"
    assert engine.goals == [1, 0]
    expect(page.locator(".result")).to_contain_text("Team Grün gewinnt!")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


SEED_3_PHONES = 5


def test_three_phones_join_by_link_with_a_bot_and_play_one_round(
    new_page, live_server, monkeypatch
):
    monkeypatch.setattr(play, "new_seed", lambda: SEED_3_PHONES)
    hp = new_page()
    hp.goto(f"{live_server.url}/simulator/baa/partien/neu/")
    hp.get_by_label("Teams").select_option("4")
    for t, kind in enumerate(("person", "person", "person", "greedy")):
        hp.get_by_label(f"Team {t + 1}", exact=True).select_option(kind)
    hp.get_by_label("jedes Team am eigenen Handy (Link oder QR-Code)").check()
    hp.get_by_label("Spielende").select_option("rounds")
    hp.get_by_label("N", exact=True).fill("1")
    hp.get_by_role("button", name="Partie anlegen").click()
    expect(hp.locator(".baa-qr svg")).to_have_count(3)
    links = [hp.locator(f'[data-seat-link="{t}"]').get_attribute("href") for t in range(3)]
    pk = BaaGame.objects.get().pk

    phones = []
    for link in links:
        phone = new_page()
        phone.goto(link)
        phones.append(phone)
    expect(phones[1].get_by_role("heading", level=1)).to_have_text("The Baa – Team Rot")

    answered = []
    threw = False
    for _ in range(200):
        game = _game(pk)
        if game.finished:
            break
        engine = play.engine_of(game)
        pending = engine.pending
        if pending["type"] == "pick":
            team = pending["teams"][0]
            wait_for_version(phones[team], game.version)
            first = CARRIER if team == 0 else None
            game = pick(phones[team], pk, team, choose_card(engine, team, first), covered=False)
            if pending["teams"][1:]:
                # a pick is secret: another phone sees no card of it before the reveal
                other = phones[pending["teams"][1]]
                wait_for_version(other, game.version)
                reveal = f"Karten aufgedeckt (Schritt {engine.step})"
                expect(other.locator("#baa-board")).not_to_contain_text(reveal)
            continue
        team = pending["team"]
        phone = phones[team]
        wait_for_version(phone, game.version)  # polling brought the news within 2 s
        if pending["type"] == "act":
            plan = ("button", "Aktivierung beenden")
            if pending["figure"] == CARRIER and not threw:
                plan = carrier_plan(engine, CARRIER, throw_at=nearest_person_catcher)
                threw = plan[0] == "throw"
            do(phone, pk, plan)
        else:
            answered.append((pending["type"], team))
            do(phone, pk, ("button", "Ja"))

    game = _game(pk)
    engine = play.engine_of(game)
    assert game.finished and engine.result()["reason"] == "rounds" and engine.round == 1
    assert threw and any(kind == "catch" for kind, _team in answered)
    kinds = {e["type"] for e in engine.events}
    assert {"move", "throw", "catch"} <= kinds

    # every roll of the game is in the report, die by die, with the K of each test
    report = phones[2]
    report.goto(f"{links[2]}bericht/?runde=1")
    rolls = [r for e in engine.events if e["type"] in ("k_test", "roll_off") for r in e["rolls"]]
    expect(report.locator(".die")).to_have_count(len(rolls))
    k_tests = [e for e in engine.events if e["type"] == "k_test"]
    expect(report.locator(".baa-k")).to_have_count(len(k_tests))
    expect(report.locator(".die--six")).to_have_count(rolls.count(6))


def test_the_pages_of_a_played_game_have_no_wcag_violations(
    page: Page, live_server, assert_accessible
):
    game = play.create_game(
        visitor="a11y",
        seats=["person", "person", "greedy"],
        map_choice="kirkwall",
        end_kind="rounds",
        end_value=2,
        shared_device=False,
    )
    seat = game.seats.get(team=0)
    play.play(
        token=seat.token, team=0, action={"type": "pick", "figure": "0:A"}, version=game.version
    )
    other = game.seats.get(team=1)
    game = _game(game.pk)
    play.play(
        token=other.token, team=1, action={"type": "pick", "figure": "1:F"}, version=game.version
    )
    shared = play.create_game(
        visitor="a11y",
        seats=["person", "person"],
        map_choice="generated",
        end_kind="first_goal",
        end_value=None,
        shared_device=True,
    )
    failures = []
    for path in (
        "/simulator/baa/partien/",
        "/simulator/baa/partien/neu/",
        f"/simulator/baa/partie/{game.host_token}/",  # join links and QR codes
        f"/simulator/baa/partie/{seat.token}/",  # a seat on its own turn (map zoomed in)
        f"/simulator/baa/partie/{shared.host_token}/",  # the cover of a shared device
        f"/simulator/baa/partie/{seat.token}/bericht/?ereignis=2",
    ):
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("networkidle")
        try:
            assert_accessible(page)
        except AssertionError as error:
            failures.append(str(error))
    assert not failures, "\n\n".join(failures)
