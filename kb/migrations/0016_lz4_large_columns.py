"""The large generated columns (cards' HTML, snippets, evidence) compressed with LZ4 on PostgreSQL, not pglz.

PostgreSQL compresses a value of more than about 2 kB before it stores it. A first harvest of Django writes 8 MB of
such values (highlighted snippets, rendered sections, evidence as JSON): compressing them with pglz took about a
sixth of the database's work for the harvest. LZ4 compresses them at several times the speed, to about the same size
(4.7 MB against 4.3 MB for the sites' table), and reads them back faster. Only the setting changes: rows already
stored keep their compression until they are written again. Skipped where the server was built without LZ4."""

from django.db import migrations

COLUMNS = {
    "kb_errorentry": [
        "meaning_html", "trigger_html", "situations_html", "example_fix_html", "generated", "generated_html",
        "assisted", "assisted_html", "evidence",
    ],
    "kb_raisesite": ["snippet", "snippet_html", "evidence"],
    "kb_harveststate": ["files"],
}  # fmt: skip


def _statements(method: str) -> list[str]:
    return [
        f"ALTER TABLE {table} " + ", ".join(f"ALTER COLUMN {column} SET COMPRESSION {method}" for column in columns)
        for table, columns in COLUMNS.items()
    ]


def _compress_with(method: str):
    def run(apps, schema_editor) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(
                "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"
            )  # fmt: skip
            row = cursor.fetchone()
        if not (row and row[0]):
            return
        for statement in _statements(method):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("kb", "0015_search_words_per_statement"),
    ]

    operations = [migrations.RunPython(_compress_with("lz4"), _compress_with("default"))]
