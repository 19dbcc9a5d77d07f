"""A caller that has left unless the value it hands on is of some builtin types is no way in to a raise that needs
it of other types: round 31's AI-assisted card said DRF's "Not a valid string." is reached from
`IPAddressField.to_internal_value`, but that method fails unless `data` is a `str` before it calls
`super().to_internal_value(data)`, whose raise needs `data` a `bool` or no `str`, `int` or `float`."""

import ast

from kb.harvest.reading.type_guards import Atom, NeededTypes, refuted, types_held
from tests.harvest.test_evidence import site_of
from tests.harvest.test_messages import harvest_source

# Reduced from rest_framework/fields.py:585-596, 751-770, 861-878 (DRF 3.18.3). `Loose.maybe`, `Loose.listed`,
# `Loose.renamed` and `Loose.counted` are ours: a caller that checks the type only on one way, one that checks it
# against types the raise needs, one that binds the name anew past its check, one that lets a `bool` through.
SOURCE = """
class ValidationError(Exception):
    pass


class Field:
    default_error_messages = {}

    def fail(self, key, **kwargs):
        \"\"\"
        A helper method that simply raises a validation error.
        \"\"\"
        try:
            msg = self.error_messages[key]
        except KeyError:
            class_name = self.__class__.__name__
            msg = "missing {class_name} {key}".format(class_name=class_name, key=key)
            raise AssertionError(msg)
        message_string = msg.format(**kwargs)
        raise ValidationError(message_string, code=key)


class CharField(Field):
    default_error_messages = {
        'invalid': 'Not a valid string.',
    }

    def to_internal_value(self, data):
        # We're lenient with allowing basic numerics to be coerced into strings,
        # but other types should fail. Eg. unclear if booleans should represent as `true` or `True`,
        # and composites such as lists are likely user error.
        if isinstance(data, bool) or not isinstance(data, (str, int, float,)):
            self.fail('invalid')
        value = str(data)
        return value.strip() if self.trim_whitespace else value


class IPAddressField(CharField):
    default_error_messages = {
        'invalid': 'Enter a valid IPv4 or IPv6 address.',
    }

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail('invalid', value=data)

        if ':' in data:
            try:
                if self.protocol in ('both', 'ipv6'):
                    return clean_ipv6_address(data, self.unpack_ipv4)
            except DjangoValidationError:
                self.fail('invalid', value=data)

        return super().to_internal_value(data)


class Loose(CharField):
    def maybe(self, data, strict):
        if strict and not isinstance(data, str):
            self.fail('invalid')
        return super().to_internal_value(data)

    def listed(self, data):
        if not isinstance(data, (str, list)):
            self.fail('invalid')
        return super().to_internal_value(data)

    def renamed(self, data):
        if not isinstance(data, str):
            self.fail('invalid')
        data = self.parse(data)
        return super().to_internal_value(data)

    def counted(self, data):
        if not isinstance(data, int):
            return None
        return super().to_internal_value(data)
"""

WORDS = "Not a valid string"


def _ways_in(
    tmp_path, source: str = SOURCE, words: str = WORDS, function: str = "CharField.to_internal_value"
) -> set[str]:
    sites = harvest_source(tmp_path, source).sites
    evidence = site_of(sites, words, function=function).evidence
    return {row["function"] for row in (*evidence["entry_points"], *evidence["callers"])}


def test_a_caller_that_fails_unless_the_value_is_a_str_is_no_way_in(tmp_path) -> None:
    assert "IPAddressField.to_internal_value" not in _ways_in(tmp_path)


def test_callers_whose_checks_leave_a_type_the_raise_needs_still_lead_there(tmp_path) -> None:
    assert {"Loose.maybe", "Loose.listed", "Loose.renamed", "Loose.counted"} <= _ways_in(tmp_path)


def test_a_fail_helper_that_may_return_is_no_exit(tmp_path) -> None:
    source = SOURCE.replace(
        "message_string = ", "if kwargs.get('soft'):\n            return None\n        message_string = "
    )
    assert "IPAddressField.to_internal_value" in _ways_in(tmp_path, source)


def test_a_str_the_module_binds_anew_is_no_builtin_type(tmp_path) -> None:
    source = "from text import str\n" + SOURCE
    assert "IPAddressField.to_internal_value" in _ways_in(tmp_path, source)


# Ours: a value checked as an `int` may be a `bool`; one checked as `str` and as `int` or `str` is a `str`.
CHECKS = """
def counted(data):
    if not isinstance(data, int):
        return None
    return handle(data)

def twice(data):
    if not isinstance(data, (int, str)):
        return None
    if isinstance(data, (bool, str)):
        return handle(data)

def deferred(data):
    if not isinstance(data, str):
        return None
    make = lambda data: handle(data)
    return make(1)
"""


def _held(name: str) -> frozenset[str] | None:
    function = next(node for node in ast.parse(CHECKS).body if isinstance(node, ast.FunctionDef) and node.name == name)
    call = next(n for n in ast.walk(function) if isinstance(n, ast.Call) and ast.unparse(n.func) == "handle")
    return types_held(function, call, "data", lambda call: False)


def test_an_int_checked_value_may_still_be_a_bool() -> None:
    needs_bool = NeededTypes((Atom("data", frozenset({"bool"}), True),), True)
    assert _held("counted") == {"int"}
    assert not refuted(needs_bool, {"data": frozenset({"int"})})


def test_two_checks_hold_what_both_allow() -> None:
    assert _held("twice") == {"bool", "str"}


def test_a_call_put_off_in_a_lambda_holds_no_type() -> None:
    assert _held("deferred") is None


def test_a_raise_on_a_parameter_the_callee_binds_anew_keeps_the_way_in(tmp_path) -> None:
    source = SOURCE.replace(
        "        if isinstance(data, bool)", "        data = self.clean(data)\n        if isinstance(data, bool)"
    )
    assert "IPAddressField.to_internal_value" in _ways_in(tmp_path, source)
