"""Linear time, in seconds: the timings the tests used to assert, on the inputs they use.

    .venv/bin/python bench/linear_bench.py
    .venv/bin/python bench/linear_bench.py --only markdown

The tests hold this code to counted work (tests/counted_work.py: function calls at 8 KiB and 64 KiB, and a stall
guard of CPU time), which no load on the machine changes; the seconds are here. Each input is built small (1/8) and
large, as the test builds it, and timed on this thread's CPU (time.thread_time, so another process taking the core
adds nothing), the fastest of --runs runs without the collector. Target: large / small at most 12x (8x the text:
linear, with some room; quadratic would be 64x). A runtime under --floor ms at the large size is too short to time,
and its ratio is not held to the target.

- markdown: tests/domain/test_machine_markdown.py's ADVERSARIAL texts, both renderers (plain and "<"-prefixed).
- parse_query: tests/search/test_sqlite.py's query of `"a -b or ` repeated, 1,000 and 8,000 times.
- template prefix: tests/matching/test_template.py's prefix of 8 KiB and 64 KiB that never finds its "ac".
- template fit: the same file's pathological near miss (`{}ab{}...ac{}z` on "ab" * n), n = 6,250 and 50,000.
JSON depth has bench/json_depth_bench.py; the patterns and the answer check bench/regex_bench.py; the lookup
bench/parse_bench.py.
"""

import argparse
import gc
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
os.environ.setdefault("DATABASE_URL", "sqlite:///:memory:")  # nothing here reads the database

import django

django.setup()

from errorkb.matching.template import compile_template, match_prefix, match_template  # noqa: E402
from kb.search.query import parse_query  # noqa: E402
from kb.text.markdown import render_machine_markdown  # noqa: E402
from tests.domain.test_machine_markdown import ADVERSARIAL  # noqa: E402

TARGET_RATIO = 12.0


def cases() -> dict[str, tuple[Callable[[], object], Callable[[], object]]]:
    """name: (the small run, the large run)."""
    found: dict[str, tuple[Callable[[], object], Callable[[], object]]] = {}
    for name, text in ADVERSARIAL.items():
        for label, variant in (("", text), (" (<)", "<" + text)):
            small = variant[: len(text) // 8]
            found[f"markdown: {name}{label}"] = (
                lambda small=small: render_machine_markdown(small),
                lambda variant=variant: render_machine_markdown(variant),
            )
    found["parse_query"] = (lambda: parse_query('"a -b or ' * 1000), lambda: parse_query('"a -b or ' * 8000))
    template = compile_template("Widget failed: " + "ab{}" * 40 + "ac{} then a b c d e f g h i j k l m n o p q r s t")
    prefix = {size: "Widget failed: " + "ab" * (size // 2) + " then a b" for size in (8 * 1024, 64 * 1024)}
    found["template prefix"] = (
        lambda: match_prefix(template, prefix[8 * 1024]),
        lambda: match_prefix(template, prefix[64 * 1024]),
    )
    near_miss = compile_template("{}" + "ab{}" * 40 + "ac{}z")
    found["template fit, near miss"] = (
        lambda: match_template(near_miss, "ab" * 6_250 + "z"),
        lambda: match_template(near_miss, "ab" * 50_000 + "z"),
    )
    return found


def seconds(run: Callable[[], object], runs: int) -> float:
    run()  # whatever is set up once is not timed
    gc.disable()
    try:
        best = float("inf")
        for _ in range(runs):
            started = time.thread_time()
            run()
            best = min(best, time.thread_time() - started)
        return best
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--floor", type=float, default=5.0, help="ms at the large size below which no ratio is held")
    parser.add_argument("--only", default="", help="only the cases whose name holds this")
    options = parser.parse_args()
    missed = []
    print(f"{'case':<44}{'small':>12}{'large':>12}{'ratio':>8}")
    for name, (small, large) in cases().items():
        if options.only not in name:
            continue
        small_s, large_s = seconds(small, options.runs), seconds(large, options.runs)
        ratio = large_s / small_s if small_s else float("inf")
        held = large_s * 1000 >= options.floor
        if held and ratio > TARGET_RATIO:
            missed.append(name)
        note = "" if held else "  (below the floor)"
        print(f"{name:<44}{small_s * 1000:>9.2f} ms{large_s * 1000:>9.2f} ms{ratio:>7.1f}x{note}")
    print(f"target: large / small <= {TARGET_RATIO:g}x: " + ("met" if not missed else "NOT met: " + ", ".join(missed)))


if __name__ == "__main__":
    main()
