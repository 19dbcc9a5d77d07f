"""DATABASE_POOL, DATABASE_REPLICA_URLS and REDIS_URL are read strictly: a typo fails at start-up."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.backends import caches, databases

PRIMARY = "postgres://app@db:5432/errorkb"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch):
    for name in ("DATABASE_POOL", "DATABASE_POOL_MIN_SIZE", "DATABASE_POOL_MAX_SIZE", "CONN_MAX_AGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("DATABASE_REPLICA_URLS", raising=False)
    monkeypatch.delenv("REDIS_URL", raising=False)


def test_each_replica_url_becomes_an_alias_configured_like_the_primary(monkeypatch):
    monkeypatch.setenv("DATABASE_REPLICA_URLS", "postgres://app@replica-a/errorkb, postgres://app@replica-b/errorkb")

    configured = databases(PRIMARY)

    assert list(configured) == ["default", "replica_1", "replica_2"]
    assert configured["replica_2"]["HOST"] == "replica-b"
    assert configured["replica_1"]["OPTIONS"] == configured["default"]["OPTIONS"]


@pytest.mark.parametrize("replicas", ["not a url", "sqlite:///replica.sqlite3"])
def test_a_replica_url_that_is_not_a_postgresql_database_fails(monkeypatch, replicas):
    monkeypatch.setenv("DATABASE_REPLICA_URLS", replicas)
    with pytest.raises(ImproperlyConfigured, match="DATABASE_REPLICA_URLS"):
        databases(PRIMARY)


def test_the_pool_replaces_persistent_connections(monkeypatch):
    monkeypatch.setenv("DATABASE_POOL", "true")
    monkeypatch.setenv("DATABASE_POOL_MAX_SIZE", "8")

    configured = databases(PRIMARY)["default"]

    assert configured["CONN_MAX_AGE"] == 0
    assert configured["OPTIONS"]["pool"]["max_size"] == 8


def test_without_the_pool_connections_persist_for_a_minute():
    configured = databases(PRIMARY)["default"]
    assert configured["CONN_MAX_AGE"] == 60
    assert "pool" not in configured["OPTIONS"]


@pytest.mark.parametrize(
    ("variable", "value", "problem"),
    [
        ("DATABASE_POOL", "maybe", "DATABASE_POOL"),
        ("CONN_MAX_AGE", "60", "CONN_MAX_AGE"),
        ("DATABASE_POOL_MAX_SIZE", "0", "DATABASE_POOL_MAX_SIZE"),
        ("DATABASE_POOL_MIN_SIZE", "9", "DATABASE_POOL_MIN_SIZE"),
    ],
)
def test_a_pool_setting_that_makes_no_sense_fails(monkeypatch, variable, value, problem):
    monkeypatch.setenv("DATABASE_POOL", "true")
    monkeypatch.setenv(variable, value)
    with pytest.raises(ImproperlyConfigured, match=problem):
        databases(PRIMARY)


def test_the_pool_needs_postgresql(monkeypatch):
    monkeypatch.setenv("DATABASE_POOL", "on")
    with pytest.raises(ImproperlyConfigured, match="PostgreSQL"):
        databases("sqlite:///db.sqlite3")


@pytest.mark.parametrize(
    "url", ["redis://redis:6379/0", "rediss://user:secret@cache.example:6380", "unix:///run/redis/redis.sock"]
)
def test_a_redis_url_puts_the_cache_in_redis(monkeypatch, url):
    monkeypatch.setenv("REDIS_URL", url)
    monkeypatch.setenv("REDIS_TIMEOUT", "0.5")
    assert caches(300)["default"] == {
        "BACKEND": "config.redis_cache.FallbackRedisCache",
        "LOCATION": url,
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        "TIMEOUT": 300,
    }


@pytest.mark.parametrize(
    "url",
    ["localhost:6379", "http://redis:6379", "redis://:6379", "redis://redis:port", "redis://redis/zero", "unix:redis"],
)
def test_a_redis_url_that_is_not_one_fails_at_start_up(monkeypatch, url):
    monkeypatch.setenv("REDIS_URL", url)
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL"):
        caches(300)


def test_without_redis_url_the_cache_is_the_database_table():
    assert caches(300)["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"


def test_with_the_pool_a_request_borrows_a_checked_connection(committed_database_env):
    import subprocess
    import sys

    show = (
        "from django.db import connection; connection.ensure_connection(); "
        "print(type(connection.pool).__name__, connection.pool.max_size, connection.pool._check is not None)"
    )
    env = {**committed_database_env, "DATABASE_POOL": "true", "DATABASE_POOL_MAX_SIZE": "3"}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", show], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.stdout.splitlines()[-1:] == ["ConnectionPool 3 True"], result.stderr


FORK_AFTER_A_POOLED_QUERY = """
import os, django
django.setup()
from django.db import connection
from django.db.backends.postgresql.base import DatabaseWrapper
connection.ensure_connection(); connection.close()  # a pool is open, its connection back in it
child = os.fork()
if child == 0:
    inherited = bool(DatabaseWrapper._connection_pools)
    connection.ensure_connection()  # a pool of the child's own
    os._exit(3 if inherited else 0)
_, status = os.waitpid(child, 0)
connection.ensure_connection()
print("child", os.waitstatus_to_exitcode(status))
"""


def test_a_forked_worker_opens_a_pool_of_its_own(committed_database_env):
    import subprocess
    import sys

    env = {**committed_database_env, "DATABASE_POOL": "true"}
    result = subprocess.run(
        [sys.executable, "-c", FORK_AFTER_A_POOLED_QUERY], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.stdout.splitlines()[-1:] == ["child 0"], result.stderr
