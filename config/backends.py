"""The cache and the databases, built from the environment by strict readers.

- `REDIS_URL` (redis://, rediss:// or unix://): the default cache, and with it the throttles' counts, live in Redis
  (Django's own RedisCache; while Redis is away, each process's memory: config/redis_cache.py). Unset, they live
  in the database's cache table: nothing more to run.
- `DATABASE_POOL` (true/false) with `DATABASE_POOL_MIN_SIZE` / `DATABASE_POOL_MAX_SIZE`: psycopg 3's connection pool,
  one per process, shared by its threads. It replaces persistent connections (CONN_MAX_AGE must then be 0).
- `DATABASE_REPLICA_URLS` (comma-separated database URLs): read replicas, as aliases `replica_1`, `replica_2`, ...;
  config/routers.py sends reads there.
"""

import os
from typing import Any
from urllib.parse import SplitResult, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_seconds, env_str

REDIS_SCHEMES = {"redis", "rediss", "unix"}
POSTGRESQL = "django.db.backends.postgresql"


def _redis_url_problem(url: SplitResult) -> str | None:
    if url.scheme not in REDIS_SCHEMES:
        return "the scheme must be redis://, rediss:// or unix://"
    if url.scheme == "unix":
        return None if url.path.startswith("/") else "a unix:// URL needs the socket's absolute path"
    if not url.hostname:
        return "it names no host"
    try:
        url.port  # noqa: B018  (urlsplit checks the port only when asked)
    except ValueError:
        return "its port is not a number from 0 to 65535"
    database = url.path.removeprefix("/")
    if database and not database.isdigit():
        return "the path, if any, must be the database number, e.g. /0"
    return None


def redis_url(name: str = "REDIS_URL") -> str:
    """The Redis server's URL, or "" when unset or empty."""
    value = env_str(name, "").strip()
    if not value:
        return ""
    try:
        problem = _redis_url_problem(urlsplit(value))
    except ValueError as exc:
        problem = str(exc)
    if problem:
        raise ImproperlyConfigured(f"{name}={value!r} is not a Redis URL: {problem} (e.g. redis://redis:6379/0).")
    return value


def caches(cache_timeout: int) -> dict[str, Any]:
    url = redis_url()
    if url:
        # Shared by every worker on every machine; counts (throttles) and cards alike.
        # An unreachable Redis must not hold a worker for the operating system's TCP timeout.
        timeout = env_seconds("REDIS_TIMEOUT", 1.0)
        default = {
            # Django's RedisCache, answering from each process's memory while Redis cannot be reached.
            "BACKEND": "config.redis_cache.FallbackRedisCache",
            "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": timeout, "socket_timeout": timeout},
        }
    else:
        # In the database, so that every worker process shares it with no extra service to run.
        # `make migrate`, the Docker image and the test runner create its table.
        default = {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "errorkb_cache"}
    return {"default": {**default, "TIMEOUT": cache_timeout}}


def _parse_database_url(name: str, value: str, conn_max_age: int) -> dict[str, Any]:
    try:
        return dict(dj_database_url.parse(value, conn_max_age=conn_max_age))
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} is not a database URL Django can use: {exc}") from None


def _postgresql_options(database: dict[str, Any], pool: dict[str, Any] | None) -> None:
    options = database.setdefault("OPTIONS", {})
    # An unreachable server must not hold a worker for the operating system's TCP timeout.
    options.setdefault("connect_timeout", env_int("DATABASE_CONNECT_TIMEOUT", 5))
    # Search's typo matching (`<%`, answered from the trigram index) uses this threshold; pg_trgm's
    # default of 0.6 misses a single swapped pair of letters in a short query.
    options["options"] = "-c pg_trgm.word_similarity_threshold=0.5"
    if pool is not None:
        options["pool"] = pool


def _close_pools_before_fork() -> None:
    """A pool's connections and threads must not cross a fork: gunicorn's master (config/gunicorn.py builds the
    lookup index there before forking its workers) closes its pools, and each worker opens its own."""
    from django.db.backends.postgresql.base import DatabaseWrapper

    pools: dict[str, Any] = getattr(DatabaseWrapper, "_connection_pools", {})
    for alias in list(pools):
        pools.pop(alias).close()


_fork_guard: list[bool] = []


def _pool_options() -> dict[str, Any] | None:
    """psycopg_pool's arguments when DATABASE_POOL is on, else None."""
    if not env_bool("DATABASE_POOL", False):
        return None
    min_size = env_int("DATABASE_POOL_MIN_SIZE", 1)
    max_size = env_int("DATABASE_POOL_MAX_SIZE", 4)
    if not 0 <= min_size <= max_size or max_size < 1:
        raise ImproperlyConfigured(
            f"DATABASE_POOL_MIN_SIZE={min_size} and DATABASE_POOL_MAX_SIZE={max_size}: "
            "need 0 <= min <= max and max >= 1."
        )
    if not _fork_guard:
        os.register_at_fork(before=_close_pools_before_fork)
        _fork_guard.append(True)
    # The pool checks each connection before lending it (CONN_HEALTH_CHECKS, set below, tells Django to pass
    # psycopg_pool's check), so one left broken by a database restart is replaced. `timeout`: how long a
    # request waits for a free connection before failing.
    return {"min_size": min_size, "max_size": max_size, "timeout": env_int("DATABASE_POOL_TIMEOUT", 10)}


def databases(default_url: str) -> dict[str, Any]:
    pool = _pool_options()
    if pool is not None and env_int("CONN_MAX_AGE", 0) != 0:
        raise ImproperlyConfigured("DATABASE_POOL=true replaces persistent connections: leave CONN_MAX_AGE unset or 0.")
    conn_max_age = 0 if pool is not None else env_int("CONN_MAX_AGE", 60)
    urls = {"default": ("DATABASE_URL", default_url)}
    for number, url in enumerate(env_list("DATABASE_REPLICA_URLS", []), start=1):
        urls[f"replica_{number}"] = ("DATABASE_REPLICA_URLS", url)

    result: dict[str, Any] = {}
    for alias, (name, url) in urls.items():
        database = _parse_database_url(name, url, conn_max_age)
        # A persistent connection left broken by a database restart is replaced before a request uses it.
        database["CONN_HEALTH_CHECKS"] = True
        if database["ENGINE"] == POSTGRESQL:
            _postgresql_options(database, pool)
        elif pool is not None:
            raise ImproperlyConfigured(f"DATABASE_POOL=true needs PostgreSQL; {name} is {database['ENGINE']}.")
        result[alias] = database
    engines = {database["ENGINE"] for database in result.values()}
    if len(engines) > 1:
        raise ImproperlyConfigured("DATABASE_REPLICA_URLS must name the same kind of database as DATABASE_URL.")
    return result
