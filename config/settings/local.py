"""`make run`: a developer's machine. SQLite unless DATABASE_URL says otherwise."""

import os

os.environ.setdefault("DEBUG", "true")

from config.settings.base import *  # noqa: F403

if not SECRET_KEY:  # noqa: F405
    SECRET_KEY = "local-development-only-not-secret"
