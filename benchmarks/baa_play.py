"""What an anonymous visitor can cost the server with games of The Baa: request times for
creating a game, for the polls that let bots play, for a person's input late in a long game,
and how far one visitor gets when creating games in a loop.

Run: ``python -m benchmarks.baa_play [--games N]`` (a throw-away SQLite database in a temporary
folder unless DATABASE_URL is set; well under a minute). Requests go through Django's test
client, so every figure includes the view, the row lock, the engine and the template.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time


def _setup() -> None:
    if "DATABASE_URL" not in os.environ:
        folder = tempfile.mkdtemp(prefix="baa-bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)


def _ms(values: list[float]) -> str:
    return f"mean {1000 * statistics.mean(values):6.1f} ms, max {1000 * max(values):6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args()
    _setup()

    from django.test import Client
    from django.urls import reverse

    from simulator.baa import play
    from simulator.models import BaaGame

    def new_game(client: Client, seats: list[str], **extra) -> tuple[float, int]:
        form = {
            "teams": str(len(seats)),
            "map_choice": "generated",
            "shared_device": "1",
            "end_kind": "rounds",
            "end_value": "100",
            **{f"seat_{t}": kind for t, kind in enumerate(seats)},
            **extra,
        }
        t0 = time.perf_counter()
        response = client.post(reverse("simulator:baa-game-new"), form)
        return time.perf_counter() - t0, response.status_code

    print(
        f"Limits: {play.MAX_RUNNING_PER_VISITOR} running games and "
        f"{play.MAX_NEW_PER_VISITOR_PER_HOUR} new games per visitor and hour, "
        f"{play.MAX_RUNNING_TOTAL} running games in all, "
        f"{play.MAX_BOT_INPUTS_PER_REQUEST} bot inputs per request and "
        f"{play.MIN_SECONDS_BETWEEN_BOT_STEPS} s between bot steps of a game, "
        f"{play.SAFETY_ROUNDS} rounds at most"
    )
    # measure the dearest poll: every poll below may let the bots play
    play.MIN_SECONDS_BETWEEN_BOT_STEPS = 0.0

    # 1. creating games: the dearest one has six bot seats (they play a budget at once)
    creation, polls, quiet = [], [], []
    inputs_per_poll = []
    for _ in range(args.games):
        client = Client()
        seconds, status = new_game(client, ["greedy"] * 6)
        assert status == 302, status
        creation.append(seconds)
        game = BaaGame.objects.latest("created_at")
        url = reverse("simulator:baa-game-state", args=[game.host_token])
        for _ in range(5):
            before = len(game.state["inputs"])
            t0 = time.perf_counter()
            client.get(url, {"v": game.version})
            polls.append(time.perf_counter() - t0)
            game = BaaGame.objects.get(pk=game.pk)
            inputs_per_poll.append(len(game.state["inputs"]) - before)
        BaaGame.objects.filter(pk=game.pk).update(finished=True)
    print(f"create a 6-bot game:            {_ms(creation)}")
    print(
        f"poll that lets 6 bots play:     {_ms(polls)} "
        f"(bot inputs per poll: max {max(inputs_per_poll)})"
    )

    # 2. a quiet poll (nothing changed: 204) and a person's input late in a long game
    client = Client()
    new_game(client, ["person", "greedy", "greedy", "greedy", "greedy", "greedy"])
    game = BaaGame.objects.latest("created_at")
    engine = play.engine_of(game)
    from engines.baa import bots

    while engine.round < 30 and not engine.finished:  # 30 rounds of play, as if by people
        team = engine.waiting_for()[0]
        engine.apply(team, bots.answer(engine, team, "greedy"))
        play._run_bots(engine, {t: s.kind for t, s in enumerate(game.seats.all())})
    game.state = engine.to_dict()
    game.save()
    url = reverse("simulator:baa-game-state", args=[game.host_token])
    for _ in range(20):
        t0 = time.perf_counter()
        client.get(url, {"v": game.version})
        quiet.append(time.perf_counter() - t0)
    print(f"quiet poll (204):               {_ms(quiet)}")
    page = []
    for _ in range(5):
        t0 = time.perf_counter()
        client.get(reverse("simulator:baa-game", args=[game.host_token]))
        page.append(time.perf_counter() - t0)
    print(
        f"game page after {engine.round} rounds:     {_ms(page)} "
        f"(saved game {len(str(game.state)) // 1024} KB, {len(engine.inputs)} inputs)"
    )
    report = []
    for n in (1, engine.round // 2, engine.round):
        t0 = time.perf_counter()
        client.get(reverse("simulator:baa-game-report", args=[game.host_token]), {"runde": n})
        report.append(time.perf_counter() - t0)
    print(f"report page with its table:     {_ms(report)} (replays up to the round)")
    pending = engine.pending
    inputs = []
    for _ in range(5):
        game = BaaGame.objects.get(pk=game.pk)
        engine = play.engine_of(game)
        pending = engine.pending
        team = engine.waiting_for()[0]
        action = bots.answer(engine, team, "greedy")
        t0 = time.perf_counter()
        play.play(token=game.host_token, team=team, action=action, version=game.version)
        inputs.append(time.perf_counter() - t0)
    print(f"a person's input, late game:    {_ms(inputs)} (last pending: {pending['type']})")

    # 3. one visitor creating games in a loop
    client = Client()
    accepted = refused = 0
    for _ in range(play.MAX_NEW_PER_VISITOR_PER_HOUR + 5):
        _seconds, status = new_game(client, ["person", "person"])
        if status == 302:
            accepted += 1
        else:
            refused += 1
    print(
        f"one visitor, {accepted + refused} creations in a row: {accepted} games, {refused} refused"
    )


if __name__ == "__main__":
    main()
