"""With REDIS_URL set, the cache (cards) and the throttles' counts live in Redis, shared by every process."""

import json
import subprocess
import sys

import pytest
import redis
from django.core.management import call_command

CARD = "/api/errors/b774bfdff5235dcd"

# Run in a child process: Django set up from the environment, one request through the test client.
REQUEST = """
import json, sys, django
django.setup()
from django.conf import settings
from django.test import Client
response = Client(HTTP_HOST="127.0.0.1", REMOTE_ADDR="203.0.113.7").get(sys.argv[1])
print(json.dumps({"backend": settings.CACHES["default"]["BACKEND"], "status": response.status_code,
                  "body": response.content.decode()}))
"""


def request_in_another_process(path: str, env: dict[str, str]) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", REQUEST, path], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def keyspace_hits(url: str) -> int:
    return int(redis.Redis.from_url(url).info("stats")["keyspace_hits"])


@pytest.fixture
def redis_env(redis_url, committed_database_env) -> dict[str, str]:
    call_command("import_errors", "fixtures/sglang.json")
    return {**committed_database_env, "REDIS_URL": redis_url}


def test_settings_use_djangos_redis_cache_with_its_fallback_when_redis_url_is_set(redis_env):
    answer = request_in_another_process("/healthz", redis_env)
    assert answer["backend"] == "config.redis_cache.FallbackRedisCache"


def test_settings_keep_the_database_cache_when_redis_url_is_unset(redis_env):
    env = {name: value for name, value in redis_env.items() if name != "REDIS_URL"}
    assert request_in_another_process("/healthz", env)["backend"] == "django.core.cache.backends.db.DatabaseCache"


def test_a_card_cached_by_one_process_is_read_from_redis_by_another(redis_env, redis_url):
    server = redis.Redis.from_url(redis_url)
    first = request_in_another_process(CARD, redis_env)
    assert first["status"] == 200
    assert server.dbsize() > 0, "the first process stored nothing in Redis"
    hits_before = keyspace_hits(redis_url)

    second = request_in_another_process(CARD, redis_env)

    assert second["status"] == 200
    assert second["body"] == first["body"]
    assert keyspace_hits(redis_url) > hits_before, "the second process found nothing in Redis"


def test_a_throttle_counts_the_requests_of_every_process_together_in_redis(redis_env, redis_url):
    env = {**redis_env, "THROTTLE_SEARCH": "3/minute"}
    search = "/api/errors?search=transfer"

    statuses = [request_in_another_process(search, env)["status"] for _ in range(4)]

    # Each request came from a process of its own: only a shared count can refuse the fourth.
    assert statuses == [200, 200, 200, 429]
    assert redis.Redis.from_url(redis_url).keys("*throttle_search_*"), "the count is not in Redis"
