"""What the service worker keeps for use without signal, and the version of that content.

The version is a hash of the content itself: the static files' content hashes (their hashed
names from the manifest in production, their bytes otherwise), every row of the reference data
(races, positions, skills, the handbook) and the templates the kept pages are made of. So the
worker renews itself exactly when something it keeps changes, and an admin who saves a skill
without changing it (or a restart) leaves the phones' caches alone.
"""

import hashlib
from functools import cache
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.core import serializers
from django.core.cache import cache as shared_cache

from config.pagecache import fragments


def _static_digest(path: str) -> str:
    """The content hash of one static file: in its hashed name under the manifest storage,
    else from its bytes."""
    if isinstance(staticfiles_storage, ManifestFilesMixin):
        try:
            return staticfiles_storage.stored_name(path)
        except ValueError:
            pass
    found = finders.find(path)
    if not found:
        return f"{path}:missing"
    return f"{path}:{hashlib.sha256(Path(found).read_bytes()).hexdigest()}"


def static_digest(paths) -> str:
    return "\n".join(_static_digest(path) for path in paths)


def reference_digest() -> str:
    """A hash of every row of the rules app (the handbook, skills, races and positions)."""
    digest = hashlib.sha256()
    for model in apps.get_app_config("rules").get_models():
        rows = model._default_manager.order_by("pk")
        digest.update(model._meta.label.encode())
        digest.update(serializers.serialize("json", rows).encode())
    return digest.hexdigest()


def _cached_reference_digest() -> str:
    # Computed once per reference token: the token renews with every save of a rules row, so
    # the digest is read again only then (and an unchanged save gives the same digest).
    key = f"offline-reference-digest:{fragments.tokens(fragments.REFERENCE)}"
    return shared_cache.get_or_set(key, reference_digest, timeout=fragments.TIMEOUT)


@cache
def template_digest() -> str:
    """The kept pages' templates (they change only with a deployment: read once)."""
    digest = hashlib.sha256()
    roots = [Path(settings.BASE_DIR) / "templates", Path(__file__).parent / "templates"]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file():
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def content_version(*, static_paths, pages) -> str:
    """The worker's cache version: 12 hex digits of the hash of everything it keeps."""
    content = "\n".join(
        [static_digest(static_paths), *pages, _cached_reference_digest(), template_digest()]
    )
    return hashlib.sha256(content.encode()).hexdigest()[:12]
