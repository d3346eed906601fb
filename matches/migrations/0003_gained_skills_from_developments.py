"""Gained skills stop being copied into roster.PlayerSkill: a development's own `skill` and
`bonus_skill` are the gain (matches/skills.py derives a player's current skills from them).

Forward, every copy that matches an active development's skill is deleted; a copy without such a
development (changed by hand in the admin) stays as a skill granted by hand, so no player loses
a skill he showed before. Backward, the copies are made again.
"""

from django.db import migrations


def drop_copies(apps, schema_editor):
    PlayerSkill = apps.get_model("roster", "PlayerSkill")
    Development = apps.get_model("matches", "Development")
    copies = PlayerSkill.objects.filter(development__isnull=False)
    developments = Development.objects.in_bulk(set(copies.values_list("development_id", flat=True)))
    derived, kept = [], []
    for copy in copies:
        development = developments[copy.development_id]
        gains = {development.skill_id, development.bonus_skill_id} - {None}
        if development.reset_at is None and copy.skill_id in gains:
            derived.append(copy.pk)
        else:
            kept.append(copy.pk)
    PlayerSkill.objects.filter(pk__in=derived).delete()
    PlayerSkill.objects.filter(pk__in=kept).update(development=None)


def make_copies(apps, schema_editor):
    PlayerSkill = apps.get_model("roster", "PlayerSkill")
    Development = apps.get_model("matches", "Development")
    active = Development.objects.filter(reset_at__isnull=True, skill__isnull=False)
    for development in active.order_by("pk"):
        player_id = development.player_id
        for skill_id in (development.skill_id, development.bonus_skill_id):
            if skill_id is None:
                continue
            PlayerSkill.objects.create(
                player_id=player_id,
                skill_id=skill_id,
                source="gained",
                order=100 + PlayerSkill.objects.filter(player_id=player_id).count(),
                development_id=development.pk,
            )


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0002_development"),
        ("roster", "0002_playerskill_development"),
    ]
    # The copies must go while roster.PlayerSkill still knows their development.
    run_before = [("roster", "0003_playerskill_without_development")]

    operations = [migrations.RunPython(drop_copies, make_copies)]
