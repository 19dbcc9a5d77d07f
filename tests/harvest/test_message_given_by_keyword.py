"""A raise may give the message by the keyword of the `__init__` parameter in its place (`DataError(error=...)`),
not only by position or as `message=`: it is the message, and a helper raising so carries its callers' words. On a
reduced copy of trafaret 2.1.1 (trafaret/dataerror.py:4-35, trafaret/base.py:136-140 and 350-357)."""

from kb.harvest.pipeline.plan import produces
from tests.harvest.test_messages import harvest_source

TRAFARET = """
_empty = object()


class DataError(ValueError):
    def __init__(self, error=None, name=None, value=_empty, trafaret=None, code=None):
        if not isinstance(error, (str, dict)):
            raise RuntimeError('Only str or dict is supported, got %r' % error)
        self.error = error
        self.name = name
        self.value = value
        self.trafaret = trafaret
        self.code = code

    def __str__(self, value=False):
        if value and self.value != _empty:
            return '%s, got %r' % (str(self.error), self.value)
        else:
            return str(self.error)


class Trafaret:
    def _failure(self, error=None, value=_empty, code=None):
        raise DataError(error=error, value=value, trafaret=self, code=code)


class Null(Trafaret):
    def check_value(self, value):
        if value is not None:
            self._failure("value should be None", value=value, code="is_not_null")


class Atom(Trafaret):
    def __init__(self, value):
        self.value = value

    def check_value(self, value):
        if self.value != value:
            self._failure(
                "value is not exactly '%s'" % self.value,
                value=value,
                code="is_not_exactly",
            )
"""


def _run(value, trafaret: str) -> str:
    namespace: dict = {}
    exec(compile(TRAFARET, "trafaret", "exec"), namespace)
    made = namespace[trafaret]("red") if trafaret == "Atom" else namespace[trafaret]()
    try:
        made.check_value(value)
    except namespace["DataError"] as error:
        return str(error)
    raise AssertionError("no error")


def test_each_caller_of_a_helper_that_raises_with_a_keyword_message_is_an_entry_at_the_raise(tmp_path):
    found = harvest_source(tmp_path, TRAFARET)
    for value, trafaret in ((0, "Null"), ("blue", "Atom")):
        message = _run(value, trafaret)
        at_raise = [
            s.signature
            for s in found.sites
            if s.function == "Trafaret._failure" and s.signature and produces(s.signature, message)
        ]
        assert at_raise, (message, [(s.function, s.signature) for s in found.sites])


def test_a_raise_giving_its_message_by_keyword(tmp_path):
    source = TRAFARET + "\n\ndef email(value):\n    raise DataError(error='value is not a valid email', value=value)\n"
    assert [s.signature for s in harvest_source(tmp_path, source).sites if s.function == "email"] == [
        "value is not a valid email"
    ]
