"""The repository's own tests that trigger an entry, and the documentation that mentions it (issue 13, §1).

Read with `ast` and plain text, never run. Filled in by the tests-and-docs work; until then nothing is found."""

from pathlib import Path

from kb.harvest.extract import FoundSite

EntryKey = tuple[str, str, str]


def read_tests_and_docs(*, root: Path, prefix: str, groups: dict[EntryKey, list[FoundSite]]) -> dict[EntryKey, dict]:
    """{key: {"tests": [...], "docs": [...]}} for the entries that have any."""
    return {}
