"""How to trigger it, from a test whose decorator defines what its call names (round 22's card 13):
`@setup({"invalid_for_loop": "{% for x items %}..."})` defines the template that
`self.engine.render_to_string("invalid_for_loop", ...)` renders, and makes `self.engine`; the call alone raises
nothing. The card shows the template itself, with its tag, pinned to the test; never the bare call. On Django
5.2.19's `{% for %}` tag and its test, reduced where it says."""

from tests.harvest.published import harvest_published

# django/template/exceptions.py:39-44.
EXCEPTIONS = '''
class TemplateSyntaxError(Exception):
    """
    The exception used for syntax errors during parsing or rendering.
    """

    pass
'''
# django/template/library.py, `Library.tag` reduced to its decorator form.
LIBRARY = """
class Library:
    def __init__(self):
        self.tags = {}

    def tag(self, name):
        def dec(func):
            self.tags[name] = func
            return func

        return dec
"""
# django/template/defaulttags.py:39, 42 and 776-843 (the docstring and the rest of `do_for` left out).
DEFAULTTAGS = '''
from .exceptions import TemplateSyntaxError
from .library import Library

register = Library()


@register.tag("for")
def do_for(parser, token):
    """
    Loop over each item in an array.
    """
    bits = token.split_contents()
    if len(bits) < 4:
        raise TemplateSyntaxError(
            "'for' statements should have at least four words: %s" % token.contents
        )
    return bits
'''
# tests/template_tests/utils.py:1-5 and 12-71 (the docstring, the loaders and the later engines left out).
UTILS = """
from functools import wraps

from django.template.engine import Engine


def setup(templates, *args, test_once=False):
    for arg in args:
        templates.update(arg)

    def decorator(func):
        @wraps(func)
        def inner(self):
            self.engine = Engine(loaders=[("django.template.loaders.locmem.Loader", templates)])
            func(self)

        return inner

    return decorator
"""
# tests/template_tests/syntax_tests/test_for.py:1-5, 8-9 and 347-351.
TEST_FOR = """
from django.template import TemplateSyntaxError
from django.test import SimpleTestCase

from ..utils import setup


class ForTagTests(SimpleTestCase):
    libraries = {"custom": "template_tests.templatetags.custom"}

    @setup({"invalid_for_loop": "{% for x items %}{{ x }}{% endfor %}"})
    def test_invalid_arg(self):
        msg = "'for' statements should have at least four words: for x items"
        with self.assertRaisesMessage(TemplateSyntaxError, msg):
            self.engine.render_to_string("invalid_for_loop", {"items": (1, 2)})
"""


def test_a_template_its_decorator_defines_is_shown_in_place_of_the_call(db, git_repo) -> None:
    files = {
        "django/__init__.py": "",
        "django/template/__init__.py": "",
        "django/template/exceptions.py": EXCEPTIONS,
        "django/template/library.py": LIBRARY,
        "django/template/defaulttags.py": DEFAULTTAGS,
        "tests/template_tests/__init__.py": "",
        "tests/template_tests/utils.py": UTILS,
        "tests/template_tests/syntax_tests/__init__.py": "",
        "tests/template_tests/syntax_tests/test_for.py": TEST_FOR,
    }
    card = harvest_published(git_repo, files)["'for' statements should have at least four words: {contents}"]
    shown = card.generated["how_to_trigger"]
    assert "a template using the `{% for %}` tag" in shown
    assert "```django\n{% for x items %}{{ x }}{% endfor %}\n```" in shown
    assert "tests/template_tests/syntax_tests/test_for.py` line 10]" in shown
    assert "render_to_string" not in shown
