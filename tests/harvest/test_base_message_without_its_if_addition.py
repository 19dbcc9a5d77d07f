"""A base exception class that adds to its message only in an `if` (`if filename != '<string>' or lineno >= 0:
message = '%s (%s, line %d)' % ...`) prints the message alone otherwise: a subclass handing it its own words, and
a raise giving the message, are worded both ways. On a reduced copy of Genshi 0.7.12 (genshi/template/base.py:28-89,
genshi/template/eval.py:185-196, 255-261 and 390-395, genshi/template/loader.py:35-45, genshi/path.py:643-652 and
750-758)."""

import pytest

from kb.harvest.pipeline.plan import produces
from tests.harvest.test_messages import harvest_source

GENSHI = """
class TemplateError(Exception):
    def __init__(self, message, filename=None, lineno=-1, offset=-1):
        if filename is None:
            filename = '<string>'
        self.msg = message #: the error message string
        if filename != '<string>' or lineno >= 0:
            message = '%s (%s, line %d)' % (self.msg, filename, lineno)
        Exception.__init__(self, message)
        self.filename = filename
        self.lineno = lineno
        self.offset = offset


class TemplateSyntaxError(TemplateError):
    def __init__(self, message, filename=None, lineno=-1, offset=-1):
        if isinstance(message, SyntaxError) and message.lineno is not None:
            message = str(message).replace(' (line %d)' % message.lineno, '')
        TemplateError.__init__(self, message, filename, lineno)


class BadDirectiveError(TemplateSyntaxError):
    def __init__(self, name, filename=None, lineno=-1):
        TemplateSyntaxError.__init__(self, 'bad directive "%s"' % name,
                                     filename, lineno)


class TemplateRuntimeError(TemplateError):
    pass


UNDEFINED = object()


class UndefinedError(TemplateRuntimeError):
    def __init__(self, name, owner=UNDEFINED):
        if owner is not UNDEFINED:
            message = '%s has no member named "%s"' % (repr(owner), name)
        else:
            message = '"%s" not defined' % name
        TemplateRuntimeError.__init__(self, message)


class TemplateNotFound(TemplateError):
    def __init__(self, name, search_path):
        TemplateError.__init__(self, 'Template "%s" not found' % name)
        self.search_path = search_path


class PathSyntaxError(Exception):
    def __init__(self, message, filename=None, lineno=-1, offset=-1):
        if filename:
            message = '%s (%s, line %d)' % (message, filename, lineno)
        Exception.__init__(self, message)
        self.filename = filename
        self.lineno = lineno
        self.offset = offset


class StrictLookup:
    @classmethod
    def undefined(cls, key, owner=UNDEFINED):
        __traceback_hide__ = True
        raise UndefinedError(key, owner=owner)


def load(filename, search_path):
    raise TemplateNotFound(filename, search_path)


def parse(command):
    raise BadDirectiveError(command)


class PathParser:
    def __init__(self, filename=None, lineno=-1):
        self.filename = filename
        self.lineno = lineno

    def _location_step(self, axis):
        raise PathSyntaxError('Unsupport axis "%s"' % axis,
                              self.filename, self.lineno)
"""

RAISED = [
    ("StrictLookup.undefined", lambda ns: ns["StrictLookup"].undefined("y")),
    ("StrictLookup.undefined", lambda ns: ns["StrictLookup"].undefined("missing", owner={"name": "Ada"})),
    ("load", lambda ns: ns["load"]("nope.html", [])),
    ("parse", lambda ns: ns["parse"]("nope")),
    ("PathParser._location_step", lambda ns: ns["PathParser"]()._location_step(None)),
]


@pytest.mark.parametrize(("function", "make"), RAISED, ids=[f for f, _ in RAISED])
def test_the_message_printed_without_the_base_s_addition_is_recorded_at_the_raise(tmp_path, function, make):
    namespace: dict = {}
    exec(compile(GENSHI, "genshi", "exec"), namespace)
    with pytest.raises(Exception) as raised:
        make(namespace)
    found = harvest_source(tmp_path, GENSHI)
    forms = [
        form
        for site in found.sites
        if site.function == function
        for form in (site.signature, *(signature for _message, signature in site.variants))
        if form
    ]
    assert any(produces(form, str(raised.value)) for form in forms), (str(raised.value), forms)
