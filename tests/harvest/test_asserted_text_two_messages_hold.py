"""`assertRaisesMessage` finds its text anywhere in the error's message: a text that is one message in full and
the start of another of the same type is evidence for neither, unless the test's call reaches only one. Round
33's card 06: Django's parse_bits ("... must have a first argument of 'context'") was credited with a test whose
tag raises compile_func's longer "... first argument of 'context' and a second argument of 'content'"."""

from tests.harvest.test_tests_docs import evidence_of, triggering

# Reduced from Django 5.2.19: django/template/library.py:158-196 and 395-409.
LIBRARY = """
class TemplateSyntaxError(Exception):
    pass


class Library:
    def simple_block_tag(self, func=None, takes_context=None, name=None, end_name=None):
        def dec(func):
            params, varargs = getfullargspec(unwrap(func))
            function_name = name or func.__name__

            @wraps(func)
            def compile_func(parser, token):
                tag_params = params.copy()

                if takes_context:
                    if len(tag_params) >= 2 and tag_params[1] == "content":
                        del tag_params[1]
                    else:
                        raise TemplateSyntaxError(
                            f"{function_name!r} is decorated with takes_context=True so"
                            " it must have a first argument of 'context' and a second "
                            "argument of 'content'"
                        )

            self.tag(function_name, compile_func)
            return func

        return dec


def parse_bits(parser, bits, params, takes_context, name):
    if takes_context:
        if params and params[0] == "context":
            params = params[1:]
        else:
            raise TemplateSyntaxError(
                "'%s' is decorated with takes_context=True so it must "
                "have a first argument of 'context'" % name
            )
"""

# Reduced from Django 5.2.19: tests/template_tests/test_custom.py:480-490.
TESTS = """
from unittest import TestCase

from tags.library import TemplateSyntaxError


class SimpleBlockTagTests(TestCase):
    def test_simple_block_tag_missing_context(self):
        msg = (
            "'simple_block_tag_without_context_parameter' is decorated with "
            "takes_context=True so it must have a first argument of 'context'"
        )
        with self.assertRaisesMessage(TemplateSyntaxError, msg):
            self.engine.from_string(
                "{% load custom %}{% simple_block_tag_without_context_parameter 123 %}"
                "{% endsimple_block_tag_without_context_parameter %}"
            )
"""

PARSE_BITS = "'{name}' is decorated with takes_context=True so it must have a first argument of 'context'"


def test_a_text_one_message_is_and_another_begins_with_is_shown_for_neither(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'tags'\n")
    git_repo.write("tags/__init__.py", "")
    git_repo.write("tags/library.py", LIBRARY)
    git_repo.write("tests/test_custom.py", TESTS)
    evidence = evidence_of(git_repo.root / "tags", "tags")
    assert triggering(evidence, PARSE_BITS) == []


def test_a_text_only_one_message_holds_is_still_shown_for_it(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'tags'\n")
    git_repo.write("tags/__init__.py", "")
    git_repo.write(
        "tags/library.py", LIBRARY.replace('" it must have a first argument', '" its first argument must be')
    )
    git_repo.write("tests/test_custom.py", TESTS)
    evidence = evidence_of(git_repo.root / "tags", "tags")
    names = [test["name"] for test in triggering(evidence, PARSE_BITS)]
    assert names == ["SimpleBlockTagTests.test_simple_block_tag_missing_context"]
