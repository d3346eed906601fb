"""`make bench-pages`: the league pages against the floor, on PostgreSQL with gunicorn.

1. Builds (once; `--rebuild` starts over) a league of 5 seasons, 40 teams, about 600 players and
   1,000 matches through the project's own services in the database BENCH_DATABASE_URL
   (default postgres://postgres@127.0.0.1:5432/hs_prod_bench).
2. Serves it with gunicorn, 2 sync workers, production settings (DEBUG off) plus the floor page
   of benchmarks/urls.py; the shared cache is the file cache of a single machine (what
   `make serve` uses without REDIS_URL) or, with `--cache redis`, Redis (BENCH_REDIS_URL).
3. Runs wrk (`apt-get install wrk`; 16 connections) on the floor and on /tabelle/, /spiele/, a
   squad page, a match page and /regelheft/ in turns, several rounds, each page as a visitor and
   logged in as the coach of the measured team (the match page also as an admin), each with the
   CSRF cookie a browser keeps from its first page (wrk keeps no cookies), and prints
   req/s, the ratio to the floor beside its goal, p50/p99 and the database queries per page
   (first request, then a repeat).

Loopback only; the numbers depend on the machine and what else runs on it.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.request
import uuid
from pathlib import Path

from .servers import ROOT, free_port, manage, production_env, start_gunicorn, stop

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/hs_prod_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
GOAL = 0.5


def ensure_database(url: str, *, rebuild: bool) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists and rebuild:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
            exists = None
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def redis_answers(url: str) -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except Exception:
        return False


# --- steps that run inside Django (a subprocess with the benchmark's environment) -----------


def prepare() -> dict:
    """Build the league if the database has none; return the URLs to measure."""
    import django

    django.setup()
    from django.core.management import call_command

    from benchmarks.league_builder import LeagueSize, build_league
    from league.models import Season
    from matches.models import Development, Match
    from roster.models import Player, Team
    from rules.models import Race

    if not Race.objects.exists():
        call_command("loaddata", "reference", "handbook", verbosity=0)
    if not Match.objects.exists():
        print("Baue die Liga (5 Saisons, 40 Teams, ~1.000 Spiele) …", file=sys.stderr, flush=True)
        build_league(LeagueSize(), progress=lambda text: print(text, file=sys.stderr, flush=True))
    season = Season.objects.current()
    # The squad with the longest history, a current match with developments on both sides.
    team = max(Team.objects.all(), key=lambda t: (t.players.count(), -t.pk))
    match = (
        Match.objects.filter(season=season, developments__isnull=False)
        .order_by("-played_at", "-pk")
        .first()
    )
    return {
        "sessions": {"coach": login_session(team.coach), "admin": login_session(admin_user())},
        "league": {
            "seasons": Season.objects.count(),
            "teams": Team.objects.count(),
            "players": Player.objects.count(),
            "matches": Match.objects.count(),
            "developments": Development.objects.count(),
        },
        "pages": {
            "floor": "/bench/floor/",
            "/tabelle/": "/tabelle/",
            "/spiele/": "/spiele/",
            "squad": team.get_absolute_url(),
            "match": match.get_absolute_url(),
            "/regelheft/": "/regelheft/",
            "/saisons/": "/saisons/",
            "/saisons/bestenlisten/": "/saisons/bestenlisten/",
            "/saisons/elo/": "/saisons/elo/",
            "team record": f"/saisons/teams/{team.pk}/",
        },
    }


def admin_user():
    from league.models import User

    admin = User.objects.filter(is_staff=True).order_by("pk").first()
    if admin is None:
        admin = User.objects.create_user("bench-admin", password=None, is_staff=True)
    return admin


def login_session(user) -> dict:
    """A logged-in session of `user` as a browser would hold it after the login form: the
    cookie header wrk sends."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.base import SessionBase
    from django.utils.module_loading import import_string

    store: SessionBase = import_string(settings.SESSION_ENGINE + ".SessionStore")()
    store[SESSION_KEY] = str(user.pk)
    # the backend that logged him in: the one that loads users (django-axes' comes first)
    store[BACKEND_SESSION_KEY] = next(
        path for path in settings.AUTHENTICATION_BACKENDS if path.endswith("ModelBackend")
    )
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return {"cookie": f"{settings.SESSION_COOKIE_NAME}={store.session_key}", "user": user.username}


def count_queries(pages: dict) -> dict:
    """Queries of each page: the first request after the cache is emptied, then a repeat."""
    import django

    django.setup()
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    cache.clear()
    counts = {}
    for name, (url, cookie) in pages.items():
        headers = {"X-Forwarded-Proto": "https", "Cookie": cookie} if cookie else {}
        client = Client(headers={"X-Forwarded-Proto": "https", **headers}, HTTP_HOST="127.0.0.1")
        per_run = []
        for _ in range(2):
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
            per_run.append(len(queries))
        counts[name] = per_run
    return counts


# --- the load runs ----------------------------------------------------------------------------


def _seconds(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value).groups()
    return float(number) * {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}[unit]


def wrk(url: str, *, seconds: int, connections: int, cookie: str = "") -> dict:
    out = subprocess.run(
        [
            "wrk",
            f"-t{min(2, connections)}",
            f"-c{connections}",
            f"-d{seconds}s",
            "--latency",
            "-H",
            "X-Forwarded-Proto: https",
            *(["-H", f"Cookie: {cookie}"] if cookie else []),
            url,
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": _seconds(re.search(r"\s50%\s+(\S+)", out).group(1)),
        "p99": _seconds(re.search(r"\s99%\s+(\S+)", out).group(1)),
        "errors": int(errors.group(1)) if errors else 0,
        "socket_errors": socket_errors.group(1) if socket_errors else "",
    }


def browser_cookies(base: str) -> str:
    """The cookies a browser keeps from the start page and sends with every later request (the
    CSRF cookie), as a Cookie header; wrk itself keeps none."""
    request = urllib.request.Request(base + "/", headers={"X-Forwarded-Proto": "https"})
    with urllib.request.urlopen(request, timeout=10) as response:
        cookies = [header.split(";", 1)[0] for header in response.headers.get_all("Set-Cookie")]
    if not cookies:
        raise RuntimeError("die Startseite setzt kein Cookie (CSRF-Cookie erwartet)")
    return "; ".join(cookies)


def run_in_django(env: dict, step: str, payload: dict | None = None) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.pages", "--step", step],
        cwd=ROOT,
        env=env,
        input=json.dumps(payload or {}),
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--step", choices=["prepare", "count"], help=argparse.SUPPRESS)
    parser.add_argument("--rebuild", action="store_true", help="Liga neu aufbauen")
    parser.add_argument("--seconds", type=int, default=5, help="Dauer je Messung")
    parser.add_argument("--rounds", type=int, default=3, help="Runden über alle Seiten")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument(
        "--cache",
        choices=["file", "redis"],
        default="file",
        help="geteilter Cache: Dateien (ein Rechner, Standard von make serve) oder Redis",
    )
    args = parser.parse_args()

    if args.step == "prepare":
        print(json.dumps(prepare()))
        return 0
    if args.step == "count":
        pages = json.loads(sys.stdin.read())["pages"]
        print(json.dumps(count_queries({name: tuple(value) for name, value in pages.items()})))
        return 0
    if shutil.which("wrk") is None:
        print("wrk fehlt: apt-get install wrk", file=sys.stderr)
        return 2

    db_url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    redis_url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)
    ensure_database(db_url, rebuild=args.rebuild)
    with tempfile.TemporaryDirectory(prefix="hs-bench-") as tmp:
        extra = {
            "DATABASE_URL": db_url,
            "DJANGO_SETTINGS_MODULE": "benchmarks.settings",
            "STATIC_ROOT": str(Path(tmp) / "static"),
            "CACHE_DIR": str(Path(tmp) / "cache"),
            "CACHE_KEY_PREFIX": f"hs-bench-{uuid.uuid4().hex[:8]}",
        }
        if args.cache == "redis":
            if not redis_answers(redis_url):
                print(f"Redis antwortet nicht unter {redis_url}", file=sys.stderr)
                return 2
            extra["REDIS_URL"] = redis_url
        env = production_env(**extra)
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "collectstatic", "--noinput", "-v0")
        info = run_in_django(env, "prepare")
        pages = info["pages"]
        sessions = info["sessions"]
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_gunicorn(env, port=port, workers=2)
        try:
            # (page, as whom) -> (url, cookies): every page as a visitor and as the logged-in
            # coach of the measured team, the match page also as an admin; the floor as a
            # visitor. Each sends the CSRF cookie a browser keeps from its first page.
            kept = browser_cookies(base)
            coach = "; ".join((sessions["coach"]["cookie"], kept))
            runs = {("floor", "visitor"): (pages["floor"], kept)}
            for name, url in pages.items():
                if name == "floor":
                    continue
                runs[(name, "visitor")] = (url, kept)
                runs[(name, "coach")] = (url, coach)
            admin = "; ".join((sessions["admin"]["cookie"], kept))
            runs[("match", "admin")] = (pages["match"], admin)
            for url, cookie in runs.values():  # warm-up: workers imported everything
                wrk(base + url, seconds=1, connections=2, cookie=cookie)
            results: dict[tuple, list[dict]] = {key: [] for key in runs}
            for round_number in range(args.rounds):
                for key, (url, cookie) in runs.items():
                    results[key].append(
                        wrk(
                            base + url,
                            seconds=args.seconds,
                            connections=args.connections,
                            cookie=cookie,
                        )
                    )
                print(f"Runde {round_number + 1}/{args.rounds} fertig", file=sys.stderr)
        finally:
            stop(server)
        queries = run_in_django(
            env, "count", {"pages": {"|".join(key): value for key, value in runs.items()}}
        )

    league = info["league"]
    cache_name = "Redis" if args.cache == "redis" else "Datei-Cache"
    print(
        f"\nLiga: {league['seasons']} Saisons, {league['teams']} Teams, {league['players']} "
        f"Spieler, {league['matches']} Spiele, {league['developments']} Entwicklungen"
    )
    print(
        f"gunicorn 2 sync Worker, DEBUG aus, PostgreSQL, {cache_name}; wrk {args.connections} "
        f"Verbindungen, {args.rounds} × {args.seconds} s je Seite im Wechsel; Coach = "
        f"{sessions['coach']['user']} (Coach des gemessenen Teams), Admin = "
        f"{sessions['admin']['user']}, beide angemeldet\n"
    )
    floor = statistics.mean(r["rps"] for r in results[("floor", "visitor")])
    print(
        f"{'Seite':<22} {'als':<9} {'req/s':>8} {'Verh.':>6} {'Ziel':>5} {'p50 ms':>8} "
        f"{'p99 ms':>8} {'Abfragen':>9} {'Fehler':>7}  Adresse"
    )
    missed = []
    for (name, who), runs_of in results.items():
        rps = statistics.mean(r["rps"] for r in runs_of)
        ratio = rps / floor
        goal = goal_of(name, who)
        if goal and ratio < goal:
            missed.append(f"{name} als {WHO[who]}")
        p50 = statistics.median(r["p50"] for r in runs_of) * 1000
        p99 = max(r["p99"] for r in runs_of) * 1000
        errors = sum(r["errors"] for r in runs_of)
        cold, warm = queries["|".join((name, who))]
        print(
            f"{name:<22} {WHO[who]:<9} {rps:>8.0f} {ratio:>6.2f} {goal or '':>5} {p50:>8.1f} "
            f"{p99:>8.1f} {f'{cold}/{warm}':>9} {errors:>7}  {runs[(name, who)][0]}"
        )
    print("\nVerh. = req/s der Seite / req/s des floor (leere Django-Seite), im selben Lauf.")
    print("Abfragen: erste Anfrage nach leerem Cache / Wiederholung (dieselbe Sitzung).")
    if missed:
        print("Ziel verfehlt: " + ", ".join(missed))
    else:
        print("Alle Ziele erreicht.")
    return 0


WHO = {"visitor": "Besucher", "coach": "Coach", "admin": "Admin"}


def goal_of(name: str, who: str) -> float | None:
    """The goals of issue 20: every league page ≥ 0.8 × floor for visitors; logged in as the
    coach of the measured team the squad and the match page ≥ 0.5 ×, the rest ≥ 0.8 ×; the
    statistics pages of issue 23 ≥ 0.5 ×."""
    if name == "floor":
        return None
    if name in STATISTICS:
        return GOAL  # issue 23: the archive's pages ≥ 0.5 × for visitors (and so for coaches)
    if who != "visitor" and name in {"squad", "match"}:
        return GOAL
    return 0.8


STATISTICS = {"/saisons/", "/saisons/bestenlisten/", "/saisons/elo/", "team record"}


if __name__ == "__main__":
    sys.exit(main())
