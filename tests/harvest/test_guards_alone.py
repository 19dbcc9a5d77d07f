"""A raise under no test but the early exits above it (issue 29's "when it happens") is reached only when none of
them exits: each is a condition the trigger says. An exit below a guard that is not its body (a `return` in a
loop after it) is not said by the guard; the exits inside a guard's own body are."""

from tests.harvest.published import harvest_published

# django/contrib/auth/views.py:58-62 (Django 5.2.19), reduced.
REDIRECT = '''
class RedirectURLMixin:
    next_page = None

    def get_default_redirect_url(self):
        """Return the default redirect URL."""
        if self.next_page:
            return resolve_url(self.next_page)
        raise ImproperlyConfigured("No URL to redirect to. Provide a next_page.")
'''

# django/core/signing.py:230-237 (Django 5.2.19), reduced.
SIGNER = """
class Signer:
    def __init__(self, sep=":"):
        self.sep = sep

    def unsign(self, signed_value):
        if self.sep not in signed_value:
            raise BadSignature('No "%s" found in value' % self.sep)
        value, sig = signed_value.rsplit(self.sep, 1)
        for key in [self.key, *self.fallback_keys]:
            if constant_time_compare(sig, self.signature(value, key)):
                return value
        raise BadSignature('Signature "%s" does not match' % sig)
"""

# django/template/defaulttags.py:626-648 (Django 5.2.19), reduced: the guard's body ends in a `return`, after
# raises of its own.
CYCLE = """
def cycle(parser, token):
    args = token.split_contents()
    if len(args) == 2:
        name = args[1]
        if name not in parser._named_cycle_nodes:
            raise TemplateSyntaxError("Named cycle '%s' does not exist" % name)
        return parser._named_cycle_nodes[name]
    if len(args) > 4:
        if args[-1] != "silent":
            raise TemplateSyntaxError("Only 'silent' flag is allowed after cycle's name, not '%s'." % args[-1])
"""


def test_a_raise_below_a_guard_alone_says_the_guard_as_its_condition(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/auth/views.py": REDIRECT})
    trigger = cards["No URL to redirect to. Provide a next_page."].generated["trigger"]
    assert "in `RedirectURLMixin.get_default_redirect_url`:\n" in trigger
    assert "- `RedirectURLMixin.next_page` (by default `None`) is empty or false (line 6)" in trigger


def test_a_return_in_a_loop_below_a_said_guard_is_not_the_guard_s(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/core/signing.py": SIGNER})
    trigger = cards['Signature "{sig}" does not match'].generated["trigger"]
    assert "- the `signed_value` argument contains the `sep` argument of `Signer()` (line 6)" in trigger
    # The loop's `return` (line 11) is said by its test (`test_none_matched`), not as the guard's body.
    assert "is false for every `key` in `[self.key, *self.fallback_keys]` (line 10)" in trigger


def test_the_exits_in_a_guard_s_own_body_are_not_said_again(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/template/defaulttags.py": CYCLE})
    trigger = cards["Only 'silent' flag is allowed after cycle's name, not '{args}'."].generated["trigger"]
    assert "does not have exactly 2 items" in trigger
    assert "exits first" not in trigger


# django/template/base.py:806-846 (Django 5.2.19), reduced: the `raise ValueError` of the `try` is caught by the
# `except ValueError:` the raise is in.
VARIABLE = """
class Variable:
    def __init__(self, var):
        self.literal = None
        if not isinstance(var, str):
            raise TypeError("Variable must be a string or number, got %s" % type(var))
        try:
            if "." in var or "e" in var.lower():
                self.literal = float(var)
                if var[-1] == ".":
                    raise ValueError
            else:
                self.literal = int(var)
        except ValueError:
            if var[0] == "_":
                raise TemplateSyntaxError("Variables and attributes may not begin with underscores: '%s'" % var)
"""


def test_a_raise_caught_by_the_raise_s_own_except_is_no_early_exit(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/template/base.py": VARIABLE})
    trigger = cards["Variables and attributes may not begin with underscores: '{var}'"].generated["trigger"]
    assert "- the `var` argument is an instance of `str` (line 4)" in trigger
    assert "exits first" not in trigger
