"""Settings shared by every environment. What differs between them is read from the environment."""

from pathlib import Path
from typing import Any

from csp.constants import NONCE

from config.backends import caches, databases
from config.env import env_bool, env_int, env_list, env_rate, env_seconds, env_str

BASE_DIR = Path(__file__).resolve().parent.parent.parent

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY", "")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.sitemaps",
    "django.contrib.postgres",  # search's lookups (trigram_word_similar) on PostgreSQL; inert on SQLite
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "simple_history",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "rest_framework_api_key",
    "kb",
    "api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Early, so that it sees the queries of every other middleware: 503 while the database is away.
    "config.outage.DatabaseOutageMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Whatever a signed-in user (a curator: drafts) is answered gets Cache-Control: private.
    "config.private.PrivateForSignedInMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: it answers a locked-out login.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# The admin login locks a username from an address out after repeated failures.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = env_int("AXES_COOLOFF_HOURS", 1)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
AXES_IPWARE_PROXY_COUNT = env_int("AXES_PROXY_COUNT", 0)

# Every page: scripts only from our own origin or with this response's nonce; no inline handlers.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", NONCE],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

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
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "csp.context_processors.nonce",
            ],
        },
    },
]

DATABASES = databases(env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"))
# Reads go to the replicas, if any (DATABASE_REPLICA_URLS); writes, transactions and a session's reads just
# after its own write go to the primary.
DATABASE_ROUTERS = ["config.routers.PrimaryReplicaRouter"] if len(DATABASES) > 1 else []
DATABASE_PRIMARY_PIN_SECONDS = env_int("DATABASE_PRIMARY_PIN_SECONDS", 5)
if DATABASE_ROUTERS:
    # Just after the outage middleware: it decides which database each of the request's reads may use.
    _after_outage = MIDDLEWARE.index("config.outage.DatabaseOutageMiddleware") + 1
    MIDDLEWARE.insert(_after_outage, "config.routers.PrimaryPinMiddleware")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The database's cache table (nothing more to run), or Redis when REDIS_URL is set: config/backends.py.
CACHES = caches(env_int("CACHE_TIMEOUT", 3600))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Values of every kind, as DRF reads them: typed Any so that code reading one setting needs no cast.
REST_FRAMEWORK: dict[str, Any] = {
    # The token first: its WWW-Authenticate header is what makes an anonymous write a 401 rather than a 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON with its nesting bounded: a body 1,000 levels deep is a 400, not a RecursionError.
    "DEFAULT_PARSER_CLASSES": ["api.parsers.BoundedJSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "api.problems.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "DEFAULT_SCHEMA_CLASS": "api.schema.ProblemAutoSchema",
    # A view with a `throttle_scope` is rate-limited for anonymous clients; the entries' views add search and writes.
    "DEFAULT_THROTTLE_CLASSES": ["api.throttling.AnonymousScopedThrottle"],
    # Clients are told apart by address: X-Forwarded-For counts only as far as our own proxies wrote it.
    "NUM_PROXIES": AXES_IPWARE_PROXY_COUNT,
    # Counted in the default cache, which every worker shares.
    "DEFAULT_THROTTLE_RATES": {
        "match": env_rate("THROTTLE_MATCH", "60/minute"),
        "search": env_rate("THROTTLE_SEARCH", "60/minute"),
        "write": env_rate("THROTTLE_WRITE", "600/hour"),
        "report": env_rate("THROTTLE_REPORT", "20/hour"),  # readers' reports from the card pages, by address
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "errorkb API",
    "DESCRIPTION": (
        "The errors open-source projects raise: what they mean, what triggers them, how to fix them.\n\n"
        "Reads are public. Writes need a curator's token (`Authorization: Token <key>`, or `Bearer <key>`), "
        "made in the admin, and the matching Django permission. Every error is `application/problem+json` "
        "(RFC 9457)."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "defaultModelsExpandDepth": 0},
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "api.schema.document_refused_methods"],
    "ENUM_NAME_OVERRIDES": {
        "StatusEnum": "kb.models.ErrorEntry.Status",
        "KindEnum": "kb.models.ErrorEntry.Kind",
        "MethodEnum": "kb.models.ErrorEntry.Method",
        "ReviewStateEnum": "kb.models.ErrorEntry.Review",
    },
}

# A lookup (the API, the home page, `manage.py lookup`) stops after this many seconds of matching and answers
# "try again later" (a 503): a safety net that keeps a worker from being held, should one ever run long.
MATCH_TIME_BUDGET = env_seconds("MATCH_TIME_BUDGET", 1.0)

# Each process's rhythm, in seconds: how often it asks whether the catalogue changed (kb/freshness.py), refreshes
# its lookup index (kb/matching/live.py), and writes the lookup hits it counted (kb/lookup_hits.py). Set here, not
# left to the modules' defaults: a setting that is missing costs an exception on every read.
CATALOGUE_CHECK_SECONDS = 1.0
MATCHING_REFRESH_SECONDS = 1.5
LOOKUP_HITS_FLUSH_SECONDS = 5.0

# What one harvest reads at most (kb/harvest/files.py): a file (source, test or document) larger than the first is
# skipped, as are the files past the second (the tree's sources, then its tests and docs), and a file with more
# raise sites than the third; a site whose message is longer than the last is skipped (the search vector's limit).
# The largest real files seen are generated modules of about 1 MB.
HARVEST_MAX_FILE_BYTES = env_int("HARVEST_MAX_FILE_BYTES", 2 * 1024 * 1024)
HARVEST_MAX_BYTES = env_int("HARVEST_MAX_BYTES", 512 * 1024 * 1024)
HARVEST_MAX_FILE_SITES = env_int("HARVEST_MAX_FILE_SITES", 2_000)
HARVEST_MAX_MESSAGE_CHARS = env_int("HARVEST_MAX_MESSAGE_CHARS", 4_000)
# Where `manage.py harvest pypi:NAME==VERSION` keeps the releases pip downloads, unpacked (kb/harvest/pipeline/pypi.py).
HARVEST_PYPI_CACHE = env_str(
    "HARVEST_PYPI_CACHE", str(Path(env_str("XDG_CACHE_HOME", str(Path.home() / ".cache"))) / "errorkb" / "pypi")
)

# While the database is away, pages and the API answer 503 with this Retry-After (config/outage.py).
DATABASE_RETRY_AFTER = env_int("DATABASE_RETRY_AFTER", 10)

# The optional AI pass (`manage.py analyze`): any chat-completions endpoint that speaks the OpenAI-compatible API
# (vLLM, SGLang, Ollama, a llama.cpp server, OpenAI), e.g. http://127.0.0.1:8000/v1. Unset, the command says how
# to set it and does nothing; the site itself never calls it. The key is sent as a Bearer token when set.
ANALYSIS_API_BASE = env_str("ANALYSIS_API_BASE", "").strip().rstrip("/")
ANALYSIS_MODEL = env_str("ANALYSIS_MODEL", "").strip()
ANALYSIS_API_KEY = env_str("ANALYSIS_API_KEY", "").strip()

# Links on pages and in the JSON are absolute when this is set (e.g. https://errorkb.example).
SITE_URL = env_str("SITE_URL", "").rstrip("/")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
