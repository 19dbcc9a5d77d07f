"""A type-only test whose instance comes from a maker of its class (`typ = self._makeOne()`, where `_makeOne` is
`from colander import SchemaType; return SchemaType(*arg, **kw)`) calls that class's method: `typ.get_value(...)` is
`SchemaType.get_value`, where `get_value` alone names several methods (round 34's "Where points were lost" 3: tests
that assert only the type go unused). So does the callable form on an instance built in place
(`self.assertRaises(ParseError, Literal('a').parse, 'ab')`). A maker that does more than return the instance, or
that the class defines twice, makes nothing known: say less."""

import pytest

from kb.cards.examples import how_to_trigger
from tests.factories import generated_entry
from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

# Reduced from colander 2.0's src/colander/__init__.py:740-761 (SchemaType) and 767, 942-959 (Mapping).
SCHEMA = """
class SchemaType:
    def set_value(self, node, appstruct, path, value):
        raise AssertionError("Can't call 'set_value' on a leaf node.")

    def get_value(self, node, appstruct, path):
        raise AssertionError("Can't call 'get_value' on a leaf node.")


class Mapping(SchemaType):
    def set_value(self, node, appstruct, path, value):
        appstruct[path] = value
        return appstruct

    def get_value(self, node, appstruct, path):
        return appstruct[path]
"""

# Reduced from colander 2.0's tests/test_colander.py:916-920 and 941-948, with the makers changed below them.
SCHEMA_TESTS = """
import unittest


class TestSchemaType(unittest.TestCase):
    def _makeOne(self, *arg, **kw):
        from schema.core import SchemaType

        return SchemaType(*arg, **kw)

    def test_get_value(self):
        typ = self._makeOne()
        self.assertRaises(AssertionError, typ.get_value, None, None, None)


class TestBusyMaker(unittest.TestCase):
    def _makeOne(self):
        from schema.core import SchemaType

        made = SchemaType()
        made.ready = True
        return made

    def test_set_value(self):
        typ = self._makeOne()
        self.assertRaises(AssertionError, typ.set_value, None, None, None, None)


class TestTwiceDefinedMaker(unittest.TestCase):
    def _makeOne(self):
        from schema.core import SchemaType

        return SchemaType()

    def _makeOne(self):
        from schema.core import Mapping

        return Mapping()

    def test_set_value_twice(self):
        typ = self._makeOne()
        with self.assertRaises(AssertionError):
            typ.set_value(None, {}, "a", 1)
"""

# Reduced from parsimonious 0.11.0's parsimonious/expressions.py:105-146 (Expression.parse) and grammar.py
# (Grammar.parse): two `parse` methods that raise a ParseError.
PARSER = """
class ParseError(Exception):
    pass


class IncompleteParseError(ParseError):
    pass


class Expression:
    def parse(self, text, pos=0):
        if len(text) > pos + 1:
            raise IncompleteParseError("Rule matched in its entirety, but it didn't consume all the text.")
        return text


class Literal(Expression):
    def __init__(self, literal):
        self.literal = literal


class Grammar(dict):
    def parse(self, text, pos=0):
        if not self:
            raise ParseError("Can't call parse() without specifying a default rule.")
        return text
"""

# Reduced from parsimonious 0.11.0's parsimonious/tests/test_expressions.py:29-32.
PARSER_TESTS = """
from unittest import TestCase

from parser.core import Literal, ParseError


class LengthTests(TestCase):
    def test_literal(self):
        self.assertRaises(ParseError, Literal('a').parse, 'ab')
"""


@pytest.fixture
def schema(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "schema", SCHEMA, SCHEMA_TESTS)


def test_a_local_a_maker_of_the_test_s_class_builds_calls_that_class_s_method(schema) -> None:
    [test] = triggering(schema, "Can't call 'get_value' on a leaf node.")
    assert (test["name"], test["how"], test["call"]) == (
        "TestSchemaType.test_get_value",
        "type-and-call",
        "typ.get_value(None, None, None)",
    )


def test_a_maker_that_does_more_than_return_the_instance_makes_nothing_known(schema) -> None:
    assert triggering(schema, "Can't call 'set_value' on a leaf node.") == []


def test_the_callable_form_on_an_instance_built_in_place_calls_its_class_s_method(git_repo) -> None:
    evidence = package_evidence(git_repo, "parser", PARSER, PARSER_TESTS)
    [test] = triggering(evidence, "Rule matched in its entirety, but it didn't consume all the text.")
    assert (test["name"], test["how"]) == ("LengthTests.test_literal", "type-and-call")
    assert triggering(evidence, "Can't call parse() without specifying a default rule.") == []


def test_the_card_shows_the_maker_with_the_test(db, schema) -> None:
    [test] = triggering(schema, "Can't call 'get_value' on a leaf node.")
    assert test["maker"] == (
        "def _makeOne(self, *arg, **kw):\n    from schema.core import SchemaType\n\n    return SchemaType(*arg, **kw)"
    )
    shown = how_to_trigger(generated_entry(), [test])
    assert "```python\ndef _makeOne(self, *arg, **kw):\n" in shown
    assert "\n\ndef test_get_value(self):\n    typ = self._makeOne()\n" in shown
