"""The request for one entry: its evidence (message, sites with their code, conditions, values, function and callers;
the tests that trigger it; the docs that mention it), never the repository, and the JSON schema of the answer."""

import json
from typing import Any

from kb.models import ErrorEntry, RaiseSite

# The prose sections the answer fills; "solutions" is a list beside them.
TEXT_SECTIONS = ErrorEntry.SECTIONS
_DESCRIPTIONS = {
    "meaning": "One paragraph: what the error means, naming the exception, the function and the condition in words.",
    "trigger": "What makes the code raise it: the conditions, in the code's own terms.",
    "situations": "Common situations that lead there: the callers and the scenarios of the triggering tests.",
    "example_fix": "A short before/after, usually fenced code, using only names from the evidence; or empty.",
    "how_to_trigger": "How to make it happen, after the repository's own test when there is one; or empty.",
    "documentation": "What the repository's docs say about it, naming the files; or empty.",
}
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        **{name: {"type": "string", "maxLength": 4000, "description": _DESCRIPTIONS[name]} for name in TEXT_SECTIONS},
        "solutions": {
            "type": "array",
            "maxItems": 8,
            "items": {"type": "string", "maxLength": 2000},
            "description": "What to do instead, one Markdown item each; only what the evidence supports.",
        },
    },
    "required": [*TEXT_SECTIONS, "solutions"],
    "additionalProperties": False,
}

SYSTEM = """You write the sections of an error's card for a knowledge base of the errors open-source projects raise.
Write only from the evidence you are given: the code around the raise, the conditions under which it raises, where
the message's values come from, the function and its callers, the repository's tests that trigger it, its docs.
Rules:
- Put every identifier, function, setting, command-line flag and file name in backticks, and name only ones that
  appear in the evidence. Never invent an API, a parameter, an option, a setting, a file or a link.
- Where the evidence does not support a section, give an empty string (an empty list for solutions).
- Markdown in each string. No headings, no links.
Answer with one JSON object and nothing else, with exactly these keys: meaning, trigger, situations, example_fix,
how_to_trigger, documentation (strings) and solutions (a list of strings)."""

# Bounds that keep one request small whatever the entry: an entry with many sites or long tests is summarised.
MOST_SITES = 4
MOST_TESTS = 3
MOST_DOCS = 6
MOST_LINES = 60
SITE_EVIDENCE = ("conditions", "values", "parameters", "function", "callers")


def response_format() -> dict[str, Any]:
    return {"type": "json_schema", "json_schema": {"name": "error_card", "strict": True, "schema": ANSWER_SCHEMA}}


def request_for(entry: ErrorEntry, sites: list[RaiseSite]) -> dict[str, Any]:
    """The chat-completions payload for one entry (the client adds the model)."""
    evidence = json.dumps(evidence_of(entry, sites), indent=1, ensure_ascii=False)
    return {
        "messages": [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": f"Evidence for one error, as JSON:\n{evidence}"},
        ],
        "response_format": response_format(),
        "temperature": 0,
    }


def evidence_of(entry: ErrorEntry, sites: list[RaiseSite]) -> dict[str, Any]:
    repo = entry.repository
    found = entry.evidence or {}
    return {
        "repository": f"{repo.owner}/{repo.name}",
        "commit": entry.analysed_commit,
        "kind": entry.kind,
        "exception_type": entry.exception_type,
        "message": entry.message,
        "signature": entry.signature,
        "sites": [_site(site) for site in sites[:MOST_SITES]],
        "more_sites": max(0, len(sites) - MOST_SITES),
        "tests": [_test(test) for test in (found.get("tests") or [])[:MOST_TESTS] if isinstance(test, dict)],
        "docs": [_doc(doc) for doc in (found.get("docs") or [])[:MOST_DOCS] if isinstance(doc, dict)],
        "history": found.get("history") or {},
    }


def _site(site: RaiseSite) -> dict[str, Any]:
    evidence = site.evidence or {}
    return {
        "path": site.path,
        "line": site.line,
        "function": site.function,
        "code": _lines(site.snippet),
        "code_first_line": site.snippet_start,
        **{key: evidence[key] for key in SITE_EVIDENCE if key in evidence},
    }


def _test(test: dict[str, Any]) -> dict[str, Any]:
    return {key: _lines(value) if key == "code" else value for key, value in test.items() if key != "start"}


def _doc(doc: dict[str, Any]) -> dict[str, Any]:
    return {key: doc[key] for key in ("path", "line", "text", "term") if key in doc}


def _lines(text: object) -> str:
    lines = str(text or "").splitlines()
    if len(lines) <= MOST_LINES:
        return "\n".join(lines)
    return "\n".join([*lines[:MOST_LINES], f"... ({len(lines) - MOST_LINES} more lines)"])
