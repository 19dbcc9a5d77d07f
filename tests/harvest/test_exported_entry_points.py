"""A package that names what users call in its `__init__.py` (`from cssselect.parser import parse`) has its cards
name that function, reached through resolved calls, not the parser's inside (`parse_attrib`, public by its name
alone): round 33's reader on cssselect 1.6.0's cards. Reduced from cssselect 1.6.0 (file:line on each part)."""

import ast
import io

import pytest
from django.core.management import call_command

from kb.harvest.reading.exported import made_from, published_names
from kb.models import ErrorEntry

# cssselect/__init__.py:13-31
INIT = """
from cssselect.parser import SelectorSyntaxError, parse, parse_fixed
from cssselect.xpath import GenericTranslator

__all__ = ("GenericTranslator", "SelectorSyntaxError", "parse", "parse_fixed")
"""
PARSER = '''
class SelectorSyntaxError(Exception):
    pass


class TokenStream:  # parser.py:1127-1160, reduced
    def __init__(self, tokens):
        self.tokens = list(tokens)

    def next(self):
        return self.tokens.pop(0)

    def peek(self):
        return self.tokens[0]


def tokenize(s):  # parser.py:1083, reduced
    return s.split()


def parse(css):  # parser.py:550-580
    """Parse a CSS *group of selectors*."""
    stream = TokenStream(tokenize(css))
    return list(parse_selector_group(stream))


def parse_fixed(css):  # not cssselect's: hands a stream of its own, never made from `css`
    parse_group(TokenStream(["="]))
    return parse_attrib(TokenStream(["="]))


def parse_selector_group(stream):  # parser.py:592-600
    while 1:
        yield parse_selector(stream)
        if stream.peek() == ",":
            stream.next()
        else:
            break


def parse_selector(stream):  # parser.py:603-604
    return parse_simple_selector(stream)


def parse_simple_selector(stream):  # parser.py:627-673, reduced
    peek = stream.peek()
    if peek == "[":
        stream.next()
        return parse_attrib(stream)
    return stream.next()


def parse_attrib(stream):  # parser.py:845-885, reduced
    next_ = stream.next()
    if next_ != "=" and stream.peek() != "=":
        raise SelectorSyntaxError(f"Operator expected, got {next_}")
    return next_


def parse_group(stream):  # not cssselect's: reads no argument in its test
    if stream.next() == "::":
        raise SelectorSyntaxError("Got pseudo-element not at the end of a selector")
'''
# cssselect/xpath.py:207-229, reduced
XPATH = """
from cssselect.parser import parse


class GenericTranslator:
    def css_to_xpath(self, css, prefix="descendant-or-self::"):
        return " | ".join(self.selector_to_xpath(selector, prefix) for selector in parse(css))

    def selector_to_xpath(self, selector, prefix="descendant-or-self::"):
        return prefix + str(selector)
"""


def _harvest(git_repo, init: str) -> ErrorEntry:
    git_repo.write("cssselect/__init__.py", init)
    git_repo.write("cssselect/parser.py", PARSER)
    git_repo.write("cssselect/xpath.py", XPATH)
    git_repo.commit("cssselect")
    call_command(
        "harvest", str(git_repo.root), "--repo", "scrapy/cssselect", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return ErrorEntry.objects.get(message__startswith="Operator expected")


@pytest.fixture
def card(db, git_repo) -> dict:
    return _harvest(git_repo, INIT).generated


def test_the_card_names_the_function_the_package_exports(card):
    assert card["meaning"].startswith("Calling `parse()` raises this (from `parse_attrib`)")


def test_the_exported_method_further_up_is_a_situation_too(card):
    assert "reached from `GenericTranslator.css_to_xpath()`" in card["situations"]
    assert "parse_simple_selector()" not in card["situations"]  # the parser's inside is no way in


def test_the_argument_it_makes_what_the_tests_read_from_is_said(card):
    assert "reached from `parse()`, with `stream` made from its `css` argument:" in card["trigger"]


def test_an_exported_function_handing_a_value_of_its_own_is_no_way_in(card):
    assert "parse_fixed" not in card["meaning"] + card["situations"] + card["trigger"]


def test_a_package_naming_nothing_keeps_the_nearest_public_function(db, git_repo):
    card = _harvest(git_repo, '"""CSS Selectors based on XPath."""\n').generated
    assert card["meaning"].startswith("Calling `parse_attrib()` raises this")


def test_what_an_init_imports_and_a_module_s_all_are_published():
    trees = {
        "cssselect/__init__.py": ast.parse(INIT),
        "cssselect/parser.py": ast.parse(PARSER),
        "cssselect/xpath.py": ast.parse(XPATH + "\n__all__ = ['GenericTranslator']\n"),
        "src/kit/__init__.py": ast.parse("from ._parser import loads\n"),  # tomli/__init__.py:8
        "src/kit/_parser.py": ast.parse("def loads(s): pass\n"),
        # a subpackage's `__init__` importing names to use them (django/core/cache/__init__.py:16-24)
        "src/kit/cache/__init__.py": ast.parse("from kit.conf import settings\n__all__ = ['cache']\n"),
        "src/kit/conf.py": ast.parse("settings = LazySettings()\n"),
    }
    assert published_names(trees) == {
        "cssselect/parser.py": {"SelectorSyntaxError", "parse", "parse_fixed"},
        "cssselect/xpath.py": {"GenericTranslator"},
        "cssselect/__init__.py": {"GenericTranslator", "SelectorSyntaxError", "parse", "parse_fixed"},
        "src/kit/_parser.py": {"loads"},
    }


@pytest.mark.parametrize(
    ("body", "handed", "expected"),
    [
        ("stream = TokenStream(tokenize(css))", "stream", ("css", True)),  # parser.py:578
        ("pass", "css", ("css", False)),
        ("stream = css or []", "stream", ("", False)),  # may drop what the reader passed
        ("stream = TokenStream(tokenize(css))\n    stream = other", "stream", ("", False)),
        ("pass", "TokenStream(['='])", ("", False)),
        ("src = css.replace('\\r\\n', '\\n')", "src", ("css", True)),  # tomli/_parser.py:170
        ("pass", "merge(css, prefix)", ("", False)),  # made from two arguments: neither alone
    ],
)
def test_what_an_exported_function_hands_on_is_made_from_one_argument(body, handed, expected):
    function = ast.parse(f"def parse(css, prefix=''):\n    {body}\n").body[0]
    assert isinstance(function, ast.FunctionDef)
    value = ast.parse(handed, mode="eval").body
    assert made_from(function, value, {"css": "css", "prefix": "prefix"}) == expected


def test_an_exported_function_handing_only_values_of_its_own_is_no_way_in(db, git_repo):
    _harvest(git_repo, INIT)
    card = ErrorEntry.objects.get(message__startswith="Got pseudo-element").generated
    assert "parse_fixed" not in card.get("meaning", "") + card.get("situations", "") + card.get("trigger", "")
