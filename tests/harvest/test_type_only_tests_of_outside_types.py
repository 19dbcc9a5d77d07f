"""A test that asserts alone a type the repository does not define (`pickle.UnpicklingError`, `json.JSONDecodeError`)
triggers a raise of it only where the function the test calls raises it itself and no call before that raise may
raise it: code from outside the repository (the standard library's unpickler) raises such a type too. Round 25's
card 25: deepdiff 9.1.0's `pickle_load(serialized_str)` under `pytest.raises(UnpicklingError)` is refused by
`pickle`'s own `load()` on the first byte, before deepdiff's `_SafeConstructor` can say "Refusing to create"."""

import pytest

from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

# Reduced from deepdiff/serialization.py:347-373, 376-411, 443-477 (deepdiff 9.1.0).
SERIALIZATION = """
import io
import pickle
import sys

_MAX_ALLOC_SIZE = 128 * 1024 * 1024
_SIZE_SENSITIVE_CALLABLES = frozenset({bytes, bytearray})
SAFE_TO_IMPORT = {"builtins.bytes"}


class ForbiddenModule(ImportError):
    pass


class _SafeConstructor:
    __slots__ = ('_wrapped',)

    def __init__(self, wrapped):
        self._wrapped = wrapped

    def __call__(self, *args, **kwargs):
        for arg in args:
            if isinstance(arg, int) and arg > _MAX_ALLOC_SIZE:
                raise pickle.UnpicklingError(
                    "Refusing to create {}() with size {}: "
                    "exceeds the maximum allowed size of {} bytes. "
                    "This could be a denial-of-service attack payload.".format(
                        self._wrapped.__name__, arg, _MAX_ALLOC_SIZE
                    )
                )
        return self._wrapped(*args, **kwargs)


class _RestrictedUnpickler(pickle.Unpickler):
    def __init__(self, *args, **kwargs):
        self.safe_to_import = kwargs.pop('safe_to_import', None) or SAFE_TO_IMPORT
        super().__init__(*args, **kwargs)

    def find_class(self, module, name):
        module_dot_class = '{}.{}'.format(module, name)
        if module_dot_class in self.safe_to_import:
            cls = getattr(sys.modules[module], name)
            if cls in _SIZE_SENSITIVE_CALLABLES:
                return _SafeConstructor(cls)
            return cls
        raise ForbiddenModule("Module '{}' is forbidden.".format(module_dot_class))


def pickle_load(content=None, file_obj=None, safe_to_import=None):
    if not content and not file_obj:
        raise ValueError('Please either pass the content or the file_obj to pickle_load.')
    if isinstance(content, str):
        content = content.encode('utf-8')
    if content:
        file_obj = io.BytesIO(content)
    return _RestrictedUnpickler(file_obj, safe_to_import=safe_to_import).load()
"""

# Reduced from tests/test_serialization.py:12, 287-291 (deepdiff 9.1.0).
SERIALIZATION_TESTS = """
from pickle import UnpicklingError

import pytest

from pickling.core import pickle_load


class TestPickling:
    def test_pickle_that_is_string(self):
        serialized_str = 'DeepDiff Delta Payload v0-0-1\\nBlah'
        with pytest.raises(UnpicklingError):
            pickle_load(serialized_str)
"""

# The same type raised by the function the test calls: by itself (`load_checked`), or after a call of the
# standard library's that raises it too (`load_then_check`). Each is the package's one raise of the type.
CHECKED = """
import pickle


def load_checked(content):
    if not content.startswith(b"\\x80"):
        raise pickle.UnpicklingError("Not a pickle of protocol 2 or later.")
    return content
"""

CHECKED_TESTS = """
from pickle import UnpicklingError

import pytest

from checked.core import load_checked


class TestChecked:
    def test_not_a_pickle(self):
        with pytest.raises(UnpicklingError):
            load_checked(b"text")
"""

UNPICKLED = """
import pickle


def load_then_check(content):
    loaded = pickle.loads(content)
    if loaded is None:
        raise pickle.UnpicklingError("The pickle holds nothing.")
    return loaded
"""

UNPICKLED_TESTS = """
from pickle import UnpicklingError

import pytest

from unpickled.core import load_then_check


class TestUnpickled:
    def test_a_pickle_of_none(self):
        with pytest.raises(UnpicklingError):
            load_then_check(b"N.")
"""


@pytest.fixture
def pickling(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "pickling", SERIALIZATION, SERIALIZATION_TESTS)


REFUSING = (
    "Refusing to create {wrapped}() with size {arg}: exceeds the maximum allowed size of {MAX_ALLOC_SIZE} bytes. "
    "This could be a denial-of-service attack payload."
)


def test_a_type_from_outside_raised_below_the_called_function_takes_no_test(pickling) -> None:
    assert triggering(pickling, REFUSING) == []


def test_a_type_from_outside_raised_by_the_called_function_itself_takes_its_test(git_repo) -> None:
    evidence = package_evidence(git_repo, "checked", CHECKED, CHECKED_TESTS)
    [test] = triggering(evidence, "Not a pickle of protocol 2 or later.")
    assert (test["name"], test["call"]) == ("TestChecked.test_not_a_pickle", 'load_checked(b"text")')


def test_a_call_from_outside_before_the_raise_may_raise_the_type_first(git_repo) -> None:
    evidence = package_evidence(git_repo, "unpickled", UNPICKLED, UNPICKLED_TESTS)
    assert triggering(evidence, "The pickle holds nothing.") == []


# Reduced from rest_framework/routers.py:19, 48-78 (DRF 3.18.3): Django's ImproperlyConfigured raised by the method the
# test calls, after calls of the package's own that raise nothing of the kind (a builtin's constructor included).
ROUTERS = """
from django.core.exceptions import ImproperlyConfigured


class BaseRouter:
    def __init__(self):
        self.registry = []

    def register(self, prefix, viewset, basename=None):
        if basename is None:
            basename = self.get_default_basename(viewset)

        if self.is_already_registered(basename):
            msg = (f'Router with basename "{basename}" is already registered. '
                   f'Please provide a unique basename for viewset "{viewset}"')
            raise ImproperlyConfigured(msg)

        self.registry.append((prefix, viewset, basename))

    def is_already_registered(self, new_basename):
        return any(basename == new_basename for _prefix, _viewset, basename in self.registry)

    def get_default_basename(self, viewset):
        raise NotImplementedError('get_default_basename must be overridden')


def perform_import(val):
    if val is None:
        raise ImproperlyConfigured("Nothing to import.")
"""

# Reduced from tests/test_routers.py:614, 650-658 (DRF 3.18.3).
ROUTERS_TESTS = """
import pytest
from django.core.exceptions import ImproperlyConfigured

from routing.core import BaseRouter


class BasenameTestCase:
    def test_conflicting_specified_basename(self):
        self.router = BaseRouter()
        self.router.register(r'notes', NoteViewSet, basename='notes')

        with pytest.raises(ImproperlyConfigured):
            self.router.register(r'notes_kwduplicate', KWargedNoteViewSet, basename='notes')
"""


def test_a_type_from_outside_raised_after_the_package_s_own_calls_takes_its_test(git_repo) -> None:
    evidence = package_evidence(git_repo, "routing", ROUTERS, ROUTERS_TESTS)
    signature = 'Router with basename "{basename}" is already registered. Please provide a unique basename for viewset'
    [test] = [t for key, found in evidence.items() if key.startswith(signature) for t in found.get("tests", [])]
    assert test["name"] == "BasenameTestCase.test_conflicting_specified_basename"
