"""Every write of an entry, in one place that every caller uses (the admin, the API, harvest, the commands):
`writes` is the write path (one entry and its links, imports all or nothing) and `finish_write` the one step every
write ends in (snippets, `updated_at`, search text, the catalogue's revision)."""

from kb.actions.writes import (
    EntryData,
    ImportResult,
    LinkTargetsGone,
    finish_write,
    import_entries,
    set_related,
    write_entry,
)

__all__ = [
    "EntryData",
    "ImportResult",
    "LinkTargetsGone",
    "finish_write",
    "import_entries",
    "set_related",
    "write_entry",
]
