"""What one lookup index costs per signature, and how many lookups one core answers: the figures behind
docs/scaling.md's sharding model.

    .venv/bin/python bench/index_memory_bench.py                  # 25k, 50k and 100k signatures
    .venv/bin/python bench/index_memory_bench.py --sizes 100000 --queries 5000

Each size runs in a fresh process: bench/match_bench.py's generated catalogue (50 repositories, one signature
per entry), then `FrozenIndex.build` (the base each machine holds once, errorkb.matching.frozen), measuring the resident
memory (RSS) the catalogue and the index add, the build time, and single-threaded lookups per second over
match_bench's queries (messages, tracebacks, logs, near misses, noise). The per-signature cost is the slope between
the smallest and largest size, so the interpreter's fixed cost drops out.
"""

import argparse
import gc
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def one_size(size: int, query_count: int) -> dict[str, float]:
    from match_bench import make_catalogue, make_queries, rss_mb

    from errorkb.matching.frozen import FrozenIndex
    from errorkb.matching.rank import match_text

    gc.collect()
    before = rss_mb()
    entries, _ = make_catalogue(size)
    gc.collect()
    catalogue_mb = rss_mb() - before
    started = time.perf_counter()
    index = FrozenIndex.build(entries)
    build_s = time.perf_counter() - started
    gc.collect()
    gc.freeze()
    index_mb = rss_mb() - before - catalogue_mb
    queries = make_queries(entries, query_count)
    started_cpu = time.process_time()
    for _, text in queries:
        match_text(index, text, limit=5)
    cpu_s = time.process_time() - started_cpu
    return {
        "size": size,
        "catalogue_mb": catalogue_mb,
        "index_mb": index_mb,
        "build_s": build_s,
        "lookups_per_cpu_s": query_count / cpu_s,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="25000,50000,100000")
    parser.add_argument("--queries", type=int, default=3000)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.one:
        print(json.dumps(one_size(arguments.one, arguments.queries)))
        return
    rows = []
    for size in (int(part) for part in arguments.sizes.split(",")):
        command = [sys.executable, __file__, "--one", str(size), "--queries", str(arguments.queries)]
        rows.append(json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout))
    print("| signatures | catalogue MB | index MB | build s | lookups per CPU-second |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(
            f"| {row['size']:,} | {row['catalogue_mb']:.0f} | {row['index_mb']:.0f} | {row['build_s']:.1f} "
            f"| {row['lookups_per_cpu_s']:,.0f} |"
        )
    if len(rows) > 1:
        first, last = rows[0], rows[-1]
        span = last["size"] - first["size"]
        for part in ("catalogue_mb", "index_mb"):
            slope = (last[part] - first[part]) * 2**20 / span
            print(f"{part.removesuffix('_mb')}: {slope:,.0f} bytes per signature")
        total = (last["catalogue_mb"] + last["index_mb"]) - (first["catalogue_mb"] + first["index_mb"])
        print(f"both: {total * 2**20 / span:,.0f} bytes per signature")


if __name__ == "__main__":
    main()
