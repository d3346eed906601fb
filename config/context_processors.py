from django.conf import settings

from config.roles import is_league_admin


def site(request):
    """Values every page needs: the address where players report mistakes, and whether the
    viewer is one of the league's admins (config/roles.py)."""
    return {
        "report_error_email": settings.REPORT_ERROR_EMAIL,
        # a callable: templates ask it only where they use it
        "is_league_admin": lambda: is_league_admin(request.user),
    }
