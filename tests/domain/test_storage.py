"""How PostgreSQL stores the large generated columns: compressed with LZ4 (migration 0016), and read back whole."""

import pytest
from django.db import connection

from kb.models import ErrorEntry, RaiseSite
from tests.factories import ErrorEntryFactory, RaiseSiteFactory

pytestmark = pytest.mark.django_db


def stored_compression(table: str, column: str, pk: int) -> str | None:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT pg_column_compression({column}) FROM {table} WHERE id = %s", [pk])
        return cursor.fetchone()[0]


def lz4_available() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")
        return bool(cursor.fetchone()[0])


@pytest.fixture(autouse=True)
def _needs_lz4() -> None:
    if not lz4_available():
        pytest.skip("this PostgreSQL server was built without LZ4")


def long_html() -> str:
    return "".join(f'<p><span class="k">raise</span> ValueError({n})</p>\n' for n in range(400))


def test_a_site_s_highlighted_snippet_is_stored_with_lz4() -> None:
    code = "".join(f"if size > {n}:\n    raise ValueError(f'size {{size}} over {n}')\n" for n in range(200))
    site = RaiseSiteFactory(snippet=code, snippet_start=1, evidence={"conditions": [{"text": "x > 1"}] * 200})

    assert stored_compression("kb_raisesite", "snippet_html", site.pk) == "lz4"
    assert stored_compression("kb_raisesite", "evidence", site.pk) == "lz4"
    assert len(site.snippet_html) > 20_000
    assert RaiseSite.objects.get(pk=site.pk).snippet_html == site.snippet_html


def test_an_entry_s_rendered_sections_are_stored_with_lz4() -> None:
    entry = ErrorEntryFactory()
    sections = {"meaning": long_html(), "solutions": [long_html()]}
    ErrorEntry.objects.filter(pk=entry.pk).update(generated_html=sections)

    assert stored_compression("kb_errorentry", "generated_html", entry.pk) == "lz4"
    assert ErrorEntry.objects.get(pk=entry.pk).generated_html == sections


def test_short_values_are_stored_as_they_are() -> None:
    site = RaiseSiteFactory(snippet_html="<pre>raise ValueError()</pre>")

    assert stored_compression("kb_raisesite", "snippet_html", site.pk) is None
