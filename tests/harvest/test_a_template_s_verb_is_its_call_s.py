"""A test's situation line says what its call does with the template, as the call that raises decides (round 28's
card 08): Django's `test_without_for_user` only builds `Template("{% load log %}{% get_admin_log 10 as admin_log
foruser user %}")`, which compiles the template and raises there; it never renders it. Reduced from Django 5.2.19:
django/contrib/admin/templatetags/log.py:27-62 and tests/admin_changelist/tests.py:1876-1879."""

import textwrap
from pathlib import Path

from kb.cards.explain import generate_sections
from tests.factories import generated_entry
from tests.harvest.test_tests_docs import evidence_of, triggering

LOG = """
from django import template

register = template.Library()


@register.tag
def get_admin_log(parser, token):
    tokens = token.contents.split()
    if len(tokens) < 4:
        raise template.TemplateSyntaxError(
            "'get_admin_log' statements require two arguments"
        )
    if len(tokens) > 4:
        if tokens[4] != "for_user":
            raise template.TemplateSyntaxError(
                "Fourth argument to 'get_admin_log' must be 'for_user'"
            )
    return None
"""

TESTS = """
from django.template import Template, TemplateSyntaxError
from django.test import TestCase


class GetAdminLogTests(TestCase):
    def test_without_for_user(self):
        msg = "Fourth argument to 'get_admin_log' must be 'for_user'"
        with self.assertRaisesMessage(TemplateSyntaxError, msg):
            Template("{% load log %}{% get_admin_log 10 as admin_log foruser user %}")

    def test_rendered(self):
        msg = "Fourth argument to 'get_admin_log' must be 'for_user'"
        with self.assertRaisesMessage(TemplateSyntaxError, msg):
            Template("{% load log %}{% get_admin_log 10 as admin_log foruser user %}").render(None)

    def get_template(self, template_string):
        return Template(template_string)

    def test_by_a_helper(self):
        msg = "Fourth argument to 'get_admin_log' must be 'for_user'"
        with self.assertRaisesMessage(TemplateSyntaxError, msg):
            self.get_template(
                "{% load log %}{% get_admin_log 10 as admin_log foruser user %}"
            )
"""

FOURTH = "Fourth argument to 'get_admin_log' must be 'for_user'"
TEMPLATE = "{% load log %}{% get_admin_log 10 as admin_log foruser user %}"


def _situations(tmp_path: Path) -> list[str]:
    for path, text in {
        "setup.py": "",
        "django/__init__.py": "",
        "django/template/__init__.py": "class TemplateSyntaxError(Exception):\n    pass\n",
        "django/contrib/__init__.py": "",
        "django/contrib/admin/__init__.py": "",
        "django/contrib/admin/templatetags/__init__.py": "",
        "django/contrib/admin/templatetags/log.py": LOG,
        "tests/admin_changelist/tests.py": TESTS,
    }.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(textwrap.dedent(text))
    tests = triggering(evidence_of(tmp_path / "django", "django"), FOURTH)
    lines = []
    for test in tests:
        sections = generate_sections(entry=generated_entry(evidence={"tests": [test]}), sites=[])
        lines.append(sections["situations"].splitlines()[-1])
    return lines


def test_a_template_written_in_its_call_is_shown_in_that_call_never_said_rendered(db, tmp_path: Path) -> None:
    built, rendered, helper = _situations(tmp_path)
    assert "GetAdminLogTests.test_without_for_user" in built
    assert built.endswith(f': `Template("{TEMPLATE}")`')
    assert "rendering" not in built
    # A call that builds and renders the template is shown as written too: building it is what raises.
    assert "GetAdminLogTests.test_rendered" in rendered
    assert rendered.endswith(f': `Template("{TEMPLATE}").render(None)`')
    assert "rendering" not in rendered
    # A helper of the test's own (`self.get_template(...)` building a `Template`) given the template over several
    # lines: the template is shown, and what the helper does with it is not said.
    assert "GetAdminLogTests.test_by_a_helper" in helper
    assert helper.endswith(f", with the template `{TEMPLATE}`")
