"""Add to a COPY of a built league what benchmarks/league_builder.py leaves out, through the
app's own services (so every rule is checked on the way): forfeits, soft deletes (one restored),
confirmations and disputes, casualties recorded by hand (🏥 and 💀), hatred answers and skills
granted by hand. Seeded; refuses to run on the lead's benchmark database.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/hs_probe python checks/add_features.py
"""

import os
import random
import sys
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
if "hs_prod_bench" in os.environ.get("DATABASE_URL", "hs_prod_bench"):
    sys.exit("Nur auf einer Kopie: DATABASE_URL auf die eigene Datenbank setzen.")

import django

django.setup()

from django.core.exceptions import PermissionDenied, ValidationError  # noqa: E402
from django.utils import timezone  # noqa: E402

from league.models import Season, User  # noqa: E402
from matches import hatred, open_matches, records, services  # noqa: E402
from matches.models import Match  # noqa: E402
from roster.models import PlayerSkill  # noqa: E402
from rules.models import Skill  # noqa: E402


def main() -> None:
    rng = random.Random(26)
    admin = User.objects.filter(is_staff=True).order_by("pk").first()
    season = Season.objects.current()
    teams = list(season.teams.select_related("coach", "race").order_by("pk"))
    done = {"forfeits": 0, "deleted": 0, "restored": 0, "confirmed": 0, "disputed": 0}
    done |= {"records": 0, "hatreds": 0, "granted": 0, "refused": 0}

    played = list(
        Match.objects.filter(season=season, played_at__isnull=False, deleted_at__isnull=True)
        .select_related("home__coach", "away__coach")
        .order_by("pk")
    )
    for match in rng.sample(played, 120):
        other = rng.choice([match.home.coach, match.away.coach])
        try:
            if rng.random() < 0.85:
                services.confirm_match(match=match, version=match.version, by=other)
                done["confirmed"] += 1
            else:
                services.dispute_match(match=match, version=match.version, note="Falsch?", by=other)
                done["disputed"] += 1
        except (ValidationError, PermissionDenied):
            done["refused"] += 1

    deleted = []
    for match in rng.sample(played, 40):
        try:
            services.delete_match(match=Match.objects.get(pk=match.pk), by=admin)
            deleted.append(match)
            done["deleted"] += 1
        except ValidationError:
            done["refused"] += 1
    for match in deleted[:3]:
        try:
            services.restore_match(match=Match.objects.get(pk=match.pk), by=admin)
            done["restored"] += 1
        except ValidationError:
            done["refused"] += 1

    met = {frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(season=season)}
    pairings = [(a, b) for i, a in enumerate(teams) for b in teams[i + 1 :]]
    fresh = [(a, b) for a, b in pairings if frozenset((a.pk, b.pk)) not in met]
    for home, away in rng.sample(fresh, min(12, len(fresh))):
        soon = timezone.now() + timedelta(hours=3)
        match = open_matches.create_match(home=home, away=away, scheduled_at=soon, by=admin)
        loser = rng.choice([home, away])
        open_matches.cancel_match(match=match, team=loser, version=match.version, by=admin)
        done["forfeits"] += 1

    today = timezone.localdate()
    for team in rng.sample(teams, 12):
        player = rng.choice(list(team.roster()))
        kind = rng.choice(["dead", "injured"])
        try:
            records.record_casualty(player=player, kind=kind, day=today, note="Training", by=admin)
            done["records"] += 1
        except ValidationError:
            done["refused"] += 1

    for question in hatred.open_questions(teams=teams, season=season)[:30]:
        rolled = rng.random() < 0.5 and bool(question.options)
        race = rng.choice(question.options) if rolled else None
        try:
            hatred.answer_hatred(casualty=question.casualty, rolled=rolled, race=race, by=admin)
            done["hatreds"] += 1
        except ValidationError:
            done["refused"] += 1

    skills = list(Skill.objects.filter(is_trait=False).order_by("pk"))
    for team in rng.sample(teams, 8):
        player = rng.choice(list(team.roster()))
        owned = set(player.skills.values_list("skill_id", flat=True))
        skill = rng.choice([s for s in skills if s.pk not in owned])
        PlayerSkill.objects.create(
            player=player, skill=skill, source=PlayerSkill.Source.GAINED, order=99
        )
        done["granted"] += 1
    print(done)


if __name__ == "__main__":
    main()
