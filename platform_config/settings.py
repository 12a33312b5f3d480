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
    KIBITZ_STARTING_BALANCE  minor units granted to every new player, never to a bot (default 10000 = 100.00).
    KIBITZ_CURRENCY     ISO 4217 code of the ledger's money (default EUR).
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


DEBUG = env_flag("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG=0")
    SECRET_KEY = "dev-only-insecure-key-not-for-production"

ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h
]
CSRF_TRUSTED_ORIGINS = [
    o.strip()
    for o in os.environ.get(
        "DJANGO_CSRF_TRUSTED_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000"
    ).split(",")
    if o
]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "ledger",
    "social",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.ProfileLanguageMiddleware",
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
if DATABASE_URL:
    # Persistent connections: every socket frame is a short database read; reconnecting each time dominated.
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
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

REDIS_URL = os.environ.get("REDIS_URL", "")
# redis-py 8 reads with a 5 s socket timeout by default, the same as channels_redis's blocking BZPOPMIN: an idle
# socket's receive then fails with "Timeout reading" and the consumer dies (redis-py #4091, channels_redis
# #422). A read timeout above the 5 s block keeps dead servers detectable.
REDIS_SOCKET_OPTIONS = {"socket_timeout": 15, "socket_connect_timeout": 5}
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": REDIS_URL, **REDIS_SOCKET_OPTIONS}]},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True

KIBITZ_REQUIRE_SERVICES = env_flag("KIBITZ_REQUIRE_SERVICES", False)
KIBITZ_ALLOW_FIXED_DEALS = env_flag("KIBITZ_ALLOW_FIXED_DEALS", False)
KIBITZ_NOTIFY_JSON_CHECK = env_flag("KIBITZ_NOTIFY_JSON_CHECK", False)


def env_int(name: str, default: int) -> int:
    """Read an integer environment variable; raises ImproperlyConfigured otherwise."""
    raw = os.environ.get(name, "")
    if raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}") from None


# Ledger: the starting balance new players get from promotions (minor units) and the site's currency.
KIBITZ_STARTING_BALANCE = env_int("KIBITZ_STARTING_BALANCE", 10_000)
KIBITZ_CURRENCY = os.environ.get("KIBITZ_CURRENCY", "EUR")

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

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("KIBITZ_LOG_LEVEL", "INFO")},
}
AUTH_USER_MODEL = "accounts.User"

# Accounts (django-allauth): username log-in, optional e-mail, reset mails to the console by default.
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_LOGOUT_ON_GET = False
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/accounts/login/"
# A person who signs up gets a player's account (profile language and starting balance, accounts.players), and
# logging off leaves the user's tables: explicit calls through the account adapter, not signals.
ACCOUNT_ADAPTER = "games.account_adapter.TablesAccountAdapter"

# Tables (docs/decisions-tables.md).
KIBITZ_BOT_PAUSE_SECONDS = float(os.environ.get("KIBITZ_BOT_PAUSE_SECONDS", "0.9"))
KIBITZ_NEXT_DEAL_SECONDS = float(os.environ.get("KIBITZ_NEXT_DEAL_SECONDS", "45"))
KIBITZ_SWEEP_SECONDS = float(os.environ.get("KIBITZ_SWEEP_SECONDS", "0.25"))
KIBITZ_EMBEDDED_SWEEPER = env_flag("KIBITZ_EMBEDDED_SWEEPER", True)
KIBITZ_FRAME_MAX_BYTES = 4096
# Game packages registered beside the shipped games/engines/<game>/ (dotted names, each exposing GAMES): empty on
# the site; the tests' settings (tests/settings.py) list the tests' own game (README.md "Adding a game").
KIBITZ_GAME_PACKAGES: list[str] = []
KIBITZ_FRAME_RATE = (20, 10.0)  # burst, frames per second refill: per socket
