"""HTTP caching of the API like the pages: every answer is built once per state of the league.

The key of an answer is the page cache's tokens (config/pagecache/fragments.py: renewed after
every write of league or reference data), the path and the query. Its ETag is a hash of that
key, so a client that sends it back in If-None-Match gets a 304 without a single database
query, and the body is kept in each process's memory until the next write renews the tokens.
The API does not depend on the visitor (no login, no language: German data, English keys), so
one copy serves everybody.
"""

import functools

from django.http import HttpResponse, HttpResponseNotModified
from django.utils import translation
from django.utils.cache import patch_cache_control

from config.pagecache.fragments import LEAGUE, REFERENCE, local_cache, short_key, tokens

MAX_QUERY_LENGTH = 200
"""A longer query string is answered but not kept, so odd queries cannot fill the memory."""


def _key(request) -> str:
    """The tokens, the path and the query (its parameters in a fixed order), hashed: a short
    key of safe characters whatever the client sent."""
    query = "&".join(sorted(request.META.get("QUERY_STRING", "").split("&")))
    return short_key("api", tokens(LEAGUE, REFERENCE), request.path, query)


def _etag(key: str) -> str:
    return '"' + key.removeprefix("api:")[:32] + '"'


def _matches(header: str, etag: str) -> bool:
    candidates = {part.strip().removeprefix("W/") for part in header.split(",")}
    return etag in candidates or "*" in candidates


def cached_answer(view):
    """Wrap an API view: public, German data whatever the language cookie, ETag and 304,
    and the body kept under the league's tokens."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method not in ("GET", "HEAD"):
            with translation.override("de"):
                return view(request, *args, **kwargs)
        head = request.method == "HEAD"
        if head:  # answered like GET, without the body (the API declares GET only)
            request.method = "GET"
        key = _key(request)
        etag = _etag(key)
        if _matches(request.headers.get("If-None-Match", ""), etag):
            response = HttpResponseNotModified()
        else:
            stored = local_cache().get(key)
            if stored is not None:
                content_type, body = stored
                response = HttpResponse(body, content_type=content_type)
            else:
                with translation.override("de"):
                    response = view(request, *args, **kwargs)
                keep = len(request.META.get("QUERY_STRING", "")) <= MAX_QUERY_LENGTH
                if response.status_code == 200 and not response.streaming and keep:
                    local_cache().set(key, (response["Content-Type"], response.content))
        if response.status_code in (200, 304):
            response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=0, must_revalidate=True)
        response["Content-Language"] = "de"  # the data's language, whatever the cookie says
        if head:
            request.method = "HEAD"
            response.content = b""
        return response

    wrapper.login_required = False  # public, like @login_not_required
    return wrapper
