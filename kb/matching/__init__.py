"""Lookup: from a raw error message, a traceback or a log to the entries behind it.

parse.py reads the text, template.py matches signatures without backtracking, index.py finds candidates
(Aho-Corasick) through the `LookupIndex` that frozen.py (the base, in flat buffers) and overlay.py (what changed
since) answer too, rank.py orders them, live.py keeps the process's index fresh, service.py is the entry point
and answers.py the JSON shape shared by the API, the command line and the home page.

The names below are the package's surface for the rest of the project: `from kb.matching import lookup, answer`.
They are imported when first used, not with the package: its index and templates are read without Django (the
benchmarks, kb.harvest's use of template.py), and service.py and answers.py need the models.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kb.matching.answers import answer, details_of, how_it_matched, match_answer, parsed_answer
    from kb.matching.deadline import RETRY_AFTER_SECONDS, LookupTimeout
    from kb.matching.live import live_index
    from kb.matching.rank import Match, Result
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
    "lookup": "service", "TextTooLarge": "service", "MAX_TEXT_BYTES": "service", "DEFAULT_LIMIT": "service",
    "MAX_LIMIT": "service", "clean_text": "service", "text_size": "service", "log_stopped": "service",
    "LookupTimeout": "deadline", "RETRY_AFTER_SECONDS": "deadline",
    "answer": "answers", "match_answer": "answers", "parsed_answer": "answers", "how_it_matched": "answers",
    "details_of": "answers",
    "Result": "rank", "Match": "rank",
    "live_index": "live",
}  # fmt: skip

__all__ = [
    "DEFAULT_LIMIT", "MAX_LIMIT", "MAX_TEXT_BYTES", "RETRY_AFTER_SECONDS", "LookupTimeout", "Match", "Result",
    "TextTooLarge", "answer", "clean_text", "details_of", "how_it_matched", "live_index", "log_stopped", "lookup",
    "match_answer", "parsed_answer", "text_size",
]  # fmt: skip


def __getattr__(name: str) -> Any:
    module = _SURFACE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # once: the next read is a plain global
    return value
