"""Values and template fragments of derived data (the table, match lists, squads, the handbook)
that are never stale, and the tokens that keep them so; whole pages for visitors
(config/pagecache/pages.py) are stored under the same tokens.

Every cached value is stored under a *token* of its scope: "league" for everything that follows
from the league's rows (league, roster and matches apps, users) and "reference" for the rules
app (races, skills, the handbook; they appear on league pages too, so a change there renews
both tokens). Any saved or deleted row, or changed many-to-many link, of a scope's apps renews
its token after the transaction commits; pages then look up new keys and rebuild once, while the
old values simply expire. Nothing ever has to find and delete the right keys.

Why this is safe with several workers and servers: the token lives in the shared cache (Redis,
or the file cache of one machine), a request reads the token before it reads the database, and
the token is renewed only after the commit, to a fresh random value. So a value built from data
older than a commit can only be stored under a token that no request uses after that commit.
The saving request renews the token before its response leaves, so the next request anywhere
sees the new data.

The renewal listens to Django's model signals on purpose, and only for this: it is
infrastructure, not a business rule, and catching every write (services, admin, shell,
restores) in one place is what makes "never stale" hold without every workflow remembering a
call. `connect()` wires it once, from the site's app config (config/apps.py). Writes that bypass
signals (`QuerySet.update`, `bulk_create`) call `renew()` themselves or happen in a transaction
that also saves a row.
"""

import threading
import uuid
from collections.abc import Callable, Iterable

from django.core.cache import cache, caches
from django.core.signals import request_finished, request_started
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save


# Values and pages are kept in each process's memory ("template_fragments", which `{% cache %}`
# uses too): a key contains the tokens, so it always names the same content and needs no
# sharing; only the tokens live in the shared cache, read with one round trip per request.
def local_cache():
    return caches["template_fragments"]


LEAGUE = "league"
REFERENCE = "reference"
APP_SCOPES = {
    "league": (LEAGUE,),
    "roster": (LEAGUE,),
    "matches": (LEAGUE,),
    "rules": (REFERENCE, LEAGUE),
}
_MISSING = object()
TIMEOUT = 60 * 60 * 24  # values expire a day after they were built, if not replaced before


def _token_key(scope: str) -> str:
    return f"pagecache:token:{scope}"


_request = threading.local()  # the tokens read once per request (see _request_started)


def _read_tokens() -> dict[str, str]:
    keys = {scope: _token_key(scope) for scope in (LEAGUE, REFERENCE)}
    found = cache.get_many(keys.values())
    for key in keys.values():
        if key not in found:
            cache.add(key, uuid.uuid4().hex, timeout=None)
            found[key] = cache.get(key)
    return {scope: found[key] for scope, key in keys.items()}


def tokens(*scopes: str) -> str:
    """The current tokens of `scopes`, joined. Read from the shared cache once per request (one
    round trip for all scopes), at every call outside a request. A missing token (new or evicted
    cache) starts as a fresh random value, so it can never bring back values of an old one."""
    current = getattr(_request, "tokens", None)
    if current is None:
        current = _read_tokens()
        if getattr(_request, "active", False):
            _request.tokens = current
    return ".".join(str(current[scope]) for scope in scopes)


def _request_started(**kwargs) -> None:
    _request.active, _request.tokens = True, None


def _request_finished(**kwargs) -> None:
    _request.active, _request.tokens = False, None


def _apply(scopes) -> None:
    cache.set_many({_token_key(scope): uuid.uuid4().hex for scope in scopes}, timeout=None)
    _request.tokens = None  # the rest of this request reads the new ones


def renew(*scopes: str, using: str = "default") -> None:
    """New tokens for `scopes` now and again once the current transaction commits.

    The renewal after the commit is the one that keeps pages fresh (see above). The one right
    away only makes the writing request itself (and tests, whose transaction never commits) see
    its change at once; a value built before the commit under that token dies with the second
    renewal.
    """
    _apply(scopes)
    if transaction.get_connection(using).in_atomic_block:
        transaction.on_commit(lambda: _apply(scopes), using=using)


def cached(name: str, build: Callable, *vary, scopes: Iterable[str] = (LEAGUE,)):
    """`build()`, stored under the scopes' tokens, the name and `vary` until a write renews
    them. Exceptions (Http404) are not stored."""
    key = ":".join(["pagecache", tokens(*scopes), name, *map(str, vary)])
    value = local_cache().get(key, _MISSING)
    if value is _MISSING:
        value = build()
        local_cache().set(key, value, TIMEOUT)
    return value


def _changed(sender, using="default", update_fields=None, **kwargs) -> None:
    scopes = APP_SCOPES.get(sender._meta.app_label)
    if not scopes:
        return
    if update_fields is not None and set(update_fields) <= {"last_login"}:
        return  # a login is shown nowhere
    renew(*scopes, using=using)


def _links_changed(sender, action: str, using="default", **kwargs) -> None:
    if action in {"post_add", "post_remove", "post_clear"}:
        _changed(sender, using=using)


def connect() -> None:
    """Called once, from the site's app config (config/apps.py)."""
    request_started.connect(_request_started, dispatch_uid="pagecache-request-started")
    request_finished.connect(_request_finished, dispatch_uid="pagecache-request-finished")
    post_save.connect(_changed, dispatch_uid="pagecache-save")
    post_delete.connect(_changed, dispatch_uid="pagecache-delete")
    m2m_changed.connect(_links_changed, dispatch_uid="pagecache-links")


def fragment_context(request, *scopes: str, personal: bool = False) -> dict:
    """Context for `{% cache cache_seconds <name> <ids…> page_token viewer LANGUAGE_CODE %}`.

    `personal`: the fragment differs per user (edit buttons, forms with a CSRF token), so it is
    cached only for anonymous visitors, who all see the same; for a logged-in user the timeout
    is 0 (not kept) and his id is part of the key, so nobody else could ever read it.
    """
    anonymous = not request.user.is_authenticated
    keep = anonymous or not personal
    return {
        "page_token": tokens(*(scopes or (LEAGUE,))),
        "cache_seconds": TIMEOUT if keep else 0,
        "viewer": "" if keep else request.user.pk,
    }


def lazy(build: Callable) -> Callable:
    """A template variable computed on first use only, once (a cached fragment never asks)."""
    done = []

    def value():
        if not done:
            done.append(build())
        return done[0]

    return value
