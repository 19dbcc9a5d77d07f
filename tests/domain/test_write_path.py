"""The one write path (kb.actions.writes): every writer ends in the same step, so lookups, search and caches follow."""

import datetime
import threading
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connections, transaction
from django.test import Client

from kb.actions import accept_suggestions
from kb.actions.writes import EntryData, finish_write, import_entries, write_entry
from kb.models import ErrorEntry, RelatedSuggestion, Repository
from tests.factories import ErrorEntryFactory, RaiseSiteFactory, RepositoryFactory, SolutionFactory
from tests.samples import catalogue_revision

SNIPPET = "def resize(size):\n    if size < 0:\n        raise ValueError(size)\n"


def entry_data(**changes) -> EntryData:
    data: EntryData = {
        "id": "0123456789abcdef",
        "repository": {"host": "github.com", "owner": "acme", "name": "widgets", "url": ""},
        "kind": "error",
        "exception_type": "ValueError",
        "message": "Widget size must be positive, got -1",
        "signature": "Widget size must be positive, got {size}",
        "meaning": "The size is **negative**.",
        "sites": [
            {
                "path": "widgets/core.py",
                "line": 3,
                "function": "resize",
                "commit": "abc123",
                "snippet": SNIPPET,
                "snippet_start": 1,
            },
        ],
        "solutions": ["Pass a positive size."],
        "related": [],
        "provenance": {"method": "curated", "commit": "", "analysed_at": None},
        "status": "published",
    }
    return {**data, **changes}


def test_writing_a_new_entry_renders_it_makes_it_searchable_and_moves_the_revision(db):
    before = catalogue_revision()
    entry, changed = write_entry(data=entry_data())
    entry.refresh_from_db()
    assert changed
    assert "<strong>negative</strong>" in entry.meaning_html
    assert entry.title == "Widget size must be positive, got -1"
    assert entry.search_extra == "acme widgets Pass a positive size."
    assert catalogue_revision() == before + 1


def test_sites_written_together_mark_every_raise_line_of_the_snippet_they_share(db):
    site = entry_data()["sites"][0]
    entry, _ = write_entry(data=entry_data(sites=[{**site, "line": 2}, {**site, "line": 3}]))
    assert [s.snippet_html.count('class="hll"') for s in entry.sites.all()] == [2, 2]


def test_writing_an_entry_as_it_is_changes_nothing_and_leaves_the_revision(db):
    entry, _ = write_entry(data=entry_data())
    before, updated_at = catalogue_revision(), entry.updated_at
    entry = ErrorEntry.objects.with_card().get(pk=entry.pk)
    _, changed = write_entry(data=entry_data(), entry=entry)
    assert not changed
    assert catalogue_revision() == before
    assert ErrorEntry.objects.get(pk=entry.pk).updated_at == updated_at


def test_a_change_of_links_alone_moves_the_revision_and_the_cards_version(db):
    target = ErrorEntryFactory()
    entry, _ = write_entry(data=entry_data())
    before, updated_at = catalogue_revision(), entry.updated_at
    entry = ErrorEntry.objects.with_card().get(pk=entry.pk)
    _, changed = write_entry(data=entry_data(related=[{"id": target.public_id}]), entry=entry)
    assert changed
    assert catalogue_revision() == before + 1
    assert ErrorEntry.objects.get(pk=entry.pk).updated_at > updated_at


def test_an_import_moves_the_revision_once_and_skips_an_entry_a_curator_changed(db):
    before = catalogue_revision()
    second = entry_data(id="fedcba9876543210", message="Widget colour is unknown: red", signature="")
    result = import_entries(entries=[entry_data(), second])
    assert sorted(result.created) == ["0123456789abcdef", "fedcba9876543210"]
    assert catalogue_revision() == before + 1
    ErrorEntry.objects.filter(public_id="0123456789abcdef").update(meaning="A curator's words.")
    again = import_entries(entries=[entry_data(), second])
    assert (again.skipped, again.unchanged) == (["0123456789abcdef"], ["fedcba9876543210"])
    assert catalogue_revision() == before + 1


def test_the_step_after_a_write_saves_what_the_writer_left_unsaved_and_refreshes_search(db):
    entry = ErrorEntryFactory()
    SolutionFactory(entry=entry, body="Measure twice.")
    before = catalogue_revision()
    entry.meaning = "Sizes are *never* negative."
    finish_write(entries=[entry], save=True)
    entry.refresh_from_db()
    assert entry.meaning_html == "<p>Sizes are <em>never</em> negative.</p>"
    assert entry.search_extra.endswith("Measure twice.")
    assert catalogue_revision() == before + 1


def test_publishing_from_the_admin_list_moves_the_revision(staff_curator_client: Client):
    entry = ErrorEntryFactory(status=ErrorEntry.Status.DRAFT)
    before = catalogue_revision()
    staff_curator_client.post("/admin/kb/errorentry/", {"action": "publish", "_selected_action": [entry.pk]})
    assert ErrorEntry.objects.get(pk=entry.pk).status == ErrorEntry.Status.PUBLISHED
    assert catalogue_revision() == before + 1


def test_accepting_a_suggestion_moves_the_revision_and_the_cards_version(db):
    source, target = ErrorEntryFactory(status=ErrorEntry.Status.DRAFT), ErrorEntryFactory()
    suggestion = RelatedSuggestion.objects.create(source=source, target=target, scope=0, distance=3)
    before, updated_at = catalogue_revision(), source.updated_at
    assert accept_suggestions([suggestion], by=None) == 1
    assert catalogue_revision() == before + 1
    assert ErrorEntry.objects.get(pk=source.pk).updated_at > updated_at


def test_derived_fields_are_worked_out_without_a_save_as_a_bulk_writer_needs(db):
    repository = RepositoryFactory(owner="acme", name="gears")
    entry = ErrorEntry(
        repository=repository,
        exception_type="KeyError",
        message="'{name}'",
        signature="{name!r}",
        meaning="Look it *up*.",
    )
    entry.derive_fields()
    assert entry.pk is None
    assert (entry.title, entry.search_extra) == ("KeyError", "acme gears")
    assert entry.meaning_html == "<p>Look it <em>up</em>.</p>"
    assert len(entry.public_id) == 16


def test_a_draft_related_entry_is_shown_only_to_those_who_may_see_drafts(curator):
    entry = ErrorEntryFactory()
    draft, published = ErrorEntryFactory(status=ErrorEntry.Status.DRAFT), ErrorEntryFactory()
    entry.outgoing_links.create(target=draft, position=0)
    entry.outgoing_links.create(target=published, position=1)
    loaded = ErrorEntry.objects.with_card().get(pk=entry.pk)
    assert loaded.related_visible_to(AnonymousUser()) == [published]
    assert loaded.related_visible_to(curator) == [draft, published]
    assert loaded.related_entries() == [draft, published]


def test_entry_counts_count_what_the_reader_may_see(curator):
    repository = RepositoryFactory()
    ErrorEntryFactory(repository=repository)
    ErrorEntryFactory(repository=repository, status=ErrorEntry.Status.DRAFT)
    counted = Repository.objects.filter(pk=repository.pk)
    assert counted.with_entry_count(AnonymousUser()).get().error_count == 1
    assert counted.with_entry_count(None).get().error_count == 1
    assert counted.with_entry_count(curator).get().error_count == 2


def test_a_repository_is_found_by_its_full_name_and_nothing_else_is(db):
    repository = RepositoryFactory(owner="acme", name="widgets")
    assert list(Repository.objects.by_full_name("acme/widgets")) == [repository]
    for text in ("acme", "acme/", "/widgets", "acme/widgets/extra", "acme//widgets", ""):
        assert not Repository.objects.by_full_name(text).exists(), text


def test_sites_that_share_a_snippet_are_one_group(db):
    entry = ErrorEntryFactory()
    first = RaiseSiteFactory(entry=entry, line=2, snippet=SNIPPET, snippet_start=1, commit="abc")
    second = RaiseSiteFactory(entry=entry, line=3, snippet=SNIPPET, snippet_start=1, commit="abc")
    elsewhere = RaiseSiteFactory(entry=entry, path="widgets/other.py", line=9)
    groups = ErrorEntry.objects.with_card().get(pk=entry.pk).source_groups()
    assert [[site.pk for site in group] for group in groups] == [[first.pk, second.pk], [elsewhere.pk]]


def test_a_created_at_given_on_import_is_kept(db):
    when = datetime.datetime(2024, 5, 1, tzinfo=datetime.UTC)
    entry, _ = write_entry(data=entry_data(created_at=when))
    assert ErrorEntry.objects.get(pk=entry.pk).created_at == when


@pytest.mark.django_db(transaction=True)
def test_accepting_a_suggestion_while_a_curator_saves_the_entry_keeps_the_curators_change() -> None:
    source, target = ErrorEntryFactory(status=ErrorEntry.Status.DRAFT), ErrorEntryFactory()
    suggestion = RelatedSuggestion.objects.create(source=source, target=target, scope=0, distance=3)
    locked, done = threading.Event(), threading.Event()

    def curator_saves() -> None:
        try:
            with transaction.atomic():
                entry = ErrorEntry.objects.locked_for_write().get(pk=source.pk)
                entry.meaning = "A curator's words."
                entry.save()
                locked.set()
                time.sleep(0.5)  # the suggestion is accepted meanwhile
        finally:
            locked.set()
            connections.close_all()
            done.set()

    thread = threading.Thread(target=curator_saves)
    thread.start()
    assert locked.wait(timeout=10)
    accept_suggestions([suggestion], by=None)
    thread.join(timeout=30)
    assert done.is_set()
    entry = ErrorEntry.objects.get(pk=source.pk)
    assert entry.meaning == "A curator's words."
    assert list(entry.outgoing_links.values_list("target", flat=True)) == [target.pk]
