"""Redis going away costs neither a 500 nor the rate limits: each process caches and counts in its own memory until
Redis answers again, with one log line each way."""

import logging
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import redis
from django.core.cache import caches
from django.test import Client, override_settings

from config.redis_cache import FallbackRedisCache


def fallback_cache(url: str) -> FallbackRedisCache:
    return FallbackRedisCache(url, {"TIMEOUT": 60, "OPTIONS": {"socket_connect_timeout": 0.3, "socket_timeout": 0.3}})


class RedisServer:
    """A redis-server of this test's own on a unix socket, to stop and start again."""

    def __init__(self, directory: Path) -> None:
        self.socket = directory / "redis.sock"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self) -> None:
        command = ["redis-server", "--port", "0", "--unixsocket", str(self.socket), "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, cwd=self.socket.parent)
        for _ in range(100):
            try:
                redis.Redis.from_url(self.url).ping()
                return
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def redis_server(tmp_path):
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server not installed")
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


def test_with_redis_unreachable_the_cache_answers_from_memory_and_says_so_once(tmp_path, caplog):
    cache = fallback_cache(f"unix://{tmp_path / 'nobody-listens.sock'}")
    with caplog.at_level(logging.ERROR, logger="config.redis_cache"):
        cache.set("card", "rendered")
        assert cache.get("card") == "rendered"
        assert cache.get_or_set("other", "built") == "built"
    assert cache.is_away
    assert [r.message.split(" (")[0] for r in caplog.records] == ["Redis cannot be reached"]


def test_when_redis_is_back_the_cache_uses_it_again_and_says_so(redis_server, caplog):
    cache = fallback_cache(redis_server.url)
    cache.set("before", 1)
    redis_server.stop()
    assert cache.get("before") is None  # Redis's copy cannot be read: a miss, not an error
    cache.set("meanwhile", 2)
    assert cache.get("meanwhile") == 2
    redis_server.start()
    time.sleep(1.1)  # the first retry waits a second
    with caplog.at_level(logging.WARNING, logger="config.redis_cache"):
        cache.set("after", 3)
    assert not cache.is_away
    assert redis.Redis.from_url(redis_server.url).dbsize() == 1
    assert cache.get("after") == 3
    assert any(r.message.startswith("Redis is back") for r in caplog.records)


def test_with_redis_unreachable_pages_answer_and_the_limits_still_hold(seed, tmp_path):
    dead = {
        "default": {
            "BACKEND": "config.redis_cache.FallbackRedisCache",
            "LOCATION": f"unix://{tmp_path / 'nobody-listens.sock'}",
            "OPTIONS": {"socket_connect_timeout": 0.3, "socket_timeout": 0.3},
        }
    }
    rates = {"match": "60/minute", "search": "3/minute", "write": "600/hour", "report": "20/hour"}
    with override_settings(CACHES=dead):
        from django.conf import settings

        framework = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
        with override_settings(REST_FRAMEWORK=framework):
            client = Client(REMOTE_ADDR="203.0.113.9")
            assert client.get("/errors/b774bfdff5235dcd/").status_code == 200
            statuses = [client.get("/api/errors?search=transfer").status_code for _ in range(4)]
            assert caches["default"].is_away
    assert statuses == [200, 200, 200, 429]
