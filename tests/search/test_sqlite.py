"""Search on SQLite (`make run`): FTS5 ranked with bm25, typos forgiven, the index kept in step by every writer.

The suite runs on PostgreSQL; `test_the_sqlite_search_tests_pass_on_sqlite` runs this module and the shared
ranking table (test_search_ranking.py) again in a subprocess whose database is SQLite. Run directly on
PostgreSQL, the SQLite-only tests here are skipped."""

import io
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection

from kb.models import ErrorEntry, Repository
from tests.counted_work import python_calls, stall_guard
from tests.factories import SolutionFactory
from tests.search_queries import CARD

on_sqlite = pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3", reason="runs on SQLite only"
)


@pytest.mark.skipif(bool(os.environ.get("ERRORKB_SQLITE_RUN")), reason="already on SQLite")
def test_the_sqlite_search_tests_pass_on_sqlite(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "ERRORKB_SQLITE_RUN": "1",
    }
    modules = ["tests/search/test_sqlite.py", "tests/search/test_ranking.py"]
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", *modules]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "runs on SQLite only" not in result.stdout, result.stdout[-3000:]


@pytest.fixture
def catalogue(db) -> None:
    call_command("import_errors", "fixtures/sglang.json", "fixtures/python-projects.json")


def _found(query: str) -> list[str]:
    from kb.search.query import search

    return list(search(ErrorEntry.objects.all(), query).values_list("public_id", flat=True))


@on_sqlite
def test_nixl_hisparse_ranks_the_card_first(catalogue):
    assert _found("NIXL HiSparse")[0] == CARD


@on_sqlite
def test_a_misspelt_word_is_corrected_from_the_vocabulary(catalogue):
    assert CARD in _found("hisparce")
    assert CARD in _found("nixl transfr")


@on_sqlite
def test_a_query_with_operators_is_not_corrected(catalogue):
    assert _found('"hisparce"') == []
    assert _found("hisparce -zzz") == []


ODD_QUERIES = [
    "NEAR(nixl hisparse)",
    "nixl AND",
    "AND OR NOT",
    "NOT nixl",
    "nixl*",
    "^nixl",
    "title:nixl",
    "{title}: x",
    "nixl + decode",
    ")(",
    '"a" "b',
    '""',
    "'",
    "-",
    "or",
    "*",
    "nixl:*",
    "a & b | c",
    "\x1a",
    "NIXL\u0301",
    ('"' * 7 + "x:" + "-" * 9 + "(*" * 5) * 10,
]


@on_sqlite
def test_no_query_is_an_fts5_syntax_error(client, catalogue):
    statuses = {
        (client.get("/search/", {"q": q}).status_code, client.get("/api/errors", {"search": q}).status_code)
        for q in ODD_QUERIES
    }
    assert statuses == {(200, 200)}


def test_a_long_adversarial_query_is_parsed_in_linear_time():
    from kb.search.query import parse_query

    # Queries are cut at 500 characters before they are parsed; the parser is linear whatever their length: eight
    # times the query, about eight times the calls (the seconds are bench/linear_bench.py's).
    parse_query('"a -b or ' * 1000)
    with stall_guard():
        small, large = (python_calls(parse_query, '"a -b or ' * n) for n in (1000, 8000))
    assert large < 12 * small, (small, large)


@on_sqlite
def test_a_saved_entry_is_found_by_its_new_words_and_not_by_its_old_ones(catalogue):
    entry = ErrorEntry.objects.get(public_id=CARD)
    entry.meaning = "Zyxwvut appears here now."
    entry.save()
    assert _found("zyxwvut") == [CARD]
    entry.meaning = "Gone again."
    entry.save()
    assert _found("zyxwvut") == []


@on_sqlite
def test_queryset_updates_bulk_writes_and_deletes_keep_the_index_in_step(catalogue):
    ErrorEntry.objects.filter(public_id=CARD).update(trigger="Quuxblorf triggers it.")
    assert _found("quuxblorf") == [CARD]
    repository = Repository.objects.get(owner="sgl-project")
    made = ErrorEntry.objects.bulk_create(
        [
            ErrorEntry(
                repository=repository,
                exception_type="ValueError",
                message=f"Flibbertigibbet number {i}",
                public_id=f"{i:016x}",
                title=f"Flibbertigibbet number {i}",
            )
            for i in range(3)
        ]
    )
    assert sorted(_found("flibbertigibbet")) == [e.public_id for e in made]
    for entry in made:
        entry.message = entry.title = "Snollygoster"
    ErrorEntry.objects.bulk_update(made, ["message", "title"])
    assert _found("flibbertigibbet") == [] and len(_found("snollygoster")) == 3
    ErrorEntry.objects.filter(public_id__in=[e.public_id for e in made]).delete()
    assert _found("snollygoster") == []


@on_sqlite
def test_a_solution_is_found_through_search_extra(catalogue):
    entry = ErrorEntry.objects.get(public_id=CARD)
    SolutionFactory(entry=entry, position=9, body="Use the gobbledygook flag.")
    entry.refresh_search_extra()
    assert _found("gobbledygook") == [CARD]


@on_sqlite
def test_a_harvest_keeps_the_index_in_step(db, git_repo):
    git_repo.write("pkg/mod.py", 'def f():\n    raise ValueError("Brouhaha widget cannot frobnicate")\n')
    git_repo.commit()
    call_command("harvest", str(git_repo.root), "--repo", "acme/pkg", "--no-progress", stdout=io.StringIO())
    assert len(_found("brouhaha frobnicate")) == 1


@on_sqlite
def test_the_index_is_restored_after_a_migration_drops_its_triggers(catalogue):
    # Django remakes a SQLite table for most column changes, and dropping the old table drops its triggers.
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER kb_search_update")
    ErrorEntry.objects.filter(public_id=CARD).update(meaning="Kerfuffle.")
    call_command("migrate", verbosity=0)
    assert _found("kerfuffle") == [CARD]
    ErrorEntry.objects.filter(public_id=CARD).update(meaning="Hullabaloo.")
    assert _found("hullabaloo") == [CARD] and _found("kerfuffle") == []


@on_sqlite
def test_with_no_results_the_page_offers_the_closest_words_and_the_lookup(client, catalogue):
    html = client.get("/search/", {"q": "hisparce zzzzqqq"}).content.decode()
    assert 'Did you mean <a href="?q=hisparse">hisparse</a>' in html
    assert 'href="/?q=hisparce+zzzzqqq#lookup-results"' in html
