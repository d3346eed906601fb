"""Recompute every derived number of a league from its stored facts and compare with the API.

Independent of the app: the facts are read with plain SQL (psycopg), the rules are written here
afresh from docs/league.md ("Status", "Entwicklung", "Tabelle"), and the app's side is what a
running server answers on /api/v1/. Nothing of the app's code is imported.

    python checks/recompute.py --db postgres://postgres@127.0.0.1:5432/hs_probe \
        --url http://127.0.0.1:8000

Reports "agree/total" per kind (table rows, current skills, status) and the first differences.
"""

import argparse
import json
import sys
import urllib.request
from collections import Counter, defaultdict

import psycopg


def fetch(url: str):
    with urllib.request.urlopen(url, timeout=60) as answer:
        return json.load(answer)


def read_facts(db: str) -> dict:
    with psycopg.connect(db) as conn:

        def rows(sql):
            cursor = conn.execute(sql)
            names = [c.name for c in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor]

        return {
            "seasons": rows("select * from league_season order by number"),
            "season_teams": rows("select season_id, team_id from league_season_teams"),
            "matches": rows("select * from matches_match"),
            "ticks": rows("select * from matches_casualtytick"),
            "records": rows("select * from matches_casualtyrecord"),
            "developments": rows("select * from matches_development"),
            "skills": {r["id"]: r for r in rows("select id, name from rules_skill")},
            "player_skills": rows("select * from roster_playerskill order by player_id, id"),
            "players": rows("select id, team_id, retired_on from roster_player"),
        }


# --- the rules, from docs/league.md ------------------------------------------------------------


def counted(match) -> bool:
    """A result that counts: played or forfeited, not deleted."""
    return match["deleted_at"] is None and (
        match["played_at"] is not None or match["forfeited_by_id"] is not None
    )


def played(match) -> bool:
    """A game that was played (a forfeit is not), not deleted."""
    return (
        match["deleted_at"] is None
        and match["played_at"] is not None
        and match["forfeited_by_id"] is None
    )


def table(facts) -> dict[tuple[int, int], dict]:
    """(season id, team id) → the row's numbers (league.md "Tabelle")."""
    seasons = {s["id"]: s for s in facts["seasons"]}
    out = {}
    for link in facts["season_teams"]:
        out[(link["season_id"], link["team_id"])] = Counter(
            played=0, won=0, drawn=0, lost=0, td_for=0, td_against=0, casualties=0, bonus=0
        )
    ticks_by_match = defaultdict(list)
    team_of = {p["id"]: p["team_id"] for p in facts["players"]}
    for tick in facts["ticks"]:
        ticks_by_match[tick["match_id"]].append(team_of[tick["player_id"]])
    for match in facts["matches"]:
        if not counted(match):
            continue
        season = seasons[match["season_id"]]
        home, away = match["home_id"], match["away_id"]
        sides = {home: away, away: home}
        if match["forfeited_by_id"] is not None:
            loser = match["forfeited_by_id"]
            for team in sides:
                row = out.setdefault((season["id"], team), Counter())
                row["played"] += 1
                row["won" if team != loser else "lost"] += 1
                row["td_for"] += 0 if team == loser else 3
                row["td_against"] += 3 if team == loser else 0
            continue
        score = {home: match["home_touchdowns"], away: match["away_touchdowns"]}
        journeymen = {
            home: match["home_journeymen_casualties"],
            away: match["away_journeymen_casualties"],
        }
        for team, other in sides.items():
            row = out.setdefault((season["id"], team), Counter())
            row["played"] += 1
            if match["conceded_by_id"] is not None:
                row["won" if match["conceded_by_id"] != team else "lost"] += 1
            elif score[team] > score[other]:
                row["won"] += 1
            elif score[team] == score[other]:
                row["drawn"] += 1
            else:
                row["lost"] += 1
            row["td_for"] += score[team]
            row["td_against"] += score[other]
            caused = sum(1 for t in ticks_by_match[match["id"]] if t == other) + journeymen[team]
            row["casualties"] += caused
            row["bonus"] += (caused >= season["bonus_first_tier"]) + (
                caused >= season["bonus_second_tier"]
            )
    for (season_id, _team), row in out.items():
        season = seasons[season_id]
        row["points"] = (
            row["won"] * season["points_win"]
            + row["drawn"] * season["points_draw"]
            + row["lost"] * season["points_loss"]
            + row["bonus"]
        )
        row["td_difference"] = row["td_for"] - row["td_against"]
    return out


def skill_label(name: str, parameter: str) -> str:
    return f"{name} ({parameter})" if parameter else name


def current_skills(facts) -> dict[int, Counter]:
    """Player id → his current skills (league.md "Entwicklung", last paragraph; "Status" 💀)."""
    seasons = {s["id"]: s["number"] for s in facts["seasons"]}
    matches = {m["id"]: m for m in facts["matches"]}
    names = {k: v["name"] for k, v in facts["skills"].items()}
    last_death: dict[int, int] = {}
    for tick in facts["ticks"]:
        match = matches[tick["match_id"]]
        if tick["kind"] == "dead" and played(match):
            number = seasons[match["season_id"]]
            last_death[tick["player_id"]] = max(last_death.get(tick["player_id"], 0), number)
    for record in facts["records"]:
        if record["kind"] == "dead" and record.get("deleted_at") is None:
            number = seasons[record["season_id"]]
            last_death[record["player_id"]] = max(last_death.get(record["player_id"], 0), number)
    skills = defaultdict(Counter)
    for entry in facts["player_skills"]:
        skills[entry["player_id"]][skill_label(names[entry["skill_id"]], entry["parameter"])] += 1
    for dev in facts["developments"]:
        match = matches[dev["match_id"]]
        if dev["reset_at"] is not None or dev["player_id"] is None or not played(match):
            continue
        if seasons[match["season_id"]] <= last_death.get(dev["player_id"], 0):
            continue
        for skill in (dev["skill_id"], dev["bonus_skill_id"]):
            if skill is not None:
                skills[dev["player_id"]][names[skill]] += 1
    return skills


def statuses(facts) -> dict[int, str]:
    """Player id → 💀 ("dead") or 🏥 ("injured") for his team's next match (league.md "Status")."""
    seasons = {s["id"]: s["number"] for s in facts["seasons"]}
    current = max(seasons.values())
    team_of = {p["id"]: p["team_id"] for p in facts["players"]}
    last_played: dict[int, dict] = {}
    for match in sorted(
        (m for m in facts["matches"] if played(m)),
        key=lambda m: (seasons[m["season_id"]], m["played_at"], m["created_at"], m["id"]),
    ):
        last_played[match["home_id"]] = last_played[match["away_id"]] = match
    matches = {m["id"]: m for m in facts["matches"]}
    out: dict[int, str] = {}
    for tick in facts["ticks"]:
        match = matches[tick["match_id"]]
        if not played(match):
            continue
        player = tick["player_id"]
        if tick["kind"] == "dead" and seasons[match["season_id"]] == current:
            out[player] = "dead"
        elif tick["kind"] == "injured" and last_played.get(team_of[player]) is match:
            out.setdefault(player, "injured")
    for record in facts["records"]:
        player = record["player_id"]
        if record["kind"] == "dead" and seasons[record["season_id"]] == current:
            out[player] = "dead"
        elif record["kind"] == "injured":
            last = last_played.get(team_of[player])
            if last is None or record["happened_at"] > last["played_at"]:
                out.setdefault(player, "injured")
    return out


# --- the comparison ---------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--url", required=True)
    args = parser.parse_args()
    facts = read_facts(args.db)
    api = args.url.rstrip("/") + "/api/v1"
    failures = 0

    expected = table(facts)
    agree = total = 0
    shown_diffs = []
    for season in facts["seasons"]:
        shown = fetch(f"{api}/seasons/{season['id']}/table")
        for row in shown["rows"]:
            total += 1
            mine = expected.get((season["id"], row["team"]["id"]), Counter())
            diffs = {k: (mine.get(k, 0), row[k]) for k in mine if k in row and mine[k] != row[k]}
            if diffs:
                shown_diffs.append((season["number"], row["team"]["name"], diffs))
            else:
                agree += 1
        total += sum(1 for (s, _t) in expected if s == season["id"]) - len(
            shown["rows"]
        )  # rows the app leaves out
    print(f"Tabellenzeilen: {agree}/{total} stimmen")
    for diff in shown_diffs[:10]:
        print("  ", diff)
    failures += agree != total

    skills = current_skills(facts)
    status = statuses(facts)
    agree = total = status_agree = 0
    diffs, status_diffs = [], []
    teams = sorted({p["team_id"] for p in facts["players"]})
    for team in teams:
        detail = fetch(f"{api}/teams/{team}")
        for player in detail["roster"]:
            total += 1
            if status.get(player["id"]) == player["status"]:
                status_agree += 1
            else:
                status_diffs.append((player["id"], status.get(player["id"]), player["status"]))
            shown = Counter(s["name"] for s in player["skills"])
            mine = skills.get(player["id"], Counter())
            if shown == mine:
                agree += 1
            else:
                diffs.append(
                    (
                        player["id"],
                        sorted((mine - shown).elements()),
                        sorted((shown - mine).elements()),
                    )
                )
    print(f"Aktuelle Fertigkeiten: {agree}/{total} Spieler stimmen")
    for diff in diffs[:10]:
        print("   Spieler {}: nur hier {}, nur in der App {}".format(*diff))
    failures += agree != total
    kinds = Counter(status.values())
    print(
        f"Status (🏥/💀): {status_agree}/{total} Spieler stimmen"
        f" (erwartet {kinds['injured']} 🏥, {kinds['dead']} 💀)"
    )
    for diff in status_diffs[:10]:
        print("   Spieler {}: hier {}, in der App {}".format(*diff))
    failures += status_agree != total
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
