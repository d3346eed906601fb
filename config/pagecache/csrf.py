"""A CSRF token that cached HTML can hold: templates render a slot, each response fills it in.

Django's `{% csrf_token %}` writes the request's own token into the page, so a fragment with a
form could only ever be cached per user. Here the template context's `csrf_token` is a fixed
slot instead (`slot_context`, a context processor listed after Django's built-in one, which it
replaces); `CsrfSlotMiddleware` puts the request's real token into every HTML response that
holds the slot, cached or not. So the forms of a team's squad page are rendered once for all its
editors, and a page stored for a logged-in reader (config/pagecache/pages.py) is filled in for
each of his requests exactly as if it had been rendered for it.

The middleware sits after `CsrfViewMiddleware` in MIDDLEWARE, so its `get_token()` runs before
CsrfViewMiddleware's response step, which then sets the cookie as usual.
"""

from django.middleware.csrf import get_token

SLOT = "__csrf_slot_0c1d7e__"
_SLOT_BYTES = SLOT.encode()


def slot_context(request) -> dict:
    return {"csrf_token": SLOT}


def filled(response):
    """Mark a response whose slots are filled in already (a stored page,
    config/pagecache/pages.py), so the middleware need not search it again."""
    response._csrf_slot_filled = True
    return response


class CsrfSlotMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if getattr(response, "streaming", False) or not hasattr(response, "content"):
            return response
        if getattr(response, "_csrf_slot_filled", False):
            return response
        if _SLOT_BYTES in response.content:
            response.content = response.content.replace(_SLOT_BYTES, get_token(request).encode())
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
        return response
