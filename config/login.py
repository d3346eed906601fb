"""Logging in: who the client is behind the proxy, and a login form whose input fits the database.

django-axes throttles failed logins per username and client address. In production the app sits
behind a reverse proxy, so the connecting address is the proxy's for every visitor; the client's
own address comes from the header the proxy sets (``TRUSTED_PROXY_HEADER``, by default
X-Forwarded-For). Each trusted proxy appends the address it saw to the right of that header, so
with ``TRUSTED_PROXY_COUNT`` proxies the client is the entry that many places from the right;
everything left of it was sent by the client and may be forged.
"""

import ipaddress

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _

# Longer passwords only cost hashing time; nobody's password is this long.
PASSWORD_MAX_LENGTH = 1024


def meta_key(header: str) -> str:
    """ "X-Forwarded-For" -> "HTTP_X_FORWARDED_FOR", the key in request.META."""
    key = header.strip().upper().replace("-", "_")
    return key if key.startswith("HTTP_") or key == "REMOTE_ADDR" else f"HTTP_{key}"


def client_ip(request) -> str | None:
    """The client's address as the trusted proxies saw it; the connecting address without any."""
    remote = request.META.get("REMOTE_ADDR")
    count = settings.TRUSTED_PROXY_COUNT
    if count <= 0:
        return remote
    entries = [
        e.strip() for e in request.META.get(meta_key(settings.TRUSTED_PROXY_HEADER), "").split(",")
    ]
    entries = [e for e in entries if e]
    if len(entries) < count:
        return remote  # not through the proxy chain (e.g. a health check on the host)
    return _address(entries[-count]) or remote


def _address(entry: str) -> str | None:
    """An IP address from a header entry, also written with a port ("[::1]:443", "1.2.3.4:80")."""
    if entry.startswith("["):
        entry = entry[1:].partition("]")[0]
    elif entry.count(":") == 1:
        entry = entry.partition(":")[0]
    try:
        return str(ipaddress.ip_address(entry))
    except ValueError:
        return None


class BoundedLoginMixin:
    """Login forms with their length limits enforced before anything is looked up.

    Django only sets ``maxlength`` on the username's widget; a longer name went on to the
    authentication backends and django-axes, whose table holds at most 255 characters.
    """

    def __init__(self, request=None, *args, **kwargs):
        super().__init__(request, *args, **kwargs)
        username = self.fields["username"]
        username.validators.append(
            MaxLengthValidator(
                username.max_length,
                message=_("Ein Benutzername hat höchstens %(limit_value)d Zeichen."),
            )
        )
        password = self.fields["password"]
        password.max_length = PASSWORD_MAX_LENGTH
        password.validators.append(
            MaxLengthValidator(
                PASSWORD_MAX_LENGTH,
                message=_("Ein Passwort hat höchstens %(limit_value)d Zeichen."),
            )
        )


class LoginForm(BoundedLoginMixin, AuthenticationForm):
    """The site's login page."""


class AdminLoginForm(BoundedLoginMixin, AdminAuthenticationForm):
    """The admin's own login page (/admin/login/)."""
