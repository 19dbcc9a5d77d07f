"""An exception whose `__str__` words a message only when it was given none (`if not self.message: return "Missing
parameter: ..."`) is recorded with that wording where it is raised without one. On code written for the tests and on
installed click."""

import click
import pytest

from kb.harvest.pipeline.plan import produces
from tests.harvest.test_helper_raises import installed
from tests.harvest.test_messages import harvest_source

SOURCE = """
class Missing(Exception):
    def __init__(self, message=None, name=None):
        super().__init__(message)
        self.message = message
        self.name = name

    def __str__(self):
        if not self.message:
            return "Missing value for {name}".format(name=self.name)
        return self.message

class Either(Exception):
    def __str__(self):
        if self.args:
            return "Got {0}".format(self.args[0])
        return "Got nothing"

def need(name, value, hint):
    if value is None:
        raise Missing(name=name)
    if not value:
        raise Missing("Value is empty.")
    if hint:
        raise Either(hint)
"""


def test_the_one_worded_return_of_str_is_the_message_of_a_raise_that_gives_none(tmp_path):
    assert [s.signature for s in harvest_source(tmp_path, SOURCE).sites] == [
        "Missing value for {name}",
        "Value is empty.",
        "",  # two worded returns: which one it prints is not known
    ]


def test_click_s_missing_parameter_is_found_where_it_is_raised():
    @click.command()
    @click.argument("name")
    def command(name):
        pass

    with pytest.raises(click.MissingParameter) as raised:
        command.main([], standalone_mode=False)
    found = installed(click)
    signatures = [s.signature for s in found.sites if s.exception_type.endswith("MissingParameter")]
    assert any(produces(signature, str(raised.value)) for signature in signatures), (str(raised.value), signatures)


def test_a_message_of_values_alone_handed_to_a_raising_helper_is_one_entry_with_the_helpers_raise(tmp_path):
    source = """
    class BadParameter(Exception):
        pass

    class FileType:
        def fail(self, message):
            raise BadParameter(message)

        def convert(self, value):
            try:
                return open(value)
            except OSError as e:
                self.fail(f"'{value}': {e.strerror}")
    """
    written = [s for s in harvest_source(tmp_path, source).sites if s.message == "'{value}': {strerror}"]
    assert [(s.function, s.signature) for s in written] == [("FileType.convert", ""), ("FileType.fail", "")]
    assert written[0].key == written[1].key  # one entry, where a traceback ends too
