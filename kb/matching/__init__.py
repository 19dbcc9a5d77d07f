"""Lookup: from a raw error message, a traceback or a log to the entries behind it: the server's side.

The matching core has no Django in it and lives in the client distribution, `errorkb.matching`
(clients/python/src/errorkb/matching): parse reads the text, template matches signatures without backtracking,
index finds candidates (Aho-Corasick) through the `LookupIndex` that frozen (the base, in flat buffers) and
overlay (what changed since) answer too, rank orders them. The offline bundle runs the same code. Here: live.py
keeps the process's index fresh from the database, service.py is the entry point and answers.py the JSON shape
shared by the API, the command line and the home page.

The names below are the package's surface for the rest of the project: `from kb.matching import lookup, answer`.
They are imported when first used, not with the package: service.py and answers.py need the models.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from errorkb.matching.deadline import RETRY_AFTER_SECONDS, LookupTimeout
    from errorkb.matching.rank import Match, Result
    from kb.matching.answers import answer, details_of, how_it_matched, match_answer, parsed_answer, pasted_type
    from kb.matching.live import live_index
    from kb.matching.service import (
        DEFAULT_LIMIT,
        MAX_LIMIT,
        MAX_TEXT_BYTES,
        TextTooLarge,
        clean_text,
        log_stopped,
        lookup,
        text_size,
    )

# Name -> the module that defines it.
_SURFACE = {
    "lookup": "kb.matching.service", "TextTooLarge": "kb.matching.service", "MAX_TEXT_BYTES": "kb.matching.service",
    "DEFAULT_LIMIT": "kb.matching.service", "MAX_LIMIT": "kb.matching.service", "clean_text": "kb.matching.service",
    "text_size": "kb.matching.service", "log_stopped": "kb.matching.service",
    "LookupTimeout": "errorkb.matching.deadline", "RETRY_AFTER_SECONDS": "errorkb.matching.deadline",
    "answer": "kb.matching.answers", "match_answer": "kb.matching.answers", "parsed_answer": "kb.matching.answers",
    "how_it_matched": "kb.matching.answers", "details_of": "kb.matching.answers", "pasted_type": "kb.matching.answers",
    "Result": "errorkb.matching.rank", "Match": "errorkb.matching.rank",
    "live_index": "kb.matching.live",
}  # fmt: skip

__all__ = [
    "DEFAULT_LIMIT", "MAX_LIMIT", "MAX_TEXT_BYTES", "RETRY_AFTER_SECONDS", "LookupTimeout", "Match", "Result",
    "TextTooLarge", "answer", "clean_text", "details_of", "how_it_matched", "live_index", "log_stopped", "lookup",
    "match_answer", "parsed_answer", "pasted_type", "text_size",
]  # fmt: skip


def __getattr__(name: str) -> Any:
    module = _SURFACE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # once: the next read is a plain global
    return value
