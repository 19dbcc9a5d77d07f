"""`make run`: a developer's machine. SQLite unless DATABASE_URL says otherwise."""

import os

os.environ.setdefault("DEBUG", "true")

from config.settings import base
from config.settings.base import *  # noqa: F403

# Read through the module: a bare SECRET_KEY here would be this module's own, assigned only below.
if not base.SECRET_KEY:
    SECRET_KEY = "local-development-only-not-secret"
