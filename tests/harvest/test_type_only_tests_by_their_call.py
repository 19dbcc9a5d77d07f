"""A test that asserts only the type (or a message several entries share) triggers the entry its call reaches
(issue 29, "how to trigger it"): the call names a method the test's class inherits (`FileSystemStorage().
generate_filename(...)` is `Storage.generate_filename`), or a management command by its name
(`call_command("drf_create_token", ...)`). When two entries of the type share that entry point, or the class
overrides the method, the test attaches to none: never a guess. Also a test whose decorator's arguments close on a
line of their own at the header's indentation (`    )`) is read: Django's template backend tests are."""

from pathlib import Path

import pytest

from tests.harvest.test_tests_docs import evidence_of, triggering

STORE = """
class StoreError(Exception):
    pass


class Storage:
    def save(self, name):
        if ".." in name:
            raise StoreError("A path traversal in the name given.")
        if not name:
            raise StoreError("An empty name was given to save.")
        return name

    def open(self, name):
        if not name:
            raise StoreError("Nothing to open under that name.")
        return name


class DiskStorage(Storage):
    pass


class MemoryStorage(Storage):
    def open(self, name):
        return name
"""

STORE_TESTS = """
from unittest import TestCase

from store.core import DiskStorage, MemoryStorage, StoreError


class StorageTests(TestCase):
    def test_open_nothing(self):
        with self.assertRaises(StoreError):
            DiskStorage().open("")

    def test_save_bad_name(self):
        with self.assertRaises(StoreError):
            DiskStorage().save("..")

    def test_open_in_memory(self):
        with self.assertRaises(StoreError):
            MemoryStorage().open("")
"""


def package_evidence(git_repo, name: str, core: str, tests: str) -> dict[str, dict]:
    """The evidence of a one-module package `name` (its code in `core.py`) with one test module."""
    git_repo.write("pyproject.toml", f"[project]\nname = '{name}'\n")
    git_repo.write(f"{name}/__init__.py", "")
    git_repo.write(f"{name}/core.py", core)
    git_repo.write(f"tests/test_{name}.py", tests)
    return evidence_of(git_repo.root / name, name)


@pytest.fixture
def store(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "store", STORE, STORE_TESTS)


def names(tests: list[dict]) -> list[str]:
    return [test["name"] for test in tests]


def test_a_type_only_test_of_an_inherited_method_triggers_the_one_entry_it_reaches(store) -> None:
    [test] = triggering(store, "Nothing to open under that name.")
    assert (test["name"], test["how"], test["call"]) == (
        "StorageTests.test_open_nothing",
        "type-and-call",
        'DiskStorage().open("")',
    )


def test_two_entries_of_the_type_behind_one_call_take_the_test_for_neither(store) -> None:
    assert "StorageTests.test_save_bad_name" not in names(triggering(store, "A path traversal in the name given."))
    assert "StorageTests.test_save_bad_name" not in names(triggering(store, "An empty name was given to save."))


def test_a_method_the_class_overrides_is_not_taken_for_the_base_s(store) -> None:
    assert "StorageTests.test_open_in_memory" not in names(triggering(store, "Nothing to open under that name."))


@pytest.fixture(scope="module")
def django(django_sdist: Path) -> dict[str, dict]:
    return evidence_of(django_sdist / "django", "django")


def test_django_s_storage_tests_trigger_the_traversal_check(django) -> None:
    """Three raises say "Detected path traversal attempt in '…'" (`{name}`, `{dir_name}`, `{dirname}`): one entry,
    since no message tells them apart (`scan.one_wording_per_shape`), which the storage tests trigger through
    `FileSystemStorage().generate_filename` (`Storage.generate_filename`, inherited) among others. Which of three
    raises a type-only test meets through an inherited method is the store's case above."""
    [wording] = [s for s in django if s.startswith("Detected path traversal attempt in '{")]
    tests = triggering(django, wording)
    assert any(t["name"].startswith("GenerateFilenameStorageTests.") for t in tests), tests
