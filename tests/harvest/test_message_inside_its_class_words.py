"""An exception class that puts the message it is given inside words of its own (`message + " at line: %d char:
%d" % (lineno, pos)` in its `__init__`): a raise's message is recorded as the class prints it, the other arguments
put in. Pared down from a templating library (Mako 1.4's SyntaxException, raised with `**self.exception_kwargs`)."""

from tests.harvest.test_real_library_forms import sites_of

CLASSES = """
class MakoException(Exception):
    pass

class SyntaxException(MakoException):
    def __init__(self, message, source, lineno, pos, filename):
        MakoException.__init__(self, message + " at line: %d char: %d" % (lineno, pos))
        self.lineno = lineno

class Plain(MakoException):
    def __init__(self, message, source):
        MakoException.__init__(self, message)
        self.source = source
"""


def test_the_class_words_around_the_message_are_part_of_it(tmp_path):
    source = (
        CLASSES
        + """
class Lexer:
    def parse(self):
        if len(self.tag):
            raise SyntaxException("Unclosed tag: <%%%s>" % self.tag[-1].keyword, **self.exception_kwargs)
"""
    )

    assert sites_of(tmp_path, source, "Lexer.parse") == [
        ("SyntaxException", "Unclosed tag: <%{keyword}> at line: {lineno} char: {pos}", ())
    ]


def test_arguments_given_by_name_fill_the_class_words(tmp_path):
    source = (
        CLASSES
        + """
def check(keyword, text, line, col):
    raise SyntaxException("No such tag: '%s'" % keyword, source=text, lineno=line, pos=col, filename=None)
"""
    )

    assert sites_of(tmp_path, source, "check") == [
        ("SyntaxException", "No such tag: '{keyword}' at line: {line} char: {col}", ())
    ]


def test_a_class_that_passes_the_message_on_as_it_is_changes_nothing(tmp_path):
    source = (
        CLASSES
        + """
def check(keyword, text):
    raise Plain("No such tag: '%s'" % keyword, text)
"""
    )

    assert sites_of(tmp_path, source, "check") == [("Plain", "No such tag: '{keyword}'", ())]
