"""A truth test on a name the raise's own conditions order against an integer is said as whether it is 0, not
"empty" (round 32's card 07: "the `ndim` argument is not empty" of an int). A name given a new value, or compared
only where the comparison may not have run, keeps the words it had."""

import pytest

from kb.models import ErrorEntry
from tests.harvest.published import harvest_published

# django/contrib/gis/geos/point.py:57-67, Django 5.2.19 (`Point._create_point`)
POINT = """
class Point:
    @classmethod
    def _create_point(cls, ndim, coords):
        if not ndim:
            return None
        if ndim < 2 or ndim > 3:
            raise TypeError("Invalid point dimension: %s" % str(ndim))
        return coords
"""
MESSAGE = "Invalid point dimension: {ndim}"


def cards(git_repo, source: str) -> dict[str, ErrorEntry]:
    return harvest_published(git_repo, {"geos/point.py": source}, "example/geos")


def said(entry: ErrorEntry) -> str:
    return entry.generated.get("meaning", "") + "\n" + entry.generated.get("trigger", "")


@pytest.mark.django_db
def test_a_number_ordered_against_an_integer_is_said_not_0(git_repo) -> None:
    text = said(cards(git_repo, POINT)[MESSAGE])
    assert "the `ndim` argument is not 0" in text, text
    assert "not empty" not in text, text


@pytest.mark.django_db
def test_a_comparison_that_may_not_have_run_proves_no_number(git_repo) -> None:
    # The second part of an `or` runs only when the first is false: `ndim` may be anything there.
    source = POINT.replace("ndim < 2 or ndim > 3", "coords is None or ndim > 3")
    text = said(cards(git_repo, source)[MESSAGE])
    assert "is not 0" not in text, text


@pytest.mark.django_db
def test_a_parameter_given_a_new_value_is_not_said_a_number(git_repo) -> None:
    source = POINT.replace("        if ndim < 2", "        ndim = int(ndim)\n        if ndim < 2")
    text = said(cards(git_repo, source)[MESSAGE])
    assert "is not 0" not in text, text


@pytest.mark.django_db
def test_a_comparison_inside_an_and_that_may_be_false_proves_no_number(git_repo) -> None:
    # django/db/backends/base/operations.py:766, Django 5.2.19: `(start and start < 0) or (end and end > 0)`; a
    # `None` start makes the first `and` false before `start < 0` runs.
    source = POINT.replace("if ndim < 2 or ndim > 3:", "if (ndim and ndim < 2) or (coords and coords > 3):")
    text = said(cards(git_repo, source)[MESSAGE])
    assert "is not 0" not in text, text
