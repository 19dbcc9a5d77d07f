"""The request for one entry: its evidence (message, sites with their code, conditions, values, function and callers;
what issue 29's harvest adds when present: the definitions of the condition's locals, the attributes it reads, the
public entry points, the flags, settings and environment variables, the raises of the callees an `except` catches;
the tests that trigger it, the docs' paragraphs, the related errors), never the repository, and the JSON schema of the
answer. Every list is capped and every string clipped, whatever the harvest stored."""

import json
from typing import Any

from kb.models import ErrorEntry, RaiseSite

# The prose sections the answer fills; "solutions" is a list beside them.
TEXT_SECTIONS = ErrorEntry.SECTIONS
_DESCRIPTIONS = {
    "meaning": "One paragraph: what the user did that leads here and why the library refuses it, naming the "
    "exception, the public entry point and the condition in words.",
    "trigger": "When it happens: the user's action or input that leads there (the entry point and argument, setting "
    "or flag), then each condition of the code with what its names stand for; never a name left unexplained.",
    "situations": "Common situations that lead there: the callers and the scenarios of the triggering tests.",
    "example_fix": "A short before/after, usually fenced code, using only names from the evidence; or empty.",
    "how_to_trigger": "The call that makes it happen as a short fenced code block that runs as shown (it defines "
    "every name it uses), trimmed from the repository's own test when there is one (with the setup and patches it "
    "runs under), then the test's file and name; or empty.",
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
        "related": {
            "type": "array",
            "maxItems": 5,
            "items": {"type": "string", "maxLength": 500},
            "description": "Other errors of this repository a reader of this one should see, each by its exact "
            "message or id as the evidence gives it; at most five, most related first.",
        },
    },
    "required": [*TEXT_SECTIONS, "solutions", "related"],
    "additionalProperties": False,
}

SYSTEM = """You write the sections of an error's card for a knowledge base of the errors open-source projects raise.
Write only from the evidence you are given: the code around the raise, the conditions under which it raises, where
the message's values come from, the function and its callers, the repository's tests that trigger it, its docs.
Speak from the reader's side: name the public entry point that reaches the raise, say what each name in a condition
stands for (a local by its definition, a parameter by the entry point's argument, a flag, setting or environment
variable by its own name), and for an `except` branch what the called function checked before it raised.
Rules:
- Put every identifier, function, setting, command-line flag and file name in backticks, and name only ones that
  appear in the evidence. Never invent an API, a parameter, an option, a setting, a file or a link.
- Where the evidence does not support a section, give an empty string (an empty list for solutions).
- Say what the code does, not what usually happens: no guess at a common cause ("usually", "typically", "often",
  "probably"); such words are taken out with what they say.
- Markdown in each string. No headings, no links.
- The reader sees the card, never this evidence: do not write "the evidence", nor its field names ("exits_above",
  "every_call", ...); say what they stand for.
- Related errors: only ones the evidence lists (its "related" rows, sibling raises in the code), by exact message.
- A site's facts, when given, bound what you may say: "exits_above" (lines of a `return` or `raise` above the
  raise that can end the call first, or a `break` or `continue` that can leave its loop first: never say it always
  happens or has no condition; "exits_looped": those of them only an earlier pass of a loop reaches;
  "exits_continue"/"exits_break": those of them that only skip on to the loop's next pass or leave the loop, not
  the call; "exits_raising": those of them that raise an error of their own, which then comes first),
  "none_matched" (the loop just above returns on the first item its test meets: the raise comes only when no item
  met it), "after_try" (the raise is in a `try`'s `else`: only when that `try` raised nothing),
  "needs_override" (a method called first that the class leaves to subclasses: reached only when the object's class
  defines it),
  "caught_here"/"handled_by" (the error is caught before the user sees it), "caught_by" (public callers that
  catch the error and do what each row says instead: never a way in to the error), "abstract" (a method left to
  subclasses), "replaced" (every subclass the library ships overrides the method, "by" those that define their
  own: the raise is met on an object of the class itself or of a subclass from outside the library, never of those),
  "accessor" and "every_call" (a property read, assigned or deleted; "first read": a cached property),
  "never" (the library's authors mark the raise's branch, in the comment quoted, as one that should never run:
  name no caller, entry point or situation that reaches it; say that meeting it points to a bug in the library, or
  a use it does not support, to report to its maintainers with the traceback).
- Never say "whenever", "every time" or "always" of a caller or entry point unless "every_call" says so: a way in
  reaches the raise only once the checks before it pass ("exits_above", "exits_looped", an entry point's
  "exits_before", a caller's `if` or earlier call that raises). Say "when ... and its earlier checks pass", naming
  the checks the evidence shows.
- A local's definition marked "never_empty" is a call that never returns an empty value (or None): it raises
  instead, or it is a pattern's match that succeeds on every string:
  that definition never makes a test of the local's emptiness true, so never offer it, or a caller that reaches the
  raise only through it, as the way the condition comes true.
- An entry point's "kind" says how the user reaches it: a "property" (a `@property` or `@cached_property`) is read
  as an attribute (`obj.name`), a "setter" assigned, a "deleter" deleted: never write one as a call (`obj.name()`)
  or say it is called. A "metaclass" (`ModelBase`) runs when a class is defined whose metaclass it is, a subclass of
  a class in its "declared_by" (`class Article(Model): ...`): say the class statement, never a call (`ModelBase()`).
- An entry point's "arguments" names, for a parameter the conditions test, the entry point's own argument that
  hands it on unchanged; a tested parameter it does not name is not handed on by that entry point as far as the code
  shows (left at its default, or made on the way): never say that entry point passes it or lets the user set it.
- A caller or entry point is a way in only when what it passes can meet the conditions; a test's recipe only with
  the patches and setup it runs under: a test's "head" is its class's decorators and header line, which it runs
  under; a test marked "set_up_changes" runs under a `setUp` that changes settings or patches code, not given here:
  never show its call as a recipe on its own.
Answer with one JSON object and nothing else, with exactly these keys: meaning, trigger, situations, example_fix,
how_to_trigger, documentation (strings), solutions and related (lists of strings)."""

# A rule added when no site records a caller or an entry point (round 19: the model filled in a way in
# of its own, which an earlier check stopped first or which never ran the check).
NO_WAY_IN = (
    "\nFor this error: its evidence records no caller and no entry point but the function (or its class) itself: "
    'do not say how a user reaches the function (no "when you call ...", no setting, backend or call the evidence '
    "does not tie to this raise). Say what it checks; take situations only from the tests and docs given, else leave "
    "them empty."
)

# Bounds that keep one request small whatever the entry: an entry with many sites or long tests is summarised.
MOST_SITES = 4
MOST_TESTS = 3
MOST_DOCS = 6
MOST_LINES = 60
MOST_ROWS = 8  # of each list in a site's evidence
MOST_RELATED = 5
LONGEST_STRING = 600
SITE_EVIDENCE = ("conditions", "values", "parameters", "function", "callers")
# Issue 29's contract: passed through when the harvest stored them.
NEW_SITE_EVIDENCE = ("definitions", "attributes", "entry_points", "switches", "callee_raises")
# What the harvest read about the raise's place in its function (the SYSTEM prompt says what each means).
SITE_FACTS = (
    "exits_above",
    "exits_looped",
    "exits_continue",
    "exits_break",
    "exits_raising",
    "none_matched",
    "after_try",
    "needs_override",
    "caught_here",
    "handled_by",
    "caught_by",
    "abstract",
    "replaced",
    "accessor",
    "every_call",
    "never",
)
WAYS_IN = ("callers", "entry_points", "caught_by")  # left out of a site whose "never" says no way in runs
TEST_KEYS = ("path", "line", "name", "assertion", "how", "code", "call", "pinned", "head", "set_up_changes")
DOC_KEYS = ("path", "line", "text", "term", "paragraph")


def response_format() -> dict[str, Any]:
    return {"type": "json_schema", "json_schema": {"name": "error_card", "strict": True, "schema": ANSWER_SCHEMA}}


def request_for(
    entry: ErrorEntry,
    sites: list[RaiseSite],
    related: list[dict[str, str]] | None = None,
    evidence: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The chat-completions payload for one entry (the client adds the model); `evidence`: `evidence_of`'s, when
    the caller made it already."""
    given = evidence if evidence is not None else evidence_of(entry, sites, related)
    text = json.dumps(given, indent=1, ensure_ascii=False)
    system = SYSTEM if _has_way_in(given) else SYSTEM + NO_WAY_IN
    return {
        "messages": [
            {"role": "system", "content": system},
            {"role": "user", "content": f"Evidence for one error, as JSON:\n{text}"},
        ],
        "response_format": response_format(),
        "temperature": 0,
    }


def _has_way_in(evidence: dict[str, Any]) -> bool:
    """Whether some site records a caller, or an entry point other than its own function or class (a public method
    that raises is its own entry point, and says nothing of what calls it)."""
    for site in evidence.get("sites") or [] if isinstance(evidence, dict) else []:
        if not isinstance(site, dict):
            continue
        if site.get("callers"):
            return True
        named = site.get("function")  # the harvest's {"name": ...}, else the site's qualified name
        own = str(named.get("name") or "") if isinstance(named, dict) else str(named or "")
        for row in site.get("entry_points") or []:
            if isinstance(row, dict) and (row.get("via") or not _own(str(row.get("function") or ""), own)):
                return True
    return False


def _own(function: str, raising: str) -> bool:
    """Whether an entry point is the raising function itself or, for a constructor's raise, its class (`APISettings`
    for its `__init__`). A class whose `__init__` calls the raising method is a way in: `AppConfig(name, module)` for
    `AppConfig._path_from_module`."""
    return bool(function) and (function == raising or raising in (f"{function}.__init__", f"{function}.__new__"))


def repair_request(payload: dict[str, Any], answer: str, unchecked: list[tuple[str, list[str]]]) -> dict[str, Any]:
    """The one follow-up request: the first answer, then the claims that did not check out and why, asking for the
    whole answer again with each fixed from the evidence or removed."""
    listed = "\n".join(
        f"- {_clip(text)}\n  (not found in the evidence or the source: {_clip(', '.join(why))})"
        for text, why in unchecked[:20]
    )
    ask = (
        "These claims of your answer name things the evidence and the repository's source do not have, or contradict "
        f"the code:\n{listed}\nAnswer again with the same JSON: fix each from the evidence, or remove it. Change "
        "nothing else."
    )
    return {
        **payload,
        "messages": [*payload["messages"], {"role": "assistant", "content": answer}, {"role": "user", "content": ask}],
    }


def related_rows(entry: ErrorEntry) -> list[dict[str, str]]:
    """The entry's related errors (harvest's `evidence["related"]`) with their type and message, for the model to
    name by message; only entries of the same repository."""
    rows = [row for row in (entry.evidence or {}).get("related") or [] if isinstance(row, dict) and row.get("id")]
    rows = rows[:MOST_RELATED]
    found = ErrorEntry.objects.filter(repository=entry.repository_id, public_id__in=[str(r["id"]) for r in rows])
    known = {e.public_id: e for e in found.only("public_id", "exception_type", "message")}
    return [
        {
            "id": known[str(row["id"])].public_id,
            "why": _clip(row.get("why", "")),
            "exception_type": known[str(row["id"])].exception_type,
            "message": _clip(known[str(row["id"])].message),
        }
        for row in rows
        if str(row["id"]) in known
    ]


def evidence_of(
    entry: ErrorEntry, sites: list[RaiseSite], related: list[dict[str, str]] | None = None
) -> dict[str, Any]:
    repo = entry.repository
    found = entry.evidence or {}
    return {
        "repository": f"{repo.owner}/{repo.name}",
        "commit": entry.analysed_commit,
        "kind": entry.kind,
        "exception_type": entry.exception_type,
        "message": entry.message,
        "signature": entry.signature,
        "sites": [_site(site, tested=bool(found.get("tests"))) for site in sites[:MOST_SITES]],
        "more_sites": max(0, len(sites) - MOST_SITES),
        "tests": [_test(test) for test in (found.get("tests") or [])[:MOST_TESTS] if isinstance(test, dict)],
        "docs": [_doc(doc) for doc in (found.get("docs") or [])[:MOST_DOCS] if isinstance(doc, dict)],
        "history": found.get("history") or {},
        "related": related or [],
    }


def _site(site: RaiseSite, *, tested: bool = False) -> dict[str, Any]:
    evidence = site.evidence or {}
    if tested:
        # A repository test raises the error: the branch its authors mark does run, so the mark is not given and the
        # ways in are, as on the card (`kb.cards.never.tested`).
        evidence = {key: value for key, value in evidence.items() if key != "never"}
    elif isinstance(evidence.get("never"), dict):
        # Its authors mark the branch as one that should never run: any way in named would be false (round 25's
        # card 21), so none is given, and the fact is.
        evidence = {key: value for key, value in evidence.items() if key not in WAYS_IN}
    return {
        "path": site.path,
        "line": site.line,
        "function": site.function,
        "code": _lines(site.snippet),
        "code_first_line": site.snippet_start,
        **{key: evidence[key] for key in SITE_EVIDENCE if key in evidence},
        **{key: _capped(evidence[key]) for key in NEW_SITE_EVIDENCE if isinstance(evidence.get(key), list)},
        **{key: _capped(evidence[key]) for key in SITE_FACTS if evidence.get(key) not in (None, "", [], {})},
    }


def _test(test: dict[str, Any]) -> dict[str, Any]:
    return {
        key: _lines(test[key]) if key in ("code", "call", "head") else test[key] for key in TEST_KEYS if key in test
    }


def _doc(doc: dict[str, Any]) -> dict[str, Any]:
    return {key: _capped(doc[key], 2000) for key in DOC_KEYS if key in doc}


def _capped(value: Any, longest: int = LONGEST_STRING) -> Any:
    """A JSON value with each list cut to MOST_ROWS and each string clipped."""
    if isinstance(value, str):
        return _clip(value, longest)
    if isinstance(value, list):
        return [_capped(item, longest) for item in value[:MOST_ROWS]]
    if isinstance(value, dict):
        return {str(key)[:60]: _capped(item, longest) for key, item in list(value.items())[:20]}
    return value


def _clip(text: object, longest: int = LONGEST_STRING) -> str:
    text = str(text or "")
    return text if len(text) <= longest else text[: longest - 1] + "…"


def _lines(text: object) -> str:
    lines = str(text or "").splitlines()
    if len(lines) <= MOST_LINES:
        return "\n".join(lines)
    return "\n".join([*lines[:MOST_LINES], f"... ({len(lines) - MOST_LINES} more lines)"])
