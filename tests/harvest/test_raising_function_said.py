"""Where no public entry point reaches a raise with the reader's input, its test is still said in words, by the
arguments of the function it is written in ("`Patch._make` ... when the `operation` argument is not an instance of
`Mapping`"), instead of a card that says nothing. That private function is never offered as a way in."""

from tests.harvest.published import harvest_published

PATCH = """
from collections.abc import Mapping


class PatchError(Exception):
    pass


class Patch:
    def __init__(self, operations):
        self.operations = operations

    @property
    def ops(self):
        return tuple(map(self._make, self.operations))

    def _make(self, operation):
        if not isinstance(operation, Mapping):
            raise PatchError("Operation must be an object")
        return operation
"""


def card(git_repo) -> dict:
    cards = harvest_published(git_repo, {"patch/core.py": PATCH}, repo="example/patch")
    return cards["Operation must be an object"].generated


def test_the_test_is_said_by_the_raising_function_s_argument(db, git_repo) -> None:
    meaning = card(git_repo)["meaning"]
    assert "`Patch._make`" in meaning
    assert "when the `operation` argument is not an instance of `Mapping`" in meaning


def test_the_private_function_is_no_way_in(db, git_repo) -> None:
    generated = card(git_repo)
    said = " ".join([generated.get("trigger", ""), generated.get("situations", ""), *generated.get("solutions", [])])
    assert "Calling `Patch._make" not in said
    assert "to `Patch._make" not in said
