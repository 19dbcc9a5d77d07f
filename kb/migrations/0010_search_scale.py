"""Search at a million entries, on PostgreSQL: the vocabulary of entries' titles, messages and exception types
(`kb_search_word`, one row per word, under a trigram index) for typos and "did you mean".

The trigram index over whole texts answered a typo of a common word by rechecking a hundred thousand rows;
the vocabulary holds each word once, so a typo is corrected by looking words up there, and the corrected words
are then searched in the full-text index. The whole-text trigram index (0004) goes: nothing reads it any more. Kept by a trigger on the entry table (every writer goes through it; a
bulk write pays one upsert per new word). Words are never removed: a word no entry holds any more can only be
offered as a correction that then finds nothing, which the search checks anyway."""

from django.db import migrations

WORDS = r"regexp_split_to_table(lower({text}), '[^[:alnum:]]+')"
ENTRY_TEXT = "{p}title || ' ' || {p}message || ' ' || {p}exception_type"

FORWARD = [
    "CREATE TABLE kb_search_word (word text PRIMARY KEY)",
    f"""CREATE FUNCTION kb_search_word_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        INSERT INTO kb_search_word (word)
        SELECT DISTINCT w FROM {WORDS.format(text=ENTRY_TEXT.format(p="NEW."))} AS w WHERE length(w) >= 3
        ON CONFLICT DO NOTHING;
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER kb_search_word_insert AFTER INSERT ON kb_errorentry FOR EACH ROW EXECUTE FUNCTION kb_search_word_add()",
    "CREATE TRIGGER kb_search_word_update AFTER UPDATE OF title, message, exception_type ON kb_errorentry "
    "FOR EACH ROW EXECUTE FUNCTION kb_search_word_add()",
    f"""INSERT INTO kb_search_word (word) SELECT DISTINCT w FROM kb_errorentry,
        {WORDS.format(text=ENTRY_TEXT.format(p=""))} AS w WHERE length(w) >= 3 ON CONFLICT DO NOTHING""",
    "CREATE INDEX kb_search_word_trgm ON kb_search_word USING GIN (word gin_trgm_ops)",
    # What it replaces: nothing reads it any more, and every write paid for it.
    "DROP INDEX IF EXISTS kb_entry_text_trgm",
]
BACKWARD = [
    "CREATE INDEX IF NOT EXISTS kb_entry_text_trgm ON kb_errorentry USING GIN ((title || ' ' || message) gin_trgm_ops)",
    "DROP TRIGGER IF EXISTS kb_search_word_update ON kb_errorentry",
    "DROP TRIGGER IF EXISTS kb_search_word_insert ON kb_errorentry",
    "DROP FUNCTION IF EXISTS kb_search_word_add()",
    "DROP TABLE IF EXISTS kb_search_word",
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
        ("kb", "0009_history_without_generated_text"),
    ]

    operations = [migrations.RunPython(_run(FORWARD), _run(BACKWARD))]
