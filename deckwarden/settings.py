"""Deckwarden settings: one file, every deployment-specific value read from the environment.

The embedded default (no environment at all) is a SQLite file and a Celery broker kept in files
under var/, so the service and its worker run on a fresh machine with no servers installed.
"""

from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from basics.env import env_bool, env_float, env_int, env_list, env_rate, env_str


def _origin(url: str) -> str:
    """scheme://host[:port] of a URL, as a Content-Security-Policy source names a host."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("DECKWARDEN_VAR_DIR", str(BASE_DIR / "var")))

# Debug mode is the development default (`make run` needs no configuration); a deployment sets
# DEBUG=0, and then it must give its own SECRET_KEY: the development key is public.
DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (a long random string, e.g. from "
            "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`)"
        )
    SECRET_KEY = "deckwarden-development-key-not-for-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# HTTPS: one switch for a site served over TLS (redirects, secure cookies, HSTS), each part
# adjustable. Behind a proxy that ends TLS, SECURE_PROXY_SSL_HEADER names the header it sets
# (e.g. X-Forwarded-Proto: https), so Django knows the request came in over HTTPS.
HTTPS = env_bool("HTTPS", False)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
# A load balancer probes health (readiness and liveness) over plain HTTP; it gets the answer,
# not a redirect.
SECURE_REDIRECT_EXEMPT = [r"^api/v1/health/(live/)?$"]
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", HTTPS)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 365 * 24 * 3600 if HTTPS else 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
_proxy_ssl_header = env_str("SECURE_PROXY_SSL_HEADER", "")
if _proxy_ssl_header:
    SECURE_PROXY_SSL_HEADER = (
        "HTTP_" + _proxy_ssl_header.strip().upper().replace("-", "_"),
        "https",
    )

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # WhiteNoise serves static files under runserver too, so DEBUG on and off serve them alike.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "csp",
    "cards",
    "decks",
    "rules",
    "jobs",
    "events",
    "curation",
    "api",
    "web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "api.middleware.JsonApiAnswers",
    # A database that is down or read-only: 503 with Retry-After (basics/database_faults.py).
    "basics.database_faults.DatabaseUnavailableAnswers",
    "api.middleware.ChunkedBodyRefusal",
    "basics.nul_characters.NulCharacterRefusal",
    "api.middleware.UnknownFieldRefusal",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The API's request limits on the website's forms too (api/throttling.py).
    "api.throttling.SiteFormThrottle",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it answers a locked-out log-in (basics/login_lockout.py).
    "axes.middleware.AxesMiddleware",
]

# Content-Security-Policy on every answer (django-csp): the site loads everything from itself
# (htmx and the API docs' Swagger UI are static files here) and runs no inline script or style,
# so a script injected into a page would not run. `tests/web/test_csp.py` keeps templates free
# of inline scripts, styles and event handlers; the browser tests fail on any violation.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Log-in lock-out (django-axes, basics/login_lockout.py), in three tiers: a username tried from
# one address is locked out past DECKWARDEN_LOGIN_FAILURE_LIMIT failures (that pair only, so a
# guesser at a venue locks out nobody else there); an address alone only past far more failures
# across usernames; a username tried from many addresses is slowed (one try a minute) but only
# from addresses its owner has never signed in from. A lock runs for the cool-off from its last
# counted failure (tries while locked out do not restart it); successful log-ins count nothing.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "basics.login_lockout.TieredLockoutHandler"
AXES_FAILURE_LIMIT = env_int("DECKWARDEN_LOGIN_FAILURE_LIMIT", 10, minimum=1)
AXES_COOLOFF_TIME = timedelta(
    minutes=env_float("DECKWARDEN_LOGIN_COOLOFF_MINUTES", 15.0, minimum=0.1)
)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
DECKWARDEN_LOGIN_ADDRESS_FAILURE_LIMIT = env_int(
    "DECKWARDEN_LOGIN_ADDRESS_FAILURE_LIMIT", 100, minimum=1
)
DECKWARDEN_LOGIN_USERNAME_SLOW_AFTER = env_int(
    "DECKWARDEN_LOGIN_USERNAME_SLOW_AFTER", 10, minimum=1
)
DECKWARDEN_LOGIN_USERNAME_SLOW_SECONDS = env_int(
    "DECKWARDEN_LOGIN_USERNAME_SLOW_SECONDS", 60, minimum=1
)
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "basics.clients.client_address"
AXES_LOCKOUT_CALLABLE = "basics.login_lockout.lockout_response"
# Axes keeps a row per successful log-in (username, address, browser): the addresses a user has
# signed in from, which the username tier does not slow.
AXES_DISABLE_ACCESS_LOG = False
AXES_VERBOSE = False  # its start-up banner would land in `create_user --token`'s output

# Database sessions whose cookie is checked before it is looked up (basics/sessions.py).
SESSION_ENGINE = "basics.sessions"

ROOT_URLCONF = "deckwarden.urls"
WSGI_APPLICATION = "deckwarden.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "web.nav.nav_links",
            ],
        },
    },
]

DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'deckwarden.sqlite3'}")
try:
    # Connections are kept a minute between requests, and checked before a request reuses one:
    # a connection the server closed meanwhile (idle timeout, failover) is replaced, not a 500.
    DATABASES = {
        "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
    }
except ValueError as exc:
    raise ImproperlyConfigured(f"DATABASE_URL cannot be read: {exc}") from None
IS_POSTGRES = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # The card list's covering index (cards 0010) INCLUDEs the privacy columns for PostgreSQL's
    # index-only scans; SQLite builds it without them, as it should, and its warning saying so
    # on every `make run` read like a failure to a new user.
    SILENCED_SYSTEM_CHECKS = ["models.W040"]
if not IS_POSTGRES:
    # SQLite allows one writer at a time, so writers must queue rather than fail with "database
    # is locked" (two players signing up at once, the worker beside the web process). A
    # transaction takes the write lock when it begins (IMMEDIATE): begun as a reader, as SQLite
    # does by default, it fails at once when it then writes while another holds the lock, whatever
    # the timeout. The timeout is how long a writer waits in the queue; WAL lets readers read while
    # one writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": env_float("DECKWARDEN_SQLITE_TIMEOUT", 20.0, minimum=0),
            "init_command": "PRAGMA journal_mode=WAL",
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
# WhiteNoise serves every static file (the site's, the admin's, the API docs' from
# drf-spectacular-sidecar), with DEBUG on or off. Reading them from the apps' folders through the
# finders means a fresh checkout serves them with no collectstatic step; a deployment that has run
# collectstatic is served from STATIC_ROOT.
WHITENOISE_USE_FINDERS = True
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns about a missing one

# Uploaded files (card images, cards/images.py) go through Django's storage API. By default they
# are files under var/media, served by the site itself at MEDIA_URL (deckwarden/urls.py: their
# names carry a content hash, so they are served as immutable for a year). With
# DECKWARDEN_MEDIA_BUCKET set they go to S3-compatible object storage through django-storages
# (the `s3` extra: pip install 'deckwarden[s3]'); boto3 reads the keys from AWS_ACCESS_KEY_ID and
# AWS_SECRET_ACCESS_KEY (docs/operations/media.md).
MEDIA_ROOT = VAR_DIR / "media"
MEDIA_URL = env_str("MEDIA_URL", "/media/")
MEDIA_CACHE_SECONDS = 365 * 24 * 3600
MEDIA_BUCKET = env_str("DECKWARDEN_MEDIA_BUCKET", "")
STORAGES = {
    # MEDIA_ROOT and MEDIA_URL, read when used (so a test's override_settings moves it).
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    # Files one person reads, never served at an address: the proxies' PDFs printed in the
    # background (decks.proxies), which the site reads from here for their owner alone.
    "private": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": str(VAR_DIR / "private")},
    },
}
if MEDIA_BUCKET:
    MEDIA_ENDPOINT_URL = env_str("DECKWARDEN_MEDIA_ENDPOINT_URL", "")
    # Where browsers fetch the files: a CDN or proxy host name for the bucket, or the endpoint.
    MEDIA_CUSTOM_DOMAIN = env_str("DECKWARDEN_MEDIA_CUSTOM_DOMAIN", "")
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": MEDIA_BUCKET,
            "endpoint_url": MEDIA_ENDPOINT_URL or None,
            "region_name": env_str("DECKWARDEN_MEDIA_REGION", "") or None,
            "custom_domain": MEDIA_CUSTOM_DOMAIN or None,
            "location": env_str("DECKWARDEN_MEDIA_PREFIX", ""),
            # Public, unsigned URLs: card images are public, and a signed URL changes with
            # every page, which defeats the browser's cache.
            "querystring_auth": False,
            "default_acl": env_str("DECKWARDEN_MEDIA_ACL", "") or None,
            "file_overwrite": True,  # a content-hashed name always holds the same bytes
            "object_parameters": {
                "CacheControl": f"public, max-age={MEDIA_CACHE_SECONDS}, immutable"
            },
        },
    }
    # The private files in the same bucket, under private/: readable with the service's keys
    # alone (no public ACL, no address handed out; the site reads them for their owner).
    _prefix = STORAGES["default"]["OPTIONS"]["location"].strip("/")
    STORAGES["private"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            **STORAGES["default"]["OPTIONS"],
            "location": f"{_prefix}/private" if _prefix else "private",
            "custom_domain": None,
            "querystring_auth": True,
            "default_acl": "private",
            "file_overwrite": False,
            "object_parameters": {"CacheControl": "private, no-store"},
        },
    }
    # The pages show images from there: the one other host the Content-Security-Policy allows.
    CONTENT_SECURITY_POLICY["DIRECTIVES"]["img-src"].append(
        f"https://{MEDIA_CUSTOM_DOMAIN}"
        if MEDIA_CUSTOM_DOMAIN
        else _origin(MEDIA_ENDPOINT_URL)
        if MEDIA_ENDPOINT_URL
        else "https://*.amazonaws.com"
    )
# Card images: what an upload may be, and the sizes stored (cards/images.py). The pixel limit is
# also Pillow's decompression-bomb guard (cards.apps sets it), so a small file that claims a
# huge picture is refused before it is decoded.
CARD_IMAGE_MAX_BYTES = env_int("DECKWARDEN_CARD_IMAGE_MAX_BYTES", 8 * 1024 * 1024, minimum=1024)
CARD_IMAGE_MAX_PIXELS = env_int("DECKWARDEN_CARD_IMAGE_MAX_PIXELS", 40_000_000, minimum=10_000)

LOGIN_URL = "web:login"
LOGIN_REDIRECT_URL = "web:home"
LOGOUT_REDIRECT_URL = "web:home"

# Validation requests carry whole decklists; anything larger than this is refused with a 413-class
# JSON error rather than parsed.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DECKWARDEN_MAX_BODY_BYTES", 256 * 1024, minimum=1024)
# POST /api/v1/validate/batch/ carries up to 2,000 decklists, so it has its own, larger limit.
BATCH_MAX_BODY_BYTES = env_int("DECKWARDEN_BATCH_MAX_BODY_BYTES", 8 * 1024 * 1024, minimum=1024)

# How soon a process sees card and format changes made by another process (validation keeps a
# per-process cache of the catalogue; see rules/services/catalogue.py). 0 turns the cache off.
CATALOGUE_RECHECK_SECONDS = env_float("DECKWARDEN_CATALOGUE_RECHECK_SECONDS", 1.0, minimum=0)

# Django's cache holds the rate limits' counts (api/throttling.py), so it must be shared by every
# process that serves requests: by default files under var/ (shared by all the processes of one
# machine, the embedded default and gunicorn's workers alike, with no server); CACHE_URL=redis://
# shares it between machines; locmem:// keeps it per process.
CACHE_URL = env_str("CACHE_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
    }
elif CACHE_URL == "locmem://":
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
elif not CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }
else:
    raise ImproperlyConfigured(
        f"CACHE_URL must be redis://host:port/db, locmem:// or empty, not {CACHE_URL!r}"
    )

REST_FRAMEWORK = {
    # Rate limits (api/throttling.py): per client address when anonymous, per user otherwise,
    # in cost units a minute (a read 1, another request 2, one that queues work for the workers
    # 30; a log-in nothing); the login scope guards password checks on /auth/token/ per
    # username and address, the signup scope the website's sign-up form (failed log-ins also
    # lock out, AXES_* above).
    "DEFAULT_THROTTLE_CLASSES": [
        "api.throttling.AnonRateThrottle",
        "api.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_rate("DECKWARDEN_THROTTLE_ANON", "600/minute"),
        "user": env_rate("DECKWARDEN_THROTTLE_USER", "1200/minute"),
        "login": env_rate("DECKWARDEN_THROTTLE_LOGIN", "10/minute"),
        "signup": env_rate("DECKWARDEN_THROTTLE_SIGNUP", "5/hour"),
    },
    # Proxies in front of the service: the client's address is then read from X-Forwarded-For
    # (0: the connection's address; a header a client sets itself must not dodge its limit).
    "NUM_PROXIES": env_int("DECKWARDEN_NUM_PROXIES", 0, minimum=0),
    # Token first: a request without (or with bad) credentials is then a 401 with
    # `WWW-Authenticate: Token` (DRF asks the first class for that header; sessions give none).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "api.filtering.AskedFilters",
        "api.ordering.Ordering",
    ],
    "DEFAULT_SCHEMA_CLASS": "api.schema.AutoSchema",
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "api.negotiation.ContentNegotiation",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "api.browsable.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "api.parsers.JSONParser",
        "api.parsers.FormParser",
        "api.parsers.MultiPartParser",
    ],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Deckwarden API",
    "DESCRIPTION": "Card database, deck legality and test games for trading card games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs page's Swagger UI and ReDoc come from drf-spectacular-sidecar's static files,
    # never from a CDN, and Swagger UI's validator badge (an outside request) is off.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    "COMPONENT_SPLIT_REQUEST": True,
    # Request bodies are JSON (DESIGN); the form parsers serve the browsable API's forms, which
    # cannot carry a deck's nested sections, so the schema offers clients JSON only.
    "PARSER_WHITELIST": ["rest_framework.parsers.JSONParser"],
    "ENUM_NAME_OVERRIDES": {
        # Callables: they follow the game registry (api.choices).
        "GameEnum": "api.choices.game_choices",
        "IssueCodeEnum": "api.choices.issue_code_choices",
        "ErrorCodeEnum": "api.validation.serializers.ERROR_CODE_CHOICES",
        "JobStatusEnum": "jobs.models.SimulationJob.Status",
        "ProxyPrintStatusEnum": "decks.models.ProxyPrint.Status",
        "PlayStatusEnum": "jobs.models.Play.Status",
    },
}

# Celery. With no CELERY_BROKER_URL the broker is a folder of files (kombu's filesystem
# transport): a worker process started beside the web process picks jobs up with no server.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
# Test games (jobs.tasks): games per chunk (one task each), and a chunk's hard time limit; a
# chunk claimed longer ago than that belongs to a dead worker and another worker plays it.
DECKWARDEN_SIMULATION_CHUNK_GAMES = env_int("DECKWARDEN_SIMULATION_CHUNK_GAMES", 250, minimum=1)
DECKWARDEN_SIMULATION_CHUNK_SECONDS = env_int("DECKWARDEN_SIMULATION_CHUNK_SECONDS", 120, minimum=2)
# A worker renews its claim on the chunk it plays every third of this; a claim not renewed for
# this long belongs to a dead worker, and the chunk goes back to the queue (seconds, not the
# chunk time limit).
DECKWARDEN_SIMULATION_CLAIM_SECONDS = env_int("DECKWARDEN_SIMULATION_CLAIM_SECONDS", 10, minimum=1)
# What one job may ask for: games, the smallest chunk (each chunk is a task and a row), stricter
# for anonymous clients; and at most this many chunks, whoever asks (a deck doctor job plays each
# of its rounds, at most six, in at least one chunk, so it keeps to a limit below that one a round).
DECKWARDEN_SIMULATION_MAX_GAMES = env_int("DECKWARDEN_SIMULATION_MAX_GAMES", 100_000, minimum=1)
DECKWARDEN_SIMULATION_MAX_GAMES_ANONYMOUS = env_int(
    "DECKWARDEN_SIMULATION_MAX_GAMES_ANONYMOUS", 10_000, minimum=1
)
DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES = env_int(
    "DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES", 50, minimum=1
)
DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES_ANONYMOUS = env_int(
    "DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES_ANONYMOUS", 250, minimum=1
)
DECKWARDEN_SIMULATION_MAX_CHUNKS = env_int("DECKWARDEN_SIMULATION_MAX_CHUNKS", 400, minimum=1)
# The queue chunk tasks go to: Celery's default, or a name of their own for workers started
# with `celery -A deckwarden worker -Q <name>`.
DECKWARDEN_SIMULATION_QUEUE = env_str("DECKWARDEN_SIMULATION_QUEUE", "celery")
# Games against the bots (jobs.services.plays): how many a person may hold open at once, and
# how long one nobody answers stays open before it expires.
DECKWARDEN_PLAYS_OPEN = env_int("DECKWARDEN_PLAYS_OPEN", 20, minimum=1)
DECKWARDEN_PLAY_IDLE_HOURS = env_int("DECKWARDEN_PLAY_IDLE_HOURS", 72, minimum=1)
# Emails and webhooks (events.tasks) go to a queue of their own, played by a worker of their
# own (`manage.py serve` starts one; see docs/operations/deploy.md), so a mail server or webhook
# that is slow to answer never holds a worker that plays test games (issue 43).
DECKWARDEN_NOTICE_QUEUE = env_str("DECKWARDEN_NOTICE_QUEUE", "notices")
CELERY_TASK_ROUTES = {"events.tasks.*": {"queue": DECKWARDEN_NOTICE_QUEUE}}
if CELERY_BROKER_URL == "filesystem://":
    _broker_dir = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "processed_folder": str(_broker_dir / "processed"),
        "control_folder": str(_broker_dir / "control"),
        "store_processed": False,
    }
    # kombu creates none of these folders but the control folder; a fresh checkout needs them.
    for _folder in ("queue", "processed", "control"):
        (_broker_dir / _folder).mkdir(parents=True, exist_ok=True)
elif CELERY_BROKER_URL.startswith(("redis://", "rediss://", "sentinel://")):
    # Redis gives a task whose worker died (acks_late: never acknowledged) to another worker
    # after the visibility timeout; it must exceed a chunk's run plus its retry countdown.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": env_int(
            "CELERY_VISIBILITY_TIMEOUT", 2 * DECKWARDEN_SIMULATION_CHUNK_SECONDS, minimum=1
        ),
        "unacked_restore_interval": 10,
        "unacked_restore_throttle": 1,
    }
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes the database connection before and after every task, unless this
# is set: then once in this many tasks. Between, deckwarden.celery closes it only when unusable
# or older than CONN_MAX_AGE, as Django does between requests.
CELERY_DB_REUSE_MAX = 10_000
# A worker whose broker goes away (a Redis restart) reconnects, however long it takes, rather
# than exiting and leaving queued jobs with nobody to play them (Celery's default gives up
# after 100 tries); the chunk it is playing goes on meanwhile and is recorded in the database,
# which needs no broker (cancelling it would only throw the games away).
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
if CELERY_BROKER_URL.startswith("redis://"):
    # kombu's Redis transport, less the restore on close that crashed a worker whose Redis
    # restarted while it held a task (deckwarden/broker.py).
    CELERY_BROKER_TRANSPORT = "deckwarden.broker:Transport"

# Mail to players (events.notifications): printed on the console unless an SMTP server is
# named (EMAIL_HOST), then sent through it with Django's SMTP backend.
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10, minimum=1)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Deckwarden <deckwarden@localhost>")
# Organisers' webhooks: seconds a POST may take, and whether a webhook may point at a private,
# loopback or link-local address (never, by default: it would let an organiser probe the
# service's own network).
# The timeout bounds the whole exchange (connect, send, the answer), and at most MAX_BYTES of
# the answer are read: a webhook that answers slowly or endlessly is cut off (issue 43).
DECKWARDEN_WEBHOOK_TIMEOUT = env_float("DECKWARDEN_WEBHOOK_TIMEOUT", 5.0, minimum=0.1)
DECKWARDEN_WEBHOOK_MAX_BYTES = env_int("DECKWARDEN_WEBHOOK_MAX_BYTES", 65536, minimum=1)
DECKWARDEN_WEBHOOK_ALLOW_PRIVATE = env_bool("DECKWARDEN_WEBHOOK_ALLOW_PRIVATE", False)
# Players' email (issue 39): the site's address as emails link to it (notices are sent by a
# worker, which has no request to read it from); how long an address's verification link works;
# how many notices one organiser's events may send one player in a day (events.notice_gate).
DECKWARDEN_SITE_URL = env_str("DECKWARDEN_SITE_URL", "http://127.0.0.1:8000")
DECKWARDEN_EMAIL_VERIFY_DAYS = env_int("DECKWARDEN_EMAIL_VERIFY_DAYS", 3, minimum=1)
DECKWARDEN_NOTICES_PER_DAY = env_int("DECKWARDEN_NOTICES_PER_DAY", 10, minimum=1)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

# -- Faults (issue 15): how long a request waits for a server that is down or frozen ------------
# A Redis server (cache or broker) that is down, or up but answering nothing, costs a request at
# most these timeouts (seconds), never a hang: the cache then goes without (basics/cache.py)
# and a job submission answers 503 with Retry-After. Readiness (/api/v1/health/) is bounded by
# them too. A PostgreSQL server that does not accept a connection within its timeout, or that
# refuses writes, is a 503 with Retry-After for that request (basics/database_faults.py), not a
# hung worker.
REDIS_CONNECT_TIMEOUT = env_float("DECKWARDEN_REDIS_CONNECT_TIMEOUT", 1.0, minimum=0.05)
REDIS_TIMEOUT = env_float("DECKWARDEN_REDIS_TIMEOUT", 2.0, minimum=0.05)
DATABASE_CONNECT_TIMEOUT = env_int("DECKWARDEN_DATABASE_CONNECT_TIMEOUT", 5, minimum=1)
if IS_POSTGRES:
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = DATABASE_CONNECT_TIMEOUT
_redis_timeouts = {
    "socket_connect_timeout": REDIS_CONNECT_TIMEOUT,
    "socket_timeout": REDIS_TIMEOUT,
}
if CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    CACHES["default"]["BACKEND"] = "basics.cache.DegradingRedisCache"
    CACHES["default"]["OPTIONS"] = dict(_redis_timeouts)
if CELERY_BROKER_URL.startswith(("redis://", "rediss://", "sentinel://")):
    CELERY_BROKER_TRANSPORT_OPTIONS.update(_redis_timeouts)
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_CONNECT_TIMEOUT
# Sending a job's tasks: two quick retries, then the client is told to come back (503).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}

# -- Load (issue 15): games a client may have queued (not yet played) at once -------------------
# Past a limit a new job answers 429 with Retry-After, on the API and the website alike. A
# signed-in user counts per account, an anonymous client per address (DECKWARDEN_NUM_PROXIES says
# where to read it), and all anonymous clients together have their own ceiling.
DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_USER = env_int(
    "DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_USER", 200_000, minimum=1
)
DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_ADDRESS = env_int(
    "DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_ADDRESS", 20_000, minimum=1
)
DECKWARDEN_SIMULATION_QUEUED_GAMES_ANONYMOUS = env_int(
    "DECKWARDEN_SIMULATION_QUEUED_GAMES_ANONYMOUS", 100_000, minimum=1
)
