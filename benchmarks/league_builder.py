"""Build a league of any size through the project's own services, for benchmarks and tests.

Teams are created with `roster.services.create_team`, seasons started with
`league.services.start_next_season`, results entered with `matches.services.enter_match` and
developments chosen with `matches.development.choose_automatic`, so every rule is checked on the
way, exactly as when coaches use the site. Seeded: the same arguments build the same league.
"""

import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.services import start_next_season
from matches import development as dev
from matches.models import Casualty
from matches.services import MatchEntry, enter_match
from matches.status import suspended_for_next_match
from roster.models import MAX_PLAYERS, MAX_WITHOUT_LINEMAN, Team
from roster.services import PlayerSpec, add_player, create_team, retire_player
from rules.models import Race

from .site_client import COACH_PASSWORD

NAMES = [
    "Grimm", "Hagen", "Brakk", "Ulla", "Moe", "Zacharias", "Knorz", "Tilda", "Rufus", "Berta",
    "Olaf", "Kuno", "Frieda", "Ragnar", "Wilma", "Egon", "Hilde", "Bodo", "Greta", "Lutz",
]  # fmt: skip


@dataclass(frozen=True)
class LeagueSize:
    seasons: int = 5
    teams: int = 40
    players_per_team: int = 11
    matches_per_season: int = 200
    replaced_per_season: int = 1  # players retired and replaced per team between seasons
    casualty_rate: float = 0.35  # chance that a side suffers a casualty in a match
    development_rate: float = 0.5  # chance that a side rolls an automatic development


class SeededDice:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def roll(self, sides: int) -> int:
        return self.rng.randint(1, sides)


def _lineup(race: Race, count: int) -> list:
    """Positions for `count` players within the race's limits (linemen first)."""
    positions = sorted(race.positions.all(), key=lambda p: (not p.is_lineman, p.pk))
    lineup, others = [], 0
    for position in positions * count:
        if len(lineup) == count:
            break
        if sum(1 for p in lineup if p.pk == position.pk) >= position.max_count:
            continue
        if not position.is_lineman:
            if others >= MAX_WITHOUT_LINEMAN:
                continue
            others += 1
        lineup.append(position)
    return lineup


def _coaches(count: int) -> tuple:
    user_model = get_user_model()
    password = make_password(COACH_PASSWORD)  # hashed once, shared by every bench coach
    admin, _ = user_model.objects.get_or_create(
        username="bench-admin", defaults={"is_staff": True, "is_superuser": True}
    )
    admin.password = password
    admin.save(update_fields=["password"])
    coaches = []
    for index in range(count):
        coach, _ = user_model.objects.get_or_create(username=f"bench-coach-{index + 1}")
        coach.password = password
        coach.save(update_fields=["password"])
        coaches.append(coach)
    return admin, coaches


def _create_teams(size: LeagueSize, coaches, rng: random.Random) -> list[Team]:
    races = [r for r in Race.objects.prefetch_related("positions") if _fits(r, size)]
    teams = []
    for index, coach in enumerate(coaches):
        race = races[index % len(races)]
        lineup = _lineup(race, size.players_per_team)
        specs = [
            PlayerSpec(f"{rng.choice(NAMES)} {number}", number, position)
            for number, position in enumerate(lineup, start=1)
        ]
        teams.append(
            create_team(name=f"{race.name} Team {index + 1}", race=race, coach=coach, players=specs)
        )
    return teams


def _fits(race: Race, size: LeagueSize) -> bool:
    return len(_lineup(race, size.players_per_team)) == size.players_per_team


def _replace_players(team: Team, count: int, rng: random.Random) -> None:
    roster = list(team.roster().select_related("position").order_by("number"))
    today = timezone.localdate()
    for player in rng.sample(roster, min(count, len(roster))):
        retire_player(player=player, on=today)
        taken = set(team.roster().values_list("number", flat=True))
        number = next(n for n in range(1, 100) if n not in taken)
        try:
            add_player(
                team=team, spec=PlayerSpec(f"{rng.choice(NAMES)} {number}", number, player.position)
            )
        except ValidationError:
            continue
    assert team.roster().count() <= MAX_PLAYERS


def _casualties(team: Team, rng: random.Random, rate: float) -> dict[int, str]:
    if rng.random() >= rate:
        return {}
    out = suspended_for_next_match(team)
    candidates = [pk for pk in team.roster().values_list("pk", flat=True) if pk not in out]
    if not candidates:
        return {}
    kind = rng.choice([Casualty.BADLY_HURT, Casualty.SERIOUSLY_INJURED, Casualty.DEAD])
    return {rng.choice(candidates): kind}


def _play(home: Team, away: Team, *, admin, size: LeagueSize, rng: random.Random, dice) -> None:
    casualties = {**_casualties(home, rng, size.casualty_rate)}
    casualties.update(_casualties(away, rng, size.casualty_rate))
    entry = MatchEntry(
        home=home,
        away=away,
        played_at=timezone.now(),
        home_touchdowns=rng.randint(0, 3),
        away_touchdowns=rng.randint(0, 3),
        home_journeymen_casualties=rng.choice([0, 0, 0, 1]),
        casualties=casualties,
    )
    match = enter_match(entry=entry, by=rng.choice([admin, home.coach, away.coach]))
    for team in (home, away):
        if rng.random() < size.development_rate:
            dev.choose_automatic(match=match, team=team, by=admin, dice=dice)


def build_league(size: LeagueSize = LeagueSize(), *, seed: int = 15, progress=None) -> dict:
    """Build the league; returns counts of what was made. `progress(text)` reports each season."""
    rng = random.Random(seed)
    dice = SeededDice(rng)
    admin, coaches = _coaches(size.teams)
    teams = _create_teams(size, coaches, rng)
    for team in teams:  # coach objects for the permission checks without extra queries
        team.coach = next(c for c in coaches if c.pk == team.coach_id)
    for number in range(size.seasons):
        if number:
            for team in teams:
                _replace_players(team, size.replaced_per_season, rng)
        season = start_next_season(by=admin)
        # Every pairing at most once a season: the same two teams within hours would be refused
        # as a result entered twice.
        pairings = [(a, b) for i, a in enumerate(teams) for b in teams[i + 1 :]]
        for home, away in rng.sample(pairings, size.matches_per_season):
            if rng.random() < 0.5:
                home, away = away, home
            _play(home, away, admin=admin, size=size, rng=rng, dice=dice)
        if progress:
            progress(f"{season}: {size.matches_per_season} Spiele")
    from matches.models import Match
    from roster.models import Player

    return {
        "seasons": size.seasons,
        "teams": len(teams),
        "players": Player.objects.count(),
        "matches": Match.objects.count(),
    }
