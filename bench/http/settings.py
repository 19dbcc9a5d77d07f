"""The production settings, with the benchmark's URLconf (the site plus its bare views)."""

from config.settings.production import *  # noqa: F403

ROOT_URLCONF = "bench.http.urls"
