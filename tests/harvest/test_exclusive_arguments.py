"""Two arguments that may not be given together (`if read_only and write_only: raise`, `if 'name' in kwargs and
'suffix' in kwargs: raise`) say so: "Pass a true value for at most one of `read_only` and `write_only` to
`Field()`." (issue 29: a solution from an argument of the public entry point). Each part alone said as "a false
value" would read as two things to do; a part read after the function gave the argument a new value says nothing.
A keyword argument refused alone (`if "default_bounds" in kwargs: raise`) says not to pass it. On DRF 3.18.3 and
Django 5.2.19, reduced where it says."""

from tests.harvest.published import harvest_published

# rest_framework/fields.py:285-306 (`Field.__init__`, its other arguments and asserts left out).
FIELDS = """
class Field:
    def __init__(self, *, read_only=False, write_only=False, required=None, default=None):
        if required is None:
            required = default is None and not read_only

        # Some combinations of keyword arguments do not make sense.
        assert not (read_only and write_only), "May not set both `read_only` and `write_only`"
        assert not (read_only and required), "May not set both `read_only` and `required`"
        self.read_only = read_only
"""
# rest_framework/decorators.py:190 and 219-223 (`action`, its docstring and body after the test left out).
DECORATORS = """
def action(methods=None, detail=None, url_path=None, url_name=None, **kwargs):
    if 'name' in kwargs and 'suffix' in kwargs:
        raise TypeError("`name` and `suffix` are mutually exclusive arguments.")
    return kwargs
"""

# django/contrib/postgres/fields/ranges.py:49-61 (`RangeField`, its base class and the rest of `__init__` left out).
RANGES = """
class RangeField:
    empty_strings_allowed = False

    def __init__(self, *args, **kwargs):
        if "default_bounds" in kwargs:
            raise TypeError(
                f"Cannot use 'default_bounds' with {self.__class__.__name__}."
            )
        self.args = args
"""


def harvest(git_repo):
    files = {"rest_framework/fields.py": FIELDS, "rest_framework/decorators.py": DECORATORS, "ranges.py": RANGES}
    return harvest_published(git_repo, files, repo="encode/django-rest-framework")


def test_two_flags_that_may_not_both_be_true(db, git_repo) -> None:
    card = harvest(git_repo)["May not set both `read_only` and `write_only`"]
    assert card.generated["solutions"] == [
        "Pass a true value for at most one of `read_only` and `write_only` to `Field()`."
    ]


def test_two_keyword_arguments_that_may_not_both_be_given(db, git_repo) -> None:
    card = harvest(git_repo)["`name` and `suffix` are mutually exclusive arguments."]
    assert card.generated["solutions"] == [
        "Pass at most one of the `name` and `suffix` keyword arguments to `action()`."
    ]


def test_an_argument_given_a_new_value_before_the_test_says_nothing(db, git_repo) -> None:
    card = harvest(git_repo)["May not set both `read_only` and `required`"]
    assert not any("at most one" in said for said in card.generated.get("solutions") or [])


def test_a_keyword_argument_refused_alone_is_not_to_be_passed(db, git_repo) -> None:
    card = harvest(git_repo)["Cannot use 'default_bounds' with {class_name}."]
    assert "Pass no `default_bounds` keyword argument to `RangeField()`." in card.generated["solutions"]
