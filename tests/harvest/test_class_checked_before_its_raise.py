"""A raise of a local an enclosing `if` checks: `issubclass(cached, C)` makes the raise of `cached(...)` a `C`,
worded by the call; `isinstance(token, Failure)` makes `raise token(...)` a call of `Failure.__call__`, whose own
raise is the site, worded as each instance made in the module words it. Neither is skipped as held in a variable;
a local no `if` checks still is."""

from tests.harvest.test_messages import harvest_source

HELD = "raises an exception object held in a variable"

# Django 5.2.19, django/template/loaders/cached.py:28-63 (Loader.get_template), TemplateDoesNotExist reduced from
# django/template/exceptions.py:9-40.
CACHED = """
class TemplateDoesNotExist(Exception):
    def __init__(self, msg, tried=None, backend=None, chain=None):
        self.backend = backend
        self.tried = tried
        super().__init__(msg)


class Loader:
    def get_template(self, template_name, skip=None):
        key = self.cache_key(template_name, skip)
        cached = self.get_template_cache.get(key)
        if cached:
            if isinstance(cached, type) and issubclass(cached, TemplateDoesNotExist):
                raise cached(template_name)
            elif isinstance(cached, TemplateDoesNotExist):
                raise copy_exception(cached)
            return cached

        try:
            template = super().get_template(template_name, skip)
        except TemplateDoesNotExist as e:
            self.get_template_cache[key] = (
                copy_exception(e) if self.engine.debug else TemplateDoesNotExist
            )
            raise
        else:
            self.get_template_cache[key] = template

        return template
"""

# Jinja2 3.1.6, jinja2/lexer.py:254-266 (Failure), 547 and 581 (two of Lexer.__init__'s rules), 758-761
# (Lexer.tokeniter); TemplateSyntaxError reduced from jinja2/exceptions.py.
LEXER = """
class TemplateSyntaxError(Exception):
    def __init__(self, message, lineno, name=None, filename=None):
        super().__init__(message)
        self.lineno = lineno


class Failure:
    \"\"\"Class that raises a `TemplateSyntaxError` if called.\"\"\"

    def __init__(self, message, cls=TemplateSyntaxError):
        self.message = message
        self.error_class = cls

    def __call__(self, lineno, filename):
        raise self.error_class(self.message, lineno, filename)


class Lexer:
    def __init__(self, environment):
        self.rules = {
            "comment_begin": [
                _Rule(c(r"(.)"), (Failure("Missing end of comment tag"),), None),
            ],
            "raw_begin": [
                _Rule(c(r"(.)"), (Failure("Missing end of raw directive"),), None),
            ],
        }

    def tokeniter(self, source, name, filename=None, state=None):
        for regex, tokens, new_state in self.rules["root"]:
            for idx, token in enumerate(tokens):
                # failure group
                if isinstance(token, Failure):
                    raise token(lineno, filename)
"""

# The same shape with the local rebound between the check and the raise: nothing is said of it.
REBOUND = """
class TemplateDoesNotExist(Exception):
    pass


def get(cache, key):
    cached = cache.get(key)
    if issubclass(cached, TemplateDoesNotExist):
        cached = cache.fallback
        raise cached(key)
"""


def test_a_class_checked_by_issubclass_is_raised_as_that_class(tmp_path):
    found = harvest_source(tmp_path, CACHED)
    raised = [s for s in found.sites if s.function == "Loader.get_template" and s.line == 15]
    assert [s.exception_type for s in raised] == ["pkg.mod.TemplateDoesNotExist"]
    assert raised[0].signature == ""  # the template's name alone: no words to rebuild, none made up
    assert HELD not in found.skipped


def test_an_instance_checked_by_isinstance_and_called_raises_in_its_call_method(tmp_path):
    found = harvest_source(tmp_path, LEXER)
    assert not [s for s in found.sites if s.function == "Lexer.tokeniter"]  # the traceback ends in __call__
    called = [s for s in found.sites if s.function == "Failure.__call__"]
    assert {s.exception_type for s in called} == {"pkg.mod.TemplateSyntaxError"}
    assert sorted(s.message for s in called) == ["Missing end of comment tag", "Missing end of raw directive"]
    assert HELD not in found.skipped


def test_a_local_rebound_after_its_check_is_still_held_in_a_variable(tmp_path):
    found = harvest_source(tmp_path, REBOUND)
    assert not [s for s in found.sites if s.function == "get"]
    assert found.skipped[HELD] == 1
