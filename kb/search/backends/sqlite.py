"""SQLite's full-text index of entries (FTS5), for `make run`: what PostgreSQL's search_vector is there.

Two FTS5 tables over the entry table's own columns (external content: the text is stored once, in the entry
row): `kb_search`, stemmed (porter) like PostgreSQL's 'english' configuration, which search ranks with bm25;
and `kb_search_words`, unstemmed, whose vocabulary (`kb_search_vocab`) holds the words as written, for typo
correction and "did you mean".

Kept in step by triggers on the entry table rather than by calls from the writers: every writer (save(),
QuerySet.update() as in refresh_search_extra, the harvest's bulk_create/bulk_update, raw SQL, the shell) goes
through SQLite, so no writer can be forgotten and a bulk write costs no extra round trip. The one way to lose
them is a table rebuild: Django's SQLite schema editor remakes a table for most column changes, and dropping
the old table drops its triggers. `ensure()` runs after every `migrate` (post_migrate) and, when a trigger is
missing, puts them back and rebuilds both indexes from the entry table.
"""

from django.db.backends.base.base import BaseDatabaseWrapper

TABLE, WORDS, VOCAB = "kb_search", "kb_search_words", "kb_search_vocab"
# In the order bm25() takes weights: the weights of PostgreSQL's setweight() A, B, C (migration 0004).
COLUMNS = ("title", "message", "exception_type", "meaning", "trigger", "situations", "example_fix", "search_extra")
WEIGHTS = (1.0, 1.0, 1.0, 0.4, 0.4, 0.2, 0.2, 0.2)
TRIGGERS = ("kb_search_insert", "kb_search_delete", "kb_search_update")

_COLUMNS = ", ".join(f'"{c}"' for c in COLUMNS)
_NEW = ", ".join(f'new."{c}"' for c in COLUMNS)
_OLD = ", ".join(f'old."{c}"' for c in COLUMNS)
_TOKENIZERS = {TABLE: "porter unicode61 remove_diacritics 2", WORDS: "unicode61 remove_diacritics 2"}

TABLES = [
    *(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {name} USING fts5({_COLUMNS}, content='kb_errorentry', "
        f"content_rowid='id', tokenize='{tokenizer}')"
        for name, tokenizer in _TOKENIZERS.items()
    ),
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {VOCAB} USING fts5vocab({WORDS}, row)",
]


def _insert() -> str:
    return "".join(f"INSERT INTO {name}(rowid, {_COLUMNS}) VALUES (new.id, {_NEW}); " for name in _TOKENIZERS)


def _delete() -> str:
    # External content: FTS5 forgets a row only when told the values it indexed, which are the old row's.
    return "".join(
        f"INSERT INTO {name}({name}, rowid, {_COLUMNS}) VALUES ('delete', old.id, {_OLD}); " for name in _TOKENIZERS
    )


_TRIGGER_SQL = [
    f"CREATE TRIGGER IF NOT EXISTS kb_search_insert AFTER INSERT ON kb_errorentry BEGIN {_insert()}END",
    f"CREATE TRIGGER IF NOT EXISTS kb_search_delete AFTER DELETE ON kb_errorentry BEGIN {_delete()}END",
    # Only when indexed text changes: publishing, retiring and updated_at leave the index alone.
    f"CREATE TRIGGER IF NOT EXISTS kb_search_update AFTER UPDATE OF {_COLUMNS} ON kb_errorentry "
    f"BEGIN {_delete()}{_insert()}END",
]
DROP = [
    *(f"DROP TRIGGER IF EXISTS {name}" for name in TRIGGERS),
    *(f"DROP TABLE IF EXISTS {t}" for t in (VOCAB, WORDS, TABLE)),
]


def has_fts5(connection: BaseDatabaseWrapper) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT sqlite_compileoption_used('ENABLE_FTS5')")
        return bool(cursor.fetchone()[0])


def is_installed(connection: BaseDatabaseWrapper) -> bool:
    """Whether the index is there and kept in step (every trigger present)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM sqlite_master WHERE (type = 'table' AND name = %s) OR (type = 'trigger' AND name IN "
            f"({', '.join(['%s'] * len(TRIGGERS))}))",
            [TABLE, *TRIGGERS],
        )
        return cursor.fetchone()[0] == 1 + len(TRIGGERS)


def ensure(connection: BaseDatabaseWrapper) -> bool:
    """Create what is missing and, if anything was, rebuild both indexes from the entries. True if it did."""
    if connection.vendor != "sqlite" or is_installed(connection) or not has_fts5(connection):
        return False
    with connection.cursor() as cursor:
        for statement in (*TABLES, *_TRIGGER_SQL):
            cursor.execute(statement)
        for name in _TOKENIZERS:
            cursor.execute(f"INSERT INTO {name}({name}) VALUES ('rebuild')")
    return True


def drop(connection: BaseDatabaseWrapper) -> None:
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        for statement in DROP:
            cursor.execute(statement)
