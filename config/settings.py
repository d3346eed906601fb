"""Settings for the Hopfen&Sieg app, driven by environment variables.

Development needs nothing: SQLite in the project folder, DEBUG on, a throwaway secret key.
Production sets DJANGO_ENV=production (or DEBUG=0), SECRET_KEY, ALLOWED_HOSTS and DATABASE_URL;
with DEBUG off the secure defaults below switch on and `manage.py check --deploy` is clean.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


PRODUCTION = os.environ.get("DJANGO_ENV", "development") == "production"
DEBUG = env_bool("DEBUG", not PRODUCTION)

_DEV_SECRET = "dev-only-insecure-key-change-me-in-production-0123456789abcdef"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_SECRET if not PRODUCTION else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY muss in Produktion gesetzt sein (Umgebungsvariable SECRET_KEY).")

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # django.contrib.admin with a site that guards every form it builds (config/admin.py)
    "config.admin.PlainAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "ninja",  # the JSON API (api/v1.py); its Swagger UI is served from our static files
    "corsheaders",
    "axes",
    "simple_history",
    "config",  # the site's plumbing (config/apps.py): no models, connects the page cache
    "league",
    "rules",
    "roster",
    "matches",
    "stats",
    "simulator",
    "api",  # feeds and the read-only JSON API: reads the apps above, no models
    "django_tasks_db",
    "notifications",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.middleware.ChosenLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "config.pagecache.csrf.CsrfSlotMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.site",
                # forms in cached HTML hold a slot for the CSRF token (config/pagecache/csrf.py)
                "config.pagecache.csrf.slot_context",
            ],
        },
    },
]

# Persistent connections rather than Django's psycopg pool: gunicorn's sync workers serve one
# request at a time per process, so a pool per process would hold a single connection anyway;
# keeping that connection open (CONN_MAX_AGE) saves the ~17 ms connect of every request without
# the extra psycopg_pool dependency, and the health check replaces a connection the database
# dropped (restart, idle timeout) before the request uses it. Development keeps 0 (runserver
# opens a thread per request, each would keep its own connection).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0" if DEBUG else "600")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL and a busy timeout keep concurrent requests from failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

# Cache for derived pages (the table, the match list, squads, the handbook; see config/pagecache/).
# Redis when REDIS_URL is set (shared by every worker and every app server); otherwise files under
# CACHE_DIR, which all processes of one machine share, so a result saved through one worker is
# never hidden by another worker's cache. Also in development: gunicorn with several workers, or
# runserver beside a worker command, would each keep their own token in a per-process memory
# cache and serve a stale table (issue 26). Tests use a temporary CACHE_DIR (tests/conftest.py).
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHE_KEY_PREFIX = os.environ.get("CACHE_KEY_PREFIX", "hs")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.cache_backends.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": CACHE_KEY_PREFIX,
            "TIMEOUT": 60 * 60 * 24,
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "config.cache_backends.FileBasedCache",
            "LOCATION": os.environ.get("CACHE_DIR", str(BASE_DIR / ".cache")),
            "KEY_PREFIX": CACHE_KEY_PREFIX,
            "TIMEOUT": 60 * 60 * 24,
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }

# Cached pages and fragments (see config/pagecache/) are kept in each process's memory and, as a
# copy, in the shared cache above, so after a write one worker rebuilds a page and the others
# (and other app servers) take it from there: their keys carry tokens from the shared cache, so a
# key names one content forever and a process never serves one that a write outdated.
# Sessions are read on every request of a logged-in user (the page cache keys his copy of a page
# by it, config/pagecache/pages.py): Django's cached_db backend reads them from the shared cache
# and falls back to the database, where they stay durable, so a warm page costs no query.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

CACHES["template_fragments"] = {
    "BACKEND": "config.cache_backends.SharedCopyCache",
    "LOCATION": "template-fragments",
    "TIMEOUT": 60 * 60 * 24,
    "OPTIONS": {"MAX_ENTRIES": 3000, "SHARED": "default"},
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "league.User"
AUTHENTICATION_BACKENDS = [
    # django-axes first: it refuses logins for a while after repeated failures.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/lockout.html"
AXES_RESET_ON_SUCCESS = True
# Failures count per username and client address, so a stranger guessing a coach's password
# locks out only himself. Behind a reverse proxy the client address is read from the header the
# proxy sets: TRUSTED_PROXY_COUNT proxies (1 in production, 0 = none, use the connecting address)
# append to TRUSTED_PROXY_HEADER; see config/login.py and the README's deployment notes.
TRUSTED_PROXY_HEADER = os.environ.get("TRUSTED_PROXY_HEADER", "X-Forwarded-For")
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "1" if PRODUCTION else "0"))
AXES_CLIENT_IP_CALLABLE = "config.login.client_ip"
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "league:home"
LOGOUT_REDIRECT_URL = "league:home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("Deutsch")), ("en", _("Englisch"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

FIXTURE_DIRS = [BASE_DIR / "fixtures"]

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Built-in Content Security Policy: no inline scripts, htmx and our JS come from our own static.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

# The JSON API (/api/v1/) is public and read-only: any web page may read it (CORS), for GET only,
# without cookies; the browser may read the ETag for its next If-None-Match.
CORS_URLS_REGEX = r"^/api/"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]
CORS_ALLOW_HEADERS = ["accept", "if-none-match", "if-modified-since"]
CORS_EXPOSE_HEADERS = ["ETag"]

# The site's public address: absolute links where no request is at hand (mails, feeds) and the
# domain of calendar UIDs, which must not depend on the host a client happened to ask.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# Background work (mails, pushes, reminders): Django's Tasks framework with the database backend
# of django-tasks-db, so a task row is written in the same transaction as the change that causes
# it and survives a crash; `manage.py db_worker` runs them (README, "Betrieb").
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

# Mail: with EMAIL_HOST set over SMTP (also under `make run`), else to the console in
# development and to the machine's own mail server (localhost:25) in production; an explicit
# EMAIL_BACKEND wins. The variables are the customary EMAIL_* ones; Django 6.1 takes them as
# the options of its default mailer (MAILERS; the EMAIL_* settings are deprecated).
_EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
_EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if _EMAIL_HOST or PRODUCTION
    else "django.core.mail.backends.console.EmailBackend",
)
_MAIL_OPTIONS = {}
if _EMAIL_BACKEND == "django.core.mail.backends.smtp.EmailBackend":
    _MAIL_OPTIONS = {
        "host": _EMAIL_HOST or "localhost",
        "port": int(os.environ.get("EMAIL_PORT", "25")),
        "username": os.environ.get("EMAIL_HOST_USER", ""),
        "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "use_tls": env_bool("EMAIL_USE_TLS", False),
        "timeout": int(os.environ.get("EMAIL_TIMEOUT", "20")),
    }
elif _EMAIL_BACKEND == "django.core.mail.backends.filebased.EmailBackend":
    _MAIL_OPTIONS = {"file_path": os.environ.get("EMAIL_FILE_PATH", str(BASE_DIR / ".mails"))}
MAILERS = {"default": {"BACKEND": _EMAIL_BACKEND, "OPTIONS": _MAIL_OPTIONS}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Hopfen&Sieg <liga@hopfenundsieg.de>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Web Push (VAPID): the public key goes to the browsers, the private one signs each push.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:info@hopfenundsieg.de")

# Where players report mistakes in the handbook or the reference data.
REPORT_ERROR_EMAIL = os.environ.get("REPORT_ERROR_EMAIL", "info@hopfenundsieg.de")

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"

# Everything goes to stdout (the process manager or container runtime keeps it). One line per
# request with its duration comes from gunicorn's access log (config/gunicorn.conf.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "line",
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
