"""Whole pages for visitors (not logged in), served from each process's memory.

A stored page is never stale for the same reason as a cached fragment (see
config/pagecache/fragments.py): its key holds the tokens of the page's scopes, read before the
view reads the database, and every write renews them after its commit, so a page built from
older data is stored under a token no later request uses. What changes without any write (an
appointment that starts) is covered by `valid_until`, which keeps the stored page until then at
most.

Only visitors who all see the same page share it: a stored page keeps slots for what differs per
request (the CSRF token, the CSP nonce), filled for each request; logged-in users, sessions,
pending messages, htmx requests and queries the view does not read always go to the view.
"""

import functools
import re
from collections.abc import Iterable

from django.conf import settings
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.functional import empty

from .fragments import LEAGUE, TIMEOUT, local_cache, tokens

CSRF_SLOT = "__pagecache_csrf_token__"
NONCE_SLOT = "__pagecache_csp_nonce__"
_CSRF_IN_PAGE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"|"X-CSRFToken": "([^"]+)"')


def _for_everybody(request) -> bool:
    """A visitor who sees exactly what every other visitor sees: not logged in, no session and
    no pending messages (those live in cookies), a GET."""
    return (
        request.method == "GET"
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
        and not request.user.is_authenticated
    )


def _stencil(body: str, request) -> str | None:
    """The page with this request's CSRF token and CSP nonce replaced by slots."""
    found = _CSRF_IN_PAGE.search(body)
    if found:
        body = body.replace(found.group(1) or found.group(2), CSRF_SLOT)
    nonce = getattr(request, "_csp_nonce", None)
    if nonce is not None and nonce._wrapped is not empty:
        body = body.replace(str(nonce), NONCE_SLOT)
    return body


def _fill(stencil: str, request) -> str:
    if CSRF_SLOT in stencil:
        stencil = stencil.replace(CSRF_SLOT, get_token(request))
    if NONCE_SLOT in stencil:
        stencil = stencil.replace(NONCE_SLOT, str(request._csp_nonce))
    return stencil


def _query_key(request, params: Iterable[str]) -> str | None:
    """The page's query as part of a key: the values of the view's own `params`, in a fixed
    order; None (not cached) when the query holds anything else or a parameter twice. So the
    number of stored pages stays bounded by what the view really shows: `?x=1`, `?x=2`, ...
    cannot fill the memory or push real pages out."""
    query = request.GET
    if any(name not in params or len(query.getlist(name)) > 1 for name in query):
        return None
    return "&".join(f"{name}={query[name]}" for name in params if name in query)


def valid_until(request, moment) -> None:
    """The page shows something that changes at `moment` without any write (an appointment
    that is upcoming until it starts): a stored copy of it is kept until then at most."""
    current = getattr(request, "_pagecache_until", None)
    if current is None or moment < current:
        request._pagecache_until = moment


def _seconds_to_keep(request) -> int:
    until = getattr(request, "_pagecache_until", None)
    if until is None:
        return TIMEOUT
    return min(TIMEOUT, int((until - timezone.now()).total_seconds()))


def for_visitors(*scopes: str, params: Iterable[str] = ()):
    """Serve the whole page to visitors from memory while the scopes' tokens stand.

    The stored page keeps slots for what differs per request (the CSRF token, the CSP nonce),
    filled for each request, so cookies and headers stay exactly as if it were rendered. Logged-in
    users, htmx requests, sessions, a query with other parameters than the view's `params` and
    anything but a 200 always go to the view.
    """
    scopes = scopes or (LEAGUE,)
    params = tuple(params)

    def decorator(view):
        @functools.wraps(view)
        def wrapped(request, *args, **kwargs):
            if not _for_everybody(request) or getattr(request, "htmx", False):
                return view(request, *args, **kwargs)
            query = _query_key(request, params)
            if query is None:
                return view(request, *args, **kwargs)
            language = getattr(request, "LANGUAGE_CODE", "")
            key = ":".join(["page", tokens(*scopes), language, request.path, query])
            stored = local_cache().get(key)
            if stored is not None:
                content_type, stencil = stored
                return HttpResponse(_fill(stencil, request), content_type=content_type)
            response = view(request, *args, **kwargs)
            keep = _seconds_to_keep(request)
            storable = not response.streaming and not response.cookies and keep > 0
            if response.status_code == 200 and storable:
                body = response.content.decode(response.charset)
                local_cache().set(key, (response["Content-Type"], _stencil(body, request)), keep)
            return response

        return wrapped

    return decorator
