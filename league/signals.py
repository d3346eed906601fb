"""A new team joins the current season.

Team creation lives in roster/services.py, which this slice may not change, so the league
listens for new teams instead. The rule itself is the service `enroll_in_current_season`.
"""

from django.db.models.signals import post_save
from django.dispatch import receiver

from roster.models import Team

from .services import enroll_in_current_season


@receiver(post_save, sender=Team, dispatch_uid="league_enroll_new_team")
def enroll_new_team(sender, instance: Team, created: bool, raw: bool = False, **kwargs):
    if created and not raw:
        enroll_in_current_season(team=instance)
