"""A test's own function that catches the error and returns it (`def get_error(css): try: parse(css) except
SelectorSyntaxError: return str(sys.exc_info()[1])`): each assert of what a call of it returns against a string
is a test that triggers that message, its call the helper's statement with the test's arguments in place. Round
33's cssselect cards quoted none of cssselect's error tests, all written this way."""

from tests.harvest.test_asserted_text_two_messages_hold import LIBRARY, PARSE_BITS
from tests.harvest.test_tests_docs import evidence_of, triggering

# Reduced from cssselect 1.6.0: cssselect/parser.py:49, 550-552, 1177-1189.
PARSER = """
class SelectorSyntaxError(SyntaxError):
    pass


def parse(css):
    stream = TokenStream(tokenize(css))
    return list(parse_selector_group(stream))


class TokenStream:
    def next_ident(self):
        next_ = self.next()
        if next_.type != "IDENT":
            raise SelectorSyntaxError(f"Expected ident, got {next_}")
        return next_.value

    def next_ident_or_star(self):
        next_ = self.next()
        if next_.type == "IDENT":
            return next_.value
        if next_ == ("DELIM", "*"):
            return None
        raise SelectorSyntaxError(f"Expected ident or '*', got {next_}")
"""

# Reduced from cssselect 1.6.0: tests/test_cssselect.py:505-519, 534, 539.
TESTS = """
import sys
from unittest import TestCase

from cssselect import SelectorSyntaxError, parse


class TestCssselect(TestCase):
    def test_parse_errors(self) -> None:
        def get_error(css: str) -> str | None:
            try:
                parse(css)
            except SelectorSyntaxError:
                return str(sys.exc_info()[1])
            return None

        assert get_error("foo|#bar") == ("Expected ident or '*', got <HASH 'bar' at 4>")
        assert get_error(".#foo") == ("Expected ident, got <HASH 'foo' at 1>")
"""

IDENT = "Expected ident, got {next}"
IDENT_OR_STAR = "Expected ident or '*', got {next}"


def _cssselect(git_repo, tests: str = TESTS) -> dict:
    git_repo.write("pyproject.toml", "[project]\nname = 'cssselect'\n")
    git_repo.write("cssselect/__init__.py", "from cssselect.parser import SelectorSyntaxError, parse\n")
    git_repo.write("cssselect/parser.py", PARSER)
    git_repo.write("tests/test_cssselect.py", tests)
    return evidence_of(git_repo.root / "cssselect", "cssselect")


def test_each_assert_on_what_the_helper_returns_triggers_its_message(git_repo) -> None:
    evidence = _cssselect(git_repo)
    [ident] = triggering(evidence, IDENT)
    assert (ident["name"], ident["line"], ident["how"]) == ("TestCssselect.test_parse_errors", 17, "message")
    assert ident["assertion"] == "caught:get_error"
    assert (ident["call"], ident["pinned"]) == ('get_error(".#foo")', 17)
    assert ident["bound"] == 'parse(".#foo")'  # the call that raises, not the helper's
    [star] = triggering(evidence, IDENT_OR_STAR)
    assert (star["line"], star["bound"]) == (16, 'parse("foo|#bar")')


def test_a_part_two_messages_hold_is_evidence_for_neither(git_repo) -> None:
    tests = TESTS.replace(
        'assert get_error(".#foo") == ("Expected ident, got <HASH \'foo\' at 1>")',
        'assert "Expected ident" in get_error(".#foo")',
    )
    assert tests != TESTS
    evidence = _cssselect(git_repo, tests)
    assert triggering(evidence, IDENT) == []
    assert [t["line"] for t in triggering(evidence, IDENT_OR_STAR)] == [16]


def test_a_call_whose_arguments_cannot_be_put_in_place_is_not_shown(git_repo) -> None:
    tests = TESTS.replace('get_error(".#foo")', 'get_error("".join([".", "#foo"]))')
    evidence = _cssselect(git_repo, tests)
    assert triggering(evidence, IDENT) == []


# Reduced from colander 2.0: src/colander/__init__.py:11, 15, 85-110, 2004-2022.
COLANDER = """
import datetime

import translationstring

_ = translationstring.TranslationStringFactory('colander')


class Invalid(Exception):
    def __init__(self, node, msg=None, value=None):
        Exception.__init__(self, node, msg)
        self.node = node
        self.msg = msg
        self.value = value


class Date:
    def serialize(self, node, appstruct):
        if not isinstance(appstruct, datetime.date):
            raise Invalid(
                node,
                _('"${val}" is not a date object', mapping={'val': appstruct}),
            )
        return appstruct.isoformat()
"""

# Reduced from colander 2.0: tests/test_colander.py:1-15, 2779-2783, 2811-2815.
COLANDER_TESTS = """
import unittest


def invalid_exc(func, *arg, **kw):
    from colander import Invalid

    try:
        func(*arg, **kw)
    except Invalid as e:
        return e
    else:
        raise AssertionError('Invalid not raised')  # pragma: no cover


class TestDate(unittest.TestCase):
    def _makeOne(self, *arg, **kw):
        from colander import Date

        return Date(*arg, **kw)

    def test_serialize_with_garbage(self):
        typ = self._makeOne()
        node = DummySchemaNode(None)
        e = invalid_exc(typ.serialize, node, 'garbage')
        self.assertEqual(e.msg.interpolate(), '"garbage" is not a date object')
"""


def test_a_helper_handed_the_callable_returns_the_error_whose_message_is_compared(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'colander'\n")
    git_repo.write("colander/__init__.py", COLANDER)
    git_repo.write("tests/test_colander.py", COLANDER_TESTS)
    evidence = evidence_of(git_repo.root / "colander", "colander")
    [test] = triggering(evidence, '"{val}" is not a date object')
    assert (test["name"], test["assertion"]) == ("TestDate.test_serialize_with_garbage", "caught:invalid_exc")
    assert (test["call"], test["pinned"]) == ("invalid_exc(typ.serialize, node, 'garbage')", 24)
    assert test["bound"] == "typ.serialize(node, 'garbage')"


# A helper's test of Django 5.2.19's tests/template_tests/test_custom.py:480-490, written as cssselect's are: the
# text is parse_bits's message in full (library.py:406-409) and the start of compile_func's (library.py:192-196).
HELPER_TESTS = """
from unittest import TestCase

from tags.library import TemplateSyntaxError


class SimpleBlockTagTests(TestCase):
    def error_of(self, template):
        try:
            self.engine.from_string(template)
        except TemplateSyntaxError as e:
            return str(e)

    def test_simple_block_tag_missing_context(self):
        self.assertEqual(self.error_of("{% simple_block_tag_without_context_parameter 123 %}"), "MESSAGE")
"""


def test_a_text_searched_in_what_the_helper_returns_competes_with_the_messages_that_begin_with_it(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'tags'\n")
    git_repo.write("tags/__init__.py", "")
    git_repo.write("tags/library.py", LIBRARY)
    whole = PARSE_BITS.replace("{name}", "simple_block_tag_without_context_parameter")
    git_repo.write("tests/test_custom.py", HELPER_TESTS.replace('"MESSAGE"', repr(whole)))
    assert [t["assertion"] for t in triggering(evidence_of(git_repo.root / "tags", "tags"), PARSE_BITS)] == [
        "caught:error_of"
    ]
    searched = HELPER_TESTS.replace(
        "self.assertEqual(self.error_of(", "self.assertIn(" + repr(whole) + ", self.error_of("
    )
    git_repo.write("tests/test_custom.py", searched.replace(', "MESSAGE")', ")"))
    assert triggering(evidence_of(git_repo.root / "tags", "tags"), PARSE_BITS) == []
