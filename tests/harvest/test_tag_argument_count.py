"""A template tag's compile function that counts the tag's words (`bits = token.split_contents()`, the tag's name
first) says what to write in the template: "Give the `{% timezone %}` tag exactly 1 argument after its name."; a
count of `token.contents.split()` is one of words, a quoted string with spaces being several words (issue 29: a
solution from a declaration in the user's template). A chain of counts that each pass says them all; a
count of words changed before the test (`bits.pop(0)`) says nothing. On Django 5.2.19's tags, reduced where it
says."""

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
# django/templatetags/tz.py:159-176 (the docstring reduced, the node left out); django/template/defaulttags.py:
# 1487-1498 (`widthratio`, its docstring left out); django/template/loader_tags.py:213-223 (`do_block`, its end
# left out); the last tag is made up to change its words before the count.
TAGS = '''
from .exceptions import TemplateSyntaxError
from .library import Library

register = Library()


@register.tag("timezone")
def timezone_tag(parser, token):
    """
    Enable a given time zone just for this block.
    """
    bits = token.split_contents()
    if len(bits) != 2:
        raise TemplateSyntaxError("'%s' takes one argument (timezone)" % bits[0])
    return bits


@register.tag
def widthratio(parser, token):
    """
    For creating bar charts and such.
    """
    bits = token.split_contents()
    if len(bits) == 4:
        tag, this_value_expr, max_value_expr, max_width = bits
        asvar = None
    elif len(bits) == 6:
        tag, this_value_expr, max_value_expr, max_width, as_, asvar = bits
    else:
        raise TemplateSyntaxError("widthratio takes at least three arguments")
    return asvar


@register.tag("block")
def do_block(parser, token):
    """
    Define a block that can be overridden by child templates.
    """
    # token.split_contents() isn't useful here because this tag doesn't accept
    # variable as arguments.
    bits = token.contents.split()
    if len(bits) != 2:
        raise TemplateSyntaxError("'%s' tag takes only one argument" % bits[0])
    return bits[1]


@register.tag("popped")
def popped_tag(parser, token):
    """
    A tag whose words lose their first before they are counted.
    """
    bits = token.split_contents()
    bits.pop(0)
    if len(bits) != 2:
        raise TemplateSyntaxError("popped takes two words")
    return bits
'''


def harvest(git_repo):
    files = {"django/template/exceptions.py": EXCEPTIONS, "django/template/library.py": LIBRARY}
    return harvest_published(git_repo, {**files, "django/templatetags/tz.py": TAGS})


def test_a_count_of_the_tag_s_words_says_how_many_arguments_to_write(db, git_repo) -> None:
    card = harvest(git_repo)["'{bits}' takes one argument (timezone)"]
    assert card.generated["solutions"] == ["Give the `{% timezone %}` tag exactly 1 argument after its name."]


def test_each_count_of_a_chain_is_said(db, git_repo) -> None:
    card = harvest(git_repo)["widthratio takes at least three arguments"]
    assert card.generated["solutions"] == ["Give the `{% widthratio %}` tag exactly 3 or 5 arguments after its name."]


def test_words_changed_before_the_count_say_nothing(db, git_repo) -> None:
    card = harvest(git_repo)["popped takes two words"]
    assert not any("argument" in said for said in card.generated.get("solutions") or [])


def test_a_count_of_words_split_at_spaces_says_words(db, git_repo) -> None:
    card = harvest(git_repo)["'{bits}' tag takes only one argument"]
    assert card.generated["solutions"] == ["Give the `{% block %}` tag exactly 1 word after its name."]


# django/templatetags/i18n.py:218-240 and 242-262 (`get_available_languages`, `get_language_info`, their docstrings
# reduced, their nodes left out); the last tag is made up to test a word past its count.
SYNTAX = '''
from django.template.exceptions import TemplateSyntaxError
from django.template.library import Library

register = Library()


@register.tag("get_available_languages")
def do_get_available_languages(parser, token):
    """
    Store a list of available languages in the context.
    """
    # token.split_contents() isn't useful here because this tag doesn't accept
    # variable as arguments.
    args = token.contents.split()
    if len(args) != 3 or args[1] != "as":
        raise TemplateSyntaxError(
            "'get_available_languages' requires 'as variable' (got %r)" % args
        )
    return args[2]


@register.tag("get_language_info")
def do_get_language_info(parser, token):
    """
    Store the language information dictionary for the given language code in a
    context variable.
    """
    args = token.split_contents()
    if len(args) != 5 or args[1] != "for" or args[3] != "as":
        raise TemplateSyntaxError(
            "'%s' requires 'for string as variable' (got %r)" % (args[0], args[1:])
        )
    return args[2], args[4]


@register.tag("beyond")
def do_beyond(parser, token):
    """
    A tag whose set word lies past its count.
    """
    args = token.split_contents()
    if len(args) != 2 or args[3] != "as":
        raise TemplateSyntaxError("beyond takes a word past its count")
    return args
'''


def harvest_syntax(git_repo):
    files = {"django/template/exceptions.py": EXCEPTIONS, "django/template/library.py": LIBRARY}
    return harvest_published(git_repo, {**files, "django/templatetags/i18n.py": SYNTAX})


def test_a_count_with_set_words_says_the_tag_as_written(db, git_repo) -> None:
    # Round 30's card 02: "write `{% get_language_info for "de" as l %}`".
    cards = harvest_syntax(git_repo)
    assert cards["'{args}' requires 'for string as variable' (got {args_2})"].generated["solutions"] == [
        "Write the tag as `{% get_language_info for … as … %}`, each `…` one argument."
    ]
    assert cards["'get_available_languages' requires 'as variable' (got {args})"].generated["solutions"] == [
        "Write the tag as `{% get_available_languages as … %}`, the `…` one word."
    ]


def test_a_set_word_past_the_count_says_no_syntax(db, git_repo) -> None:
    card = harvest_syntax(git_repo)["beyond takes a word past its count"]
    assert not any("Write the tag" in said for said in card.generated.get("solutions") or [])
