"""Round 30's W: "and one more check in `DurationField.__init__` on its `format` argument" for `format is not
empty`, where `empty` is the class the signature gives `format` as its default: the test is whether the caller gave
the argument. The same of `kwargs.get("default", NOT_PROVIDED) is not NOT_PROVIDED`, and of `kwargs.setdefault("blank",
True)`, which reads the caller's `blank` where given. Reduced from DRF 3.18.3 and
Django 5.2.19."""

import pytest

from tests.harvest.published import harvest_published

# rest_framework/fields.py:55-63, 1370-1392 (DRF 3.18.3): the sentinel and DurationField's check of its `format`.
FIELDS = '''
class empty:
    """
    This class is used to represent no data being provided for a given input
    or output value.
    """
    pass


class DurationField:
    def __init__(self, *, format=empty, **kwargs):
        self.max_value = kwargs.pop('max_value', None)
        self.min_value = kwargs.pop('min_value', None)
        if format is not empty:
            if format is None or (isinstance(format, str) and format.lower() in ("iso-8601", "django")):
                self.format = format
            elif isinstance(format, str):
                raise ValueError(
                    f"Unknown duration format provided, got '{format}'"
                    " while expecting 'django', 'iso-8601' or `None`."
                )
'''

# django/db/models/fields/generated.py:12-27 (Django 5.2.19), the sentinel from fields/__init__.py:54-55 with it.
GENERATED = """
class NOT_PROVIDED:
    pass


class GeneratedField:
    def __init__(self, *, expression, output_field, db_persist=None, **kwargs):
        if kwargs.setdefault("editable", False):
            raise ValueError("GeneratedField cannot be editable.")
        if not kwargs.setdefault("blank", True):
            raise ValueError("GeneratedField must be blank.")
        if kwargs.get("default", NOT_PROVIDED) is not NOT_PROVIDED:
            raise ValueError("GeneratedField cannot have a default.")
        self.expression = expression
"""

# A sentinel the function gives anew before its test: whether the caller gave it is no longer what it reads.
REPLACED = """
class empty:
    pass


def pick(value=empty):
    if value is empty:
        value = lookup()
    if value is not empty:
        raise ValueError("A picked value cannot be replaced.")
    return value
"""


@pytest.fixture
def cards(db, git_repo) -> dict[str, dict]:
    files = {
        "rest_framework/fields.py": FIELDS,
        "django/db/models/fields/generated.py": GENERATED,
        "pkg/pick.py": REPLACED,
    }
    return {message: entry.generated for message, entry in harvest_published(git_repo, files).items()}


def test_an_argument_tested_against_its_own_sentinel_default_is_said_given(cards) -> None:
    trigger = cards["Unknown duration format provided, got '{format}' while expecting 'django', 'iso-8601' or `None`."][
        "trigger"
    ]
    assert "- the `format` argument is given (line 13)" in trigger
    assert "more check" not in trigger


def test_a_keyword_tested_against_a_sentinel_fallback_is_said_given(cards) -> None:
    trigger = cards["GeneratedField cannot have a default."]["trigger"]
    assert "- the `default` keyword argument is given (line 11)" in trigger
    # Before: "and 2 more checks in `GeneratedField.__init__` (lines 9, 11)".
    assert "more check" not in trigger


def test_a_keyword_read_through_setdefault_is_said_by_what_the_caller_gave(cards) -> None:
    """Before: "`kwargs.setdefault('editable', False)` is false (`kwargs` holds the keyword arguments it does not
    name)", and `blank`'s test counted as "one more check"."""
    assert (
        "- the `editable` keyword argument is given and true (line 7)"
        in (cards["GeneratedField cannot be editable."]["trigger"])
    )
    trigger = cards["GeneratedField must be blank."]["trigger"]
    assert "- the `editable` keyword argument is false or not given (line 7)" in trigger
    assert "- the `blank` keyword argument is given and false (line 9)" in trigger
    assert "setdefault" not in trigger


def test_a_sentinel_argument_the_function_gives_anew_is_not_said_given(cards) -> None:
    trigger = cards.get("A picked value cannot be replaced.", {}).get("trigger", "")
    assert "argument is given" not in trigger
