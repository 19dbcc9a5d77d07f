"""Redis going away, or refusing writes (full under `noeviction`, a read-only replica after a failover), costs neither
a 500 nor the rate limits: each process caches and counts in its own memory until Redis takes writes again, with one
log line each way."""

import contextlib
import json
import logging
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import redis
from django.core.cache import caches
from django.test import Client, override_settings
from pytest_django.fixtures import Settings
from pytest_django.live_server_helper import LiveServer

from config import redis_cache
from config.redis_cache import FallbackRedisCache
from kb.runtime import ratelimit
from tests.conftest import Clock
from tests.samples import CARD, CARD_MESSAGE


def fallback_cache(url: str) -> FallbackRedisCache:
    return FallbackRedisCache(url, {"TIMEOUT": 60, "OPTIONS": {"socket_connect_timeout": 0.3, "socket_timeout": 0.3}})


class RedisServer:
    """A redis-server of this test's own on a unix socket, to stop and start again."""

    def __init__(self, directory: Path, name: str = "redis", port: int = 0, options: tuple[str, ...] = ()) -> None:
        self.socket = directory / f"{name}.sock"
        self.port, self.options = port, options
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--unixsocket", str(self.socket)]
        command += ["--save", "", "--appendonly", "no", "--dbfilename", f"{self.socket.stem}.rdb", *self.options]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, cwd=self.socket.parent)
        for _ in range(100):
            try:
                redis.Redis.from_url(self.url).ping()
                return
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:  # it will not exit (a snapshot it cannot write): no server left behind
                self.process.kill()
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


def test_a_command_redis_rejects_for_its_own_sake_still_raises_and_redis_stays_in_use(
    redis_server: RedisServer,
) -> None:
    cache = fallback_cache(redis_server.url)
    cache.set("title", "not a number")
    with pytest.raises(redis.exceptions.ResponseError):
        cache.incr("title")
    assert not cache.is_away


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
            assert redis_is_away()
    assert statuses == [200, 200, 200, 429]


def redis_is_away() -> bool:
    """Whether the site's cache, on Redis, found it away and answers from this process's memory."""
    cache = caches["default"]
    assert isinstance(cache, FallbackRedisCache)
    return cache.is_away


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RefusingRedis:
    """A redis-server that answers reads but refuses writes, as in production: "full" (at `maxmemory` under
    `noeviction`, filled with keys: OOM), "read-only replica" (a replica of a second server, `replica-read-only yes`,
    which a client was left on after a failover: READONLY) or "unable to save" (its snapshot failed, its directory
    gone, under `stop-writes-on-bgsave-error`: MISCONF), until `accept` (more memory, the replica promoted, a
    directory to save in)."""

    def __init__(self, kind: str, directory: Path) -> None:
        self.kind = kind
        self.primary: RedisServer | None = None
        try:
            self._start(directory)
        except BaseException:  # no server left behind by a setup that failed halfway
            self.stop()
            raise

    def _start(self, directory: Path) -> None:
        kind = self.kind
        if kind == "read-only replica":
            self.primary = RedisServer(
                directory, "primary", port=free_port(), options=("--repl-diskless-sync-delay", "0")
            )
            self.primary.start()
            replica_of = ("--replicaof", "127.0.0.1", str(self.primary.port), "--replica-read-only", "yes")
            self.server = RedisServer(directory, "replica", options=replica_of)
            self.server.start()
            self._until(lambda: self.server.client().info("replication")["master_link_status"] == "up")
        elif kind == "unable to save":
            self.data = directory / "data"
            self.data.mkdir()
            snapshots = ("--save", "3600 1", "--dir", str(self.data), "--enable-protected-configs", "local")
            self.server = RedisServer(directory, options=snapshots)
            self.server.start()
            self.data.rmdir()
            self._snapshot(expect="err")
        else:
            self.server = RedisServer(directory)
            self.server.start()
            self._fill()
        with pytest.raises(redis.exceptions.ResponseError):  # it does refuse
            self.server.client().set("a write", 1)

    @property
    def url(self) -> str:
        return self.server.url

    def _fill(self) -> None:
        client = self.server.client()
        client.config_set("maxmemory-policy", "noeviction")
        client.config_set("maxmemory", int(client.info("memory")["used_memory"]) + 256 * 1024)
        for number in range(1_000):
            try:
                client.set(f"filler:{number}", b"x" * 10_000)
            except redis.exceptions.OutOfMemoryError:
                break
        else:
            raise RuntimeError("redis-server never filled up")
        # And a little past its limit, as when its memory grew over it: a small write would otherwise still fit in
        # what the refused one's buffers held.
        client.config_set("maxmemory", int(client.info("memory")["used_memory"]) - 64 * 1024)

    def _snapshot(self, expect: str) -> None:
        client = self.server.client()
        client.bgsave()
        self._until(
            lambda: (
                not client.info("persistence")["rdb_bgsave_in_progress"]
                and client.info("persistence")["rdb_last_bgsave_status"] == expect
            )
        )

    @staticmethod
    def _until(condition: Any) -> None:
        for _ in range(200):
            if condition():
                return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not get there")

    def accept(self) -> None:
        client = self.server.client()
        if self.kind == "read-only replica":
            client.replicaof("NO", "ONE")  # the failover's promotion reaches this client's server
        elif self.kind == "unable to save":
            self.data.mkdir()
            client.config_set("dir", str(self.data))
            self._snapshot(expect="ok")
        else:
            client.config_set("maxmemory", 0)
        client.set("a write", 1)

    def stop(self) -> None:
        """Stops whichever of its servers started."""
        if self.kind == "unable to save" and getattr(self, "server", None) is not None:
            with contextlib.suppress(redis.exceptions.RedisError):  # else it would not exit without a snapshot
                self.server.client().config_set("save", "")
        for server in (getattr(self, "server", None), self.primary):
            if server is not None:
                server.stop()


@pytest.fixture(params=["full", "read-only replica", "unable to save"])
def refusing_redis(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[RefusingRedis]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server not installed")
    server = RefusingRedis(request.param, tmp_path)
    yield server
    server.stop()


@pytest.fixture
def serving_from_refusing_redis(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, refusing_redis: RefusingRedis
) -> Clock:
    """The site's cache on the refusing Redis, each throttle count written to the cache at once (no second of
    grace), and the cache's retry clock standing still until the test moves it."""
    settings.CACHES = {
        "default": {
            "BACKEND": "config.redis_cache.FallbackRedisCache",
            "LOCATION": refusing_redis.url,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    monkeypatch.setattr(ratelimit, "SYNC_SECONDS", 0.0)
    clock = Clock()
    monkeypatch.setattr(redis_cache, "clock", clock)
    return clock


def with_rates(settings: Settings, **rates: str) -> None:
    defaults = {"match": "10000/minute", "search": "10000/minute", "write": "600/hour", "report": "20/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**defaults, **rates}}


def lookup(client: Client) -> int:
    return client.post("/api/match", json.dumps({"text": CARD_MESSAGE}), content_type="application/json").status_code


def user_requests(client: Client) -> dict[str, int]:
    """What a reader does: a lookup, a search on the page and through the API, a card's page and JSON."""
    return {
        "lookup": lookup(client),
        "search page": client.get("/search/", {"q": "transfer"}).status_code,
        "search API": client.get("/api/errors", {"search": "transfer"}).status_code,
        "card page": client.get(f"/errors/{CARD}/").status_code,
        "card JSON": client.get(f"/api/errors/{CARD}").status_code,
    }


def warnings_and_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Every line logged at WARNING or above, by any logger, up to its first parenthesis (or "after")."""
    return [
        record.getMessage().split(" (")[0].split(" after ")[0]
        for record in caplog.records
        if record.levelno >= logging.WARNING
    ]


def test_with_redis_refusing_writes_lookups_searches_and_cards_answer(
    seed: None, settings: Settings, serving_from_refusing_redis: Clock
) -> None:
    with_rates(settings)
    client = Client(REMOTE_ADDR="203.0.113.20")

    answers = [user_requests(client) for _ in range(3)]

    assert answers == [dict.fromkeys(answers[0], 200)] * 3
    assert redis_is_away()


def test_with_redis_refusing_writes_the_anonymous_limits_still_hold(
    seed: None, settings: Settings, serving_from_refusing_redis: Clock
) -> None:
    with_rates(settings, match="2/minute", search="3/minute")
    client = Client(REMOTE_ADDR="203.0.113.21")

    lookups = [lookup(client) for _ in range(3)]
    searches = [
        client.get("/api/errors", {"search": "transfer"}).status_code,
        client.get("/search/", {"q": "transfer"}).status_code,
        client.get("/api/errors", {"search": "transfer"}).status_code,
        client.get("/search/", {"q": "transfer"}).status_code,
    ]

    assert lookups == [200, 200, 429]
    assert searches == [200, 200, 200, 429]  # the page and the API still share one count
    assert redis_is_away()


def test_a_refusing_redis_is_logged_once_when_it_refuses_and_once_when_it_takes_writes_again(
    seed: None,
    settings: Settings,
    caplog: pytest.LogCaptureFixture,
    refusing_redis: RefusingRedis,
    serving_from_refusing_redis: Clock,
) -> None:
    with_rates(settings)
    client = Client(REMOTE_ADDR="203.0.113.22")
    clock = serving_from_refusing_redis
    with caplog.at_level(logging.WARNING):
        for _ in range(10):
            user_requests(client)
            clock.now += 5  # retried meanwhile, and refused again
        refused = warnings_and_errors(caplog)
        refusing_redis.accept()
        clock.now += redis_cache.LONGEST_RETRY
        for _ in range(10):
            user_requests(client)
            clock.now += 5

    assert refused == ["Redis refuses commands"]
    assert warnings_and_errors(caplog) == ["Redis refuses commands", "Redis is back"]
    assert not redis_is_away()
    assert refusing_redis.server.client().keys("*throttle_search_*"), "the counts did not go back to Redis"


def test_with_redis_refusing_writes_under_load_no_request_fails(
    seed: None,
    settings: Settings,
    caplog: pytest.LogCaptureFixture,
    live_server: LiveServer,
    serving_from_refusing_redis: Clock,
) -> None:
    with_rates(settings)
    match = json.dumps({"text": CARD_MESSAGE}).encode()
    paths = ["/api/match", "/search/?q=transfer", "/api/errors?search=transfer", f"/api/errors/{CARD}"]

    def status(number: int) -> int:
        path = paths[number % len(paths)]
        body = match if path == "/api/match" else None
        request = urllib.request.Request(
            live_server.url + path, data=body, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            return error.code

    with caplog.at_level(logging.WARNING), ThreadPoolExecutor(max_workers=8) as pool:
        statuses = Counter(pool.map(status, range(300)))

    assert statuses == {200: 300}
    assert warnings_and_errors(caplog) == ["Redis refuses commands"]
