"""Type-only tests that round 10's reader found unmatched: a property read or set with no call in the test's
block (`request.body` after the stream was read), and an `AssertionError` from an `assert` in the very function
the test calls (Python's own operations never raise it). A builtin type Python raises itself (`ValueError`) still
triggers nothing."""

import pytest

from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

CORE = """
class RawPostDataException(Exception):
    pass


class Request:
    @property
    def body(self):
        if self._read_started:
            raise RawPostDataException("You cannot access body after reading the request's data stream.")
        return self._body


def encode(value, encoding):
    assert encoding in ("gzip", "identity"), "Unknown encoding for the response: %r" % encoding
    return value


def width(text):
    if not text.isdigit():
        raise ValueError("A width is written in digits only.")
    return int(text)
"""

TESTS = """
import pytest

from http_kit.core import RawPostDataException, Request, encode, width


def test_body_after_read():
    request = Request()
    request.read()
    with pytest.raises(RawPostDataException):
        request.body


def test_bad_encoding():
    with pytest.raises(AssertionError):
        encode(b"x", "badencoding")


def test_bad_width():
    with pytest.raises(ValueError):
        width("x")
"""


@pytest.fixture
def evidence(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "http_kit", CORE, TESTS)


def test_a_property_read_alone_triggers_the_one_raise_of_its_type(evidence) -> None:
    [test] = triggering(evidence, "You cannot access body after reading the request's data stream.")
    assert (test["name"], test["how"]) == ("test_body_after_read", "type-and-call")


def test_an_assertion_error_of_the_called_function_triggers_its_assert(evidence) -> None:
    [test] = triggering(evidence, "Unknown encoding for the response: {encoding}")
    assert (test["name"], test["call"]) == ("test_bad_encoding", 'encode(b"x", "badencoding")')


def test_a_value_error_asserted_alone_still_triggers_nothing(evidence) -> None:
    assert triggering(evidence, "A width is written in digits only.") == []
