"""A raise whose test is `X is S`, S a marker the module binds once (`object()`, an instance of a plain class of its
own, an empty class), is no way in from a call that hands the parameter behind X a literal: no literal is S. Round
32's card 21 named pydash's `head()` and `last()`, which call `base_get(array, 0, default=None)`, as ways in to its
raise for `value is UNSET`, `value` what a helper handed `default` gives back on a miss."""

import ast

from kb.harvest.reading.sentinels import module_markers
from tests.harvest.test_evidence import evidence_of

# Reduced from pydash 8.1.0, src/pydash/helpers.py:16-21, 145-202 and src/pydash/arrays.py:749-769, 1032-1049:
# `get_or_raise()` is ours, a caller that leaves `default` at its marker.
GET = """
class Unset: ...


UNSET = Unset()


def base_get(obj, key, default=UNSET):
    \"\"\"Safely get an item by `key` from a sequence or mapping object when `default` provided.\"\"\"
    if isinstance(obj, dict):
        value = _base_get_dict(obj, key, default=default)
    else:
        value = _base_get_item(obj, key, default=default)

    if value is UNSET:
        # Raise if there's no default provided.
        raise KeyError(f'Object "{repr(obj)}" does not have key "{key}"')

    return value


def _base_get_dict(obj, key, default=UNSET):
    value = obj.get(key, UNSET)
    if value is UNSET:
        value = default
    return value


def _base_get_item(obj, key, default=UNSET):
    try:
        return obj[key]
    except Exception:
        pass
    return default


def head(array):
    \"\"\"Return the first element of `array`.\"\"\"
    return base_get(array, 0, default=None)


def last(array):
    \"\"\"Return the last element of `array`.\"\"\"
    return base_get(array, -1, default=None)


def get_or_raise(array, index):
    \"\"\"Return the element at `index`, or raise.\"\"\"
    return base_get(array, index)
"""

# Reduced from rest_framework/fields.py:43-49, 482-513 (DRF 3.18.3): `validate_empty_values(data)` raises
# `SkipField` for `data is empty`; `run_validation(data=empty)` hands its own argument on, `validate_null()` is
# ours: it hands a literal.
FIELD = """
class empty:
    \"\"\"
    This class is used to represent no data being provided for a given input
    or output value.
    \"\"\"
    pass


class SkipField(Exception):
    pass


class Field:
    def validate_empty_values(self, data):
        \"\"\"Validate empty values, and either skip the field or return it.\"\"\"
        if data is empty:
            if getattr(self.root, 'partial', False):
                raise SkipField("The field is left out of a partial update")
            return (True, self.get_default())
        return (False, data)

    def run_validation(self, data=empty):
        \"\"\"Validate a simple representation and return the internal value.\"\"\"
        (is_empty_value, data) = self.validate_empty_values(data)
        return data

    def validate_null(self):
        \"\"\"Validate a null value.\"\"\"
        return self.validate_empty_values(None)
"""


def _ways_in(tmp_path, source: str, words: str) -> set[str]:
    evidence = evidence_of(tmp_path, source, words)
    return {row["function"] for row in (*evidence["entry_points"], *evidence["callers"])}


def test_a_caller_handing_the_default_a_literal_is_no_way_in_to_the_raise_for_its_marker(tmp_path) -> None:
    ways_in = _ways_in(tmp_path, GET, "does not have key")
    assert "head" not in ways_in
    assert "last" not in ways_in


def test_a_caller_leaving_the_default_at_its_marker_still_leads_there(tmp_path) -> None:
    assert "get_or_raise" in _ways_in(tmp_path, GET, "does not have key")


def test_a_literal_handed_to_a_parameter_tested_against_an_empty_class_is_no_way_in(tmp_path) -> None:
    ways_in = _ways_in(tmp_path, FIELD, "left out of a partial update")
    assert "Field.validate_null" not in ways_in
    assert "Field.run_validation" in ways_in


def test_a_marker_bound_again_is_no_marker(tmp_path) -> None:
    rebound = GET.replace("UNSET = Unset()\n", "UNSET = Unset()\nUNSET = None\n")
    assert "head" in _ways_in(tmp_path, rebound, "does not have key")


def test_a_value_from_a_helper_not_handed_the_default_may_be_the_marker(tmp_path) -> None:
    # `_base_get_item(obj, key)` leaves its own `default` at the marker: it may give it back, whatever `head` hands.
    unhanded = GET.replace("value = _base_get_item(obj, key, default=default)", "value = _base_get_item(obj, key)")
    assert "head" in _ways_in(tmp_path, unhanded, "does not have key")


def test_markers_are_the_names_no_literal_can_be_equal_to() -> None:
    # Reduced from django/db/models/fields/__init__.py:79-80, django/http/request.py:34 and
    # django/conf/__init__.py:20, 45, 272 (Django 5.2.19): `LazySettings` takes `__eq__` from `LazyObject`, which
    # compares what it wraps.
    source = """
from django.utils.functional import LazyObject, empty


class NOT_PROVIDED:
    pass


RAISE_ERROR = object()


class LazySettings(LazyObject):
    def __getattr__(self, name):
        return getattr(self._wrapped, name)


settings = LazySettings()
"""
    assert module_markers(ast.parse(source)).names == {"NOT_PROVIDED", "RAISE_ERROR"}
