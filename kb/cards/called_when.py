"""The tests a private function's callers (one, or each of a few alike) pass before calling it, said in "When it
happens" beside the raise's own (`kb.harvest.reading.called_when`; round 30's card 04: `_check_referer` runs only
for a request with no `Origin` header that `request.is_secure()` says is secure, django/middleware/csrf.py:436-460,
Django 5.2.19).

The tests read only names that mean the same in the raising function (the harvest checks it), so the raise's own
reader says them, as at that function's start (a local it binds later is not what the caller tested); a test it
cannot say is counted, with its line, as the raise's own are."""

from kb.cards.links import line_number
from kb.cards.reader import Reader
from kb.models import RaiseSite
from kb.text.escaping import code


def called_only_when(site: RaiseSite, reader: Reader, glossed: set[str], first: bool) -> str:
    """ "and its only caller, `X()`, calls it only when …" ("each of its callers, `X()` and `Y()`, calls it …";
    without "and " when `first`), or ""."""
    found = (site.evidence or {}).get("called_when")
    if not isinstance(found, dict) or not isinstance(found.get("function"), str) or not found["function"]:
        return ""
    rows = [row for row in found.get("conditions") or [] if isinstance(row, dict) and row.get("code")]
    if not rows:
        return ""
    said: list[dict] = []
    unsaid: list[int] = []
    for row in rows:
        # Read as at the raising function's start: its lines are the caller's, and what it reads is what it hands.
        if reader.condition(entered := {**row, "line": 1}) is not None:
            said.append(entered)
        elif number := line_number(row.get("line")):
            unsaid.append(number)
        else:
            return ""
    caller = code(f"{found['function']}()")
    words = reader.all_of(said, glossed) if said else ""
    if said and not words:
        return ""
    checks = "one more check" if len(unsaid) == 1 else f"{len(unsaid)} more checks"
    if words and unsaid:
        when = f"only when {words}, and past {checks}"
    elif words:
        when = f"only when {words}"
    else:
        when = f"only past {checks}"
    also = [str(name) for name in found.get("also") or [] if isinstance(name, str) and name]
    tested: list = found.get("tested") or [] if also else [row.get("line") for row in rows]
    numbers = sorted({n for line in tested if (n := line_number(line))})
    at = ", ".join(str(n) for n in numbers)
    where = f"{code(str(found.get('path')))}, " if found.get("path") and found.get("path") != site.path else ""
    lines = f" ({where}line{'s' if len(numbers) > 1 else ''} {at})" if numbers else ""
    if also:
        named = [caller, *(code(f"{name}()") for name in also)]
        callers = ", ".join(named[:-1]) + f" and {named[-1]}"
        return f"{'' if first else 'and '}each of its callers, {callers}, calls it {when}{lines}"
    return f"{'' if first else 'and '}its only caller, {caller}, calls it {when}{lines}"
