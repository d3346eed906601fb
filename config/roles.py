"""Who the league's admins are: the one place that reads Django's staff flag.

Every permission that admins have beyond the coaches ("only admins reset a development", "admins
correct anything") asks `is_league_admin`, in models, services, views and (through the context
processor) templates alike. The admin site keeps its own check of the same flag.
"""


def is_league_admin(user) -> bool:
    """An admin of the league (Django's staff flag); False for visitors."""
    return bool(user.is_authenticated and user.is_staff)


def league_admins(users):
    """The league's admins among `users` (a queryset of accounts), active ones only."""
    return users.filter(is_staff=True, is_active=True)
