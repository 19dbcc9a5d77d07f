"""A generator's call runs none of its body: what it raises comes when what the call returns is iterated over (round
31's card 21, "Calling `partition_all()` raises this" of a function with `yield` in its body). Its entry point is
said so, "Iterating over what `QuerySet.aiterator()` returns raises this", a `@contextmanager`'s as used in a `with`
statement, and a caller that only calls it without iterating over the result is no way to the raise. A raise at a
module's top level runs while the module is imported (round 31's card 22: "whenever that line runs" said nothing)."""

from tests.harvest.published import harvest_published

# Django 5.2.19, reduced: django/db/models/query.py:512-532 (`QuerySet.iterator`) and 533-541 (`aiterator`, an
# asynchronous generator: its body yields further down).
QUERY = """
class QuerySet:
    def iterator(self, chunk_size=None):
        if chunk_size is None:
            if self._prefetch_related_lookups:
                raise ValueError(
                    "chunk_size must be provided when using QuerySet.iterator() after "
                    "prefetch_related()."
                )
        elif chunk_size <= 0:
            raise ValueError("Chunk size must be strictly positive.")
        return self._iterator(chunk_size)

    async def aiterator(self, chunk_size=2000):
        if chunk_size <= 0:
            raise ValueError("Chunk size must be strictly positive.")
        async for item in self._iterable_class(self, chunk_size=chunk_size):
            yield item
"""

# django/template/backends/django.py:134-181 (5.2.19), reduced: `get_template_tag_modules` iterates over the
# generator in a `for`, `get_installed_libraries` in a comprehension; `keep_libraries` (not Django's) only keeps
# the generator on an attribute, and what iterates over it later is not read.
BACKEND = """
from importlib import import_module
from pkgutil import walk_packages


class InvalidTemplateLibrary(Exception):
    pass


def get_template_tag_modules():
    for candidate in ["django.templatetags"]:
        pkg = import_module(candidate)
        if hasattr(pkg, "__path__"):
            for name in get_package_libraries(pkg):
                yield name.removeprefix(candidate).lstrip("."), name


def get_installed_libraries():
    return {
        module_name: full_name for module_name, full_name in get_template_tag_modules()
    }


def keep_libraries(pkg):
    pkg.libraries = get_package_libraries(pkg)


def get_package_libraries(pkg):
    for entry in walk_packages(pkg.__path__, pkg.__name__ + "."):
        try:
            module = import_module(entry[1])
        except ImportError as e:
            raise InvalidTemplateLibrary(
                "Invalid template library specified. ImportError raised when "
                "trying to load '%s': %s" % (entry[1], e)
            ) from e

        if hasattr(module, "register"):
            yield entry[1]
"""

# django/test/utils.py:249-267 and django/test/runner.py:1224-1228 (5.2.19), reduced: the generator's call is kept
# in a local, iterated over on the next line (through `itertools.groupby`, in a comprehension).
TEST_UTILS = """
from unittest import TestCase


def iter_test_cases(tests):
    for test in tests:
        if isinstance(test, str):
            raise TypeError(
                f"Test {test!r} must be a test case or test suite not string "
                f"(was found in {tests!r})."
            )
        if isinstance(test, TestCase):
            yield test
        else:
            yield from iter_test_cases(test)
"""
RUNNER = """
import itertools

from django.test.utils import iter_test_cases


def partition_suite_by_case(suite):
    suite_class = type(suite)
    all_tests = iter_test_cases(suite)
    return [suite_class(tests) for _, tests in itertools.groupby(all_tests, type)]
"""

# django/template/context.py:152-160 (5.2.19): a `@contextmanager`.
CONTEXT = """
from contextlib import contextmanager


class Context:
    @contextmanager
    def bind_template(self, template):
        if self.template is not None:
            raise RuntimeError("Context is already bound to a template")
        self.template = template
        try:
            yield
        finally:
            self.template = None
"""

# jsonschema 4's jsonschema/cli.py:1-30, reduced: a warning at the module's top level.
CLI = """
import warnings

warnings.warn(
    (
        "The jsonschema CLI is deprecated and will be removed in a future "
        "version. Please use check-jsonschema instead, which can be installed "
        "from https://pypi.org/project/check-jsonschema/"
    ),
    DeprecationWarning,
    stacklevel=2,
)
"""


def test_an_asynchronous_generator_is_iterated_over_and_a_plain_method_called(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/__init__.py": "", "django/db/models/query.py": QUERY})
    meaning = cards["Chunk size must be strictly positive."].generated["meaning"]
    assert meaning.startswith("`QuerySet.iterator()` raises this when the `chunk_size` argument is not `None`")
    # Named after the first way in; its own condition is in "When it happens".
    assert "Iterating over what `QuerySet.aiterator()` returns also raises this." in meaning
    assert "`QuerySet.aiterator()` raises this" not in meaning


def test_only_the_callers_that_iterate_over_a_generator_lead_to_its_raise(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/__init__.py": "", "django/template/backends/django.py": BACKEND})
    card = next(card for message, card in cards.items() if message.startswith("Invalid template library"))
    [site] = card.sites.all()
    rows = {row["function"]: row.get("generator") for row in site.evidence["entry_points"]}
    assert rows == {
        "get_package_libraries": "iterating",
        "get_template_tag_modules": "iterating",
        "get_installed_libraries": None,
    }
    assert card.generated["meaning"].startswith("Iterating over what `get_package_libraries()` returns raises this")


def test_a_generator_kept_in_a_local_and_iterated_over_later_leads_its_caller(db, git_repo) -> None:
    files = {"django/__init__.py": "", "django/test/__init__.py": "", "django/test/utils.py": TEST_UTILS}
    cards = harvest_published(git_repo, files | {"django/test/runner.py": RUNNER})
    card = next(card for message, card in cards.items() if message.startswith("Test {test} must be"))
    [site] = card.sites.all()
    rows = {row["function"]: row.get("generator") for row in site.evidence["entry_points"]}
    assert rows == {"iter_test_cases": "iterating", "partition_suite_by_case": None}


def test_a_context_manager_is_used_in_a_with_statement(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/__init__.py": "", "django/template/context.py": CONTEXT})
    meaning = cards["Context is already bound to a template"].generated["meaning"]
    assert meaning.startswith("Using what `Context.bind_template()` returns in a `with` statement raises this when")


def test_a_warning_at_a_module_s_top_level_is_issued_when_it_is_imported(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"jsonschema/__init__.py": "", "jsonschema/cli.py": CLI}, repo="e/jsonschema")
    [card] = cards.values()
    assert card.generated["meaning"] == "Importing `jsonschema.cli` issues this."
    assert "whenever `jsonschema.cli` is imported." in card.generated["trigger"]
    assert "whenever that line runs" not in card.generated["trigger"]


# django/db/models/query.py:497-529 and 2307-2397 (5.2.19), reduced: `QuerySet.iterator` returns the call of the
# generator `_iterator` as it is, which calls `prefetch_related_objects` as it is iterated over.
ITERATOR = """
from itertools import islice


class QuerySet:
    def _iterator(self, use_chunked_fetch, chunk_size):
        iterable = self._iterable_class(self, chunked_fetch=use_chunked_fetch, chunk_size=chunk_size or 2000)
        if not self._prefetch_related_lookups or chunk_size is None:
            yield from iterable
            return

        iterator = iter(iterable)
        while results := list(islice(iterator, chunk_size)):
            prefetch_related_objects(results, *self._prefetch_related_lookups)
            yield from results

    def iterator(self, chunk_size=None):
        use_chunked_fetch = not connections[self.db].settings_dict.get("DISABLE_SERVER_SIDE_CURSORS")
        return self._iterator(use_chunked_fetch, chunk_size)


def prefetch_related_objects(model_instances, *related_lookups):
    for lookup in related_lookups:
        if not hasattr(lookup, "get_prefetch_querysets"):
            raise ValueError(
                "'%s' does not resolve to an item that supports "
                "prefetching - this is an invalid parameter to "
                "prefetch_related()." % lookup
            )
"""


def test_a_method_that_returns_a_generator_s_call_is_iterated_over(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/__init__.py": "", "django/db/models/query.py": ITERATOR})
    card = next(card for message, card in cards.items() if "does not resolve to an item" in message)
    [site] = card.sites.all()
    rows = {row["function"]: row.get("generator") for row in site.evidence["entry_points"]}
    assert rows == {"prefetch_related_objects": None, "QuerySet.iterator": "iterating"}


# anyio 4.16.0, reduced: anyio/_core/_concurrency_utils.py:96-109 (an `@asynccontextmanager`), in a public module
# here (anyio/__init__.py:13 exports it).
AS_COMPLETED = """
from contextlib import asynccontextmanager


@asynccontextmanager
async def as_completed(*awaitables):
    \"\"\"
    Run awaitable objects concurrently in a task group, returning an iterator which can
    be used to get finished task handles in the order they complete.
    \"\"\"
    if not awaitables:
        raise ValueError("as_completed() takes at least one awaitable")

    send, recv = create_memory_object_stream(len(awaitables))
    async with recv:
        yield recv
"""


def test_an_asynchronous_context_manager_is_used_in_an_async_with_statement(db, git_repo) -> None:
    files = {"anyio/__init__.py": "", "anyio/concurrency_utils.py": AS_COMPLETED}
    cards = harvest_published(git_repo, files, repo="agronholm/anyio")
    meaning = cards["as_completed() takes at least one awaitable"].generated["meaning"]
    assert meaning.startswith("Using what `as_completed()` returns in an `async with` statement raises this")
