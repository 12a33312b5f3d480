"""One settings module, environment first, with defaults that need no service (docs/style.md "Settings").

Environment:
    DJANGO_SECRET_KEY   required when DJANGO_DEBUG is off; the development default is obviously fake.
    DJANGO_DEBUG        "1" (default) or "0".
    DJANGO_ALLOWED_HOSTS  comma-separated, default "127.0.0.1,localhost".
    DATABASE_URL        e.g. postgres://postgres@127.0.0.1:5432/kibitz; default SQLite in the project folder.
    REDIS_URL           e.g. redis://127.0.0.1:6379/0: Redis channel layer and Celery broker; default the
                        in-memory channel layer and Celery tasks run eagerly in-process.
    KIBITZ_REQUIRE_SERVICES  "1" makes tests that need PostgreSQL / Redis fail instead of skipping (CI).
    KIBITZ_ALLOW_FIXED_DEALS "1" lets tests fix a table's next deal (never on by default).
    KIBITZ_NOTIFY_JSON_CHECK "1" round-trips every socket notification through JSON when it is queued
                        (platform_config.notify; the tests turn it on), so a non-JSON payload fails at once.
    KIBITZ_HOUSE_STRIPES  stripes of the house commission account, at most this many settlements credit it at
                        once without waiting for each other (default 8; docs/decisions-ledger.md "House stripes").
    KIBITZ_STARTING_BALANCE  minor units granted to every new player, never to a bot (default 10000 = 100.00).
    KIBITZ_CURRENCY     ISO 4217 code of the ledger's money (default EUR).
    KIBITZ_ADJUSTMENT_MAX  minor units one staff adjustment may move (default 100000 = 1,000.00);
                        KIBITZ_ADJUSTMENT_DAY_MAX what one requester's adjustments of a day may move, waiting and
                        booked together (default 500000 = 5,000.00).
    KIBITZ_SCHEDULE_NOTICE_HOURS  how long after its approval a commission schedule version may start at the
                        earliest, shown to players meanwhile (default 24).
    KIBITZ_STAFF_SECOND_FACTOR  "1" (default) makes staff prove a TOTP code before any staff or admin page.
    KIBITZ_ABSENCE_SECONDS  how long a seated person may have no socket before a bot plays for them (default
                        empty: the table's turn time); KIBITZ_ABANDONED_MINUTES without any connected person closes
                        a table (default 10); KIBITZ_TABLES_CLEANUP_SECONDS how often beat checks (default 60).

Security switches (each its own variable; the production default applies when DJANGO_DEBUG=0, the development
default otherwise, so tests and benchmarks can run over plain HTTP on 127.0.0.1 with only what they need):
    KIBITZ_SSL_REDIRECT     "1" redirects plain HTTP to HTTPS (production default 1).
    KIBITZ_SECURE_COOKIES   "1" sends the session and CSRF cookies with Secure (production default 1).
    KIBITZ_HSTS_SECONDS     Strict-Transport-Security max-age (production default 31536000, development 0).
    KIBITZ_HSTS_PRELOAD     "1" adds includeSubDomains and preload to HSTS (production default 1).
    KIBITZ_PROXY_SSL_HEADER  the header a trusted proxy sets to "https" (e.g. X-Forwarded-Proto); unset: none.
    KIBITZ_TRUSTED_PROXIES  how many proxies append to X-Forwarded-For (client IP for the rate limits; default 0).
    KIBITZ_SOCKET_ORIGINS   comma-separated extra origins allowed to open sockets (scheme://host[:port]).
    KIBITZ_LOGIN_FAILED_RATE  allauth rate of failed log-ins (default "20/10m/ip,5/5m/key"; key = account + IP).
    KIBITZ_LOGIN_RATE       allauth rate of log-in attempts per client address (default allauth's "30/m/ip").
    KIBITZ_SIGNUP_RATE      allauth rate of sign-ups per client (default "3/10m/ip,10/d/ip").
    KIBITZ_LOG_FORMAT       "json" (production default: one JSON object per line on stdout) or "text".

Database access (PostgreSQL):
    KIBITZ_DB_POOL_MAX      connections in each process's psycopg pool (default 10; 0: no pool, persistent
                            connections); KIBITZ_DB_POOL_MIN those kept open when idle (default 2).
    KIBITZ_DB_THREADS       threads that run the sockets' database calls (default 4 on PostgreSQL, 0 on SQLite:
                            Channels' one thread-sensitive executor); at most KIBITZ_DB_POOL_MAX - 2.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    """Read a boolean environment variable ("1"/"0", "true"/"false"); raises ImproperlyConfigured otherwise."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be 1 or 0, not {raw!r}")


def env_int(name: str, default: int) -> int:
    """Read an integer environment variable; raises ImproperlyConfigured otherwise."""
    raw = os.environ.get(name, "")
    if raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}") from None


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated environment variable as a list of stripped, non-empty items."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG=0")
    SECRET_KEY = "dev-only-insecure-key-not-for-production"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000")

# Transport and cookies (docs/deploy.md "Security switches"): production defaults when DEBUG is off.
SECURE_SSL_REDIRECT = env_flag("KIBITZ_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # the proxy's and the orchestrator's probes speak plain HTTP
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_flag("KIBITZ_SECURE_COOKIES", not DEBUG)
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = CSRF_COOKIE_SAMESITE = "Lax"
SECURE_HSTS_SECONDS = env_int("KIBITZ_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = env_flag("KIBITZ_HSTS_PRELOAD", not DEBUG)
_proxy_ssl_header = os.environ.get("KIBITZ_PROXY_SSL_HEADER", "").strip()
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_" + _proxy_ssl_header.upper().replace("-", "_"), "https") if _proxy_ssl_header else None
)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Sockets: the Origin must be the site's own scheme://host[:port] (platform_config.origin); these are extra.
KIBITZ_SOCKET_ORIGINS = env_list("KIBITZ_SOCKET_ORIGINS", "")

# django-csp: only the site's own files run; no inline script or style, no framing, no plug-ins.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        # CSP Level 3: 'self' also admits ws:/wss: to the page's own host and port (the table and lobby sockets).
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "csp",
    "channels",
    "allauth",
    "allauth.account",
    "django_filters",
    "django_tables2",
    "accounts",
    "games",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "ledger",
    "signup",
    "social",
    "ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything reads the session or the user: the database waited for, or the 503 page (docs/deploy.md).
    "platform_config.unavailable.DatabaseWaitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django_otp.middleware.OTPMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.ProfileLanguageMiddleware",
    # staff prove a second factor before any back-office or admin page (ledger/second_factor.py)
    "ledger.second_factor.StaffSecondFactorMiddleware",
]

ROOT_URLCONF = "platform_config.urls"
WSGI_APPLICATION = "platform_config.wsgi.application"
ASGI_APPLICATION = "platform_config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
# PostgreSQL: psycopg's connection pool (Django 5.2 `OPTIONS["pool"]`), KIBITZ_DB_POOL_MAX connections per process
# (0: no pool, persistent connections instead); CONN_MAX_AGE must be 0 with a pool, and a pooled connection has
# no health-check query before each use (a `SELECT 1` before most statements; docs/decisions-tables.md "Running").
# Socket database calls run in KIBITZ_DB_THREADS threads (games.realtime.dbcalls; 0: Channels' one thread).
KIBITZ_DB_POOL_MAX = max(0, env_int("KIBITZ_DB_POOL_MAX", 10))
KIBITZ_DB_POOL_MIN = max(0, min(env_int("KIBITZ_DB_POOL_MIN", 2), KIBITZ_DB_POOL_MAX))
KIBITZ_DB_THREADS = max(0, env_int("KIBITZ_DB_THREADS", 4 if DATABASE_URL.startswith("postgres") else 0))
if DATABASE_URL:
    if DATABASE_URL.startswith("postgres") and KIBITZ_DB_POOL_MAX:
        if KIBITZ_DB_THREADS + 2 > KIBITZ_DB_POOL_MAX:
            raise ImproperlyConfigured("KIBITZ_DB_POOL_MAX must be at least KIBITZ_DB_THREADS + 2")
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": KIBITZ_DB_POOL_MIN,
            "max_size": KIBITZ_DB_POOL_MAX,
            # A page or a socket waits at most this long for a connection (then a 503 page, a refused
            # handshake; platform_config.outages); under load no caller waits: the threads are fewer than the pool.
            "timeout": 2,
            # A failed reconnect is given up after 2 s, so the next caller's demand tries again at once; with
            # psycopg's default (5 min of attempts 1, 2, 4, 8 s apart) a pool came back up to 8 s after its server.
            "reconnect_timeout": 2,
        }
        # Parameters travel apart from the statement (server-side binding) instead of being quoted into it: a move
        # writes its round's whole state as JSON, and quoting that text was a tenth of a busy process's time;
        # PostgreSQL also prepares the statements a process repeats.
        DATABASES["default"]["OPTIONS"]["server_side_binding"] = True
    else:
        # Persistent connections: every socket frame is a short database read; reconnecting each time dominated.
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
else:
    # WAL + a busy timeout: the embedded server writes from the web process and its sweeper thread at once.
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("KIBITZ_SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Sessions in the database alone, never in Redis: a Redis outage signs nobody out and fails no page, and a log-out
# ends the session at once (a cached copy could outlive a log-out made while Redis was away); docs/deploy.md
# "Outages". A page or a handshake reads its session by primary key, one query beside its user's.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

REDIS_URL = os.environ.get("REDIS_URL", "")
# redis-py 8 reads with a 5 s socket timeout by default, the same as channels_redis's blocking BZPOPMIN: an idle
# socket's receive then fails with "Timeout reading" and the consumer dies (redis-py #4091, channels_redis
# #422). A read timeout above the 5 s block keeps dead servers detectable.
REDIS_SOCKET_OPTIONS = {"socket_timeout": 15, "socket_connect_timeout": 5}
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Redis pub/sub: a process subscribes once per group its sockets are in and Redis pushes each message
            # to it. The list-based RedisChannelLayer popped every message a process receives with four round
            # trips in a row (its clean-up script, BZPOPMIN, and the in-flight backup's add and pop), one message
            # at a time, which capped a process at about 70 moves a second whatever else it did; its per-process
            # list also dropped messages past its capacity (100), stalling whole tables.
            # redis-py's async pool refuses a command past its default 100 connections instead of waiting.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": REDIS_URL, "max_connections": 1000, **REDIS_SOCKET_OPTIONS}]},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    # No acknowledgement emulation: kombu's Redis transport then keeps no "unacked" copy of a reserved task. With
    # it, a worker that lost Redis while holding a reserved task tried to put it back over the closed connection,
    # died of AttributeError ("Unrecoverable error") and consumed nothing more after Redis came back (celery
    # #10205; the chaos test met it). Nothing here needs the copy: a lost bot move is sent again by the sweeper
    # (KIBITZ_BOT_REDISPATCH_SECONDS) and the clean-up and the ledger close run on beat's schedule.
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {"ack_emulation": False}
    CELERY_TASK_ALWAYS_EAGER = False
    # One cache for every process: allauth's rate limits and log-in lockouts count across them all. While Redis
    # is out of reach it answers as an empty cache (platform_config.fallback_cache; docs/deploy.md "Outages").
    CACHES = {
        "default": {
            "BACKEND": "platform_config.fallback_cache.FallbackRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "kibitz",
            "OPTIONS": REDIS_SOCKET_OPTIONS,
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # The embedded mode: `manage.py serve` runs a Celery worker and the beat schedule in threads of its own
    # process (platform_config.embedded_worker), over kombu's in-process broker. Never eager: an eager task
    # would think in the caller's thread (the sweeper's) and nothing would run the schedule.
    # The host is named though the transport has none: kombu warns "No hostname was supplied. Reverting to default
    # 'localhost'" each time it reads a connection's info without one (twice per start: the worker and beat).
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.05}  # kombu's default 1 s would pace every bot
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_IGNORE_RESULT = True
# No result backend and no expiry: without this, `celery beat` (its default persistent scheduler, as the Procfile
# runs it) adds Celery's own `celery.backend_cleanup` at 04:00 every day, a task that cleans nothing here. Beat's
# schedule is then exactly CELERY_BEAT_SCHEDULE below (docs/deploy.md "Jobs and their owners").
CELERY_RESULT_EXPIRES = None
CELERY_WORKER_HIJACK_ROOT_LOGGER = (
    False  # the LOGGING below (JSON lines in production) applies to workers too
)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True


KIBITZ_REQUIRE_SERVICES = env_flag("KIBITZ_REQUIRE_SERVICES", False)
KIBITZ_ALLOW_FIXED_DEALS = env_flag("KIBITZ_ALLOW_FIXED_DEALS", False)
KIBITZ_NOTIFY_JSON_CHECK = env_flag("KIBITZ_NOTIFY_JSON_CHECK", False)


# Ledger: the starting balance new players get from promotions (minor units) and the site's currency.
KIBITZ_STARTING_BALANCE = env_int("KIBITZ_STARTING_BALANCE", 10_000)
# Staff adjustments' bounds and the commission schedule's notice (docs/decisions-ledger.md "Adjustments",
# "Separation of duties").
KIBITZ_ADJUSTMENT_MAX = env_int("KIBITZ_ADJUSTMENT_MAX", 100_000)
KIBITZ_ADJUSTMENT_DAY_MAX = env_int("KIBITZ_ADJUSTMENT_DAY_MAX", 500_000)
KIBITZ_SCHEDULE_NOTICE_HOURS = env_int("KIBITZ_SCHEDULE_NOTICE_HOURS", 24)
# Staff accounts prove a TOTP code (or a recovery code) once per sign-in before any staff or admin page.
KIBITZ_STAFF_SECOND_FACTOR = env_flag("KIBITZ_STAFF_SECOND_FACTOR", True)
OTP_TOTP_ISSUER = "Kibitz"
KIBITZ_CURRENCY = os.environ.get("KIBITZ_CURRENCY", "EUR")
KIBITZ_HOUSE_STRIPES = env_int("KIBITZ_HOUSE_STRIPES", 8)
if KIBITZ_HOUSE_STRIPES < 1:
    raise ImproperlyConfigured("KIBITZ_HOUSE_STRIPES must be at least 1")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("nl", "Nederlands"),
    ("pt", "Português"),
    ("fr", "Français"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("KIBITZ_TIME_ZONE", "Europe/Zurich")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Serve static files straight from the source folders (no collectstatic step for `make run`).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

EMAIL_BACKEND = os.environ.get("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")

KIBITZ_LOG_FORMAT = os.environ.get("KIBITZ_LOG_FORMAT", "text" if DEBUG else "json")
if KIBITZ_LOG_FORMAT not in ("json", "text"):
    raise ImproperlyConfigured(f"KIBITZ_LOG_FORMAT must be json or text, not {KIBITZ_LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        # python-json-logger: one JSON object per event and line, with the exception's traceback as a field.
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "filters": {
        "client_error_without_traceback": {"()": "platform_config.log_filters.ClientErrorWithoutTraceback"},
        "outage_without_traceback": {"()": "platform_config.log_filters.OutageWithoutTraceback"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": KIBITZ_LOG_FORMAT,
            # An outage of PostgreSQL or Redis: one warning line per process, not a traceback per request.
            "filters": ["outage_without_traceback"],
        }
    },
    "loggers": {
        # Django's default logging gives `django` a console handler of its own (printing in DEBUG) and one that
        # mails ADMINS (none here); both go, so each django.* record is printed once, by the root's handler,
        # through the outage filter (before, `make run` printed every django.* warning twice).
        "django": {"handlers": []},
        "django.request": {"filters": ["client_error_without_traceback"]},
        # psycopg's pool warns at each failed reconnect attempt; platform_config.outages says it once.
        "psycopg.pool": {"level": "ERROR"},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("KIBITZ_LOG_LEVEL", "INFO")},
}
AUTH_USER_MODEL = "accounts.User"

# Accounts (django-allauth): username log-in, optional e-mail, reset mails to the console by default.
# Both answer the staff roles' permissions from recorded role grants only (ledger/backends.py).
AUTHENTICATION_BACKENDS = [
    "ledger.backends.StaffRoleBackend",
    "ledger.backends.AllauthStaffRoleBackend",
]
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
# A verification mail goes out at sign-up; a player needs a verified address to sit at a stakes table
# (ledger.players.check_can_join_stakes_table), not to play for fun.
ACCOUNT_EMAIL_VERIFICATION = "optional"
# "strict": signing up with a registered address looks and answers exactly like signing up with a new one.
ACCOUNT_PREVENT_ENUMERATION = "strict"
ACCOUNT_UNIQUE_EMAIL = True
# allauth's rate limits, counted in the shared cache. The failed log-in key is the account *and* the client's
# address (accounts.adapter), so an attacker's failures never lock the owner out from another address.
ACCOUNT_RATE_LIMITS = {
    "login_failed": os.environ.get("KIBITZ_LOGIN_FAILED_RATE", "20/10m/ip,5/5m/key"),
    "login": os.environ.get("KIBITZ_LOGIN_RATE", "30/m/ip"),
    "signup": os.environ.get("KIBITZ_SIGNUP_RATE", "3/10m/ip,10/d/ip"),
}
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("KIBITZ_TRUSTED_PROXIES", 0)
ACCOUNT_LOGOUT_ON_GET = False
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"  # the front page (docs/decisions-tables.md "Pages")
# A person who signs up gets a player's account (profile language and starting balance, signup.players), and
# logging off leaves the user's tables: explicit calls through the account adapter, not signals.
ACCOUNT_ADAPTER = "games.account_adapter.TablesAccountAdapter"

# Tables (docs/decisions-tables.md).
KIBITZ_BOT_PAUSE_SECONDS = float(os.environ.get("KIBITZ_BOT_PAUSE_SECONDS", "0.9"))
KIBITZ_NEXT_DEAL_SECONDS = float(os.environ.get("KIBITZ_NEXT_DEAL_SECONDS", "45"))
KIBITZ_SWEEP_SECONDS = float(os.environ.get("KIBITZ_SWEEP_SECONDS", "0.25"))
KIBITZ_EMBEDDED_SWEEPER = env_flag("KIBITZ_EMBEDDED_SWEEPER", True)
# Background work (docs/deploy.md "Background work"): bots think in Celery workers under a wall-clock cap (0: no
# cap; the tests' seeded bots), a due bot move is sent again when no move came within the re-dispatch time, and
# Celery beat runs the ledger close every KIBITZ_LEDGER_CLOSE_SECONDS.
KIBITZ_BOTS_IN_WORKERS = env_flag("KIBITZ_BOTS_IN_WORKERS", True)
KIBITZ_BOT_CAP_SECONDS = float(os.environ.get("KIBITZ_BOT_CAP_SECONDS", "5"))
KIBITZ_BOT_REDISPATCH_SECONDS = env_int("KIBITZ_BOT_REDISPATCH_SECONDS", 15)
KIBITZ_LEDGER_CLOSE_SECONDS = float(os.environ.get("KIBITZ_LEDGER_CLOSE_SECONDS", str(24 * 3600)))
# Absence (docs/decisions-tables.md "Absence"): a seated person without a socket for KIBITZ_ABSENCE_SECONDS (unset:
# the table's turn time) is played by a bot until they come back; a table with no connected person for
# KIBITZ_ABANDONED_MINUTES closes. Beat runs that clean-up every KIBITZ_TABLES_CLEANUP_SECONDS.
_absence_seconds = os.environ.get("KIBITZ_ABSENCE_SECONDS", "").strip()
KIBITZ_ABSENCE_SECONDS: int | None = env_int("KIBITZ_ABSENCE_SECONDS", 0) if _absence_seconds else None
KIBITZ_ABANDONED_MINUTES = env_int("KIBITZ_ABANDONED_MINUTES", 10)
KIBITZ_TABLES_CLEANUP_SECONDS = env_int("KIBITZ_TABLES_CLEANUP_SECONDS", 60)
if (KIBITZ_ABSENCE_SECONDS is not None and KIBITZ_ABSENCE_SECONDS < 0) or KIBITZ_ABANDONED_MINUTES < 1:
    raise ImproperlyConfigured("KIBITZ_ABSENCE_SECONDS must be >= 0 and KIBITZ_ABANDONED_MINUTES >= 1")
if KIBITZ_TABLES_CLEANUP_SECONDS < 1:
    raise ImproperlyConfigured("KIBITZ_TABLES_CLEANUP_SECONDS must be >= 1")
CELERY_BEAT_SCHEDULE = {
    "ledger-close": {"task": "ledger.close", "schedule": KIBITZ_LEDGER_CLOSE_SECONDS},
    "tables-cleanup": {"task": "games.tables_cleanup", "schedule": KIBITZ_TABLES_CLEANUP_SECONDS},
}
# A client frame over KIBITZ_FRAME_MAX_BYTES gets a `frame_too_large` error frame from the consumer (the socket stays
# open); a message or frame over KIBITZ_SOCKET_MESSAGE_MAX_BYTES never reaches it: `manage.py serve` closes the
# socket with 1009 (message too big) instead of reading it, and instead of Daphne's default 1 MiB limit, past
# which the connection was dropped without a close frame (1006).
KIBITZ_FRAME_MAX_BYTES = 4096
KIBITZ_SOCKET_MESSAGE_MAX_BYTES = 64 * 1024
# Game packages registered beside the shipped games/engines/<game>/ (dotted names, each exposing GAMES): empty on
# the site; the tests' settings (tests/settings.py) list the tests' own game (README.md "Adding a game").
KIBITZ_GAME_PACKAGES: list[str] = []
KIBITZ_FRAME_RATE = (20, 10.0)  # burst, frames per second refill: per socket
KIBITZ_SOCKETS_PER_TABLE = env_int("KIBITZ_SOCKETS_PER_TABLE", 3)  # open table sockets per user and table
KIBITZ_LOBBY_SOCKETS = env_int(
    "KIBITZ_LOBBY_SOCKETS", 5
)  # open lobby sockets per user; the oldest past it closes
if KIBITZ_SOCKETS_PER_TABLE < 1 or KIBITZ_LOBBY_SOCKETS < 1:
    raise ImproperlyConfigured("KIBITZ_SOCKETS_PER_TABLE and KIBITZ_LOBBY_SOCKETS must be >= 1")
