"""`(message + "\n" + self.usage).strip()`: a message stripped as a whole, a value inside it, loses the whitespace at
its literal ends, as the call strips it (docopt 0.6.2's DocoptExit, whose usage is empty until `docopt()` sets it).
A value at an end keeps whatever run time gives it."""

from kb.harvest.pipeline.plan import produces
from tests.harvest.test_messages import signatures

SOURCE = """
class Exit(SystemExit):
    usage = ""

    def __init__(self, message=""):
        SystemExit.__init__(self, (message + "\\n" + self.usage).strip())


def parse_long(option):
    raise Exit("%s requires argument" % option)


def trimmed(name):
    raise ValueError(("  Unknown name: %s \\n" % name).rstrip())
"""


def test_the_literal_ends_of_a_stripped_message_are_stripped(tmp_path):
    assert sorted(signatures(tmp_path, SOURCE)) == ["  Unknown name: {name}", "{option} requires argument"]
    assert produces("{option} requires argument", "--speed requires argument")
