"""A harvest's new entries and sites, written with COPY on PostgreSQL, read back as django-simple-history's bulk
insert writes them: every column, the ids the sites name, and a history row each."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.forms.models import model_to_dict
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from kb.harvest.pipeline.bulk_copy import copy_values, create_with_history
from kb.models import ErrorEntry, RaiseSite, RelatedSuggestion
from tests.factories import RepositoryFactory

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="COPY is PostgreSQL's; elsewhere the bulk insert"),
]
REASON = "harvested at 1a2b3c4"


def new_entries(repository, tag: str) -> list[ErrorEntry]:
    entries = []
    for n in range(3):
        entry = ErrorEntry(
            public_id=f"{tag}{n}",
            repository=repository,
            exception_type="ValueError",
            message=f"Bad value {n}",
            signature=f"Bad value {n}",
            status=ErrorEntry.Status.DRAFT,
            method=ErrorEntry.Method.HARVESTED,
            evidence={"tests": [{"name": f"test_{n}"}], "quote": 'it\'s "quoted"\ttabbed\nand\\slashed'},
            generated={"meaning": "**Bold** `code`"},
            generated_html={"meaning": "<p>x</p>"},
        )
        entry.derive_fields()
        entries.append(entry)
    return entries


def new_sites(entries: list[ErrorEntry]) -> list[RaiseSite]:
    snippet, evidence = "if x:\n\traise ValueError('Bad value')", {"conditions": [{"code": "x"}]}
    return [
        RaiseSite(
            entry=entry,
            position=0,
            path="pkg/mod.py",
            line=10 + n,
            function="f",
            commit="1a2b3c4",
            snippet=snippet,
            snippet_start=9,
            snippet_html="<div>…</div>",
            evidence=evidence,
        )
        for n, entry in enumerate(entries)
    ]


def as_read_back(model, objs) -> list[dict]:
    rows = model.objects.filter(pk__in=[obj.pk for obj in objs]).order_by("pk")
    return [{k: v for k, v in model_to_dict(row).items() if k not in ("id", "public_id", "entry")} for row in rows]


def history_of(model, objs) -> list[tuple]:
    rows = model.history.filter(id__in=[obj.pk for obj in objs]).order_by("id")
    return [(row.history_type, row.history_change_reason, row.history_user_id) for row in rows]


def test_copied_entries_and_sites_read_back_as_the_bulk_insert_writes_them():
    repository = RepositoryFactory()
    copied, inserted = new_entries(repository, "c"), new_entries(repository, "i")
    create_with_history(copied, ErrorEntry, reason=REASON, batch=500)
    bulk_create_with_history(inserted, ErrorEntry, default_change_reason=REASON)
    copied_sites, inserted_sites = new_sites(copied), new_sites(inserted)
    create_with_history(copied_sites, RaiseSite, reason=REASON, batch=500)
    bulk_create_with_history(inserted_sites, RaiseSite, default_change_reason=REASON)

    assert all(entry.pk for entry in copied) and all(site.entry_id == site.entry.pk for site in copied_sites)
    for model, mine, theirs in ((ErrorEntry, copied, inserted), (RaiseSite, copied_sites, inserted_sites)):
        assert as_read_back(model, mine) == as_read_back(model, theirs)
        assert history_of(model, mine) == history_of(model, theirs) == [("+", REASON, None)] * 3
    assert [e.public_id for e in ErrorEntry.objects.filter(sites__in=copied_sites).order_by("pk")] == ["c0", "c1", "c2"]


def test_a_row_saved_after_the_copy_takes_the_next_id():
    repository = RepositoryFactory()
    copied = new_entries(repository, "c")
    create_with_history(copied, ErrorEntry, reason=REASON, batch=500)
    [later] = new_entries(repository, "later")[:1]
    later.save()
    assert later.pk > max(entry.pk for entry in copied)
    assert ErrorEntry.history.filter(id=later.pk).count() == 1


FIELDS = ["source_id", "target_id", "scope", "distance", "state", "created_at"]


def test_copied_suggestions_read_back_as_bulk_create_writes_them():
    repository = RepositoryFactory()
    entries = new_entries(repository, "c")
    create_with_history(entries, ErrorEntry, reason=REASON, batch=500)
    first, second, third = entries
    now = timezone.now()
    rows = [
        (first.pk, second.pk, RelatedSuggestion.Scope.FUNCTION, 3, RelatedSuggestion.State.OPEN, now),
        (first.pk, third.pk, RelatedSuggestion.Scope.CLASS, 40, RelatedSuggestion.State.OPEN, now),
    ]

    copy_values(RelatedSuggestion, FIELDS, rows)
    copied = [model_to_dict(s, exclude=["id"]) for s in RelatedSuggestion.objects.order_by("pk")]
    RelatedSuggestion.objects.all().delete()
    RelatedSuggestion.objects.bulk_create([RelatedSuggestion(**dict(zip(FIELDS, row, strict=True))) for row in rows])
    inserted = [model_to_dict(s, exclude=["id"]) for s in RelatedSuggestion.objects.order_by("pk")]

    assert copied == inserted
    assert [(s["source"], s["target"], s["distance"], s["state"]) for s in copied] == [
        (first.pk, second.pk, 3, "open"),
        (first.pk, third.pk, 40, "open"),
    ]


def test_the_copied_values_name_every_field_of_a_suggestion_but_its_id():
    assert {f.attname for f in RelatedSuggestion._meta.concrete_fields} - {"id"} == set(FIELDS)


def test_a_duplicate_copied_is_an_integrity_error_as_from_an_insert():
    repository = RepositoryFactory()
    entries = new_entries(repository, "c")
    create_with_history(entries, ErrorEntry, reason=REASON, batch=500)
    first, second, _ = entries
    RelatedSuggestion.objects.create(source=first, target=second, scope=RelatedSuggestion.Scope.FUNCTION, distance=1)
    again = (first.pk, second.pk, RelatedSuggestion.Scope.FUNCTION, 1, RelatedSuggestion.State.OPEN, timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic():
        copy_values(RelatedSuggestion, FIELDS, [again])


def test_each_history_row_holds_its_rows_values_and_its_objects_own_reason():
    repository = RepositoryFactory()
    entries = new_entries(repository, "c")
    entries[1]._change_reason = "curated by hand"
    create_with_history(entries, ErrorEntry, reason=REASON, batch=500)
    sites = new_sites(entries)
    create_with_history(sites, RaiseSite, reason=REASON, batch=500)

    for model, objs in ((ErrorEntry, entries), (RaiseSite, sites)):
        names = [field.attname for field in model.history.model.tracked_fields]  # every column it keeps
        rows = [[getattr(row, name) for name in names] for row in model.objects.filter(pk__in=[o.pk for o in objs])]
        history = [[getattr(row, name) for name in names] for row in model.history.filter(id__in=[o.pk for o in objs])]
        assert sorted(history) == sorted(rows) and len(rows) == 3
    reasons = dict(ErrorEntry.history.filter(id__in=[e.pk for e in entries]).values_list("id", "history_change_reason"))
    assert [reasons[entry.pk] for entry in entries] == [REASON, "curated by hand", REASON]
