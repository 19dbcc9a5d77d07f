"""A card's sections written from the evidence harvest read (issue 13, §2): templates, never invention.

Every sentence here is a template filled with what the evidence holds (`RaiseSite.evidence`, `ErrorEntry.evidence`;
formats in docs/entry-format.md); a section the evidence cannot fill is left out, and the card then shows nothing
rather than a guess. Text from the repository goes in through `kb.text.escaping`, escaped or fenced."""

import textwrap
from collections.abc import Sequence
from functools import lru_cache
from urllib.parse import quote

from kb.cards.solutions import derive_solutions
from kb.models import ErrorEntry, RaiseSite, Repository
from kb.text.escaping import code, fenced, link, plain, sentence

MAX_SITES = 3  # named in "What it means"; the trigger lists every site
MAX_CALLERS = 3  # in the text; the evidence (and the JSON card) keeps up to five
MAX_TESTS = 5
MAX_EXAMPLES = 2
MAX_TEST_LINES = 40
MAX_DOCS = 8


def generate_sections(*, entry: ErrorEntry, sites: Sequence[RaiseSite]) -> dict:
    """{"meaning": md, "trigger": md, "situations": md, "how_to_trigger": md, "documentation": md,
    "solutions": [md, ...]}: only the sections the evidence can fill."""
    evidence = entry.evidence or {}
    tests = [t for t in evidence.get("tests", []) if isinstance(t, dict)]
    sections: dict = {
        "meaning": _meaning(entry, sites),
        "trigger": _trigger(entry, sites),
        "situations": _situations(entry, sites, tests),
        "how_to_trigger": _how_to_trigger(entry, tests),
        "documentation": _documentation(entry, [d for d in evidence.get("docs", []) if isinstance(d, dict)]),
        "solutions": derive_solutions(sites),
    }
    return {name: value for name, value in sections.items() if value}


def _function_name(site: RaiseSite) -> str:
    return str((site.evidence.get("function") or {}).get("name") or site.function)


def _verb(entry: ErrorEntry) -> str:
    return "issued" if entry.kind == ErrorEntry.Kind.WARNING else "raised"


def _conditions(site: RaiseSite) -> list[dict]:
    """Outermost first, as the code reads (harvest lists them innermost first)."""
    return [c for c in reversed(site.evidence.get("conditions") or []) if isinstance(c, dict) and c.get("code")]


def _words(condition: dict) -> str:
    """A condition in words where harvest could say it, else as code."""
    return sentence(str(condition["sentence"])) if condition.get("sentence") else code(str(condition["code"]))


def _when(site: RaiseSite) -> str:
    """The test that decides to raise (the innermost that is not a guard); "When it happens" lists them all."""
    deciding = [c for c in reversed(_conditions(site)) if c.get("kind") != "guard"][:1] or _conditions(site)[-1:]
    if deciding:
        return "when " + " and ".join(_words(c) for c in deciding)
    if site.evidence.get("under_condition") is False:
        return "whenever that line runs"
    return ""


def _commit(entry: ErrorEntry, site: RaiseSite | None = None) -> str:
    return (site.commit if site is not None else "") or entry.analysed_commit


def line_number(value: object) -> int | None:
    """A line number from the evidence (JSON), or None for anything that is not a positive int."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def pinned_url(repository: Repository, *, commit: str, path: str, line: object = None) -> str:
    """The repository's page of `path` at `commit`, or "" when there is none to link. The base is the repository's
    own URL; the commit and path from the tree are percent-encoded into it (`%`, `?`, `#`, newlines, spaces and
    brackets included, so a file's name cannot end the path, add a query or a fragment, or break the Markdown link
    it goes into), and a path with `.` or `..` segments is not linked (a browser would climb out of the repository
    to another page of its host)."""
    if not commit:
        return ""
    pinned = f"{commit}/{path}"
    if any(segment in (".", "..") for segment in pinned.split("/")):
        return ""
    return repository.blob_url(commit=_quoted(commit, ""), path=_quoted(path, "/"), line=line_number(line))


@lru_cache(maxsize=4096)
def _quoted(text: str, safe: str) -> str:
    """`quote`, once per path and commit: a harvest links each of them from many sections."""
    return quote(text, safe=safe)


def _pinned(entry: ErrorEntry, label: str, *, path: str, line: object, commit: str) -> str:
    """`label` (Markdown) linked to the line at the commit it was read at; unlinked when no commit is known."""
    url = pinned_url(entry.repository, commit=commit, path=path, line=line)
    return link(label, url) if url else label


def _place(entry: ErrorEntry, path: str, line: object, commit: str) -> str:
    number = line_number(line)
    label = code(path) + (f" line {number}" if number else "")
    return _pinned(entry, label, path=path, line=number, commit=commit)


def _meaning(entry: ErrorEntry, sites: Sequence[RaiseSite]) -> str:
    explained = [site for site in sites if site.evidence and _function_name(site)]
    if not explained:
        return ""
    clauses = []
    for site in explained[:MAX_SITES]:
        when = _when(site)
        clauses.append(f"in {code(_function_name(site))}" + (f" {when}" if when else ""))
    more = len(explained) - MAX_SITES
    if more > 0:
        clauses.append(f"at {more} more place{'s' if more > 1 else ''}")
    text = f"{code(entry.exception_type)} is {_verb(entry)} " + _join(clauses) + "."
    function = explained[0].evidence.get("function") or {}
    if doc := str(function.get("doc") or "").strip():
        text += f" {code(_function_name(explained[0]))} is documented as: “{plain(doc, 300)}”"
    return text


def _join(clauses: list[str]) -> str:
    if len(clauses) <= 2:
        return " and ".join(clauses)
    return ", ".join(clauses[:-1]) + ", and " + clauses[-1]


def _trigger(entry: ErrorEntry, sites: Sequence[RaiseSite]) -> str:
    blocks = []
    for site in sites:
        conditions = _conditions(site)
        values = [v for v in site.evidence.get("values") or [] if isinstance(v, dict) and v.get("placeholder")]
        if not conditions and not values and site.evidence.get("under_condition") is not False:
            continue
        name = _function_name(site)
        heading = f"At {_place(entry, site.path, site.line, site.commit)}" + (f", in {code(name)}" if name else "")
        lines = [heading + ":\n" if conditions else heading + ", whenever that line runs."]
        for condition in conditions:
            words = f": {sentence(str(condition['sentence']))}" if condition.get("sentence") else ""
            # The heading links the site; each condition's line is named, not linked again (a card's trigger
            # stays short to read, and cheap to render for thousands of cards).
            where = f"line {int(condition['line'])}" if isinstance(condition.get("line"), int) else ""
            lines.append(f"- {code(str(condition['code']))}{words}" + (f" ({where})" if where else ""))
        if values:
            filled = ", ".join(
                f"{code('{' + str(v['placeholder']) + '}')} is {code(str(v.get('expression', '')))}" for v in values
            )
            lines.append(("\n" if conditions else "") + f"In the message, {filled}.")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _situations(entry: ErrorEntry, sites: Sequence[RaiseSite], tests: list[dict]) -> str:
    lines = []
    seen = set()
    for site in sites:
        for caller in site.evidence.get("callers") or []:
            if not isinstance(caller, dict) or not caller.get("function") or caller["function"] in seen:
                continue
            seen.add(caller["function"])
            if len(seen) > MAX_CALLERS:
                break
            lines.append(_caller(entry, site, caller))
    for test in tests[:MAX_TESTS]:
        if name := str(test.get("name") or ""):
            where = _place(entry, str(test.get("path", "")), test.get("line"), entry.analysed_commit)
            lines.append(f"- in the repository's tests, {plain(scenario(name))} ({code(name)}, {where})")
    return "\n".join(lines)


def _caller(entry: ErrorEntry, site: RaiseSite, caller: dict) -> str:
    reach = "reached from" if caller.get("level", 1) == 1 else "reached, one call further out, from"
    text = f"- {reach} {code(str(caller['function']))}"
    if caller.get("path"):
        text += f" ({_place(entry, str(caller['path']), caller.get('line'), site.commit)})"
    if caller.get("guess"):
        text += " (a guess: matched by name)"
    return text


def scenario(test_name: str) -> str:
    """A test's name made readable: `QuerySetTests.test_negative_index` → "negative index"."""
    last = test_name.rsplit(".", 1)[-1].rsplit("::", 1)[-1]
    words = last.removeprefix("test_").removeprefix("test").replace("_", " ").strip()
    return words or last


def _how_to_trigger(entry: ErrorEntry, tests: list[dict]) -> str:
    # A test that asserts the message itself shows this error best; one that only checks the type comes after.
    ordered = sorted((t for t in tests if t.get("code")), key=lambda t: t.get("how") != "message")
    blocks = []
    for test in ordered[:MAX_EXAMPLES]:
        start = test.get("start") or test.get("line")
        where = _place(entry, str(test.get("path", "")), start, entry.analysed_commit)
        name = f" ({code(str(test['name']))})" if test.get("name") else ""
        lines = textwrap.dedent(str(test["code"])).splitlines()
        if len(lines) > MAX_TEST_LINES:
            lines = [*lines[:MAX_TEST_LINES], "# …"]
        blocks.append(f"From {where}{name}:\n\n{fenced(chr(10).join(lines))}")
    return "\n\n".join(blocks)


def _documentation(entry: ErrorEntry, docs: list[dict]) -> str:
    lines = []
    for doc in docs[:MAX_DOCS]:
        where = _place(entry, str(doc.get("path", "")), doc.get("line"), entry.analysed_commit)
        term = f" (mentions {code(str(doc['term']))})" if doc.get("term") else ""
        text = f": “{plain(str(doc['text']), 200)}”" if doc.get("text") else ""
        lines.append(f"- {where}{term}{text}")
    return "\n".join(lines)
