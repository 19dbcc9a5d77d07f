"""An entry point is said beside another ("`Store.put()` (or `Store.add()`) raises this") only where it always
reaches the raise: one that may return or raise first (`update()` raises on a missing key before it puts)
reaches it on some calls only (round 13's card 24), unless the card says so: "unless an earlier check in
`Store.update` exits first" (round 18, where `QuerySet.filter()` and `exclude()` both check the query first)."""

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


def test_an_entry_that_may_not_get_there_is_said_beside_only_with_its_check(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"store/core.py": STORE}, repo="example/store")
    meaning = cards["Document is not a Mapping"].generated["meaning"]
    assert "`Store.put()` (or `Store.add()`, `Store.update()`) raises this when" in meaning
    assert meaning.endswith(", unless an earlier check in `Store.update` exits first.")
