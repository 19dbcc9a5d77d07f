"""An entry point is said beside another ("`Store.put()` (or `Store.add()`) raises this") only where it always
reaches the raise: one that may return or raise first (`update()` raises on a missing key before it puts)
reaches it on some calls only (round 13's card 24)."""

from tests.harvest.published import harvest_published

STORE = """
from collections.abc import Mapping


class Store:
    def put(self, document):
        if not isinstance(document, Mapping):
            raise ValueError("Document is not a Mapping")
        return document

    def add(self, document):
        return self.put(document)

    def update(self, document, key=None):
        if key is None:
            raise ValueError("A key is needed to update.")
        return self.put(document)
"""


def test_only_an_entry_that_always_gets_there_is_said_beside(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"store/core.py": STORE}, repo="example/store")
    meaning = cards["Document is not a Mapping"].generated["meaning"]
    assert "`Store.put()` (or `Store.add()`) raises this when" in meaning
    assert "Store.update" not in meaning
