"""`raise ScannerError(None, None, "mapping values are not allowed here", self.get_mark())`: the class takes a
context before the problem, and the call gives None in the message's place. The one text the call words is what
the error prints first. Pared down from a YAML library (PyYAML 6.0's MarkedYAMLError and its raises)."""

from tests.harvest.test_real_library_forms import sites_of

CLASSES = """
class MarkedYAMLError(Exception):
    def __init__(self, context=None, context_mark=None, problem=None, problem_mark=None, note=None):
        self.context = context
        self.problem = problem

    def __str__(self):
        lines = []
        if self.context is not None:
            lines.append(self.context)
        if self.problem is not None:
            lines.append(self.problem)
        return '\\n'.join(lines)

class ScannerError(MarkedYAMLError):
    pass
"""


def test_the_one_worded_argument_is_the_message(tmp_path):
    source = (
        CLASSES
        + """
class Scanner:
    def fetch_value(self):
        if not self.allow_simple_key:
            raise ScannerError(None, None, "mapping values are not allowed here", self.get_mark())

    def construct_undefined(self, node):
        raise ScannerError(None, None, "could not determine a constructor for the tag %r" % node.tag, node.mark)
"""
    )

    assert sites_of(tmp_path, source, "Scanner.fetch_value") == [
        ("ScannerError", "mapping values are not allowed here", ())
    ]
    assert sites_of(tmp_path, source, "Scanner.construct_undefined") == [
        ("ScannerError", "could not determine a constructor for the tag {tag}", ())
    ]


def test_two_worded_arguments_say_nothing_for_sure(tmp_path):
    source = (
        CLASSES
        + """
def parse(token, mark):
    raise ScannerError(None, None, "while scanning a block", mark, "see the docs")
"""
    )

    assert sites_of(tmp_path, source, "parse") == [("ScannerError", "", ())]
