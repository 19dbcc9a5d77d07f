"""Counts over the demo catalogue (issue 29): what the published machine-written cards tell a reader, and the
falsehoods that must be zero.

    make demo && .venv/bin/python bench/cards_bench.py [--repo django/django]

Reads `make run`'s database (SQLite; DATABASE_URL for another). Per repository, over its published cards whose
words are the machine's (generated or AI-assisted, not reviewed), prints the share of cards that:
- name a public entry point (the card's text names one of the site's `entry_points`);
- have related errors (at least one link to a public card), over the cards whose function or package (the folder
  of the file) holds another public error: target >= 80%;
- show a triggering test ("How to trigger it" from the repository's tests): target >= 50% for Django from its
  source distribution; or, where no test shows one, a call written from the code ("call");
- say when it happens: at least one of the raising conditions in the reader's words (a line of the trigger
  section), over the cards with a site under a condition;
- have a solution;
and the counts that must be 0: guessed callers shown, history claims ("raised since", "reworded in", "no longer
raised") while the repository's entries know fewer than two releases, and empty (`{}`) or doubled placeholders
(one name standing for two different values at one site). Not a speed benchmark: nothing here is timed.
"""

import argparse
import os
import re
import sys
from collections import Counter
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", action="append", help="owner/name (repeatable); default: every repository")
    arguments = parser.parse_args()

    import django

    django.setup()
    from kb.models import ErrorEntry, Repository

    repositories = Repository.objects.order_by("owner", "name")
    rows = []
    for repository in repositories:
        label = f"{repository.owner}/{repository.name}"
        if arguments.repo and label not in arguments.repo:
            continue
        entries = list(
            ErrorEntry.objects.filter(repository=repository).prefetch_related("sites", "solutions", "outgoing_links")
        )
        counts = count(entries)
        if counts["cards"]:
            rows.append((label, counts))
    print_table(rows)


def count(entries: list) -> Counter:
    from kb.models import ErrorEntry
    from kb.models.releases import describe

    public = {e.public_id for e in entries if e.status in ErrorEntry.PUBLIC_STATUSES}
    functions = Counter((s.path, s.function) for e in entries if e.public_id in public for s in e.sites.all())
    folders = Counter(
        str(PurePosixPath(s.path).parent) for e in entries if e.public_id in public for s in e.sites.all()
    )
    releases = known_releases(entries)
    counts: Counter = Counter()
    for entry in entries:
        if entry.status != ErrorEntry.Status.PUBLISHED or entry.review_state == ErrorEntry.Review.REVIEWED:
            continue
        sites = list(entry.sites.all())
        text = card_text(entry)
        counts["cards"] += 1
        names = {str(p.get("function", "")) for s in sites for p in s.evidence.get("entry_points") or []}
        counts["entry point"] += any(n and (shown_name(n) in text or _operator_in(n, text)) for n in names)
        related = [r for r in (entry.evidence or {}).get("related") or [] if isinstance(r, dict)]
        linked = any(r.get("id") in public for r in related) or entry.outgoing_links.exists()
        eligible = any(
            functions[(s.path, s.function)] > 1 or folders[str(PurePosixPath(s.path).parent)] > 1 for s in sites
        )
        counts["related eligible"] += eligible
        counts["related"] += linked and eligible
        how = entry.shown("how_to_trigger").markdown
        written = WRITTEN_CALL in how
        counts["test"] += bool(how) and not written
        counts["written call"] += written
        counts["solution"] += bool(entry.shown_solutions())
        conditional = any(s.evidence.get("under_condition") is not False for s in sites)
        counts["conditional"] += conditional
        counts["condition said"] += conditional and "\n- " in entry.shown("trigger").markdown
        counts["guessed callers"] += guessed_callers(sites, text)
        history = describe((entry.evidence or {}).get("history") or {})
        counts["single-release history"] += bool(history) and len(releases) < 2
        counts["bad placeholders"] += bad_placeholders(entry, sites)
    return counts


WRITTEN_CALL = "written from the code (not taken from a test)"


def card_text(entry) -> str:
    sections = [entry.shown(name).markdown for name in entry.SECTIONS]
    return "\n".join([*sections, *(s.markdown for s in entry.shown_solutions())])


def shown_name(function: str) -> str:
    """How a card names an entry point: `QuerySet.get`, or `Form()` for a constructor."""
    owner, _, last = function.rpartition(".")
    return owner if last in ("__init__", "__new__") and owner else function


def _operator_in(function: str, text: str) -> bool:
    """Whether the card names an operator method as the reader writes it ("the `-` operator on a `Distance`")."""
    from kb.cards.operators import operator_shown

    said = operator_shown(function)
    return bool(said) and said.lower() in text.lower()


def guessed_callers(sites: list, text: str) -> bool:
    if "a guess" in text.lower():
        return True
    return any(
        c.get("guess") and f"`{c.get('function')}`" in text
        for s in sites
        for c in s.evidence.get("callers") or []
        if isinstance(c, dict)
    )


def bad_placeholders(entry, sites: list) -> bool:
    # `{{` and `}}` are a literal brace of the message (PyJWT's unformatted "D should be {} bytes"), not a value.
    names = _PLACEHOLDER.findall((entry.signature or "").replace("{{", "").replace("}}", ""))
    if "" in names:
        return True
    for site in sites:
        values: dict[str, set[str]] = {}
        for value in site.evidence.get("values") or []:
            if isinstance(value, dict):
                values.setdefault(str(value.get("placeholder")), set()).add(str(value.get("expression")))
        if any(len(expressions) > 1 for expressions in values.values()):
            return True
    return False


def known_releases(entries: list) -> set[str]:
    found: set[str] = set()
    for entry in entries:
        history = (entry.evidence or {}).get("history") or {}
        if not isinstance(history, dict):
            continue
        for key in ("first_release", "last_release", "removed_in"):
            if isinstance(history.get(key), str):
                found.add(history[key])
        found.update(r for r in history.get("reworded_in") or [] if isinstance(r, str))
        found.update(r for r in history.get("compared") or [] if isinstance(r, str))
    return found


def print_table(rows: list[tuple[str, Counter]]) -> None:
    def share(part: int, whole: int) -> str:
        return f"{100 * part / whole:5.1f}%" if whole else "    -"

    print(
        f"{'repository':32} {'cards':>6} {'entry pt':>8} {'related':>8} {'test':>7} {'call':>6} {'solution':>8}"
        f" {'when':>7} {'guessed':>7} {'1-rel hist':>10} {'bad {}':>6}"
    )
    for label, c in rows:
        n = c["cards"]
        print(
            f"{label:32} {n:6} {share(c['entry point'], n):>8} {share(c['related'], c['related eligible']):>8}"
            f" {share(c['test'], n):>7} {share(c['written call'], n):>6} {share(c['solution'], n):>8}"
            f" {share(c['condition said'], c['conditional']):>7} {c['guessed callers']:7}"
            f" {c['single-release history']:10} {c['bad placeholders']:6}"
        )
    print(
        "\nTargets: related >= 80% (of cards whose function or folder has another public error); test >= 50% for"
        " django/django from its sdist; guessed, 1-release history and bad placeholders all 0. 'when': of the cards"
        " under a condition, those whose trigger section says one."
    )


if __name__ == "__main__":
    main()
