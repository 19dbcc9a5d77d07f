"""A decorator factory whose innermost closure raises with the factory's arguments: `@message("expected an
email address", cls=EmailInvalid)` over `def Email(v)`, and in the closure `raise (clsoverride or cls or
ValueInvalid)(msg or default or "invalid value")`. The raise is read once per decoration, its class and words
the decoration's. Pared down from a validation library (voluptuous 0.16's `schema_builder.message`)."""

import pytest

from tests.harvest.test_messages import harvest_source

FACTORY = """
from functools import wraps


class Invalid(Exception):
    pass


class ValueInvalid(Invalid):
    pass


class EmailInvalid(Invalid):
    pass


class UrlInvalid(Invalid):
    pass


def message(default=None, cls=None):
    def decorator(f):
        @wraps(f)
        def check(msg=None, clsoverride=None):
            @wraps(f)
            def wrapper(*args, **kwargs):
                try:
                    return f(*args, **kwargs)
                except ValueError:
                    raise (clsoverride or cls or ValueInvalid)(msg or default or "invalid value")

            return wrapper

        return check

    return decorator
"""

VALIDATORS = """
from .mod import EmailInvalid, UrlInvalid, message


@message("expected an email address", cls=EmailInvalid)
def Email(v):
    if "@" not in v:
        raise ValueError
    return v


@message("expected a URL", cls=UrlInvalid)
def Url(v):
    return v


@message("not an integer")
def Integer(v):
    return int(v)
"""


@pytest.fixture
def raised(tmp_path):
    found = harvest_source(tmp_path, FACTORY, extra={"validators.py": VALIDATORS})
    return {(s.exception_type.rsplit(".", 1)[-1], s.signature) for s in found.sites if s.function.endswith(".wrapper")}


def test_each_decoration_is_a_raise_of_its_class_and_words(raised):
    assert ("EmailInvalid", "expected an email address") in raised
    assert ("UrlInvalid", "expected a URL") in raised


def test_a_decoration_without_a_class_raises_the_closures_fallback(raised):
    assert ("ValueInvalid", "not an integer") in raised


def test_the_fallback_words_after_a_given_text_are_never_said(raised):
    assert not [r for r in raised if r[1] == "invalid value"]


def test_a_closure_that_names_its_own_class_is_read_as_any_raise(tmp_path):
    source = """
    class ArgumentError(Exception):
        pass

    def instrument(argument):
        def wrapper(*args):
            if not args:
                raise ArgumentError("Missing argument %s" % argument)
        return wrapper

    instrument("value")
    """
    sites = harvest_source(tmp_path, source).sites
    assert [(s.function, s.signature) for s in sites] == [("instrument.wrapper", "Missing argument {argument}")]


def test_the_closures_own_parameter_stays_a_value(tmp_path):
    source = """
    class Invalid(Exception):
        pass

    def checker(cls=None):
        def check(value=None):
            raise (cls or Invalid)("bad value: %s" % value)
        return check

    @checker(cls=Invalid)
    def positive(v):
        return v
    """
    sites = harvest_source(tmp_path, source).sites
    assert [(s.function, s.signature) for s in sites] == [("checker.check", "bad value: {value}")]
