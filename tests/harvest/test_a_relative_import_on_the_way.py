"""A relative import inside the function a test calls does not hide the raise its literal arguments meet below it
(`met`): `from ._cached import _wrapper` above `if cache is None: raise TypeError(...)` is the package's own module,
imported late to break an import cycle; it may raise an ImportError, so a test that asserts one is not told the
raise below."""

from tests.harvest.test_tests_docs import evidence_of, triggering

# cachetools 8.0.3's src/cachetools/__init__.py:860-868, reduced.
CACHED = '''
def cached(cache, info=False):
    """Decorator to wrap a function with a memoizing callable."""
    from ._cached import _wrapper

    if cache is None:  # unsupported since v8.0.0
        raise TypeError("cache must not be None")
    return _wrapper


def loaded(name):
    from ._cached import _wrapper

    if not name:
        raise ImportError("nothing to load")
    return _wrapper
'''

# cachetools 8.0.3's tests/test_cached.py:566-569, reduced.
CACHED_TESTS = """
import pytest

import cachetools


def test_none_cache():
    with pytest.raises(TypeError):
        cachetools.cached(None)


def test_nothing_to_load():
    with pytest.raises(ImportError):
        cachetools.loaded("")
"""


def test_a_relative_import_on_the_way_does_not_hide_the_raise_a_literal_meets(git_repo) -> None:
    """`from ._cached import _wrapper` above `if cache is None: raise TypeError(...)`: the package's own module,
    imported late; it may raise an ImportError, so a test that asserts one is not told the raise below."""
    git_repo.write("pyproject.toml", "[project]\nname = 'cachetools'\n")
    git_repo.write("cachetools/__init__.py", CACHED)
    git_repo.write("cachetools/_cached.py", "def _wrapper(func):\n    return func\n")
    git_repo.write("tests/test_cached.py", CACHED_TESTS)
    evidence = evidence_of(git_repo.root / "cachetools", "cachetools")
    [test] = triggering(evidence, "cache must not be None")
    assert (test["name"], test["how"], test["call"]) == ("test_none_cache", "type-and-call", "cachetools.cached(None)")
    assert triggering(evidence, "nothing to load") == []
