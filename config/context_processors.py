from django.conf import settings


def site(request):
    """Values every page needs: the address where players report mistakes."""
    return {"report_error_email": settings.REPORT_ERROR_EMAIL}
