"""The message of `raise X(a, b)` is the argument the exception's `__init__` takes it as: `BadOptionUsage(option_name,
message)` carries its message second. On code written for the tests and on installed click."""

import click
import pytest

from kb.harvest.pipeline.plan import produces
from tests.harvest.test_helper_raises import installed
from tests.harvest.test_messages import harvest_source

SOURCE = """
class UsageError(Exception):
    def __init__(self, message, ctx=None):
        super().__init__(message)

class BadOptionUsage(UsageError):
    def __init__(self, option_name, message, ctx=None):
        super().__init__(message, ctx)
        self.option_name = option_name

class Pooled(Exception):
    def __init__(self, pool, reason):
        super().__init__(f"{pool}: {reason}")

def take(option_name, pool):
    if not option_name:
        raise BadOptionUsage(option_name, "Option {name!r} requires an argument.".format(name=option_name))
    if pool is None:
        raise BadOptionUsage(option_name, message="No option given.")
    raise Pooled(pool, "Pool is full.")
"""


def test_the_message_is_the_argument_init_names_as_the_message(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert [s.signature for s in found if s.function == "take"] == [
        "Option {name} requires an argument.",
        "No option given.",
        "{pool}: Pool is full.",  # worded by the class around its arguments, as before
    ]


@pytest.mark.parametrize("arguments", [["--count"], ["--name"]])
def test_click_s_option_errors_are_recorded_with_their_message_not_the_option_s_name(arguments):
    @click.command()
    @click.option("--count", type=int)
    @click.option("--name")
    def command(count: int, name: str) -> None:
        pass

    with pytest.raises(click.BadOptionUsage) as raised:
        command.main(arguments, standalone_mode=False)
    found = installed(click)
    recorded = [
        wording
        for s in found.sites
        if s.function == "_OptionParser._get_value_from_state" and s.exception_type.endswith("BadOptionUsage")
        for wording in (s.signature, *(v for _m, v in s.variants))
    ]
    assert any(produces(w, raised.value.message) for w in recorded), recorded
