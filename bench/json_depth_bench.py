"""JSON depth check (kb.runtime.jsonsafe.check_depth, run before decoding): adversarial bodies at 8 KiB, 64 KiB and
the lookup's largest body (384 KiB). Decoding what passes is json's own cost, the same as before the check.

    .venv/bin/python bench/json_depth_bench.py

Prints each input's time (the median of several runs) and the worst input's time at every size, with the
ratio of the 64 KiB worst to the 8 KiB worst: linear time makes that about 8, and at most 12 is the target.
"""

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from kb.runtime.jsonsafe import check_depth  # noqa: E402

SIZES = {"8 KiB": 8 * 1024, "64 KiB": 64 * 1024, "384 KiB": 384 * 1024}
RUNS = 7
TARGET_RATIO, TARGET_64K_MS = 12.0, 50.0

CASES: dict[str, Callable[[int], str]] = {
    "one deep chain": lambda n: "[" * (n // 2) + "]" * (n // 2),
    "deep objects": lambda n: '{"a":' * (n // 5),
    "unclosed": lambda n: "[" * n,
    "closers only": lambda n: "]" * n,
    "flat pairs": lambda n: "[" + "[]," * (n // 3) + "1]",
    "as deep as allowed, repeated": lambda n: "[" + ",".join(["[" * 31 + "]" * 31] * (n // 63)) + "]",
    "one level too deep, repeated": lambda n: "[" + ",".join(["[" * 32 + "]" * 32] * (n // 65)) + "]",
    "escaped quotes, unterminated": lambda n: '"' + '\\"' * (n // 2),
    "quotes and brackets": lambda n: '["[", ' * (n // 6),
    "backslashes": lambda n: "[" + "\\" * (n - 2) + "]",
    "a real lookup's text": lambda n: '{"text": "' + "Traceback line [x] {y}\\n" * (n // 24) + '"}',
}


def timed(text: str) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        try:
            check_depth(text)
        except ValueError:
            pass
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    worst: dict[str, float] = {}
    print(f"{'input':<32}" + "".join(f"{label:>12}" for label in SIZES))
    for name, make in CASES.items():
        row = []
        for label, size in SIZES.items():
            seconds = timed(make(size))
            worst[label] = max(worst.get(label, 0.0), seconds)
            row.append(f"{seconds * 1000:>9.2f} ms")
        print(f"{name:<32}" + "".join(row))
    print(f"{'worst':<32}" + "".join(f"{worst[label] * 1000:>9.2f} ms" for label in SIZES))
    ratio = worst["64 KiB"] / worst["8 KiB"]
    met = ratio <= TARGET_RATIO and worst["64 KiB"] * 1000 <= TARGET_64K_MS
    print(
        f"64 KiB / 8 KiB worst: {ratio:.1f}x (target <= {TARGET_RATIO:g}x, <= {TARGET_64K_MS:g} ms at 64 KiB): "
        f"{'met' if met else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
