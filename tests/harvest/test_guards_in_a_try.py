"""A guard at the top of a `try` whose every `except` exits is a guard of what follows the `try` (round 31's card
13): past it, the body ran to its end, so none of its `if ...: return` fired. `TimeField.to_python` raises
"invalid format" when `parse_time(value)` returns `None`, not "unless no earlier check exits first". A `try` with an
`except` that carries on past it says nothing of its body's guards: that guard may never have run."""

import pytest

from tests.harvest.published import harvest_published

# django/db/models/fields/__init__.py:2581-2607 (Django 5.2.19), reduced.
TIME_FIELD = """
import datetime

from django.core import exceptions
from django.utils.dateparse import parse_time


class TimeField(DateTimeCheckMixin, Field):
    def to_python(self, value):
        if value is None:
            return None
        if isinstance(value, datetime.time):
            return value

        try:
            parsed = parse_time(value)
            if parsed is not None:
                return parsed
        except ValueError:
            raise exceptions.ValidationError(
                self.error_messages["invalid_time"],
                code="invalid_time",
                params={"value": value},
            )

        raise exceptions.ValidationError("The value has an invalid format.", code="invalid")
"""

# The same `try`, with an `except` that carries on past it.
CARRIES_ON = TIME_FIELD.replace(
    """            raise exceptions.ValidationError(
                self.error_messages["invalid_time"],
                code="invalid_time",
                params={"value": value},
            )""",
    "            pass",
)

# django/db/models/fields/__init__.py:1621-1643 (Django 5.2.19), reduced: `parsed` bound in two `try`s.
DATETIME_FIELD = """
import datetime

from django.core import exceptions
from django.utils.dateparse import parse_date, parse_datetime


class DateTimeField(DateField):
    def to_python(self, value):
        try:
            parsed = parse_datetime(value)
            if parsed is not None:
                return parsed
        except ValueError:
            raise exceptions.ValidationError(self.error_messages["invalid_datetime"], code="invalid_datetime")

        try:
            parsed = parse_date(value)
            if parsed is not None:
                return datetime.datetime(parsed.year, parsed.month, parsed.day)
        except ValueError:
            raise exceptions.ValidationError(self.error_messages["invalid_date"], code="invalid_date")

        raise exceptions.ValidationError("The value has an invalid format.", code="invalid")
"""


@pytest.mark.django_db
def test_the_guard_of_a_try_whose_except_raises_is_said(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/fields/__init__.py": TIME_FIELD})
    generated = cards["The value has an invalid format."].generated
    assert "- `parsed` is `None` (`parsed` is `parse_time(value)`; `value` is an argument)" in (generated["trigger"])
    assert "- and `TimeField.to_python` raises no other error first (line 19)" in generated["trigger"]
    assert "exits first" not in generated["trigger"]


@pytest.mark.django_db
def test_a_try_whose_except_carries_on_says_nothing_of_its_guard(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/fields/__init__.py": CARRIES_ON})
    trigger = cards["The value has an invalid format."].generated["trigger"]
    assert "`parse_time(value)`" not in trigger
    assert "- and no earlier check in `TimeField.to_python` exits first (line 17)" in trigger


@pytest.mark.django_db
def test_the_nearer_guard_is_said_where_the_local_is_bound_twice(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/fields/__init__.py": DATETIME_FIELD})
    trigger = cards["The value has an invalid format."].generated["trigger"]
    assert "- `parsed` is `None` (`parsed` is `parse_date(value)`) (line 18)" in trigger
