"""A test whose asserted text shares a stretch with two messages that differ by a few characters is about
neither, by its text: `"The 'with' option was specified more than once"` fits `translate`'s `'%s'` and
`blocktranslate`'s `%r` (which quotes a string too), and the test renders `{% blocktranslate %}` (round 13's
card 06). The two quote marks are no evidence."""

from tests.harvest.published import django_files, harvest_published


def test_a_stretch_longer_by_two_quotes_attaches_nothing(db, git_repo) -> None:
    git_repo.write(
        "tests/template_tests/test_i18n_options.py",
        """
from django.template import TemplateSyntaxError
from django.test import SimpleTestCase


class OptionTests(SimpleTestCase):
    def test_variable_twice(self):
        with self.assertRaisesMessage(TemplateSyntaxError, "The 'with' option was specified more than once"):
            self.engine.render_to_string("template")
""",
    )
    cards = harvest_published(git_repo, django_files("templatetags/i18n.py"))
    quoted = cards["The '{option}' option was specified more than once."]
    assert quoted.evidence.get("tests", []) == []
