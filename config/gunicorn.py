"""gunicorn's settings: `gunicorn -c config/gunicorn.py config.wsgi`.

From the environment, read strictly (a typo stops the start, as config/env.py does for Django's settings):
- GUNICORN_BIND (default 0.0.0.0:8000), GUNICORN_WORKERS (2), GUNICORN_THREADS (1);
- GUNICORN_TIMEOUT (30), GUNICORN_GRACEFUL_TIMEOUT (30), GUNICORN_KEEPALIVE (2): whole seconds;
- GUNICORN_PREBUILD_INDEX (on): build the lookup index in the master before forking.

One lookup index per machine: the master loads the app (`preload_app`), builds the index from the database
before it opens its port, collects its garbage and freezes what is left (`gc.freeze()`), so that the
collector of no process ever writes to those objects' pages. The workers it forks share them, and go on sharing
them as they look up: the index's bulk is flat buffers, not objects whose reference counts a read would write
(errorkb.matching.frozen). Each keeps the index fresh from its own thread (kb.matching.live), with a small
overlay of what changed. A worker gunicorn restarts is forked from the master again, and shares the same pages.
When the database cannot be reached at start, each worker builds its own index at its first lookup, as without
this file.
"""

import gc
import re
from typing import Any

from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_str

_BIND = re.compile(r"(unix:\S+|\[[0-9a-fA-F:]+\]:\d{1,5}|[A-Za-z0-9.\-]+:\d{1,5})")


def _positive(name: str, default: int) -> int:
    value = env_int(name, default)
    if value < 1:
        raise ImproperlyConfigured(f"{name}={value!r} must be 1 or more.")
    return value


def _bind(name: str, default: str) -> list[str]:
    addresses = [address.strip() for address in env_str(name, default).split(",")]
    for address in addresses:
        if not _BIND.fullmatch(address):
            raise ImproperlyConfigured(f"{name}={address!r} is not HOST:PORT, [IPv6]:PORT or unix:PATH.")
    return addresses


bind = _bind("GUNICORN_BIND", "0.0.0.0:8000")
workers = _positive("GUNICORN_WORKERS", 2)
threads = _positive("GUNICORN_THREADS", 1)
timeout = _positive("GUNICORN_TIMEOUT", 30)  # whole seconds, as gunicorn takes them
graceful_timeout = _positive("GUNICORN_GRACEFUL_TIMEOUT", 30)
keepalive = _positive("GUNICORN_KEEPALIVE", 2)
prebuild_index = env_bool("GUNICORN_PREBUILD_INDEX", True)
preload_app = True
wsgi_app = "config.wsgi:application"


def on_starting(server: Any) -> None:
    """In the master, the app loaded (preload_app), before the port opens and the workers fork."""
    if prebuild_index:
        from kb.matching import live_index

        if live_index.prebuild():
            server.log.info("Lookup index built in the master; the workers share it.")
    gc.collect()
    gc.freeze()


def post_fork(server: Any, worker: Any) -> None:
    """In each worker: refresh the index from a thread of its own, so that no lookup waits for a refresh."""
    from kb.matching import live_index

    live_index.start_refresher()
