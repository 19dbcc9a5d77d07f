"""Search over a million entries: p50/p95 of `/api/errors?search=` and of the search page, per kind of query.

    PG_SERVER_OPTIONS="-c shared_buffers=2GB -c effective_cache_size=6GB -c work_mem=32MB \
        -c maintenance_work_mem=512MB -c random_page_cost=1.1 -c jit=off" \
        scripts/with-postgres .venv/bin/python bench/search_bench.py [--entries 1000000] [--runs 30] [--reuse]

PG_SERVER_OPTIONS gives the throwaway cluster the settings of docker-compose.yml's db service (shared_buffers and
the rest); without it PostgreSQL's defaults (128 MB of shared_buffers) reread rows from the OS.

On the PostgreSQL of DATABASE_URL (scripts/with-postgres starts a throwaway one): migrates, harvests the installed
Django and Django REST framework (published, so that real entries, exception types, solutions and repositories
are there), then generates entries up to --entries in SQL (INSERT … SELECT over generate_series). Each copies a
harvested entry (repository, exception type, texts, `search_extra`: PostgreSQL computes the generated
`search_vector` from real columns) with a new message of 4 to 12 words drawn from the vocabulary of the harvested
messages under a Zipf-like law (the k-th most frequent word is drawn with a probability of about 1/k), so some
words are in most entries and others in a few hundred. One entry in 50 is a draft. The GIN indexes are dropped
during the insert and built again after it. With --reuse, a catalogue that is already large enough is kept.

Requests go through Django's test client in this process (the middleware and view stack, no HTTP server), with
config.settings.test, anonymous, throttles lifted. The queries are picked from the data: the most common word, two
common words, a rare word (in a few hundred entries), two rare words found together (each in at most 1,000
entries), a rare word with a common one, a phrase, an exception type,
a typo of a common word, a common word with a repository filter, a word matching nothing, and a word every entry
holds. Prints per query: the count the API gives (capped), p50/p95 in ms through the API and the page, their p95
as a multiple of the baseline's (the API's card of one entry, fetched by id in the same run), SQL queries per
request, and whether the targets hold: in ms (API p95 <= 50 ms, and <= 10 ms for two rare words; the page
<= 50 ms), and as multiples of the baseline (the same targets over the 3.1 ms issue 15 measured for the card
in-process: 16x and 3.2x), which hold better than absolute times on a shared, loaded machine.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
os.environ.setdefault("THROTTLE_SEARCH", "1000000/second")
if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
    sys.exit("Run it on PostgreSQL: scripts/with-postgres .venv/bin/python bench/search_bench.py")

import django  # noqa: E402

django.setup()

import rest_framework  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from kb.models.titles import TITLE_LENGTH  # noqa: E402

# One connection for the whole run, as a server worker keeps it (the test settings close it after each request).
connection.settings_dict["CONN_MAX_AGE"] = None

TARGET_MS, RARE_TARGET_MS = 50.0, 10.0
RARE_AT_MOST = 1000  # entries holding a word that counts as rare
# The targets as multiples of the baseline, for a loaded machine where absolute times mean little: issue 15
# measured the cached card at 3.1 ms in-process, so 50 ms is 16x the card and 10 ms is 3.2x.
CARD_MS = 3.1
# Columns a generated entry does not copy from its harvested template.
GENERATED = {
    "public_id": "substr(md5('bench-' || g.i), 1, 16)",
    "message": "m.text",
    "signature": "m.text",
    "title": f"left(m.text, {TITLE_LENGTH})",
    "site_key": "''",
    "status": "CASE WHEN g.i %% 50 = 0 THEN 'draft' ELSE 'published' END",
    "lookup_hits": "0",
    "created_at": "now() - g.i * interval '1 minute'",
    "updated_at": "now() - g.i * interval '1 minute'",
}


def sql(statement: str, params: list | None = None) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(statement, params or [])
        return cursor.fetchall() if cursor.description else []


def entry_count() -> int:
    return sql("SELECT count(*) FROM kb_errorentry")[0][0]


def harvest() -> None:
    django_dir, drf_dir = Path(django.__file__).parent, Path(rest_framework.__file__).parent
    for path, repo, prefix in (
        (django_dir, "django/django", "django"),
        (drf_dir, "encode/django-rest-framework", "rest_framework"),
    ):
        call_command(
            "harvest",
            str(path),
            repo=repo,
            path_prefix=prefix,
            publish=True,
            no_progress=True,
            commit=django.get_version() if repo == "django/django" else rest_framework.__version__,
            verbosity=0,
        )


def generate(total: int) -> None:
    """Entries up to `total`, in one INSERT … SELECT, with the GIN indexes built afterwards."""
    have = entry_count()
    if have >= total:
        return
    columns = [
        row[0]
        for row in sql(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'kb_errorentry' "
            "AND column_name NOT IN ('id', 'search_vector') ORDER BY ordinal_position"
        )
    ]
    values = ", ".join(GENERATED.get(c, f't."{c}"') for c in columns)
    gin = sql("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'kb_errorentry' AND indexdef ~ 'gin'")
    sql("SET maintenance_work_mem = '1GB'")
    sql("DROP TABLE IF EXISTS bench_template")
    sql("CREATE TEMP TABLE bench_template AS SELECT (row_number() OVER (ORDER BY id)) - 1 AS n, * FROM kb_errorentry")
    templates = sql("SELECT count(*) FROM bench_template")[0][0]
    sql("DROP TABLE IF EXISTS bench_vocabulary")
    sql(
        "CREATE TEMP TABLE bench_vocabulary AS SELECT word, count(*) AS n FROM kb_errorentry, "
        "regexp_split_to_table(lower(message), '[^a-z]+') AS word WHERE length(word) >= 3 GROUP BY word"
    )
    for name, _definition in gin:
        sql(f'DROP INDEX "{name}"')
    try:
        _insert(columns, values, have + 1, total, templates)
    finally:
        for _name, definition in gin:
            sql(definition)
    sql("VACUUM ANALYZE kb_errorentry")


def _insert(columns: list[str], values: str, first: int, last: int, templates: int) -> None:
    sql(
        f"""
        INSERT INTO kb_errorentry ({", ".join(f'"{c}"' for c in columns)})
        WITH vocabulary AS (
            SELECT array_agg(word ORDER BY n DESC, word) AS words, count(*) AS size FROM bench_vocabulary
        )
        SELECT {values}
        FROM generate_series(%s, %s) AS g(i)
        CROSS JOIN vocabulary AS v
        JOIN bench_template AS t ON t.n = g.i %% %s
        CROSS JOIN LATERAL (
            -- g.i in the series' bounds makes the words differ row by row (else it would run once).
            -- A word per s, s in the aggregate's argument: else it would belong to the outer query.
            SELECT string_agg(v.words[ceil(power(v.size, random()))::int + 0 * s], ' ') AS text
            FROM generate_series(1, 4 + (g.i * 7) %% 9) AS s
        ) AS m
        """,
        [first, last, templates],
    )


def matches(tsquery: str) -> int:
    return sql("SELECT count(*) FROM kb_errorentry WHERE search_vector @@ to_tsquery('english', %s)", [tsquery])[0][0]


def two_rare_words(rare: str, words: list[str]) -> str:
    """`rare` and a partner found with it that is rare too (in at most RARE_AT_MOST entries): the least frequent
    other word of an entry holding `rare`, from the first such entries by id. A partner that is merely the least
    frequent word of one entry may be in a third of the catalogue, which is a rare word with a common one."""
    holders = sql(
        "SELECT message FROM kb_errorentry WHERE search_vector @@ to_tsquery('english', %s) ORDER BY id LIMIT 200",
        [rare],
    )
    rank = {w: i for i, w in enumerate(words)}
    for (message,) in holders:
        others = [w for w in set(message.split()) if w in rank and w != rare]
        if others and matches(partner := max(others, key=rank.__getitem__)) <= RARE_AT_MOST:
            return f"{rare} {partner}"
    sys.exit(f"No rare word is found with {rare!r} in its first {len(holders)} entries: generate more entries.")


def queries() -> list[tuple[str, dict[str, str]]]:
    """(label, API parameters) for each kind of query, picked from the generated data."""
    words = [
        row[0]
        for row in sql(
            "SELECT word FROM bench_vocabulary WHERE to_tsvector('english', word) <> ''::tsvector "
            "AND length(word) >= 4 ORDER BY n DESC, word"
        )
    ]
    common = words[:3]
    rare = next(w for w in reversed(words) if 50 <= matches(w) <= RARE_AT_MOST)
    rare_pair = two_rare_words(rare, words)
    typo_of = next(w for w in common + words if len(w) >= 7)
    typo = typo_of[:3] + typo_of[4] + typo_of[3] + typo_of[5:]
    exception = sql(
        "SELECT exception_type FROM kb_errorentry WHERE exception_type ~ '^[A-Za-z]+$' "
        "GROUP BY 1 ORDER BY count(*) DESC LIMIT 1"
    )[0][0]
    return [
        ("very common word", {"search": common[0]}),
        ("two common words", {"search": f"{common[0]} {common[1]}"}),
        ("rare word", {"search": rare}),
        ("two rare words", {"search": rare_pair}),
        ("a rare word and a common one", {"search": f"{rare} {common[1]}"}),
        ("phrase", {"search": f'"{common[1]} {common[2]}"'}),
        ("exception type", {"search": exception}),
        ("typo", {"search": typo}),
        ("facet filter", {"search": common[0], "repository": "encode/django-rest-framework"}),
        ("matches nothing", {"search": "qzxvbnmw"}),
        ("matches every entry", {"search": "django"}),
    ]


def timed(client: Client, path: str, params: dict[str, str], runs: int) -> tuple[list[float], int, int]:
    """Milliseconds per request (after two warm-ups), the SQL queries of one request, and its status."""
    for _ in range(2):
        client.get(path, params)
    executed: list[str] = []
    with connection.execute_wrapper(lambda execute, sql, *args: executed.append(sql) or execute(sql, *args)):
        status = client.get(path, params).status_code
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        client.get(path, params)
        times.append((time.perf_counter() - start) * 1000)
    return times, len(executed), status


def p(times: list[float], q: int) -> float:
    return statistics.quantiles(times, n=100, method="inclusive")[q - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=30, help="timed requests per query and path")
    parser.add_argument("--reuse", action="store_true", help="keep a catalogue that is already large enough")
    args = parser.parse_args()
    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    if not args.reuse and entry_count():
        sys.exit("The database already holds entries: pass --reuse, or run on an empty one.")
    if not entry_count():
        harvest()
    generate(args.entries)
    sql("DROP TABLE IF EXISTS bench_vocabulary")
    sql(
        "CREATE TEMP TABLE bench_vocabulary AS SELECT word, count(*) AS n FROM "
        "(SELECT message FROM kb_errorentry ORDER BY id LIMIT 20000) AS sample, "
        "regexp_split_to_table(lower(message), '[^a-z]+') AS word WHERE length(word) >= 3 GROUP BY word"
    )
    print(f"catalogue: {entry_count():,} entries, ready in {time.perf_counter() - started:.0f} s", flush=True)
    picked = queries()
    client = Client(HTTP_HOST="localhost")
    card = sql("SELECT public_id FROM kb_errorentry WHERE status = 'published' ORDER BY id LIMIT 1")[0][0]
    baseline, baseline_queries, _ = timed(client, f"/api/errors/{card}", {}, args.runs)
    base95 = p(baseline, 95)
    print(
        f"baseline (the API's card by id): p50 {p(baseline, 50):.1f} ms, p95 {base95:.1f} ms, "
        f"{baseline_queries} queries",
        flush=True,
    )
    print(
        f"\n{'query':<20} {'search':<34} {'count':>7} {'API p50':>8} {'p95':>6} {'x base':>6} {'SQL':>4} "
        f"{'page p50':>9} {'p95':>6} {'x base':>6} {'SQL':>4}  target: ms / x base",
        flush=True,
    )
    failed: list[str] = []
    missed_relative: list[str] = []
    for label, params in picked:
        api, api_queries, api_status = timed(client, "/api/errors", params, args.runs)
        page_params = {("q" if k == "search" else k): v for k, v in params.items()}
        page, page_queries, page_status = timed(client, "/search/", page_params, args.runs)
        body = client.get("/api/errors", params).json()
        count = f"{body['count']}{'+' if body.get('count_capped') else ''}"
        target = RARE_TARGET_MS if label == "two rare words" else TARGET_MS
        ok = p(api, 95) <= target and p(page, 95) <= TARGET_MS and api_status == page_status == 200
        relative = p(api, 95) / base95 <= target / CARD_MS and p(page, 95) / base95 <= TARGET_MS / CARD_MS
        failed += [] if ok else [label]
        missed_relative += [] if relative else [label]
        shown = " ".join(f"{k}={v}" for k, v in params.items())[:34]
        print(
            f"{label:<20} {shown:<34} {count:>7} {p(api, 50):>8.1f} {p(api, 95):>6.1f} {p(api, 95) / base95:>6.1f} "
            f"{api_queries:>4} {p(page, 50):>9.1f} {p(page, 95):>6.1f} {p(page, 95) / base95:>6.1f} {page_queries:>4}"
            f"  {'ok' if ok else 'MISSED'} / {'ok' if relative else 'MISSED'} (API <= {target:.0f} ms = "
            f"{target / CARD_MS:.1f}x, page <= {TARGET_MS:.0f} ms = {TARGET_MS / CARD_MS:.0f}x)",
            flush=True,
        )
    print(
        f"\n{len(picked) - len(failed)}/{len(picked)} queries within the targets in ms"
        + (f"; missed: {failed}" if failed else ""),
        flush=True,
    )
    print(
        f"{len(picked) - len(missed_relative)}/{len(picked)} within them as multiples of the baseline (target ms / "
        f"{CARD_MS} ms)" + (f"; missed: {missed_relative}" if missed_relative else ""),
        flush=True,
    )
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}", flush=True)


if __name__ == "__main__":
    main()
