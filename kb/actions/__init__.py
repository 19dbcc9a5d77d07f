"""Every write of an entry, in one place that every caller uses (the admin, the API, harvest, the commands), in the
manner of Zulip's `zerver/actions`: `writes` is the write path (one entry and its links, imports all or nothing)
and `finish_write` the one step every write ends in (snippets, `updated_at`, search text, the catalogue's
revision); `status` holds each status change (publish, retire, restore, review, accept a suggestion), each
locking its rows and recording its reason in history."""

from kb.actions.status import (
    DraftCannotBeRetired,
    StatusChangeRefused,
    accept_suggestion,
    accept_suggestions,
    change_status,
    check_change,
    mark_not_reviewed,
    mark_reviewed,
    publish,
    published_by_bulk_writer,
    restore,
    retire,
    unpublish,
)
from kb.actions.writes import (
    EntryData,
    ImportResult,
    LinkTargetsGone,
    finish_write,
    import_entries,
    record_compiled,
    set_related,
    write_entry,
)

__all__ = [
    "DraftCannotBeRetired",
    "EntryData",
    "ImportResult",
    "LinkTargetsGone",
    "StatusChangeRefused",
    "accept_suggestion",
    "accept_suggestions",
    "change_status",
    "check_change",
    "finish_write",
    "import_entries",
    "mark_not_reviewed",
    "mark_reviewed",
    "publish",
    "published_by_bulk_writer",
    "record_compiled",
    "restore",
    "retire",
    "set_related",
    "unpublish",
    "write_entry",
]
