"""Regex benchmark: every pattern of the harvest and the analysis on hostile repository text, at 8 KiB and 64 KiB.

    .venv/bin/python bench/regex_bench.py
    .venv/bin/python bench/regex_bench.py --old          # also the patterns of the attack report, as they were
    .venv/bin/python bench/regex_bench.py --all --only verify

Every compiled pattern of `kb.harvest` and `kb.analysis` (and the literals they hand to `re` inline), as
tests/harvest/test_adversarial_patterns.py finds them, is run as a module may run it (`search`, `findall`, `match`
and `fullmatch`, one after the other) on every family of tests/adversarial_inputs.py's REPOSITORY_FAMILIES (with
--all, the pasted-text FAMILIES too), built at 8 KiB and at 64 KiB; then the readers end to end: the harvest's scan
of a module raising a `%`-message of zeros, the assertion reader on such a `pytest.raises(match=...)`, the answer
check on an answer of each family.

The figure is the ratio of the two times: 8 when the work grows with the text, 64 when it grows with its square.
Beside it, a baseline taken in the same run on the same texts (one linear regex pass, `[^\\x00]*+`): what "linear"
measures on this machine now. Per pattern the table shows the family it spends longest on at 64 KiB; a run below
--floor ms at 64 KiB is too short to time, and its ratio is not held to the target. Target: every ratio ≤ 12x.
CPU time of this thread, the fastest of several rounds, the two sizes in turn; a run past --cap seconds is a miss.
"""

import argparse
import json
import os
import re
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
os.environ.setdefault("DATABASE_URL", "sqlite:///:memory:")  # nothing here reads the database

import django  # noqa: E402

django.setup()

from django.test import override_settings  # noqa: E402

from kb.analysis.verify import check_answer  # noqa: E402
from kb.analysis.vocabulary import Vocabulary  # noqa: E402
from kb.harvest.evidence.assertions import read_assertions  # noqa: E402
from kb.harvest.pipeline.scan import scan  # noqa: E402
from tests.adversarial_inputs import FAMILIES, LARGE, REPOSITORY_FAMILIES, SMALL, Builder  # noqa: E402
from tests.analysis.fake_endpoint import card  # noqa: E402
from tests.harvest.test_adversarial_patterns import PATTERNS, USES  # noqa: E402

TARGET_RATIO = 12.0
MIN_ROUNDS, MAX_ROUNDS, ROUND_SECONDS = 3, 15, 0.2
BASELINE = re.compile(r"[^\x00]*+")
# The attack report's patterns and the others this round rewrote, as they were: --old times them beside the new.
OLD = {
    "kb.harvest.reading.messages._PERCENT (old)": (
        r"%(?:\((?P<key>[^)]*)\))?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?(?P<type>[diouxXeEfFgGcrsa%])"
    ),
    "kb.harvest.evidence.assertions._PERCENT (old)": r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdrifgexXoc%]",
    "kb.harvest.evidence.assertions._ASSERTION (old)": r"(?:Raises|Warns|raises|warns)\w*\s*\(",
    "kb.analysis.verify.FILE_NAME (old)": r"(?:[\w-]++\.)++(?:pyi|py|rst|txt|md|cfg|toml|ini|yaml|yml|html|sh)",
    "kb.analysis.verify.FENCE (old)": r"\s*+(?:```|~~~)",
    "kb.analysis.verify.BULLET (old)": r"\s*+(?:[-*+]|\d++[.)])\s",
}

Times = tuple[float | None, float | None]


class Capped(Exception):
    pass


def _stop(_signum: int, _frame: object) -> None:
    raise Capped  # the regex engine checks for signals as it runs: a quadratic match is stopped too


def fastest(run: Callable[[str], object], small: str, large: str, cap: float) -> Times:
    """The fastest time of each text, taken in turn; None once a run went past the cap."""
    best: dict[str, float | None] = {"small": float("inf"), "large": float("inf")}
    started, rounds = time.perf_counter(), 0
    while rounds < MIN_ROUNDS or (time.perf_counter() - started < ROUND_SECONDS and rounds < MAX_ROUNDS):
        rounds += 1
        for name, text in (("small", small), ("large", large)):
            if best[name] is None:
                continue
            signal.setitimer(signal.ITIMER_REAL, cap)
            try:
                t0 = time.thread_time()
                run(text)
                elapsed = time.thread_time() - t0
            except Capped:
                best[name] = None
                continue
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            best[name] = min(best[name], elapsed)  # type: ignore[type-var]
        if best["large"] is None:
            break
    return best["small"], best["large"]


def every_use(pattern: re.Pattern) -> Callable[[str], object]:
    def run(text: str) -> None:
        for use in USES:
            getattr(pattern, use)(text)

    return run


def scan_module(source: Callable[[str], str]) -> Callable[[str], object]:
    """The harvest's scan of a package holding one module built from the text; with messages of any length read
    (the harvest skips one past HARVEST_MAX_MESSAGE_CHARS before reading it: here the reader is timed alone)."""

    def run(text: str) -> object:
        with tempfile.TemporaryDirectory() as directory, override_settings(HARVEST_MAX_MESSAGE_CHARS=2 * LARGE):
            package = Path(directory) / "pkg"
            package.mkdir()
            (package / "__init__.py").write_text("")
            (package / "mod.py").write_text(source(text))
            return scan(Path(directory), progress=False)

    return run


def readers() -> dict[str, tuple[Builder, Callable[[str], object]]]:
    """The harvest's readers on the attack report's inputs, each with the text it is built from."""
    zeros: Builder = lambda size: "0" * (size - 100)  # noqa: E731
    return {
        "harvest: raise ValueError('%000…0! %s' % x)": (
            zeros,
            scan_module(lambda zs: f'def f(x):\n    raise ValueError("%{zs}! %s" % x)\n'),
        ),
        "assertions: pytest.raises(match='%000…0! %s' % x)": (
            zeros,
            lambda zs: read_assertions(
                f'def test_zeros(x):\n    with pytest.raises(ValueError, match="%{zs}! %s" % x):\n        f(x)\n',
                "t.py",
            ),
        ),
    }


def answer_check() -> Callable[[str], object]:
    """verify's checks on an answer holding the text as prose, as a code span and as a code block."""
    vocabulary = Vocabulary()
    vocabulary.read("def resize(size):\n    raise ValueError(size)\n")
    return lambda text: check_answer(
        json.loads(card(meaning=text, trigger=f"`{text}`", solutions=[f"```\n{text}\n```"])), vocabulary
    )


def _large(times: Times) -> float:
    """The 64 KiB time, a capped run counting as the longest."""
    return float("inf") if times[1] is None else times[1]


def _ratio(times: Times) -> float | None:
    small, large = times
    return None if small is None or large is None else large / max(small, 1e-9)


def _ms(seconds: float | None, cap: float) -> str:
    return f"> {cap:g} s" if seconds is None else f"{seconds * 1000:.3f}"


def _x(ratio: float | None) -> str:
    return "-" if ratio is None else f"{ratio:.1f}x"


def measure(
    runs: dict[str, Callable[[str], object]], families: dict[str, Builder], cap: float, floor_ms: float
) -> list[dict]:
    """Per pattern, every family: the row of the one it spends longest on at 64 KiB, and its timed families."""
    texts = {name: (build(SMALL), build(LARGE)) for name, build in families.items()}
    baselines = {name: fastest(BASELINE.fullmatch, *pair, cap) for name, pair in texts.items()}
    rows = []
    for name, run in runs.items():
        timed = {family: fastest(run, *pair, cap) for family, pair in texts.items()}
        worst = max(timed, key=lambda f: _large(timed[f]))
        # Held to the target: the families it spends long enough on to time (and every one that hit the cap).
        held = {f: t for f, t in timed.items() if t[1] is None or t[1] * 1000 >= floor_ms}
        steepest = max(held, key=lambda f: _ratio(held[f]) or float("inf"), default=None)
        rows.append(
            {
                "name": name,
                "family": worst,
                "times": timed[worst],
                "baseline": baselines[worst],
                "steepest": (steepest, held[steepest]) if steepest else None,
            }
        )
        print(f"  {name}: {worst}, {_ms(timed[worst][1], cap)} ms", file=sys.stderr, flush=True)
    return rows


def measure_readers(only: str | None, cap: float) -> list[dict]:
    rows = []
    for name, (build, run) in readers().items():
        if only and only not in name:
            continue
        small, large = build(SMALL), build(LARGE)
        times = fastest(run, small, large, cap)
        baseline = fastest(BASELINE.fullmatch, small, large, cap)
        rows.append({"name": name, "family": "(its own)", "times": times, "baseline": baseline, "steepest": None})
        print(f"  {name}: {_ms(times[1], cap)} ms", file=sys.stderr, flush=True)
    return rows


def met(row: dict) -> bool:
    times = row["steepest"][1] if row["steepest"] else row["times"]
    ratio = _ratio(times)
    return ratio is not None and ratio <= TARGET_RATIO


def report(rows: list[dict], cap: float) -> bool:
    print(
        "| pattern or reader | input it spends longest on | 8 KiB ms | 64 KiB ms | ratio | baseline ratio "
        "| steepest timed input | ratio | target |"
    )
    print("|---|---|---:|---:|---:|---:|---|---:|---|")
    for row in rows:
        steepest, steep_times = row["steepest"] or ("", (None, None))
        print(
            f"| {row['name']} | {row['family']} | {_ms(row['times'][0], cap)} | {_ms(row['times'][1], cap)} "
            f"| {_x(_ratio(row['times']))} | {_x(_ratio(row['baseline']))} | {steepest} "
            f"| {_x(_ratio(steep_times)) if steepest else ''} | {'met' if met(row) else 'MISSED'} |"
        )
    missed = [row["name"] for row in rows if not met(row)]
    ratios = [r for row in rows if (r := _ratio(row["times"])) is not None]
    baselines = [r for row in rows if (r := _ratio(row["baseline"])) is not None]
    print()
    baseline = f"{min(baselines, default=0):.1f}x-{max(baselines, default=0):.1f}x"
    print(f"largest ratio on the input each spends longest on: {max(ratios, default=0):.1f}x; baseline {baseline}")
    print(f"target ratio (≤ {TARGET_RATIO:g}x): " + ("met" if not missed else f"MISSED by {', '.join(missed)}"))
    return not missed


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--old", action="store_true", help="also the patterns as they were before this round")
    parser.add_argument("--all", action="store_true", help="also the pasted-text families of the lookup")
    parser.add_argument("--only", help="only the patterns and readers whose name contains this")
    parser.add_argument("--cap", type=float, default=2.0, help="stop a single run after this many seconds")
    parser.add_argument("--floor", type=float, default=0.5, help="ms at 64 KiB below which a ratio is not held")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _stop)
    families = dict(REPOSITORY_FAMILIES)
    if args.all:
        families |= {name: family.build for name, family in FAMILIES.items()}
    runs = {name: every_use(pattern) for name, pattern in sorted(PATTERNS.items())}
    if args.old:
        runs |= {name: every_use(re.compile(pattern)) for name, pattern in OLD.items()}
    runs["answer check (kb.analysis.verify.check_answer)"] = answer_check()
    if args.only:
        runs = {name: run for name, run in runs.items() if args.only in name}
    print(f"{len(runs)} patterns and readers, {len(families)} inputs", file=sys.stderr)
    rows = measure(runs, families, args.cap, args.floor) + measure_readers(args.only, args.cap)
    return 0 if report(rows, args.cap) else 1


if __name__ == "__main__":
    sys.exit(main())
