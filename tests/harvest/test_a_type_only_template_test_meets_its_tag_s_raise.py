"""A test that asserts only `TemplateSyntaxError` around a template triggers the raise its tag's words meet first
(round 28: Django's regroup, firstof and widthratio tests assert the type alone, and the tag raises the type in
several places). The tag's compile function is walked as Django's parser calls it, `token.contents.split()` and
`token.split_contents()` being the tag's words; a call on the way (`parser.compile_filter(...)` may raise the type
too), a variable or another tag before it in the template, or a quoted word leaves it unknown. Reduced from Django
5.2.19: django/template/defaulttags.py:760-773 and 1212-1266, django/templatetags/tz.py:137-151,
tests/template_tests/syntax_tests/test_regroup.py:114-131, test_firstof.py:48-51, tests/timezones/tests.py:1041-1043."""

import textwrap
from pathlib import Path

from tests.harvest.test_tests_docs import evidence_of, triggering

DEFAULTTAGS = """
from django.template import Library, TemplateSyntaxError

register = Library()


@register.tag
def firstof(parser, token):
    bits = token.split_contents()[1:]
    asvar = None
    if not bits:
        raise TemplateSyntaxError("'firstof' statement requires at least one argument")
    return bits


@register.tag
def regroup(parser, token):
    bits = token.split_contents()
    if len(bits) != 6:
        raise TemplateSyntaxError("'regroup' tag takes five arguments")
    target = parser.compile_filter(bits[1])
    if bits[2] != "by":
        raise TemplateSyntaxError("second argument to 'regroup' tag must be 'by'")
    if bits[4] != "as":
        raise TemplateSyntaxError("next-to-last argument to 'regroup' tag must be 'as'")
    return target
"""

TZ = """
from django.template import Library, TemplateSyntaxError

register = Library()


@register.tag("localtime")
def localtime_tag(parser, token):
    bits = token.split_contents()
    if len(bits) == 1:
        use_tz = True
    elif len(bits) > 2 or bits[1] not in ("on", "off"):
        raise TemplateSyntaxError("%r argument should be 'on' or 'off'" % bits[0])
    else:
        use_tz = bits[1] == "on"
    return use_tz
"""

ENGINE = """
class Engine:
    def get_template(self, template_name):
        return None


class Template:
    def __init__(self, template_string):
        self.source = template_string

    def render(self, context=None):
        return ""
"""

TESTS = """
from django.template import Template, TemplateSyntaxError
from django.test import SimpleTestCase

from ..utils import setup


class RegroupTagTests(SimpleTestCase):
    @setup({"regroup05": "{% regroup data by bar as %}"})
    def test_regroup05(self):
        with self.assertRaises(TemplateSyntaxError):
            self.engine.get_template("regroup05")

    @setup({"regroup06": "{% regroup data by bar thisaintright grouped %}"})
    def test_regroup06(self):
        with self.assertRaises(TemplateSyntaxError):
            self.engine.get_template("regroup06")

    @setup({"regroup09": "{{ data }}{% regroup data by bar as %}"})
    def test_regroup09(self):
        with self.assertRaises(TemplateSyntaxError):
            self.engine.get_template("regroup09")

    @setup({"regroup10": "{% regroup 'a b' by %}"})
    def test_regroup10(self):
        with self.assertRaises(TemplateSyntaxError):
            self.engine.get_template("regroup10")

    @setup({"firstof09": "{% firstof %}"})
    def test_firstof09(self):
        with self.assertRaises(TemplateSyntaxError):
            self.engine.get_template("firstof09")

    def test_localtime_templatetag_invalid_argument(self):
        with self.assertRaises(TemplateSyntaxError):
            Template("{% load tz %}{% localtime foo %}{% endlocaltime %}").render()

    def test_localtime_without_its_library(self):
        with self.assertRaises(TemplateSyntaxError):
            Template("{% localtime foo %}{% endlocaltime %}").render()
"""

FIVE = "'regroup' tag takes five arguments"
BY = "second argument to 'regroup' tag must be 'by'"
AS = "next-to-last argument to 'regroup' tag must be 'as'"
FIRSTOF = "'firstof' statement requires at least one argument"
ON_OFF = "{bits} argument should be 'on' or 'off'"


def _evidence(root: Path) -> dict[str, dict]:
    for path, text in {
        "setup.py": "",
        "django/__init__.py": "",
        "django/template/__init__.py": "class TemplateSyntaxError(Exception):\n    pass\n",
        "django/template/defaulttags.py": DEFAULTTAGS,
        "django/template/engine.py": ENGINE,
        "django/templatetags/__init__.py": "",
        "django/templatetags/tz.py": TZ,
        "tests/template_tests/syntax_tests/test_regroup.py": TESTS,
    }.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(textwrap.dedent(text))
    return evidence_of(root / "django", "django")


def _names(evidence: dict[str, dict], signature: str) -> list[str]:
    return [test["name"] for test in triggering(evidence, signature)]


def test_the_tag_s_words_say_which_of_its_raises_a_type_only_test_meets(tmp_path: Path) -> None:
    evidence = _evidence(tmp_path)
    # `{% regroup data by bar as %}` has five words: the first check raises.
    assert _names(evidence, FIVE) == ["RegroupTagTests.test_regroup05"]
    [test] = triggering(evidence, FIVE)
    assert (test["how"], test["template"], test["tags"]) == (
        "type-and-call",
        "{% regroup data by bar as %}",
        ["regroup"],
    )
    # `{% firstof %}`: no word after the tag's name (a slice of the words, `[1:]`, is read).
    assert _names(evidence, FIRSTOF) == ["RegroupTagTests.test_firstof09"]
    # `{% load tz %}` loads the tag's own library before it: `foo` is neither "on" nor "off".
    assert _names(evidence, ON_OFF) == ["RegroupTagTests.test_localtime_templatetag_invalid_argument"]


def test_what_may_raise_first_leaves_the_raise_unknown(tmp_path: Path) -> None:
    evidence = _evidence(tmp_path)
    # Six words, then `parser.compile_filter(bits[1])`, which may raise the type too, before `bits[2] != "by"`;
    # `{{ data }}` before the tag compiles first; a quoted word is not split as `split()` splits.
    assert _names(evidence, BY) == []
    assert _names(evidence, AS) == []
    assert "RegroupTagTests.test_regroup09" not in _names(evidence, FIVE)
    assert "RegroupTagTests.test_regroup10" not in _names(evidence, FIVE)


def test_a_library_s_tag_not_loaded_first_leaves_the_raise_unknown(tmp_path: Path) -> None:
    # Without `{% load tz %}`, Django's parser raises "Invalid block tag ... 'localtime'" before any of the tag's
    # words are read (django/template/base.py:511-514, `invalid_block_tag`).
    evidence = _evidence(tmp_path)
    assert "RegroupTagTests.test_localtime_without_its_library" not in _names(evidence, ON_OFF)
