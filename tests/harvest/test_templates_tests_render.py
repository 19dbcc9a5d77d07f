"""A test that renders a template names the template tag it triggers in the template, not in its call (round 24's
card 09): Django's `test_variable_twice` gives `{% blocktranslate with foo=bar with %}` in its `@setup` decorator and
raises with `self.engine.render_to_string("template")`, a name two classes define. Its message fits both the
`blocktranslate` and the `translate` tag's "option was specified more than once"; the tag in the template says which.
Reduced from Django 5.2.19: django/templatetags/i18n.py:358-416 and 456-508, django/template/engine.py:183,
django/template/loader.py:52, tests/template_tests/syntax_tests/i18n/test_blocktranslate.py:486-498."""

import textwrap
from pathlib import Path

from kb.cards.explain import generate_sections
from tests.factories import generated_entry
from tests.harvest.test_tests_docs import evidence_of, triggering

I18N = """
from django.template import Library, TemplateSyntaxError

register = Library()


@register.tag("translate")
@register.tag("trans")
def do_translate(parser, token):
    bits = token.split_contents()
    remaining = bits[2:]
    seen = set()
    while remaining:
        option = remaining.pop(0)
        if option in seen:
            raise TemplateSyntaxError(
                "The '%s' option was specified more than once." % option,
            )
        seen.add(option)
    return None


@register.tag("blocktranslate")
@register.tag("blocktrans")
def do_block_translate(parser, token):
    bits = token.split_contents()
    options = {}
    remaining_bits = bits[1:]
    while remaining_bits:
        option = remaining_bits.pop(0)
        if option in options:
            raise TemplateSyntaxError(
                "The %r option was specified more than once." % option
            )
        options[option] = True
    return None
"""

ENGINE = """
class Engine:
    def render_to_string(self, template_name, context=None):
        return self.get_template(template_name).render(context)
"""

LOADER = """
def render_to_string(template_name, context=None, request=None, using=None):
    return get_template(template_name, using=using).render(context, request)
"""

TESTS = """
from django.template import TemplateSyntaxError
from django.test import SimpleTestCase

from ...utils import setup


class I18nBlockTransTagTests(SimpleTestCase):
    @setup(
        {
            "template": (
                "{% load i18n %}{% blocktranslate with foo=bar with %}{{ foo }}"
                "{% endblocktranslate %}"
            )
        }
    )
    def test_variable_twice(self):
        with self.assertRaisesMessage(
            TemplateSyntaxError, "The 'with' option was specified more than once"
        ):
            self.engine.render_to_string("template", {"foo": "bar"})
"""

BLOCK = "The {option} option was specified more than once."
PLAIN = "The '{option}' option was specified more than once."
TEMPLATE = "{% load i18n %}{% blocktranslate with foo=bar with %}{{ foo }}{% endblocktranslate %}"


def _tree(root: Path) -> Path:
    for path, text in {
        "setup.py": "",
        "django/__init__.py": "",
        "django/templatetags/__init__.py": "",
        "django/templatetags/i18n.py": I18N,
        "django/template/__init__.py": "",
        "django/template/engine.py": ENGINE,
        "django/template/loader.py": LOADER,
        "tests/template_tests/syntax_tests/i18n/test_blocktranslate.py": TESTS,
    }.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(textwrap.dedent(text))
    return root / "django"


def test_the_tag_in_the_rendered_template_says_which_entry_the_test_triggers(tmp_path: Path) -> None:
    evidence = evidence_of(_tree(tmp_path), "django")
    [test] = triggering(evidence, BLOCK)
    assert test["name"] == "I18nBlockTransTagTests.test_variable_twice"
    # The template is the trigger, pinned at its line in the decorator, with the tag that reaches the raise.
    assert (test["template"], test["template_line"], test["tags"]) == (TEMPLATE, 12, ["blocktranslate"])
    assert triggering(evidence, PLAIN) == []


def test_the_card_shows_the_template_with_its_tag(db, tmp_path: Path) -> None:
    [test] = triggering(evidence_of(_tree(tmp_path), "django"), BLOCK)
    sections = generate_sections(entry=generated_entry(evidence={"tests": [test]}), sites=[])
    shown = sections["how_to_trigger"]
    assert "a template using the `{% blocktranslate %}` tag" in shown
    assert f"```django\n{TEMPLATE}\n```" in shown
    assert "test_blocktranslate.py#L12" in shown
    # Where a reader meets it: the test, with the template it renders, not `render_to_string("template")`.
    assert sections["situations"].endswith(f", rendering `{TEMPLATE}`")
