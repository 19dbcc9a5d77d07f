"""A raising helper that rebinds its message from its parameters alone (`msg = msg.format(*format_args)`, then
`raise LocalProtocolError(msg)`): each call words its own message, the helper's parameters replaced by what the
call gave them. Pared down from an HTTP library's `validate` (h11 0.16's `_util.validate` and its callers)."""

import pytest

from tests.harvest.test_messages import harvest_source

UTIL = """
class LocalProtocolError(Exception):
    pass


def validate(regex, data, msg="malformed data", *format_args):
    match = regex.fullmatch(data)
    if not match:
        if format_args:
            msg = msg.format(*format_args)
        raise LocalProtocolError(msg)
    return match.groupdict()
"""

READERS = """
from .util import validate


def read_header(line):
    return validate(header_field_re, line, "illegal header line: {!r}", line)


def read_length(value):
    validate(content_length_re, value, "bad Content-Length")
"""


@pytest.fixture
def found(tmp_path):
    return harvest_source(tmp_path, READERS, extra={"util.py": UTIL}).sites


def test_each_call_words_its_message_with_the_values_it_gave(found):
    worded = {(s.path, s.function, s.signature) for s in found if s.signature}
    assert ("pkg/mod.py", "read_header", "illegal header line: {line}") in worded
    assert ("pkg/mod.py", "read_length", "bad Content-Length") in worded


def test_the_message_is_recorded_again_where_the_helper_raises(found):
    at_raise = {s.signature for s in found if s.path == "pkg/util.py" and s.function == "validate"}
    assert {"illegal header line: {line}", "bad Content-Length"} <= at_raise


def test_a_rebinding_that_reads_more_than_the_parameters_is_the_helpers_own(tmp_path):
    util = UTIL.replace("msg = msg.format(*format_args)", "msg = msg.format(*format_args) + SUFFIX")
    sites = harvest_source(tmp_path, READERS, extra={"util.py": util}).sites
    assert not [s for s in sites if s.path == "pkg/mod.py" and s.signature]
