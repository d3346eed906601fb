"""Probe a running league from outside: every page as a visitor, a team's coach, another coach
and an admin, against gunicorn with 4 workers on PostgreSQL (development or production
settings). Reports PASS/FAIL per check: no 500, access allowed or refused as docs/league.md
("Wer die App benutzt") says, refusals in German, no English strings on a page.

Run it on a COPY of a built league (benchmarks/league_builder.py, the coaches' password is the
builder's), e.g. after checks/add_features.py:

    python checks/probe.py --db postgres://postgres@127.0.0.1:5432/hs_probe [--production]

It starts its own server (benchmarks/servers.py) and stops it at the end.
"""

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.servers import free_port, manage, production_env, start_gunicorn, stop
from benchmarks.site_client import COACH_PASSWORD, SiteClient

ENGLISH = re.compile(
    r">\s*(Run|Search|Go|Save|Delete|Log in|Log out|Home|Forbidden|Not Found|Bad Request|"
    r"Server Error|Page not found|Previous|Next|Yes|No|Cancel|Submit)\s*<"
    r"|This field is required|Please correct|Enter a valid|Select a valid|CSRF verification"
)
REFUSED = {302, 403, 404}


class Probe:
    def __init__(self, base: str):
        self.base, self.results = base, []

    def client(self, username: str | None) -> SiteClient:
        client = SiteClient(self.base, timeout=60)
        if username:
            client.login(username, COACH_PASSWORD)
        return client

    def check(self, who: str, client: SiteClient, path: str, allowed: bool) -> None:
        answer = client.get(path)
        problems = []
        if answer.status >= 500:
            problems.append(f"{answer.status}")
        elif allowed and answer.status != 200:
            problems.append(f"erwartet 200, bekam {answer.status}")
        elif not allowed and answer.status not in REFUSED:
            problems.append(f"erwartet Ablehnung, bekam {answer.status}")
        elif not allowed and answer.status == 302:
            target = answer.headers.get("Location", "")
            if "anmelden" not in target and "login" not in target:
                problems.append(f"Umleitung nicht zur Anmeldung: {target}")
        kind = answer.headers.get("Content-Type", "")
        # With DEBUG on (development settings) Django answers a 404 with its technical page
        # for developers, in English by design; its status is checked, not its language.
        technical = "you have <code>DEBUG = True</code>" in answer.body
        if "html" in kind and answer.body and not technical:
            if answer.status != 302 and 'lang="de"' not in answer.body:
                problems.append("Seite nicht deutsch (lang)")
            english = ENGLISH.search(answer.body)
            if english:
                problems.append(f"englisch: {english.group(0)!r}")
        self.results.append((who, path, answer.status, problems))


def facts(db: str) -> dict:
    with psycopg.connect(db) as conn:

        def one(sql, *params):
            return conn.execute(sql, params or None).fetchone()

        def column(sql):
            return [row[0] for row in conn.execute(sql)]

        season = one("select id from league_season where is_current")[0]
        team, coach = one(
            "select t.id, u.username from roster_team t join league_user u on u.id = t.coach_id"
            " where u.username like 'bench-coach-%' order by t.id limit 1"
        )
        other = one(
            "select u.username from league_user u where u.username like 'bench-coach-%%'"
            " and not exists (select 1 from roster_team t where t.coach_id = u.id and t.id = %s)"
            " order by u.id limit 1",
            team,
        )[0]
        return {
            "season": season,
            "team": team,
            "coach": coach,
            "other": other,
            "player": one("select id from roster_player where team_id = %s limit 1", team)[0],
            "coach_id": one("select coach_id from roster_team where id = %s", team)[0],
            "own_match": one(
                "select id from matches_match where season_id = %s and played_at is not null"
                " and deleted_at is null and (home_id = %s or away_id = %s) order by id desc"
                " limit 1",
                season,
                team,
                team,
            )[0],
            "matches": column(
                "(select id from matches_match where forfeited_by_id is not null"
                " and deleted_at is null limit 3)"
                " union (select id from matches_match where disputed_at is not null"
                " and deleted_at is null limit 3)"
                " union (select id from matches_match where confirmed_at is not null"
                " and deleted_at is null limit 3)"
                " union (select id from matches_match where deleted_at is null order by id limit 5)"
            ),
            # A deleted result's page is for admins only (matches/views/results.py).
            "deleted": column("select id from matches_match where deleted_at is not null limit 3"),
            "races": column("select slug from rules_race order by slug"),
            "skills": column("select slug from rules_skill order by slug limit 5"),
            "seasons": column("select id from league_season order by id"),
        }


def run(probe: Probe, f: dict) -> None:
    team, player = f["team"], f["player"]
    public = [
        "/",
        "/tabelle/",
        *[f"/tabelle/?saison={s}" for s in f["seasons"]],
        "/spiele/",
        "/spiele/spielplan/",
        "/spiele/kalender.ics",
        f"/spiele/kalender/team-{team}.ics",
        "/spiele/export.csv",
        "/teams/",
        f"/teams/{team}/",
        f"/teams/{team}/spieler/{player}/",
        f"/teams/{team}/kader-drucken/",
        "/rassen/",
        *[f"/rassen/{slug}/" for slug in f["races"]],
        "/regelheft/",
        "/fertigkeiten/",
        *[f"/fertigkeiten/{slug}/" for slug in f["skills"]],
        "/saisons/",
        "/saisons/bestenlisten/",
        "/saisons/elo/",
        f"/saisons/teams/{team}/",
        f"/saisons/coaches/{f['coach_id']}/",
        f"/saisons/spieler/{player}/",
        *[f"/spiele/{pk}/" for pk in f["matches"]],
        "/simulator/",
        "/simulator/ball/",
        "/simulator/baa/",
        "/api/v1/seasons",
        f"/api/v1/seasons/{f['season']}/table",
        f"/api/v1/teams/{team}",
        f"/api/v1/players/{player}",
        "/api/v1/matches",
        "/gibt-es-nicht/",
    ]
    signed_in = ["/spiele/neu/", "/spiele/anlegen/", "/teams/neu/", "/konto/"]
    signed_in += [f"/teams/neu/{slug}/" for slug in f["races"][:14]]
    own = [f"/teams/{team}/spieler/neu/", f"/spiele/{f['own_match']}/bearbeiten/"]
    staff = ["/admin/", "/admin/matches/match/", "/admin/roster/team/", "/admin/league/user/"]
    users = {
        "Besucher": None,
        "Coach": f["coach"],
        "anderer Coach": f["other"],
        "Admin": "bench-admin",
    }
    for who, username in users.items():
        client = probe.client(username)
        for path in public:
            if path == "/gibt-es-nicht/":
                probe.check(who, client, path, allowed=False)
            else:
                probe.check(who, client, path, allowed=True)
        for path in signed_in:
            probe.check(who, client, path, allowed=username is not None)
        for path in own:
            probe.check(who, client, path, allowed=who in ("Coach", "Admin"))
        for path in [f"/spiele/{pk}/" for pk in f["deleted"]]:
            probe.check(who, client, path, allowed=who == "Admin")
        for path in staff:
            probe.check(who, client, path, allowed=who == "Admin")
        # A form sent without its CSRF token: refused, in German.
        answer = client.request(f"/spiele/{f['own_match']}/bestaetigen/", {"version": "1"})
        problems = [] if answer.status in (403, 302) else [f"{answer.status}"]
        if ENGLISH.search(answer.body):
            problems.append(f"englisch: {ENGLISH.search(answer.body).group(0)!r}")
        probe.results.append((who, "POST ohne CSRF", answer.status, problems))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--production", action="store_true")
    args = parser.parse_args()
    if "hs_prod_bench" in args.db:
        sys.exit("Nur auf einer Kopie.")
    static = tempfile.mkdtemp(prefix="probe-static-")
    if args.production:
        env = production_env(DATABASE_URL=args.db, STATIC_ROOT=static)
        manage(env, "collectstatic", "--noinput", "-v0")  # as a deployment does
    else:
        env = {**os.environ, "DATABASE_URL": args.db, "DEBUG": "1"}
    port = free_port()
    with open(f"/tmp/probe-gunicorn-{port}.log", "wb") as log:
        server = start_gunicorn(env, port=port, workers=4, log=log)
        try:
            probe = Probe(f"http://127.0.0.1:{port}")
            run(probe, facts(args.db))
        finally:
            stop(server)
    failed = [r for r in probe.results if r[3]]
    for who, path, status, problems in failed:
        print(f"FAIL {who:14} {path} ({status}): {'; '.join(problems)}")
    mode = "Produktion" if args.production else "Entwicklung"
    print(f"{mode}: {len(probe.results)} Anfragen, {len(failed)} FAIL")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
