"""Whole pages, for visitors and for each logged-in reader, served from each process's memory.

A stored page is never stale for the same reason as a cached fragment (see
config/pagecache/fragments.py): its key holds the tokens of the page's scopes, read before the
view reads the database, and every write renews them after its commit, so a page built from
older data is stored under a token no later request uses. What changes without any write (an
appointment that starts, the date a form offers) is covered by `valid_until`, which keeps the
stored page until then at most (or not at all).

Visitors (not logged in, no session) share one copy per page. A logged-in reader gets his own
copy, keyed by his user id and his session's password hash (a password change ends old
sessions, whose pages die with them) and by his own scope (`user_scope`, for what only he sees),
so nobody ever reads another user's page; it is looked up from the session alone, without
loading the user. The writer himself sees his change at once: his save renews the tokens before
his next request reads them. A stored page keeps slots for what differs per request (the CSRF
token, config/pagecache/csrf.py; the CSP nonce), filled for each request. Pending messages, htmx
requests, anything but GET and queries the view does not read always go to the view.
"""

import functools
import re
from collections.abc import Callable, Iterable

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.functional import empty

from . import csrf
from .fragments import LEAGUE, TIMEOUT, local_cache, short_key, tokens, user_scope

NONCE_SLOT = "__pagecache_csp_nonce__"
_NONCE_BYTES = NONCE_SLOT.encode()
# Part of every key: a new way of storing pages gets a new name, so what older code put into the
# shared cache is never read back after a deploy.
KEY_PREFIX = "page.parts"
_SLOTS = re.compile(b"(%s|%s)" % (re.escape(_NONCE_BYTES), re.escape(csrf.SLOT.encode())))


VISITOR = ("", None)


def _reader(request) -> tuple[str, str | None] | None:
    """Whose copy of the page this request may get, as (its part of the key, the user's id):
    VISITOR for a visitor every other visitor resembles, ("u<id>.<hash>", id) for a logged-in
    user, None for a request that must go to the view (not a GET, htmx, pending messages, a
    session without a login)."""
    if request.method != "GET" or getattr(request, "htmx", False):
        return None
    if "messages" in request.COOKIES:
        return None
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return VISITOR
    session = request.session
    user_id = session.get(SESSION_KEY)
    if user_id is None or session.get("_messages") or BACKEND_SESSION_KEY not in session:
        return None
    return f"u{user_id}.{session.get(HASH_SESSION_KEY, '')}", str(user_id)


def is_visitor(request) -> bool:
    """No logged-in user in the request's session, found without loading a user (a session
    whose user is gone counts as logged in: a page then names broader scopes, never fewer)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return True
    return request.session.get(SESSION_KEY) is None


def _stencil(response, request) -> tuple[bytes, ...]:
    """The page's bytes cut at the slots for what differs per request: the CSRF token (already a
    slot, config/pagecache/csrf.py) and this request's CSP nonce (replaced by one here). Literal
    parts and slot names alternate, so filling them in is one join."""
    body = response.content
    nonce = getattr(request, "_csp_nonce", None)
    if nonce is not None and nonce._wrapped is not empty:
        body = body.replace(str(nonce).encode(), _NONCE_BYTES)
    return tuple(_SLOTS.split(body))


def _fill(stencil: tuple[bytes, ...], request) -> bytes:
    if len(stencil) == 1:
        return stencil[0]
    values = {}
    parts = list(stencil)
    for index in range(1, len(parts), 2):
        slot = parts[index]
        if slot not in values:
            values[slot] = (
                str(request._csp_nonce) if slot == _NONCE_BYTES else get_token(request)
            ).encode()
        parts[index] = values[slot]
    return b"".join(parts)


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
    that is upcoming until it starts): a stored copy of it is kept until then at most; a
    moment that has passed keeps none."""
    current = getattr(request, "_pagecache_until", None)
    if current is None or moment < current:
        request._pagecache_until = moment


def _seconds_to_keep(request) -> int:
    until = getattr(request, "_pagecache_until", None)
    if until is None:
        return TIMEOUT
    return min(TIMEOUT, int((until - timezone.now()).total_seconds()))


def for_readers(
    *scopes: str,
    params: Iterable[str] = (),
    scopes_for: Callable[..., Iterable[str]] | None = None,
    vary_for: Callable[..., Iterable[str]] | None = None,
):
    """Serve the whole page from memory while the tokens of its scopes stand: one copy for all
    visitors, one per logged-in reader.

    `scopes_for(request, *args, **kwargs)` names the page's scopes from its URL (the season of
    a table, the team of a squad) when they are narrower than fixed `scopes`; it must not read
    what a write changes from the database (the tokens are read after it, the data after them).
    `vary_for(request, *args, **kwargs)` adds what else the page depends on, read under the
    tokens of its scopes (so never older than them) after they are read; the view must show
    exactly that, not read it again.
    The stored page keeps slots for what differs per request (the CSRF token, the CSP nonce),
    filled for each request, so cookies and headers stay exactly as if it were rendered.
    """
    fixed = scopes or (LEAGUE,)
    params = tuple(params)

    def decorator(view):
        @functools.wraps(view)
        def wrapped(request, *args, **kwargs):
            reader = _reader(request)
            query = _query_key(request, params) if reader is not None else None
            if query is None:
                return view(request, *args, **kwargs)
            reader, user_id = reader
            page_scopes = (*fixed, *(scopes_for(request, *args, **kwargs) if scopes_for else ()))
            if user_id is not None:
                page_scopes = (*page_scopes, user_scope(user_id))
            language = getattr(request, "LANGUAGE_CODE", "")
            page_tokens = tokens(*page_scopes)
            vary = tuple(map(str, vary_for(request, *args, **kwargs))) if vary_for else ()
            key = short_key(KEY_PREFIX, page_tokens, *vary, reader, language, request.path, query)
            stored = local_cache().get(key)
            if stored is not None:
                content_type, stencil = stored
                return csrf.filled(HttpResponse(_fill(stencil, request), content_type=content_type))
            response = view(request, *args, **kwargs)
            keep = _seconds_to_keep(request)
            storable = not response.streaming and not response.cookies and keep > 0
            if response.status_code == 200 and storable:
                stored = (response["Content-Type"], _stencil(response, request))
                local_cache().set(key, stored, keep)
            return response

        return wrapped

    return decorator
