"""`make load-mix`: coaches entering results while visitors read, on the benchmark league.

Starts gunicorn (2 sync workers, production settings) on a copy of the league that
`make bench-pages` built (BENCH_DATABASE_URL; the copy is dropped afterwards, so every run starts
from the same league), or uses a running server given with --base (loopback only). Bounded: at
most 32 visitors, 8 coaches and 120 seconds. Visitors read the table, the match list, squads,
matches and the handbook; each coach (logged in before the measurement starts, as a coach is)
enters results for his team against opponents it has not played this season (once it has
played them all, second games, with the form's yes to one), through the form, and then reads
the table, which must already count that match (a stale table is an error). Runs
the visitors alone first, then the same visitors with the writing coaches, and prints the
percentiles per kind of request of both, the read p50 side by side and every error.
"""

import argparse
import contextlib
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections import defaultdict
from pathlib import Path

from .pages import DEFAULT_DB, DEFAULT_REDIS, redis_answers
from .servers import free_port, manage, production_env, start_gunicorn, stop
from .site_client import COACH_PASSWORD, SiteClient

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
LIMITS = {"visitors": 32, "coaches": 8, "seconds": 120}
TEAM_LINK = re.compile(r'<tr data-team="(\d+)">.*?<a href="(/teams/\d+/)">([^<]+)</a>', re.S)


class Recorder:
    def __init__(self):
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []

    def record(self, kind: str, seconds: float, error: str | None = None) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            if error:
                self.errors.append(f"{kind}: {error}")


def played_count(page: str, team_pk: int) -> int | None:
    row = re.search(rf'<tr data-team="{team_pk}">.*?</tr>', page, re.S)
    if row is None:
        return None
    return int(re.search(r'data-col="played">(\d+)<', row.group(0)).group(1))


def visitor(base: str, urls: list[str], stop_at: float, recorder: Recorder, seed: int) -> None:
    rng = random.Random(seed)
    client = SiteClient(base)
    while time.monotonic() < stop_at:
        url = rng.choice(urls)
        try:
            response = client.get(url)
        except OSError as error:
            recorder.record("lesen", 0.0, f"{url}: {error}")
            continue
        error = None if response.status == 200 else f"{url}: HTTP {response.status}"
        recorder.record("lesen", response.seconds, error)


def logged_in(base: str, team: dict) -> SiteClient:
    """The coach's phone: logged in before the measurement starts, as a coach is (a session
    lasts weeks; the password hash costs a worker about a second, once, not per result)."""
    client = SiteClient(base)
    client.login(team["username"], COACH_PASSWORD)
    return client


def played_opponents(client: SiteClient, team_pk: int) -> set[int]:
    """Whom the team has played this season (from the API): a coach enters the games he
    played, and in this league that is each opponent once."""
    import json

    seasons = json.loads(client.get("/api/v1/seasons?limit=1").body)["items"]
    if not seasons or not seasons[0]["is_current"]:
        return set()
    played, offset = set(), 0
    while True:
        page = json.loads(
            client.get(
                f"/api/v1/matches?season={seasons[0]['id']}&team={team_pk}&limit=100&offset={offset}"
            ).body
        )
        for match in page["items"]:
            played |= {match["home"]["id"], match["away"]["id"]}
        offset += page["limit"]
        if offset >= page["count"]:
            return played - {team_pk}


def coach(client: SiteClient, team: dict, teams, played: set, stop_at: float, recorder, seed: int):
    rng = random.Random(seed)
    while time.monotonic() < stop_at:
        fresh = [t for t in teams if t["pk"] != team["pk"] and t["pk"] not in played]
        # Every opponent played (the builder enters a whole season "now", so all of its
        # pairings are within the duplicate window): a second game, said so on the form.
        opponent = rng.choice(fresh or [t for t in teams if t["pk"] != team["pk"]])
        played.add(opponent["pk"])
        before = played_count(client.get("/tabelle/").body, team["pk"])
        started = time.perf_counter()
        try:
            saved = client.enter_result(
                home=team["pk"],
                away=opponent["pk"],
                score=(rng.randint(0, 3), rng.randint(0, 3)),
                second_game=not fresh,
            )
        except (OSError, RuntimeError) as error:
            recorder.record("eintragen", time.perf_counter() - started, str(error))
            continue
        seconds = time.perf_counter() - started
        if saved.status == 400 and "schon eingetragen" in saved.body:
            # The other coach entered this pairing first: the app rightly refuses it twice.
            recorder.record("doppelt (abgelehnt)", seconds)
            continue
        if saved.status != 302:
            recorder.record("eintragen", seconds, f"HTTP {saved.status} statt Weiterleitung")
            continue
        recorder.record("eintragen", seconds)
        table = client.get("/tabelle/")
        after = played_count(table.body, team["pk"])
        stale = before is not None and after is not None and after <= before
        recorder.record("Tabelle danach", table.seconds, "veraltete Tabelle" if stale else None)
        time.sleep(rng.uniform(0.2, 1.0))  # a coach does not type at machine speed


def league_targets(base: str) -> tuple[list[str], list[dict]]:
    client = SiteClient(base)
    table = client.get("/tabelle/").body
    teams = []
    for pk, url, name in TEAM_LINK.findall(table):
        number = re.search(r"Team (\d+)$", name.strip())
        if number:
            teams.append({"pk": int(pk), "url": url, "username": f"bench-coach-{number.group(1)}"})
    matches = re.findall(r'href="(/spiele/\d+/)"', client.get("/spiele/").body)
    urls = ["/tabelle/", "/spiele/", "/regelheft/"]
    urls += [t["url"] for t in teams[:10]] + matches[:10]
    return urls, teams


def percentile_line(kind: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    cuts = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99
    return (
        f"{kind:<20} {len(ms):>7} {cuts[49]:>8.1f} {cuts[89]:>8.1f} {cuts[98]:>8.1f} {ms[-1]:>8.1f}"
    )


ACCESS_LINE = re.compile(r'"(\w+) (\S+) HTTP/[\d.]+" (\d+) \S+ (\d+)ms$')


def worker_time(lines: list[str], top: int = 12) -> str:
    """What the workers spent their time on, from gunicorn's access log (config/gunicorn.conf.py
    ends each line with the duration): per kind of request (numbers in the path as N, the query
    string left out) the count and the sum of durations, the largest first."""
    sums: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for line in lines:
        found = ACCESS_LINE.search(line.strip())
        if found is None:
            continue
        method, path, status, ms = found.groups()
        kind = f"{method} {re.sub(r'\d+', 'N', path.split('?')[0])} {status}"
        sums[kind][0] += 1
        sums[kind][1] += int(ms)
    total = sum(ms for _, ms in sums.values()) or 1
    rows = [f"{'Arbeitszeit der Worker':<40} {'Anzahl':>7} {'Summe ms':>9} {'Anteil':>7}"]
    for kind, (count, ms) in sorted(sums.items(), key=lambda item: -item[1][1])[:top]:
        rows.append(f"{kind:<40} {count:>7} {ms:>9} {ms / total:>7.0%}")
    return "\n".join(rows)


READ_P50_GOAL = 2.0  # issue 20: reads with writers at most twice as slow (p50) as without


def phase(base, urls, teams, *, visitors: int, coaches: int, seconds: int) -> Recorder:
    recorder = Recorder()
    writers = []
    for team in random.Random(7).sample(teams, coaches):
        try:
            client = logged_in(base, team)
        except (OSError, RuntimeError) as error:
            recorder.record("anmelden", 0.0, str(error))
            continue
        writers.append((client, team, played_opponents(client, team["pk"])))
    stop_at = time.monotonic() + seconds
    threads = [
        threading.Thread(target=visitor, args=(base, urls, stop_at, recorder, n))
        for n in range(visitors)
    ]
    threads += [
        threading.Thread(
            target=coach, args=(client, team, teams, played, stop_at, recorder, 1000 + n)
        )
        for n, (client, team, played) in enumerate(writers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return recorder


def report(title: str, recorder: Recorder, seconds: int) -> None:
    print(f"\n{title}\n")
    print(f"{'Anfrage':<20} {'Anzahl':>7} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind, times in recorder.times.items():
        print(percentile_line(kind, times))
    total = sum(len(times) for times in recorder.times.values())
    print(f"{total / seconds:.0f} Anfragen/s, Fehler: {len(recorder.errors)}")
    for error in recorder.errors[:20]:
        print(f"  {error}")


def run(base: str, *, visitors: int, coaches: int, seconds: int, log: Path | None = None) -> int:
    """Two phases against the same server, one after the other: the visitors alone, then the
    same visitors while the coaches enter results; the read p50 of both side by side. `log`:
    the server's access log, whose lines of each phase are summed up (`worker_time`)."""

    def log_lines() -> list[str]:
        return log.read_text(errors="replace").splitlines() if log else []

    urls, teams = league_targets(base)
    if len(teams) < 2:
        print("Keine Benchmark-Liga gefunden (erst make bench-pages).", file=sys.stderr)
        return 2
    for url in urls:  # both phases start from a warm cache
        SiteClient(base).get(url)
    start = len(log_lines())
    alone = phase(base, urls, teams, visitors=visitors, coaches=0, seconds=seconds)
    middle = len(log_lines())
    mixed = phase(base, urls, teams, visitors=visitors, coaches=coaches, seconds=seconds)
    end = log_lines()
    report(f"1) {visitors} Besucher allein, {seconds} s gegen {base}", alone, seconds)
    if log:
        print("\n" + worker_time(end[start:middle]))
    report(
        f"2) {visitors} Besucher und {coaches} Coaches, die eintragen, {seconds} s", mixed, seconds
    )
    if log:
        print("\n" + worker_time(end[middle:]))
    p50 = [statistics.median(r.times["lesen"]) * 1000 for r in (alone, mixed)]
    ratio = p50[1] / p50[0]
    print(
        f"\nLesen p50: {p50[0]:.1f} ms allein, {p50[1]:.1f} ms mit Schreibern: {ratio:.2f} × "
        f"(Ziel ≤ {READ_P50_GOAL:g} ×) – {'erreicht' if ratio <= READ_P50_GOAL else 'verfehlt'}"
    )
    saved = len(mixed.times.get("eintragen", []))
    print(
        f"Eingetragene Ergebnisse: {saved}; Fehler und veraltete Seiten: "
        f"{len(alone.errors) + len(mixed.errors)}"
    )
    return 1 if alone.errors or mixed.errors or ratio > READ_P50_GOAL else 0


@contextlib.contextmanager
def league_copy(url: str):
    """A copy of the benchmark league for one run, dropped afterwards: every run starts from the
    same league (the results it enters do not pile up in the next run's way)."""
    import psycopg

    base, name = url.rsplit("/", 1)
    copy = f"{name}_load_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{copy}" TEMPLATE "{name}"')
    try:
        yield f"{base}/{copy}"
    finally:
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{copy}" WITH (FORCE)')


@contextlib.contextmanager
def league_environment(prefix: str):
    """(environment, temporary folder) of the production settings on a fresh copy of the
    benchmark league (`league_copy`), migrated and with its static files collected: a cache of
    its own (Redis under a new key prefix when BENCH_REDIS_URL answers, else files in the
    folder). Both are gone afterwards."""
    with (
        tempfile.TemporaryDirectory(prefix=f"{prefix}-") as tmp,
        league_copy(os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)) as db_url,
    ):
        extra = {
            "DATABASE_URL": db_url,
            "STATIC_ROOT": str(Path(tmp) / "static"),
            "CACHE_DIR": str(Path(tmp) / "cache"),
            "CACHE_KEY_PREFIX": f"{prefix}-{uuid.uuid4().hex[:8]}",
        }
        redis_url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)
        if redis_answers(redis_url):
            extra["REDIS_URL"] = redis_url
        env = production_env(**extra)
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "collectstatic", "--noinput", "-v0")
        yield env, Path(tmp)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", help="laufender Server, z. B. http://127.0.0.1:8000")
    parser.add_argument("--visitors", type=int, default=12)
    parser.add_argument("--coaches", type=int, default=4)
    parser.add_argument("--seconds", type=int, default=30)
    args = parser.parse_args()
    for name, limit in LIMITS.items():
        if not 0 < getattr(args, name) <= limit:
            parser.error(f"--{name} zwischen 1 und {limit}")
    if args.base:
        if urllib.parse.urlsplit(args.base).hostname not in LOOPBACK:
            parser.error("nur gegen einen Server auf diesem Rechner (127.0.0.1)")
        return run(args.base, visitors=args.visitors, coaches=args.coaches, seconds=args.seconds)

    with league_environment("hs-load") as (env, tmp):
        port = free_port()
        log = tmp / "access.log"
        with log.open("w") as log_file:
            server = start_gunicorn(env, port=port, workers=2, log=log_file)
            try:
                return run(
                    f"http://127.0.0.1:{port}",
                    visitors=args.visitors,
                    coaches=args.coaches,
                    seconds=args.seconds,
                    log=log,
                )
            finally:
                stop(server)


if __name__ == "__main__":
    sys.exit(main())
