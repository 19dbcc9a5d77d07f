"""Full-text search on SQLite: FTS5 tables over the entries, kept in step by triggers (see kb/search/backends/sqlite.py).

Nothing on PostgreSQL, which has its generated search_vector (0004)."""

from django.db import migrations

from kb.search.backends import sqlite as search_fts


def forward(apps, schema_editor) -> None:
    search_fts.ensure(schema_editor.connection)


def backward(apps, schema_editor) -> None:
    search_fts.drop(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [
        ("kb", "0005_titles_and_folded_reports"),
    ]

    operations = [
        migrations.RunPython(forward, backward, elidable=False),
    ]
