"""An `except` branch is said as "`call()` raised `E`" only where the calls of its one-statement `try` are all that
can raise the caught types: an operator, a subscript (for `KeyError`) or an attribute (for `AttributeError`)
could have raised it too, and a broad `Exception` catches anything."""

import ast
import textwrap
from pathlib import Path

from rest_framework import authentication

from kb.harvest.reading.conditions import conditions, parents_of
from tests.harvest.published import harvest_published


def caught(source: str) -> tuple[bool, str]:
    """Whether the one `except` of the raise in `source` is said by its calls, and its sentence."""
    tree = ast.parse(textwrap.dedent(source))
    [node] = [n for n in ast.walk(tree) if isinstance(n, ast.Raise)]
    [row] = [c for c in conditions(node, parents_of(tree)) if c.kind == "except"]
    return row.by_calls, row.sentence


def test_a_lone_call_is_what_raised() -> None:
    assert caught("""
    def f(auth):
        try:
            token = auth[1].decode()
        except UnicodeError:
            raise Failed("bad")
    """) == (True, "`UnicodeError` was raised by `auth[1].decode()`")


def test_a_subscript_may_have_raised_a_key_error() -> None:
    assert (
        caught("""
    def f(table, key):
        try:
            return load(table[key])
        except KeyError:
            raise Failed("bad")
    """)[0]
        is False
    )


def test_an_operator_may_have_raised_a_type_error() -> None:
    assert (
        caught("""
    def f(a, b):
        try:
            total = convert(a) + b
        except TypeError:
            raise Failed("bad")
    """)[0]
        is False
    )


def test_an_attribute_may_have_raised_an_attribute_error() -> None:
    assert (
        caught("""
    def f(obj):
        try:
            obj.value.read()
        except AttributeError:
            raise Failed("bad")
    """)[0]
        is False
    )


def test_a_broad_except_catches_more_than_the_calls() -> None:
    assert (
        caught("""
    def f(path):
        try:
            read(path)
        except Exception:
            raise Failed("bad")
    """)[0]
        is False
    )


def test_two_statements_are_not_read() -> None:
    assert (
        caught("""
    def f(path):
        try:
            data = read(path)
            check(data)
        except ValueError:
            raise Failed("bad")
    """)[0]
        is False
    )


def test_the_card_names_the_call_and_what_its_names_stand_for(db, git_repo) -> None:
    files = {"rest_framework/authentication.py": Path(authentication.__file__)}
    cards = harvest_published(git_repo, files, repo="encode/django-rest-framework")
    message = "Invalid token header. Token string should not contain invalid characters."
    assert (
        cards[message]
        .generated["meaning"]
        .startswith(
            "`TokenAuthentication.authenticate()` raises this when `auth[1].decode()` raised `UnicodeError` (`auth` is "
            "`get_authorization_header(request).split()`)."
        )
    )
