"""Lookup benchmark: the indexed matcher against a linear scan of every signature's regex.

    .venv/bin/python bench/match_bench.py                  # 1k, 10k and 100k signatures (each in its own process)
    .venv/bin/python bench/match_bench.py --size 1000000   # one size: 1M takes about ten minutes
    .venv/bin/python bench/match_bench.py --size 10000 --queries 2000 --workers 3

Everything is generated from fixed seeds, so every run sees the same signatures and queries. The matcher
core runs without a database. Both sides parse and rank the same way; only finding the fitting signatures
differs (Aho-Corasick + template check, or every signature's regex). The best exact matches must agree.
The linear scan is slow at large sizes, so it runs on a sample of the queries there (printed). The ratio is
timed on the CPU clock, in ROUNDS rounds that alternate a batch of the linear sample (each batch of the sample's
mix) with an indexed pass of every query; each round's ratio sets the batch against the passes on either side of
it, and the median round's counts (see run_size). Latencies and their targets stay on the wall clock.

The index is the base that kb.matching.live builds: `FrozenIndex` (errorkb.matching.frozen), in flat buffers.

Memory per worker, as gunicorn runs it (config/gunicorn.py): after the build and `gc.freeze()`, the process forks
--workers children; each looks up every query, then takes a catalogue change of CHANGED entries in an overlay
(errorkb.matching.overlay), read as objects of its own as from the database, and looks them up again. After each
phase, with all of them alive, every process's PSS is read from /proc/<pid>/smaps_rollup; what each added worker
costs is the growth of the total PSS over the process's own before forking, divided by the number of workers (the
pages a worker copies or allocates).
"""

import argparse
import dataclasses
import gc
import json
import os
import pickle
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from errorkb.matching.frozen import FrozenIndex
from errorkb.matching.index import Entry, LookupIndex, Site
from errorkb.matching.overlay import layered
from errorkb.matching.rank import ExactFinder, match_text
from errorkb.matching.template import TemplateMatch, compile_template

SIZES = (1_000, 10_000, 100_000)
QUERIES = 10_000
LINEAR_SAMPLE = {1_000: 10_000, 10_000: 2_000, 100_000: 1_000, 1_000_000: 100}
# (the targets' size, {name: (bound, "<=" or ">=")}): from issues 14 and 15.
TARGETS = {
    100_000: {
        "ratio": (1000.0, ">="),
        "p99_message_ms": (1.0, "<="),
        "p99_traceback60_ms": (5.0, "<="),
        "build_s": (15.0, "<="),
        "index_mb": (300.0, "<="),
    },
    1_000_000: {
        "build_s": (60.0, "<="),
        "p99_message_ms": (1.0, "<="),
        "worker_mb": (50.0, "<="),
        "worker_after_change_mb": (50.0, "<="),
    },
}
WORKERS = 3
CHANGED = 1_000
# Rounds of the ratio: batches of the linear sample, each between two indexed passes (see run_size).
ROUNDS = 10

SYLLABLES = "ka lo mi ra tu ve zen qui dor fal gri hex ion jut kor lum nex orb pix rho sol tar urn vex wyn".split()
NOUNS = (
    "adapter allocator backend batch bucket buffer cache channel chunk client codec column config connector "
    "context cursor dataset device dispatcher driver engine entry executor field filter frame graph handler "
    "header index job kernel key layer lease loader lock manifest mapping message model module node operator "
    "option packet page parser partition peer pipeline plugin policy pool port process profile queue record "
    "region registry replica request resolver resource route runner schema scheduler segment sensor session "
    "shard signal slot snapshot socket source span stage stream subscriber table task template tensor thread "
    "token topic transaction transport tree trigger tuple type unit upstream value vector view volume worker"
).split()
VERBS = (
    "allocate attach bind build cancel close commit compile connect convert decode delete deserialize detach "
    "dispatch encode evaluate fetch flush freeze initialize load lock merge migrate mount open parse prepare "
    "publish read register release reload render replicate resolve restore schedule serialize shard start "
    "stop subscribe sync transfer truncate unlock unmount update upload validate write"
).split()
ADJECTIVES = (
    "asynchronous cached compressed corrupted detached distributed duplicate empty encrypted expired frozen "
    "heterogeneous immutable incompatible invalid legacy local malformed missing mixed negative nested "
    "offline orphaned partial pending quantized read-only remote sparse stale unknown unsupported"
).split()
BUILTINS = ["ValueError", "TypeError", "RuntimeError", "KeyError", "NotImplementedError", "AssertionError"]
PATTERNS = [
    "{Noun} '{{name}}' is not supported by {comp}",
    "Cannot {verb} {noun} '{{name}}': {{reason}}",
    "Invalid value for '{{param}}': expected {adj} {noun}, got {{value!r}}",
    "{comp} {noun} {{id}} has no attribute '{{attr}}'",
    "Expected {{expected}} {noun}s but {comp} returned {{count}}",
    "{comp} is not configured. Set {SETTING} or call {verb}_{noun}() before using the {noun2}.",
    "Timed out after {{seconds}}s waiting for {noun} {{name}} in {comp}",
    "{Noun} {{name}} already exists in {comp} {noun2}",
    "Unsupported {noun} type {{kind}} for {comp} (expected one of {{choices}})",
    "Failed to {verb} {noun} from {{path}}: {{error}}",
    "{{count}} {noun}s were found in {comp}, but at most {{limit}} are allowed",
    "No {noun} named {{name!r}} in {comp}; choices are: {{choices}}",
    "{comp} cannot {verb} {adj} {noun} while the {noun2} is {adj2}",
    "{comp}: {adj} {noun} detected during {verb}",
    "Could not {verb} {noun} {{id}} on {{host}}:{{port}} ({comp} {noun2})",
    "The {noun} {{name}} of {comp} must be {adj}, not {{value}}",
    "{comp} {verb} failed for {noun} {{name}} after {{attempts}} attempts: {{reason}}",
    "'{{obj}}' object has no attribute '{{attr}}' in {comp} {noun}",
    "{Noun} index {{index}} is out of range for {comp} {noun2} of size {{size}}",
    "{comp} received a {adj} {noun} ({{value}}) while {noun2} support is active.",
]
SHORT_PATTERNS = ["{{}}", "{{key}}: {{value}}", "{{a}} {{b}}"]  # no usable literal: the fallback list


def _word(rng: random.Random, count: int = 2) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(count))


def make_catalogue(size: int, *, seed: int = 20260501) -> tuple[list[Entry], list[dict]]:
    """`size` signatures over 50 made-up repositories, and per entry what a query needs to fake its use."""
    rng = random.Random(seed)
    repos = []
    for i in range(50):
        name = _word(rng, 2) + _word(rng, 1)
        repos.append({"pkg": name, "url": f"https://github.com/{_word(rng)}/{name}", "layout": i % 3})
    entries, specs, seen = [], [], set()
    while len(entries) < size:
        repo = rng.choice(repos)
        key = len(entries)
        if key % 2000 == 1999:
            pattern = rng.choice(SHORT_PATTERNS)
        else:
            pattern = rng.choice(PATTERNS)
        comp = f"{repo['pkg'].capitalize()}{rng.choice(NOUNS).capitalize()}{rng.choice(['', 'Manager', 'Pool', 'V2'])}"
        signature = pattern.format(
            Noun=rng.choice(NOUNS).capitalize(),
            noun=rng.choice(NOUNS),
            noun2=rng.choice(NOUNS),
            verb=rng.choice(VERBS),
            adj=rng.choice(ADJECTIVES),
            adj2=rng.choice(ADJECTIVES),
            comp=comp,
            SETTING=f"{repo['pkg'].upper()}_{rng.choice(NOUNS).upper()}",
        )
        if signature in seen and pattern not in SHORT_PATTERNS:
            continue  # a literal-less '{}' is legitimately shared by entries of different types
        seen.add(signature)
        exc_type = (
            rng.choice(BUILTINS)
            if rng.random() < 0.4
            else f"{repo['pkg']}.errors.{rng.choice(NOUNS).capitalize()}Error"
        )
        if pattern in SHORT_PATTERNS:
            exc_type = f"{repo['pkg']}.errors.{_word(rng, 3).capitalize()}Error"
        module = rng.choice(NOUNS)
        prefix = ["src/", "python/", ""][repo["layout"]]
        path = f"{prefix}{repo['pkg']}/{rng.choice(NOUNS)}/{module}.py"
        function = f"{rng.choice(NOUNS).capitalize()}{rng.choice(NOUNS).capitalize()}.{rng.choice(VERBS)}"
        sites = tuple(
            Site(path, rng.randint(10, 3000), function if n == 0 else f"{function}_{n}", "0123456789")
            for n in range(rng.choice((1, 1, 1, 2)))
        )
        message = signature.replace("{{", "{").replace("}}", "}")
        entries.append(Entry(key, f"{key:016x}", exc_type, message, "published", repo["url"], signature, (), sites))
        specs.append({"pkg": repo["pkg"], "prefix": prefix})
    return entries, specs


def _value(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.3:
        return _word(rng, rng.randint(1, 3))
    if kind < 0.5:
        return str(rng.randint(0, 100_000))
    if kind < 0.7:
        return f"'{_word(rng)}'"
    if kind < 0.85:
        return ", ".join(_word(rng) for _ in range(rng.randint(2, 5)))
    return f"/var/lib/{_word(rng)}/{_word(rng)}.json"


def render(entry: Entry, rng: random.Random) -> str:
    template = compile_template(entry.signature)
    pieces = [template.literals[0]]
    for literal in template.literals[1:]:
        pieces += [_value(rng), literal]
    return "".join(pieces)


def _frame_line(path: str, line: int, function: str) -> list[str]:
    return [f'  File "{path}", line {line}, in {function}', f"    {rng_source()}"]


def rng_source() -> str:
    return "result = handler(request, *args, **kwargs)"


def traceback_text(entry: Entry, message: str, rng: random.Random, *, frames: int) -> str:
    site = entry.sites[0]
    installed = site.path.removeprefix("src/").removeprefix("python/")
    lines = ["Traceback (most recent call last):"]
    for n in range(frames - 1):
        lines += _frame_line(f"/srv/app/.venv/lib/python3.11/site-packages/app/layer{n}.py", 10 + n, f"step{n}")
    innermost = f"/srv/app/.venv/lib/python3.11/site-packages/{installed}"
    lines += _frame_line(innermost, site.line + rng.choice((0, 0, 3)), site.function.rsplit(".", 1)[-1])
    lines.append(f"{entry.exception_type}: {message}")
    return "\n".join(lines)


def near_miss(message: str, rng: random.Random) -> str:
    words = message.split(" ")
    i = rng.randrange(len(words))
    if rng.random() < 0.5:
        words[i] = rng.choice(NOUNS + VERBS)
    else:
        words[i] = words[i][:-1] + "q" if len(words[i]) > 1 else "q"
    return " ".join(words)


def make_queries(entries: list[Entry], count: int, *, seed: int = 7) -> list[tuple[str, str]]:
    """(kind, text): message, traceback, traceback60, near_miss, noise, log."""
    rng = random.Random(seed)
    queries = []
    for _ in range(count):
        entry = rng.choice(entries)
        message = render(entry, rng)
        roll = rng.random()
        if roll < 0.35:
            text = f"{entry.exception_type.rsplit('.', 1)[-1]}: {message}" if rng.random() < 0.5 else message
            queries.append(("message", text))
        elif roll < 0.45:
            queries.append(("traceback", traceback_text(entry, message, rng, frames=rng.randint(2, 12))))
        elif roll < 0.55:
            queries.append(("traceback60", traceback_text(entry, message, rng, frames=29)))
        elif roll < 0.75:
            queries.append(("near_miss", near_miss(message, rng)))
        elif roll < 0.92:
            words = [rng.choice(NOUNS + VERBS + ADJECTIVES) for _ in range(rng.randint(4, 14))]
            queries.append(("noise", " ".join(words).capitalize() + rng.choice((".", "", "!"))))
        else:
            # The logger is the raising module, as `logging.getLogger(__name__)` names it; two common formats.
            logger = entry.sites[0].path.removeprefix("src/").removeprefix("python/").removesuffix(".py")
            logger = logger.replace("/", ".")
            second = rng.randint(10, 59)
            if entry.key % 2:
                queries.append(("log", f"ERROR:{logger}:{message}"))  # logging.basicConfig()
            else:
                queries.append(("log", f"2026-05-01 12:00:{second},123 ERROR {logger}: {message}"))
    return queries


def linear_finder(entries: list[Entry]) -> ExactFinder:
    """Every signature's regex, tried one after the other: the baseline."""
    compiled = []
    for sid, entry in enumerate(entries):
        template = compile_template(entry.signature)
        pattern = "(.*?)".join(re.escape(literal) for literal in template.literals)
        compiled.append((sid, template, re.compile(pattern, re.DOTALL if template.multiline else 0)))

    def find(text: str, _exception_type: str | None) -> tuple[list[tuple[int, TemplateMatch]], list[int]]:
        fits = []
        for sid, template, regex in compiled:
            match = regex.fullmatch(text)
            if match is not None:
                starts = (0, *(match.end(g) for g in range(1, len(template.fields) + 1)))
                fits.append((sid, TemplateMatch(template, text, starts if template.fields else (0,))))
        return fits, []

    return find


def exact_ranking(result) -> list[tuple[int, int, tuple]]:
    return [(m.entry.key, m.exception, tuple(sorted(m.params.items()))) for m in result.matches if m.exact]


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def _indexed_pass(
    index: LookupIndex, queries: list[tuple[str, str]]
) -> tuple[float, dict[str, list[float]], list, dict[str, list[float]]]:
    """(seconds, latencies by kind, exact rankings, CPU seconds by kind) of one indexed lookup of every query. Each
    lookup is timed on its own, on the wall clock and on the thread's CPU clock: on a shared machine the wall
    clock's tail is other processes' turn on the core. Only what the comparison needs is kept: holding every
    result would leave the collector more to walk as the run goes on, a cost of the harness, not of the lookups."""
    latencies: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    rankings = []
    for kind, text in queries:
        # The wall clock inside the CPU clock: reading the thread's CPU clock is a system call (0.6 µs here, twice
        # a lookup), the wall clock's is not; the linear side reads the wall clock alone.
        c0 = time.thread_time()
        t0 = time.perf_counter()
        result = match_text(index, text, limit=5)
        t1 = time.perf_counter()
        cpu.setdefault(kind, []).append(time.thread_time() - c0)
        latencies.setdefault(kind, []).append(t1 - t0)
        rankings.append(exact_ranking(result))
        del result
    return sum(sum(values) for values in latencies.values()), latencies, rankings, cpu


def smaps_mb(pid: int) -> dict[str, float]:
    """PSS and private (clean + dirty) megabytes of a process."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "kB":
                fields[parts[0].rstrip(":")] = int(parts[1]) / 1024
    return {"pss": fields["Pss"], "private": fields["Private_Clean"] + fields["Private_Dirty"]}


def changed_entries(entries: list[Entry]) -> list[Entry]:
    """CHANGED entries spread over the catalogue, reworded: what a harvest or a curator's edit brings."""
    step = max(1, len(entries) // CHANGED)
    return [
        dataclasses.replace(entry, signature=entry.signature + " (reworded)", message=entry.message + " (reworded)")
        for entry in entries[::step][:CHANGED]
    ]


def worker_memory(index: LookupIndex, entries: list[Entry], queries: list[tuple[str, str]], workers: int) -> dict:
    """Fork `workers` children as gunicorn forks its workers after the master's build (see the docstring)."""
    # Pickled: each worker reads the change as new objects of its own, as kb.matching.live reads it from the
    # database; sharing the master's would copy the pages of the catalogue they sit in.
    changed = pickle.dumps(changed_entries(entries))
    gc.collect()
    gc.freeze()
    alone = smaps_mb(os.getpid())["pss"]
    ready_read, ready_write = os.pipe()
    go = [os.pipe() for _ in range(workers)]
    children = []
    for n in range(workers):
        pid = os.fork()
        if pid == 0:  # a worker: never returns
            try:
                for view in (index, None):
                    # The change arrives as kb.matching.live makes it: an overlay over the untouched base.
                    view = view or layered(index, pickle.loads(changed), removed=())
                    gc.collect()
                    gc.freeze()
                    for _kind, text in queries:
                        match_text(view, text, limit=5)
                    os.write(ready_write, b".")
                    os.read(go[n][0], 1)
            finally:
                os._exit(0)
        children.append(pid)
    phases = []
    for _phase in range(2):
        for _ in range(workers):
            os.read(ready_read, 1)
        master = smaps_mb(os.getpid())
        each = [smaps_mb(pid) for pid in children]
        total = master["pss"] + sum(worker["pss"] for worker in each)
        phases.append({"added_mb": (total - alone) / workers, "workers": each, "master_pss": master["pss"]})
        for _read, write in go:
            os.write(write, b".")
    for pid in children:
        os.waitpid(pid, 0)
    return {"alone_pss": alone, "before_change": phases[0], "after_change": phases[1]}


def run_size(size: int, query_count: int, workers: int = WORKERS) -> dict:
    gc.collect()
    before_catalogue = rss_mb()
    entries, _specs = make_catalogue(size)
    gc.collect()
    before_index = rss_mb()
    started, started_cpu = time.perf_counter(), time.process_time()
    index = FrozenIndex.build(entries)  # the base, as kb.matching.live builds it
    build_s, build_cpu_s = time.perf_counter() - started, time.process_time() - started_cpu
    gc.collect()
    gc.freeze()  # as kb.matching.live does after a build
    index_mb = rss_mb() - before_index
    total_mb = rss_mb() - before_catalogue

    queries = make_queries(entries, query_count)
    # Signature ids are assigned in entry order, and each generated entry has one signature: sid == entry key.
    assert all(index.signatures[k].entry_key == k for k in range(0, size, max(1, size // 100)))
    sample_size = min(LINEAR_SAMPLE.get(size, 200), query_count)
    sample = random.Random(99).sample(range(query_count), sample_size)
    linear = linear_finder(entries)
    # The baseline's hundred thousand compiled regexes and templates are the harness's, as long-lived as the index:
    # out of the collector's sight as the index is. Left in it, a full collection that a pass happens to trigger
    # walks them all (0.3 s at 100k, a third of an indexed pass), a cost of the harness, not of the lookups.
    gc.collect()
    gc.freeze()
    # The indexed pass is short (about a second) and the linear scan long (minutes): timed in separate blocks, a
    # change of the shared machine's load between them moved the ratio (615x-1,920x at one commit). So both are
    # timed on the CPU clock (each side is single-threaded: other processes' turns on the core drop out), and in
    # ROUNDS rounds: a batch of the linear sample, then an indexed pass of every query. A round's ratio sets the
    # batch against the mean of the passes on either side of it; the median round's is the ratio. Each batch
    # takes every ROUNDS-th query of the sample sorted by kind, so each holds the sample's mix.
    by_kind_order = sorted(sample, key=lambda i: queries[i][0])
    batches = [by_kind_order[r::ROUNDS] for r in range(min(ROUNDS, sample_size))]
    passes = [_indexed_pass(index, queries)]
    mismatches = 0
    linear_by_kind: dict[str, list[float]] = {}
    linear_cpu_by_kind: dict[str, list[float]] = {}
    rounds, rounds_wall = [], []
    for batch in batches:
        batch_cpu = batch_wall = 0.0
        for i in batch:
            c0 = time.thread_time()
            t0 = time.perf_counter()
            result = match_text(index, queries[i][1], limit=5, finder=linear)
            t1 = time.perf_counter()
            cpu_s = time.thread_time() - c0
            batch_cpu, batch_wall = batch_cpu + cpu_s, batch_wall + t1 - t0
            linear_by_kind.setdefault(queries[i][0], []).append(t1 - t0)
            linear_cpu_by_kind.setdefault(queries[i][0], []).append(cpu_s)
            if exact_ranking(result) != passes[0][2][i]:
                mismatches += 1
                print(f"MISMATCH on {queries[i][0]} query: {queries[i][1][:200]!r}", file=sys.stderr)
        indexed_s, latencies, _rankings, cpu = _indexed_pass(index, queries)
        passes.append((indexed_s, latencies, [], cpu))  # the first pass's rankings are the ones compared
        around = passes[-2:]
        indexed_cpu = statistics.mean(sum(map(sum, p[3].values())) for p in around)
        indexed_wall = statistics.mean(p[0] for p in around)
        rounds.append((query_count / indexed_cpu) / (len(batch) / batch_cpu))
        rounds_wall.append((query_count / indexed_wall) / (len(batch) / batch_wall))
    # The latencies are the median pass's (by wall time), as before.
    indexed_s, latencies, _rankings, cpu = sorted(passes, key=lambda p: p[0])[len(passes) // 2]
    indexed_rankings = passes[0][2]
    by_cpu = sorted(passes, key=lambda p: sum(map(sum, p[3].values())))[len(passes) // 2][3]
    linear_s = sum(sum(values) for values in linear_by_kind.values())
    exact_found = sum(1 for ranking in indexed_rankings if ranking)

    del linear, passes, indexed_rankings  # not the workers' to inherit
    memory = worker_memory(index, entries, queries, workers)
    messages = latencies.get("message", []) + latencies.get("log", [])
    messages_cpu = cpu.get("message", []) + cpu.get("log", [])
    return {
        "workers": workers,
        "worker_mb": memory["before_change"]["added_mb"],
        "worker_after_change_mb": memory["after_change"]["added_mb"],
        "worker_detail": memory,
        "size": size,
        "queries": query_count,
        "linear_sample": sample_size,
        "build_s": build_s,
        "build_cpu_s": build_cpu_s,  # the shared machine's load stretches the wall time, much less the CPU time
        "index_mb": index_mb,
        "memory_mb": total_mb,
        "indexed_per_s": query_count / indexed_s,
        "linear_per_s": sample_size / linear_s,
        "ratio": statistics.median(rounds),  # on the CPU clock
        "ratio_rounds": rounds,
        "ratio_wall": statistics.median(rounds_wall),  # the same rounds on the wall clock, for comparison
        "p50_message_ms": statistics.median(messages) * 1000,
        "p99_message_ms": percentile(messages, 0.99) * 1000,
        "p99_message_cpu_ms": percentile(messages_cpu, 0.99) * 1000,
        "p50_traceback60_ms": statistics.median(latencies["traceback60"]) * 1000,
        "p99_traceback60_ms": percentile(latencies["traceback60"], 0.99) * 1000,
        "p99_near_miss_ms": percentile(latencies.get("near_miss", []), 0.99) * 1000,
        "exact_found": exact_found,
        "mismatches": mismatches,
        # Per kind of query: mean CPU seconds per lookup, indexed (the median pass by CPU) and linear (on the linear
        # sample's queries).
        "by_kind": {
            kind: [statistics.mean(by_cpu[kind]), statistics.mean(linear_cpu_by_kind[kind])]
            for kind in sorted(linear_cpu_by_kind)
        },
    }


def report(rows: list[dict]) -> bool:
    print(
        "| signatures | indexed lookups/s | linear lookups/s (sample) | ratio (CPU) | p50 / p99 message | "
        "p50 / p99 60-line traceback | build | index memory (catalogue + index) |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        print(
            f"| {row['size']:,} | {row['indexed_per_s']:,.0f} | {row['linear_per_s']:,.1f} ({row['linear_sample']:,}) "
            f"| {row['ratio']:,.0f}x | {row['p50_message_ms']:.3f} / {row['p99_message_ms']:.3f} ms "
            f"| {row['p50_traceback60_ms']:.3f} / {row['p99_traceback60_ms']:.3f} ms "
            f"| {row['build_s']:.2f} s ({row['build_cpu_s']:.2f} s CPU) "
            f"| {row['index_mb']:.0f} MB ({row['memory_mb']:.0f} MB) |"
        )
    print()
    print(
        "| signatures | PSS before forking | workers | each added worker (PSS) | after a change of "
        f"{CHANGED:,} entries | worker PSS / private, before / after the change |"
    )
    print("|---:|---:|---:|---:|---:|---|")
    for row in rows:
        detail = row["worker_detail"]
        workers = ", ".join(
            f"{before['pss']:.0f} / {before['private']:.0f} → {after['pss']:.0f} / {after['private']:.0f} MB"
            for before, after in zip(detail["before_change"]["workers"], detail["after_change"]["workers"], strict=True)
        )
        print(
            f"| {row['size']:,} | {detail['alone_pss']:,.0f} MB | {row['workers']} | {row['worker_mb']:.1f} MB "
            f"| {row['worker_after_change_mb']:.1f} MB | {workers} |"
        )
    print()
    kinds = sorted(rows[-1]["by_kind"])
    print("| signatures | " + " | ".join(f"{kind}: indexed / linear CPU (ratio)" for kind in kinds) + " |")
    print("|---:|" + "---:|" * len(kinds))
    for row in rows:
        cells = []
        for kind in kinds:
            indexed, linear = row["by_kind"].get(kind, [0.0, 0.0])
            cells.append(
                f"{indexed * 1e6:,.0f} µs / {linear * 1e3:,.2f} ms ({linear / indexed:,.0f}x)" if indexed else "-"
            )
        print(f"| {row['size']:,} | " + " | ".join(cells) + " |")
    print()
    for row in rows:
        print(
            f"{row['size']:,} signatures: {row['queries']:,} queries, {row['exact_found']:,} with an exact match; "
            f"linear scan on {row['linear_sample']:,} of them; best exact matches differ on {row['mismatches']}; "
            f"p99 message on the CPU clock {row['p99_message_cpu_ms']:.3f} ms; the ratio's {len(row['ratio_rounds'])} "
            f"rounds {min(row['ratio_rounds']):,.0f}x-{max(row['ratio_rounds']):,.0f}x, on the wall clock "
            f"{row['ratio_wall']:,.0f}x."
        )
    ok = all(row["mismatches"] == 0 for row in rows)
    for row in rows:
        for name, (bound, sense) in TARGETS.get(row["size"], {}).items():
            passed = row[name] >= bound if sense == ">=" else row[name] <= bound
            verdict = "met" if passed else "MISSED"
            print(f"target at {row['size']:,}: {name} {sense} {bound:g}: {row[name]:,.2f} {verdict}")
            ok = ok and passed
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, action="append", help="a size (repeatable); default 1k, 10k and 100k")
    parser.add_argument("--queries", type=int, default=QUERIES)
    parser.add_argument("--workers", type=int, default=WORKERS, help="worker processes forked after the build")
    parser.add_argument("--json", action="store_true", help="one size in this process, its figures as JSON")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(run_size(args.size[0], args.queries, args.workers)))
        return 0
    rows = []
    for size in args.size or SIZES:
        # Each size in a fresh process, so that memory figures are not left over from the previous one.
        command = [sys.executable, __file__, "--json", "--size", str(size), "--queries", str(args.queries)]
        done = subprocess.run([*command, "--workers", str(args.workers)], capture_output=True, text=True, check=False)
        sys.stderr.write(done.stderr)
        if done.returncode:
            return done.returncode
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    ok = report(rows)
    assert all(row["mismatches"] == 0 for row in rows), "the indexed and the linear matcher disagree"
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
