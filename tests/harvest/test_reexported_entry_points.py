"""A class written in a private module and published by the package (`from ._client import Client`, or a star
import of a module's `__all__`) is a public entry point: its users call `Client()`, never `_client.Client()`."""

import io

import pytest
from django.core.management import call_command

from kb.models import ErrorEntry

CLIENT = """
__all__ = ["Client"]


class Client:
    def __init__(self, timeout=None):
        if timeout is not None and timeout < 0:
            raise ValueError("timeout must not be negative")
"""
POOL = """
class Pool:
    def __init__(self, size):
        if size < 1:
            raise ValueError("a pool needs at least one connection")
"""
HIDDEN = """
class Hidden:
    def __init__(self, depth):
        if depth > 9:
            raise ValueError("too deep for a hidden helper")
"""


@pytest.fixture
def meanings(db, git_repo) -> dict[str, str]:
    git_repo.write("kit/__init__.py", "from ._client import *\nfrom ._pool import Pool\n")
    git_repo.write("kit/_client.py", CLIENT)
    git_repo.write("kit/_pool.py", POOL)
    git_repo.write("kit/_hidden.py", HIDDEN)
    git_repo.commit("kit")
    call_command(
        "harvest", str(git_repo.root), "--repo", "acme/kit", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return {entry.message: entry.generated.get("meaning", "") for entry in ErrorEntry.objects.all()}


def test_a_class_the_package_imports_by_name_is_an_entry_point(meanings):
    assert meanings["a pool needs at least one connection"].startswith("`Pool()` was called with")


def test_a_class_a_star_import_takes_through_all_is_an_entry_point(meanings):
    assert meanings["timeout must not be negative"].startswith("`Client()` was called with")


def test_a_class_no_public_module_publishes_stays_private(meanings):
    assert not meanings["too deep for a hidden helper"].startswith("Calling `Hidden()` raises this")
