"""A test's regex that fills a message's placeholders with long values still triggers it: the text between two of
the message's literals, in the test as in the message, is a placeholder's value, not a different message."""

from tests.harvest.test_tests_docs import evidence_of, triggering

# Django 5.2.19, django/utils/translation/template.py:39 and 159-172, reduced.
TEMPLATE = """
import warnings


class TranslatorCommentWarning(SyntaxWarning):
    pass


def templatize(src, origin=None):
    for c, comment_lineno_cache in src:
        filemsg = ""
        if origin:
            filemsg = "file %s, " % origin
        warn_msg = (
            "The translator-targeted comment '%s' "
            "(%sline %d) was ignored, because it wasn't "
            "the last item on the line."
        ) % (c, filemsg, comment_lineno_cache)
        warnings.warn(warn_msg, TranslatorCommentWarning)
"""

# Django 5.2.19, tests/i18n/test_extraction.py:440-458, reduced (its call is `call_command("makemessages")`).
TEST = """
import warnings
from unittest import TestCase

from shapes.template import TranslatorCommentWarning, templatize


class TemplateCommentsTests(TestCase):
    def test_template_comments(self):
        with warnings.catch_warnings(record=True) as ws:
            warnings.simplefilter("always")
            templatize([("Translators: ignored i18n comment #1", 4)], origin="templates/comments.thtml")
            self.assertEqual(len(ws), 1)
            for w in ws:
                self.assertTrue(issubclass(w.category, TranslatorCommentWarning))
            self.assertRegex(
                str(ws[0].message),
                r"The translator-targeted comment 'Translators: ignored i18n "
                r"comment #1' \\(file templates[/\\\\]comments.thtml, line 4\\) "
                r"was ignored, because it wasn't the last item on the line\\.",
            )
"""

SIGNATURE = (
    "The translator-targeted comment '{c}' ({filemsg}line {comment_lineno_cache}) was ignored, because it wasn't "
    "the last item on the line."
)


def test_a_regex_with_long_placeholder_values_triggers_the_message(shapes) -> None:
    shapes.write("shapes/template.py", TEMPLATE)
    shapes.write("tests/test_extraction.py", TEST)
    [test] = triggering(evidence_of(shapes.root / "shapes", "shapes"), SIGNATURE)
    assert (test["name"], test["assertion"], test["how"]) == (
        "TemplateCommentsTests.test_template_comments",
        "catch_warnings",
        "message",
    )
    assert (
        test["call"] == 'templatize([("Translators: ignored i18n comment #1", 4)], origin="templates/comments.thtml")'
    )


def test_a_regex_whose_literal_text_is_another_message_still_triggers_nothing(shapes) -> None:
    """Text between the literals counts only where the message has a placeholder: a test of another wording, the
    same first words and a different end, is still no test of this one."""
    shapes.write("shapes/template.py", TEMPLATE)
    shapes.write(
        "tests/test_extraction.py",
        TEST.replace("was ignored, because it wasn't the last item on the line", "was kept although a later item"),
    )
    assert triggering(evidence_of(shapes.root / "shapes", "shapes"), SIGNATURE) == []
