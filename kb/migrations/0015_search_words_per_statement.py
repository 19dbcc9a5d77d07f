"""The vocabulary (`kb_search_word`, 0010) kept once per INSERT statement rather than once per row, on PostgreSQL.

A harvest writes its new entries with COPY, a thousand at a time: the trigger of 0010 ran one upsert per row, an eighth
of the database's work for the entries of a first harvest of Django. A statement trigger reads the new rows from its
transition table and adds their words in one upsert (the same words: tests/search/test_indexes.py). Updates keep the
row trigger of 0010, which fires only when the title, the message or the type changes (a statement trigger with a
transition table cannot name columns, and would split the words of every update, lookup counts included)."""

from django.db import migrations

WORDS = r"regexp_split_to_table(lower(title || ' ' || message || ' ' || exception_type), '[^[:alnum:]]+')"

FORWARD = [
    "DROP TRIGGER IF EXISTS kb_search_word_insert ON kb_errorentry",
    f"""CREATE FUNCTION kb_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        INSERT INTO kb_search_word (word)
        SELECT DISTINCT w FROM new_entries, {WORDS} AS w WHERE length(w) >= 3
        ORDER BY w  -- one order for every writer: two inserting the same new words wait, never deadlock
        ON CONFLICT DO NOTHING;
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER kb_search_words_insert AFTER INSERT ON kb_errorentry REFERENCING NEW TABLE AS new_entries "
    "FOR EACH STATEMENT EXECUTE FUNCTION kb_search_words_add()",
]

BACKWARD = [
    "DROP TRIGGER IF EXISTS kb_search_words_insert ON kb_errorentry",
    "DROP FUNCTION IF EXISTS kb_search_words_add()",
    "CREATE TRIGGER kb_search_word_insert AFTER INSERT ON kb_errorentry FOR EACH ROW EXECUTE FUNCTION kb_search_word_add()",
]


def _run(statements: list[str]):
    def run(apps, schema_editor) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for statement in statements:
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("kb", "0014_entry_repository_order"),
    ]

    operations = [migrations.RunPython(_run(FORWARD), _run(BACKWARD))]
