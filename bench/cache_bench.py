"""One throttle count (a get and a set of a small list) and one cached card read, in the database's cache table
against Redis, in-process: what each request pays for the shared cache.

    scripts/with-redis scripts/with-postgres .venv/bin/python bench/cache_bench.py
    scripts/with-redis scripts/with-postgres .venv/bin/python bench/cache_bench.py --operations 5000

Both servers are the throwaway ones the scripts start, on unix sockets on this machine; across a network each
adds a round trip. The two caches take turns in three rounds; the median round counts.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def timed(cache, operations: int) -> dict[str, float]:
    card = b"x" * 6_000  # about a rendered card's JSON
    cache.set("card", card)
    started = time.perf_counter()
    for number in range(operations):
        history = cache.get(f"throttle_search_203.0.113.{number % 200}", [])
        cache.set(f"throttle_search_203.0.113.{number % 200}", [time.time(), *history[:59]], 60)
    throttle = (time.perf_counter() - started) / operations * 1000
    started = time.perf_counter()
    for _ in range(operations):
        cache.get("card")
    return {"throttle": throttle, "card": (time.perf_counter() - started) / operations * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--operations", type=int, default=2000)
    arguments = parser.parse_args()
    if not os.environ.get("REDIS_URL") or not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("Run under scripts/with-redis scripts/with-postgres.")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.production"
    os.environ.setdefault("SECRET_KEY", "cache-bench-" + os.urandom(32).hex())
    env = {name: value for name, value in os.environ.items() if name != "REDIS_URL"}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([sys.executable, "manage.py", "createcachetable"], cwd=ROOT, env=env, check=True)
    import django

    django.setup()
    from django.core.cache.backends.db import DatabaseCache
    from django.core.cache.backends.redis import RedisCache

    caches = {
        "database": DatabaseCache("errorkb_cache", {}),
        "redis": RedisCache(os.environ["REDIS_URL"], {}),
    }
    results: dict[str, list[dict[str, float]]] = {name: [] for name in caches}
    for _ in range(3):
        for name, cache in caches.items():
            results[name].append(timed(cache, arguments.operations))
    print("| cache | throttle count (get + set) | cached card read |")
    print("|---|---|---|")
    for name, rounds in results.items():
        throttle = statistics.median(row["throttle"] for row in rounds)
        card = statistics.median(row["card"] for row in rounds)
        print(f"| {name} | {throttle:.3f} ms | {card:.3f} ms |")


if __name__ == "__main__":
    main()
