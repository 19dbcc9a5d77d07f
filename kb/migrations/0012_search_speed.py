"""Phrases at a million entries, on PostgreSQL: an index of the pairs of words side by side in each entry.

The full-text index holds no positions: "cannot field" was found by reading the whole lists of both words (45,000
entries held both) and then each row, to check that they stand side by side (one in seven did). An entry's pairs
of neighbouring lexemes, hashed to integers (a collision only adds a row that the phrase then fails), are kept
under a GIN index of their own, an expression over the generated `search_vector`: no column to fill, and every
writer keeps it. A two-word phrase reads one short list.

Built CONCURRENTLY (outside a transaction): at a million entries the build takes about a minute, during which
writes to entries would otherwise wait."""

from django.db import migrations

FORWARD = [
    """CREATE OR REPLACE FUNCTION kb_word_pairs(vector tsvector) RETURNS integer[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
        SELECT coalesce(array_agg(DISTINCT hashtext(a.lexeme || ' ' || b.lexeme)), '{}')
        FROM (SELECT lexeme, unnest(positions) AS position FROM unnest(vector)) AS a
        JOIN (SELECT lexeme, unnest(positions) AS position FROM unnest(vector)) AS b ON b.position = a.position + 1
    $$""",
    "CREATE INDEX CONCURRENTLY IF NOT EXISTS kb_entry_word_pairs ON kb_errorentry "
    "USING GIN (kb_word_pairs(search_vector))",
]
BACKWARD = [
    "DROP INDEX CONCURRENTLY IF EXISTS kb_entry_word_pairs",
    "DROP FUNCTION IF EXISTS kb_word_pairs(tsvector)",
]


def _run(statements: list[str]):
    def run(apps, schema_editor) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for statement in statements:
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("kb", "0011_harvest_hashes"),
    ]

    operations = [migrations.RunPython(_run(FORWARD), _run(BACKWARD), atomic=False)]
