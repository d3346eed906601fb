"""Values and template fragments of derived data (the table, match lists, squads, the handbook)
that are never stale, and the tokens that keep them so; whole pages for visitors and
logged-in readers (config/pagecache/pages.py) are stored under the same tokens.

Every cached value is stored under the *tokens* of its scopes. The broad ones: "league" for
everything that follows from the league's rows (league, roster and matches apps, users; every
such write renews it), "structure" for what every league page names (seasons, teams, users) and
"reference" for the rules app (races, skills, the handbook; they appear on league pages too, so
a change there renews all three). The narrow ones: one season, one team, one match (and one
user's own things), for the rows whose model names them in `page_scopes()`: a result renews its
season, its two teams and the match (and "league"), not "structure" or "reference". A page that
names narrow scopes depends on "structure" plus those; any other page on "league".

Any saved or deleted row, or changed many-to-many link, renews the tokens of its scopes after
the transaction commits; pages then look up new keys and rebuild once, while the old values
simply expire. Nothing ever has to find and delete the right keys.

Why this is safe with several workers and servers: the token lives in the shared cache (Redis,
or the file cache of one machine), a request reads the token before it reads the database, and
the token is renewed only after the commit, to a fresh random value. So a value built from data
older than a commit can only be stored under a token that no request uses after that commit.
The saving request renews the token before its response leaves, so the next request anywhere
sees the new data. (A process keeps tokens it read only while the generation it read them under
stands, and every request reads the generation first: see GENERATION_KEY.)

The renewal listens to Django's model signals on purpose, and only for this: it is
infrastructure, not a business rule, and catching every write (services, admin, shell,
restores) in one place is what makes "never stale" hold without every workflow remembering a
call. `connect()` wires it once, from the site's app config (config/apps.py). Writes that bypass
signals (`QuerySet.update`, `bulk_create`) call `renew()` themselves or happen in a transaction
that also saves a row.
"""

import hashlib
import threading
import uuid
from collections.abc import Callable, Iterable

from django.core.cache import cache, caches
from django.core.exceptions import ObjectDoesNotExist
from django.core.signals import request_finished, request_started
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save


# Values and pages are kept in each process's memory ("template_fragments", which `{% cache %}`
# uses too) with a copy in the shared cache (config/cache_backends.py, SharedCopyCache): a key
# contains the tokens, so it always names the same content, and what one worker rebuilt after a
# write the others read instead of rebuilding it. The tokens live in the shared cache; a request
# reads one generation from it and, when that changed, its tokens (see GENERATION_KEY).
def local_cache():
    return caches["template_fragments"]


LEAGUE = "league"  # any row of the league, roster or matches apps (every write renews it)
STRUCTURE = "structure"  # seasons, teams, users: what every league page names
REFERENCE = "reference"  # the rules app: races, skills, the handbook
RESULTS = "results"  # every match of every season (for what is derived from all of them: Elo)
# Every row of these apps renews LEAGUE; a row whose model names no narrower scopes
# (`page_scopes()`) also renews the broad ones listed here. So a page that depends on LEAGUE is
# never stale whatever it shows; the pages that name narrow scopes instead (STRUCTURE plus a
# season, a team or a match) are rebuilt only when those change.
APP_SCOPES = {
    "league": (LEAGUE, STRUCTURE),
    "roster": (LEAGUE, STRUCTURE),
    "matches": (LEAGUE, STRUCTURE),
    "rules": (REFERENCE, LEAGUE, STRUCTURE),
}
_MISSING = object()
TIMEOUT = 60 * 60 * 24  # values expire a day after they were built, if not replaced before


# Narrower scopes: what one season's, one team's or one match's pages show. A model names the
# scopes a change of one of its rows touches in `page_scopes()` (e.g. a result: its season, its
# two teams and the match), so a result entered for one pairing leaves the handbook, the other
# seasons and the other teams' squads in the cache.
def season_scope(pk) -> str:
    return f"season:{pk}"


def team_scope(pk) -> str:
    return f"team:{pk}"


def match_scope(pk) -> str:
    return f"match:{pk}"


def roster_scope(pk) -> str:
    """A team's players as other pages name them (a visitor's match page shows the ticked
    players and the developed one): every change of one of its players renews it, with the
    team's own scope; a result of the team does not."""
    return f"roster:{pk}"


def players_scope(pk) -> str:
    """A team's players with what they own, as the squad and the result form show them
    (skills, casualties, hatreds; the casualty rows and development choices of "Spiel
    eintragen"): every change of one of its players or his skills, a tick, a development, a
    record by hand or a hatred of the team, and every change of a stored match of the team (a
    correction, deleting, restoring) renews it; a new result without ticks and developments
    does not. Who is suspended changes with every result: those pages add it to their key
    (`matches.status.suspension_key`)."""
    return f"players:{pk}"


def user_scope(pk) -> str:
    """What only this user sees of a page (his notifications, say); every page stored for a
    logged-in reader depends on it (config/pagecache/pages.py)."""
    return f"user:{pk}"


def _token_key(scope: str) -> str:
    return f"pagecache:token:{scope}"


_request = threading.local()  # the tokens read in this request (see _request_started)

# The generation: a random value renewed after the tokens at every renewal, anywhere. While it
# stands, no token has changed since it was read, so each process keeps the tokens it read under
# it (`_known`) and a request reads only the generation from the shared cache, not every token of
# its page (one small read instead of six on a match page). Renewing writes the tokens first and
# the generation last, and a request reads the generation first: so a token kept under the
# generation it reads was read after the last renewal finished, and a request that starts after a
# renewal (anywhere) sees the new generation and reads the tokens again. A generation missing
# from the cache (new, evicted, cleared) starts as a fresh random value, so no process keeps its
# tokens.
GENERATION_KEY = "pagecache:generation"
_KEEP_AT_MOST = 20_000  # scopes kept per generation (seasons, teams, matches, users)
_known: tuple[str | None, dict[str, str]] = (None, {})  # (generation, {scope: token})


def _started(key: str) -> str | None:
    """The value of a missing token or generation: a fresh random one, unless another process
    set one first (None only if evicted at once: then nothing is kept under it)."""
    cache.add(key, uuid.uuid4().hex, timeout=None)
    return cache.get(key)


def _read_generation() -> str | None:
    return cache.get(GENERATION_KEY) or _started(GENERATION_KEY)


def _read_tokens(scopes: Iterable[str]) -> dict[str, str]:
    keys = {scope: _token_key(scope) for scope in scopes}
    found = cache.get_many(keys.values())
    for key in keys.values():
        if key not in found:
            found[key] = _started(key)
    return {scope: found[key] for scope, key in keys.items()}


def _tokens_of_generation() -> dict[str, str]:
    """The tokens this process kept under the current generation (read from the shared cache),
    to add to: an empty dict, kept from now on, when the generation is new here."""
    global _known
    generation = _read_generation()
    kept_generation, kept = _known
    if generation is None:
        return {}
    if generation != kept_generation:
        kept = {}
        _known = (generation, kept)
    return kept


def tokens(*scopes: str) -> str:
    """The current tokens of `scopes`, joined. A request reads the generation once, at its first
    call (one round trip), and only the tokens this process has not kept under it (one round
    trip for all scopes asked for together); outside a request every call reads the generation.
    A missing token (new or evicted cache) starts as a fresh random value, so it can never bring
    back values of an old one."""
    scopes = scopes or (LEAGUE,)
    active = getattr(_request, "active", False)
    known = getattr(_request, "tokens", None) if active else None
    if known is None:
        known = _tokens_of_generation()
        if active:
            _request.tokens = known
    missing = [scope for scope in dict.fromkeys(scopes) if scope not in known]
    if missing:
        if len(known) >= _KEEP_AT_MOST:
            known.clear()  # full: start again (what is dropped is read again when asked for)
            missing = list(dict.fromkeys(scopes))
        # kept for this request and, under its generation, for the process
        known.update(_read_tokens(missing))
    own = getattr(_request, "own", None)
    if own:
        return ".".join(str(own.get(scope) or known[scope]) for scope in scopes)
    return ".".join(str(known[scope]) for scope in scopes)


def _request_started(**kwargs) -> None:
    _request.active, _request.tokens, _request.own = True, None, None


def _request_finished(**kwargs) -> None:
    _request.active, _request.tokens, _request.own = False, None, None


def _apply(scopes) -> None:
    global _known
    cache.set_many({_token_key(scope): uuid.uuid4().hex for scope in scopes}, timeout=None)
    cache.set(GENERATION_KEY, uuid.uuid4().hex, timeout=None)  # after the tokens (see above)
    _known = (None, {})
    _request.tokens = None  # the rest of this request reads the new ones
    own = getattr(_request, "own", None)
    if own:
        _request.own = {scope: token for scope, token in own.items() if scope not in scopes}


def _commit_will_follow(connection) -> bool:
    """In a transaction that commits by itself (not only a test's, which never does)."""
    blocks = connection.atomic_blocks
    return bool(blocks) and not getattr(blocks[0], "_from_testcase", False)


def renew(*scopes: str, using: str = "default") -> None:
    """New tokens for `scopes` once the current transaction commits, and for the writing request
    at once.

    The renewal after the commit is the one that keeps pages fresh (see above). Until then the
    writing request alone uses new tokens of its own for these scopes (so it never reads what
    its change outdated), while every other request keeps the old ones: what they build from the
    data before the commit is right for those, and nothing is built twice, once under a token
    renewed before the commit and again after it. Outside a request, outside a transaction, or
    in a test's transaction (which never commits), the tokens are renewed in the shared cache
    right away too.
    """
    scopes = tuple(dict.fromkeys(scopes))
    connection = transaction.get_connection(using)
    if getattr(_request, "active", False) and _commit_will_follow(connection):
        own = getattr(_request, "own", None) or {}
        _request.own = {**own, **{scope: uuid.uuid4().hex for scope in scopes}}
    else:
        _apply(scopes)
    if connection.in_atomic_block:
        transaction.on_commit(lambda: _apply(scopes), using=using)


def short_key(prefix: str, *parts: str) -> str:
    """A short cache key of safe characters (memcached's limit is 250) that names exactly
    these parts, whatever they hold (tokens, paths, a client's query)."""
    raw = "\x1f".join(parts).encode("utf-8", "surrogateescape")
    return f"{prefix}:" + hashlib.blake2b(raw, digest_size=20).hexdigest()


def _in_transaction(using: str = "default") -> bool:
    """Inside a transaction of the app's own (not only a test's): what is read there may be
    rolled back, and the tokens renewed in it would then stay, so nothing built there is kept."""
    connection = transaction.get_connection(using)
    return any(not getattr(block, "_from_testcase", False) for block in connection.atomic_blocks)


def cached(name: str, build: Callable, *vary, scopes: Iterable[str] = (LEAGUE,)):
    """`build()`, stored under the scopes' tokens, the name and `vary` until a write renews
    them. Exceptions (Http404) are not stored, nor anything built inside a transaction."""
    key = short_key("pagecache", tokens(*scopes), name, *map(str, vary))
    value = local_cache().get(key, _MISSING)
    if value is _MISSING:
        value = build()
        if not _in_transaction():
            local_cache().set(key, value, TIMEOUT)
    return value


def _is_history(model) -> bool:
    """django-simple-history's copy of a row: saved only together with the row itself, whose
    own save renews what the pages show (the match page's history among it)."""
    return hasattr(model, "instance_type") and hasattr(model, "history_date")


def scopes_of_row(sender, instance) -> tuple[str, ...]:
    """The scopes a change of `instance` touches: its model's `page_scopes()`, else its app's."""
    if _is_history(sender):
        return ()
    broad = APP_SCOPES.get(sender._meta.app_label, ())
    narrow = getattr(instance, "page_scopes", None)
    if not callable(narrow) or not broad:
        return broad
    try:
        return (LEAGUE, *narrow())
    except ObjectDoesNotExist:
        return broad  # a row it names is gone already (a cascade): renew the broad scopes


def renew_rows(model, rows: Iterable, using: str = "default") -> None:
    """Renew what `rows` of `model` touch, for writes that send no signals (`bulk_create`)."""
    scopes = [scope for row in rows for scope in scopes_of_row(model, row)]
    if scopes:
        renew(*scopes, using=using)


def _changed(sender, instance=None, using="default", update_fields=None, **kwargs) -> None:
    if update_fields is not None and set(update_fields) <= {"last_login"}:
        return  # a login is shown nowhere
    scopes = scopes_of_row(sender, instance)
    if scopes:
        renew(*scopes, using=using)


def _links_changed(sender, instance=None, action: str = "", using="default", **kwargs) -> None:
    if action in {"post_add", "post_remove", "post_clear"}:
        # the link table's app decides (the rows of a many-to-many table have no model methods)
        scopes = APP_SCOPES.get(sender._meta.app_label, ())
        if scopes:
            renew(*scopes, using=using)


def connect() -> None:
    """Called once, from the site's app config (config/apps.py)."""
    request_started.connect(_request_started, dispatch_uid="pagecache-request-started")
    request_finished.connect(_request_finished, dispatch_uid="pagecache-request-finished")
    post_save.connect(_changed, dispatch_uid="pagecache-save")
    post_delete.connect(_changed, dispatch_uid="pagecache-delete")
    m2m_changed.connect(_links_changed, dispatch_uid="pagecache-links")


def fragment_context(
    request, *scopes: str, personal: bool = False, role: str | None = None, vary=()
):
    """Context for `{% cache cache_seconds <name> <ids…> page_token viewer LANGUAGE_CODE %}`.

    `personal`: the fragment differs per user (edit buttons, forms), so it is cached only for
    anonymous visitors, who all see the same; for a logged-in user the timeout is 0 (not kept)
    and his id is part of the key, so nobody else could ever read it. `role` instead names what
    the viewer's fragment depends on ("" for what every visitor sees, "edit-2026-12-02" for the
    forms of a team's editors on that day): viewers of one role share the fragment, whose
    forms carry a CSRF slot each response fills in (config/pagecache/csrf.py). `vary`: what
    else the fragment depends on, read under these scopes' tokens (`pages.for_readers`).
    """
    if role is not None:
        keep, viewer = True, role
    else:
        keep = not personal or not request.user.is_authenticated
        viewer = "" if keep else request.user.pk
    return {
        "page_token": ".".join((tokens(*(scopes or (LEAGUE,))), *map(str, vary))),
        "cache_seconds": TIMEOUT if keep else 0,
        "viewer": viewer,
    }


def lazy(build: Callable) -> Callable:
    """A template variable computed on first use only, once (a cached fragment never asks)."""
    done = []

    def value():
        if not done:
            done.append(build())
        return done[0]

    return value
