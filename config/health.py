"""`/healthz`: whether this app server reaches its database and its cache.

For the reverse proxy, the process manager and monitoring: 200 with {"database": "ok",
"cache": "ok"} when both answer, 503 naming what failed otherwise. No login, no session, no
template, so it stays cheap when probed every few seconds.
"""

import logging
import uuid

from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)


def database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        logger.exception("healthz: database unreachable")
        return "error"
    return "ok"


def cache_state() -> str:
    key = f"healthz:{uuid.uuid4().hex}"
    try:
        cache.set(key, "1", timeout=10)
        ok = cache.get(key) == "1"
        cache.delete(key)
    except Exception:
        logger.exception("healthz: cache unreachable")
        return "error"
    return "ok" if ok else "error"


@require_safe
@login_not_required
@never_cache
def healthz(request):
    state = {"database": database_state(), "cache": cache_state()}
    healthy = all(value == "ok" for value in state.values())
    return JsonResponse(
        {"status": "ok" if healthy else "error", **state}, status=200 if healthy else 503
    )
