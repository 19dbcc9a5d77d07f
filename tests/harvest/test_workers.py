"""A harvest large enough for the worker processes writes what a harvest in one process writes, card for card,
its entries and sites saved a batch at a time as the workers render them."""

import multiprocessing
import os
from pathlib import Path

import pytest

from kb.harvest import Target, harvest
from kb.harvest.pipeline import scan, store
from kb.harvest.pipeline.pool import MIN_ITEMS
from kb.models import ErrorEntry, RelatedSuggestion, Repository

pytestmark = pytest.mark.django_db

MODULES = MIN_ITEMS + 6


def module(n: int) -> str:
    return f'''
def check_{n}(value, limit):
    """Check value number {n}."""
    if value is None:
        raise ValueError("Value {n} is missing")
    if value > limit:
        raise OverflowError(f"Value {n} is above {{limit}}")
    return value


def call_{n}():
    return check_{n}(1, 2)
'''


def write_tree(root: Path, *, extra: str = "") -> None:
    for n in range(MODULES):
        (root / f"mod{n}.py").write_text(module(n) + (extra if n == 0 else ""))


def suggested(name: str) -> set[tuple[str, str, int, int]]:
    found = RelatedSuggestion.objects.filter(source__repository__name=name).select_related("source", "target")
    return {(s.source.message, s.target.message, s.scope, s.distance) for s in found}


def in_id_order(name: str) -> list[str]:
    return list(ErrorEntry.objects.filter(repository__name=name).order_by("pk").values_list("message", flat=True))


def cards(name: str) -> dict:
    """Each entry's card as a reader sees it, and its sites, keyed by message."""
    found = {}
    for entry in ErrorEntry.objects.filter(repository__name=name).prefetch_related("sites"):
        sites = [
            (s.path, s.line, s.function, s.snippet, s.snippet_start, s.snippet_html, s.evidence, s.position)
            for s in entry.sites.all()
        ]
        found[entry.message] = (entry.title, entry.generated, entry.generated_html, entry.evidence, sites)
    return found


def harvest_as(root: Path, name: str, workers: str, monkeypatch) -> None:
    monkeypatch.setenv("HARVEST_WORKERS", workers)
    harvest(target=Target(root=root, owner="acme", name=name, commit="v1"), progress=False)


@pytest.fixture
def small_batches(monkeypatch):
    # Several batches of cards, so that some are written while the workers render others.
    monkeypatch.setattr(store, "BATCH", 16)


def test_a_harvest_in_workers_writes_the_same_cards_as_one_in_a_single_process(tmp_path, monkeypatch, small_batches):
    write_tree(tmp_path)
    harvest_as(tmp_path, "lib", "2", monkeypatch)
    pooled, pooled_order, pooled_suggestions = cards("lib"), in_id_order("lib"), suggested("lib")
    ErrorEntry.objects.all().delete()  # the second harvest is a first one again
    Repository.objects.all().delete()
    harvest_as(tmp_path, "lib", "1", monkeypatch)
    inline = cards("lib")
    assert len(pooled) == 2 * MODULES
    assert pooled == inline
    # The cards are rendered in no set order, the ids are drawn in the plan's: the same as in one process.
    assert pooled_order == in_id_order("lib")
    assert pooled_suggestions == suggested("lib") and pooled_suggestions
    assert all(html and "highlight" in sites[0][5] for _, _, html, _, sites in pooled.values())


def test_sites_added_to_entries_already_there_are_saved_with_the_new_entries(tmp_path, monkeypatch, small_batches):
    write_tree(tmp_path)
    harvest_as(tmp_path, "pooled", "2", monkeypatch)
    added = '\n\ndef again():\n    raise ValueError("Value 1 is missing")\n    raise KeyError("New")\n'
    write_tree(tmp_path, extra=added)
    harvest_as(tmp_path, "pooled", "2", monkeypatch)
    found = cards("pooled")
    assert [site[2] for site in found["Value 1 is missing"][4]] == ["check_1", "again"]
    assert [site[7] for site in found["Value 1 is missing"][4]] == [0, 1]
    assert found["New"][4][0][5].startswith('<div class="highlight">')


def test_the_callers_are_read_beside_the_planning_not_by_the_harvest_s_own_process(tmp_path, monkeypatch):
    """On a first harvest with helpers, the call graph is read by a helper while this process plans the rows."""
    readers = tmp_path / "readers"
    read_callers = scan.add_callers

    def noted(*args, **kwargs):
        with readers.open("a") as out:  # a helper's memory does not come back: its process id is written down
            out.write(f"{os.getpid()}\n")
        return read_callers(*args, **kwargs)

    monkeypatch.setattr(scan, "add_callers", noted)
    tree = tmp_path / "tree"
    tree.mkdir()
    write_tree(tree)
    harvest_as(tree, "lib", "2", monkeypatch)
    assert readers.read_text().split() and str(os.getpid()) not in readers.read_text().split()
    assert any(sites[0][6].get("callers") for _, _, _, _, sites in cards("lib").values())


def test_a_helper_that_dies_reading_the_callers_leaves_them_to_the_harvest(tmp_path, monkeypatch):
    harvesting = os.getpid()
    read_reach = scan.add_reach

    def dies_in_a_helper(*args, **kwargs):
        if os.getpid() != harvesting:
            os._exit(1)  # as the OOM killer ends a process
        return read_reach(*args, **kwargs)

    write_tree(tmp_path)
    harvest_as(tmp_path, "lib", "1", monkeypatch)
    inline = cards("lib")
    ErrorEntry.objects.all().delete()
    Repository.objects.all().delete()
    monkeypatch.setattr(scan, "add_reach", dies_in_a_helper)
    harvest_as(tmp_path, "lib", "2", monkeypatch)
    assert cards("lib") == inline
    assert multiprocessing.active_children() == []


def test_a_harvest_with_helpers_records_the_tree_s_compiled_code(tmp_path, monkeypatch):
    """Read by the harvest's own process while a helper reads the callers, rather than before the extraction."""
    write_tree(tmp_path, extra="\nfrom _speedups import fast\n")
    (tmp_path / "_speedups.abi3.so").write_bytes(b"")
    harvest_as(tmp_path, "lib", "2", monkeypatch)
    record = Repository.objects.get(name="lib").compiled
    assert record["modules"] == ["_speedups"] and record["names"] == {"mod0.fast": "_speedups"}


@pytest.mark.parametrize(
    "failing",
    [
        "kb.harvest.pipeline.store._related",  # while a helper reads the callers
        "kb.harvest.pipeline.run.entry_evidence",
        "kb.harvest.pipeline.store.create_with_history",
    ],
)
def test_a_harvest_that_fails_midway_leaves_no_process_behind(tmp_path, monkeypatch, small_batches, failing):
    """After the scan, its first helper highlights snippets ahead and another reads the callers; while the cards are
    written, a helper renders."""

    def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    write_tree(tmp_path)
    monkeypatch.setattr(failing, broken)
    with pytest.raises(RuntimeError, match="went away") as failure:
        harvest_as(tmp_path, "lib", "2", monkeypatch)
    # While the failure (its traceback, every frame's locals) is still held, as a caller logging it holds it.
    assert failure.traceback and multiprocessing.active_children() == []
    assert not ErrorEntry.objects.filter(repository__name="lib").exists()
