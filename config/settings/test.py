"""`make test`: the suite, on PostgreSQL when DATABASE_URL points at it."""

from config.settings.base import *  # noqa: F403

SECRET_KEY = "test-only-not-secret"
DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Live-server request threads would otherwise keep their connections open past the test database's teardown.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
# Static files come from the apps' folders; nothing has been collected into STATIC_ROOT.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# A replica alias on the test database itself, for the router's tests (tests/deploy/test_routers.py); unused
# unless a test turns the router on.
DATABASES["replica_1"] = {**DATABASES["default"], "TEST": {"MIRROR": "default"}}  # noqa: F405
# A lookup's wall-clock safety net (1 s in production): the suite runs on any machine under full CPU load, where a
# 64 KiB lookup's tens of milliseconds can stretch past a second. The budget's own tests set a tiny one.
MATCH_TIME_BUDGET = env_seconds("MATCH_TIME_BUDGET", 30.0)  # noqa: F405
