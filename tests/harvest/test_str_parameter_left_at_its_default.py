"""`str(error)` calls `__str__` with no argument: a `return` reached only when a parameter of `__str__` that
defaults to a false value is true is not what the error prints, so the message is not recorded in its words. On a
reduced copy of trafaret 2.1.1 (trafaret/dataerror.py:4-35, trafaret/base.py:155-170)."""

from tests.harvest.test_messages import harvest_source

DATAERROR = """
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


class OnError:
    def __init__(self, trafaret, message, code=None):
        self.trafaret = trafaret
        self.message = message
        self.code = code

    def transform(self, value, context=None):
        try:
            return self.trafaret(value, context=context)
        except DataError as de:
            raise DataError(
                self.message,
                value=value,
                trafaret=self.trafaret,
                code=self.code or de.code,
            )


def email(value):
    raise DataError('value is not a valid email address', value=value)
"""


def printed(*args, **kwargs) -> str:
    """What the reduced class prints, run: the harvest must say the same."""
    namespace: dict = {}
    exec(compile(DATAERROR, "dataerror", "exec"), namespace)
    return str(namespace["DataError"](*args, **kwargs))


def test_a_str_branch_for_an_argument_str_never_passes_is_not_the_message(tmp_path):
    found = harvest_source(tmp_path, DATAERROR)
    assert printed("value is not a valid email address", value="x") == "value is not a valid email address"
    signatures = [s.signature for s in found.sites if s.exception_type.endswith("DataError")]
    assert "value is not a valid email address" in signatures
    assert not any(", got " in signature for signature in signatures)
