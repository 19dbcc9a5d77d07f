"""The harvest's bulk inserts send their columns as binary arrays: what is stored is exactly what was written."""

import pytest

from kb.harvest.pipeline.store import server_side_binding
from kb.models import RaiseSite
from tests.factories import ErrorEntryFactory

pytestmark = pytest.mark.django_db

AWKWARD = [
    'raise ValueError("a \\"quoted\\" {name}")',
    "path = r'C:\\temp\\new' + '\\n'",
    "{}, [], NULL, null, \"\", ''",
    "snowman ☃ and tab\there",
    "",
]


def test_sites_inserted_in_bulk_keep_quotes_backslashes_and_unicode_as_they_were():
    entry = ErrorEntryFactory()
    sites = [
        RaiseSite(
            entry=entry,
            position=n,
            path=f"pkg/m{n}.py",
            line=n + 1,
            snippet=text,
            snippet_html=text,
            evidence={"conditions": [{"test": text}], "none": None},
        )
        for n, text in enumerate(AWKWARD)
    ]
    with server_side_binding():
        RaiseSite.objects.bulk_create(sites)
    stored = RaiseSite.objects.filter(entry=entry).order_by("position")
    assert [site.snippet for site in stored] == AWKWARD
    assert [site.evidence["conditions"][0]["test"] for site in stored] == AWKWARD
    assert all(site.evidence["none"] is None for site in stored)
