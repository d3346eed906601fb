"""`make result-cycle`: what one entered result costs the app servers, step by step.

The load mix (benchmarks/load_mix.py) shows that coaches' writes slow the visitors' reads; this
script shows where that time goes. On a copy of the benchmark league (BENCH_DATABASE_URL, dropped
afterwards) with the production settings, in one process (Django's test client, no HTTP), it
repeats one result cycle for several coaches: the coach opens "Spiel eintragen" for an opponent
his team has not played this season, sends it, reads the match page he is sent to and the table;
then a visitor reads the pages that result renews (table, match list, both squads, an older match
page of the team). Prints per step the median time and the database queries, and the sum per
cycle: the worker time one result costs. `--profile STEP` prints the top of cProfile for a
step, `--queries STEP` its SQL with the time of each query.
"""

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from collections import defaultdict
from datetime import datetime, timedelta

from .load_mix import league_environment
from .site_client import LEAGUE_TIME

STEPS = (
    "Formular",
    "Speichern",
    "Spielseite Coach",
    "Tabelle Coach",
    "Tabelle Besucher",
    "Spiele Besucher",
    "Kader Heim",
    "Kader Gast",
    "älteres Spiel",
)


def measure(
    profile_step: str | None, cycles: int, queries_step: str | None = None
) -> dict[str, list[tuple[float, int]]]:
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from league.models import Season
    from matches.models import Match
    from roster.models import Team

    season = Season.objects.current()
    teams = list(Team.objects.filter(coach__isnull=False).select_related("coach").order_by("pk"))
    figures: dict[str, list[tuple[float, int]]] = defaultdict(list)
    visitor = Client(HTTP_X_FORWARDED_PROTO="https", HTTP_HOST="127.0.0.1")
    # one client each, as the worker's middleware is loaded once per client
    coach = Client(HTTP_X_FORWARDED_PROTO="https", HTTP_HOST="127.0.0.1")
    for url in ("/tabelle/", "/spiele/", "/regelheft/"):
        visitor.get(url)  # warm
        coach.get(url)

    def step(name: str, call, *args):
        profiler = cProfile.Profile() if name == profile_step else None
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            if profiler:
                profiler.enable()
            response = call(*args)
            if profiler:
                profiler.disable()
            seconds = time.perf_counter() - started
        if response.status_code not in (200, 302):
            raise RuntimeError(f"{name}: HTTP {response.status_code}")
        figures[name].append((seconds, len(queries)))
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
        if name == queries_step:
            for query in queries.captured_queries:
                print(f"{float(query['time']) * 1000:6.1f} ms  {query['sql'][:160]}")
        return response

    for number in range(cycles):
        home = teams[(number * 7) % len(teams)]
        this_season = Match.objects.for_season(season)
        played = set(this_season.filter(home=home).values_list("away", flat=True))
        played |= set(this_season.filter(away=home).values_list("home", flat=True))
        away = next(t for t in teams if t.pk != home.pk and t.pk not in played)
        older = this_season.filter(home=home).order_by("-pk").first()
        coach.force_login(home.coach)
        # both squads and the older match as readers had them before this result
        for url in (home.get_absolute_url(), away.get_absolute_url(), older.get_absolute_url()):
            visitor.get(url)
        form_url = f"/spiele/neu/?heim={home.pk}&gast={away.pk}"
        played_at = (datetime.now(LEAGUE_TIME) - timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M")
        step("Formular", coach.get, form_url)
        data = {
            "heim": home.pk,
            "gast": away.pk,
            "played_at": played_at,
            "home_touchdowns": 2,
            "away_touchdowns": 1,
            "conceded_by": "",
            "home_journeymen_casualties": 0,
            "away_journeymen_casualties": 0,
        }
        saved = step("Speichern", coach.post, "/spiele/neu/", data)
        if saved.status_code != 302:
            raise RuntimeError(f"Speichern: HTTP {saved.status_code}")
        step("Spielseite Coach", coach.get, saved["Location"])
        step("Tabelle Coach", coach.get, "/tabelle/")
        step("Tabelle Besucher", visitor.get, "/tabelle/")
        step("Spiele Besucher", visitor.get, "/spiele/")
        step("Kader Heim", visitor.get, home.get_absolute_url())
        step("Kader Gast", visitor.get, away.get_absolute_url())
        step("älteres Spiel", visitor.get, older.get_absolute_url())
    return figures


def report(figures: dict[str, list[tuple[float, int]]]) -> None:
    print(f"\n{'Schritt':<20} {'ms (Median)':>12} {'Abfragen':>9}")
    total = 0.0
    for name in STEPS:
        rows = figures.get(name, [])
        if not rows:
            continue
        ms = statistics.median(seconds for seconds, _ in rows) * 1000
        queries = statistics.median(count for _, count in rows)
        total += ms
        print(f"{name:<20} {ms:>12.1f} {queries:>9.0f}")
    print(f"{'ein Ergebnis':<20} {total:>12.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cycles", type=int, default=6)
    parser.add_argument("--profile", choices=STEPS, help="cProfile eines Schritts ausgeben")
    parser.add_argument("--queries", choices=STEPS, help="die Abfragen eines Schritts ausgeben")
    args = parser.parse_args()
    if not 0 < args.cycles <= 30:
        parser.error("--cycles zwischen 1 und 30")
    with league_environment("hs-cycle") as (env, _tmp):
        os.environ.clear()
        os.environ.update(env)
        os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
        figures = measure(args.profile, args.cycles, args.queries)
        from django.db import connections

        connections.close_all()  # before the copy is dropped
    report(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
