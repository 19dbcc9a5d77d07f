"""`make test`: the suite, on PostgreSQL when DATABASE_URL points at it."""

from config.settings.base import *  # noqa: F403

SECRET_KEY = "test-only-not-secret"
DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
