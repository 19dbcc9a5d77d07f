"""`def check(items, types, exception_type=ValueTypeError): raise exception_type(source, types, actual, item, msg)`:
the raise is of the default, and of each exception class the function's callers pass for the parameter
(`check(keys, key_types, KeyTypeError)`). The class takes its message after its named arguments, handing `*args`
to its base (`def __init__(self, source, types, actual, value, *args): super().__init__(*args)`). Pared down, and
on pyrsistent's own source (bench/lookup_corpus.py installs it)."""

import os

from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class CheckedTypeError(TypeError):
    def __init__(self, source, expected, actual, value, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.source = source


class KeyTypeError(CheckedTypeError):
    pass


class ValueTypeError(CheckedTypeError):
    pass


def check(items, expected, source, exception_type=ValueTypeError):
    for item in items:
        if not isinstance(item, expected):
            msg = "Type {0} can only be used with {1}, not {2}".format(source, expected, type(item))
            raise exception_type(source, expected, type(item), item, msg)


def check_keys(keys, expected, source):
    check(keys, expected, source, KeyTypeError)


def check_values(values, expected, source):
    check(values, expected, source)
"""


def test_a_defaulted_class_parameter_raises_the_default_and_each_class_its_callers_pass(tmp_path):
    found = {(s.exception_type, s.signature) for s in harvest_source(tmp_path, SOURCE).sites if s.function == "check"}
    assert found == {
        ("pkg.mod.ValueTypeError", "Type {source} can only be used with {expected}, not {item_type}"),
        ("pkg.mod.KeyTypeError", "Type {source} can only be used with {expected}, not {item_type}"),
    }


@installed("pyrsistent")
def test_pyrsistent_s_key_type_errors_are_found_where_they_are_raised():
    os.environ.setdefault("PYRSISTENT_NO_C_EXTENSION", "1")
    pyrsistent = imported("pyrsistent")

    class Scores(pyrsistent.CheckedPMap):
        __key_type__ = str
        __value_type__ = int

    error = raised(lambda: Scores({1: 2}))
    assert type(error).__name__ == "CheckedKeyTypeError"
    assert found_where_it_ends("pyrsistent", error), str(error)
