"""`raise self` in a method of an exception class raises an instance of that class, or of each subclass that runs the
method; after `self.__class__ = X`, an `X`. Its message is what the instance was made with elsewhere: an entry by
type at the raise, keyed by its site, no words made up. Not skipped as held in a variable; in any other class it
still is."""

from tests.harvest.test_messages import harvest_source

HELD = "raises an exception object held in a variable"

# h11 0.16.0, h11/_util.py:12-81 (ProtocolError, LocalProtocolError._reraise_as_remote_protocol_error,
# RemoteProtocolError), comments cut.
UTIL = """
class ProtocolError(Exception):
    def __init__(self, msg, error_status_hint=400):
        if type(self) is ProtocolError:
            raise TypeError("tried to directly instantiate ProtocolError")
        Exception.__init__(self, msg)
        self.error_status_hint = error_status_hint


class LocalProtocolError(ProtocolError):
    def _reraise_as_remote_protocol_error(self):
        self.__class__ = RemoteProtocolError  # type: ignore
        raise self


class RemoteProtocolError(ProtocolError):
    pass
"""

# The same method without the new class, and a subclass that runs it: each class is raised there.
PLAIN = (
    UTIL.replace("        self.__class__ = RemoteProtocolError  # type: ignore\n", "")
    + """

class LocalTimeoutError(LocalProtocolError):
    pass
"""
)

NOT_AN_EXCEPTION = """
class Retry:
    def again(self):
        raise self
"""


def test_raise_self_after_its_class_is_replaced_raises_the_new_class(tmp_path):
    found = harvest_source(tmp_path, UTIL)
    raised = [s for s in found.sites if s.function == "LocalProtocolError._reraise_as_remote_protocol_error"]
    assert [(s.exception_type, s.signature) for s in raised] == [("pkg.mod.RemoteProtocolError", "")]
    assert HELD not in found.skipped


def test_raise_self_raises_the_class_and_each_subclass_running_the_method(tmp_path):
    found = harvest_source(tmp_path, PLAIN)
    raised = [s for s in found.sites if s.function == "LocalProtocolError._reraise_as_remote_protocol_error"]
    assert sorted(s.exception_type for s in raised) == ["pkg.mod.LocalProtocolError", "pkg.mod.LocalTimeoutError"]


def test_raise_self_in_a_class_that_is_no_exception_is_still_held_in_a_variable(tmp_path):
    found = harvest_source(tmp_path, NOT_AN_EXCEPTION)
    assert not found.sites
    assert found.skipped[HELD] == 1
