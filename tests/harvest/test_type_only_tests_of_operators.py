"""A test that asserts a type alone around an operator on an instance it built (`d1 + 1` under
`assertRaises(TypeError)`) triggers the raise that operator's method meets (issue 29, "how to trigger it"): `d1 + 1`
calls its class's `__add__` with `1`, `d1 += 1` its `__iadd__`, a class the test may name by a module's alias
(`D = Distance`); `isinstance(other, self.__class__)` is False for a literal when the class is the package's own.
Anything less known (an operand the test did not write, a class built through `__new__`, the literal on the left)
attaches nothing."""

from pathlib import Path

import pytest

from tests.harvest.test_tests_docs import evidence_of, triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

# Reduced from django/contrib/gis/measure.py:48-146 and :313-329 (Django 5.2.19).
MEASURE = """
def pretty_name(obj):
    return obj.__name__ if obj.__class__ == type else obj.__class__.__name__


class MeasureBase:
    STANDARD_UNIT = None

    def __init__(self, default_unit=None, **kwargs):
        self.standard = sum(kwargs.values())
        self._default_unit = default_unit

    def __add__(self, other):
        if isinstance(other, self.__class__):
            return self.__class__(standard=self.standard + other.standard)
        else:
            raise TypeError(
                "%(class)s must be added with %(class)s" % {"class": pretty_name(self)}
            )

    def __iadd__(self, other):
        if isinstance(other, self.__class__):
            self.standard += other.standard
            return self
        else:
            raise TypeError(
                "%(class)s must be added with %(class)s" % {"class": pretty_name(self)}
            )

    def __sub__(self, other):
        if isinstance(other, self.__class__):
            return self.__class__(standard=self.standard - other.standard)
        else:
            raise TypeError(
                "%(class)s must be subtracted from %(class)s"
                % {"class": pretty_name(self)}
            )

    def __mul__(self, other):
        if isinstance(other, (int, float)):
            return self.__class__(standard=self.standard * other)
        else:
            raise TypeError(
                "%(class)s must be multiplied with number" % {"class": pretty_name(self)}
            )


class Distance(MeasureBase):
    STANDARD_UNIT = "m"


class Odd(MeasureBase):
    def __new__(cls, *args, **kwargs):
        return 1


D = Distance
"""

TESTS = """
import pytest

from measure.core import D, Distance, Odd


def test_addition():
    d1 = D(m=100)
    d2 = D(m=200)
    d3 = d1 + d2
    d3 += d1
    with pytest.raises(TypeError):
        d1 + 1


def test_addition_in_place():
    d1 = D(m=100)
    with pytest.raises(TypeError):
        d1 += 1
    with pytest.raises(TypeError):
        d1 += 2


def test_subtraction():
    d1 = Distance(m=100)
    with pytest.raises(TypeError):
        d1 - 1


def test_multiplication_by_a_number():
    d1 = Distance(m=100)
    with pytest.raises(TypeError):
        d1 * 2


def test_unknown_operand(other):
    d1 = Distance(m=100)
    with pytest.raises(TypeError):
        d1 - other


def test_odd():
    o = Odd(m=1)
    with pytest.raises(TypeError):
        o - 1


def test_literal_on_the_left():
    d1 = Distance(m=100)
    with pytest.raises(TypeError):
        1 * d1


def test_rebound():
    d1 = Distance(m=100)
    d1 = d1.standard
    with pytest.raises(TypeError):
        d1 * "x"
"""


@pytest.fixture
def evidence(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "measure", MEASURE, TESTS)


def calls(tests: list[dict]) -> list[tuple[str, str]]:
    return [(test["name"], test["call"]) for test in tests]


def test_an_operator_on_a_built_instance_triggers_the_raise_its_method_meets(evidence) -> None:
    assert calls(triggering(evidence, "{class} must be added with {class}")) == [
        ("test_addition", "d1 + 1"),
        ("test_addition_in_place", "d1 += 1"),
    ]
    assert calls(triggering(evidence, "{class} must be subtracted from {class}")) == [("test_subtraction", "d1 - 1")]


def test_an_operator_whose_method_meets_no_raise_attaches_nothing(evidence) -> None:
    """`d1 * 2`: a number passes `isinstance(other, (int, float))`; the test's TypeError comes from elsewhere."""
    assert triggering(evidence, "{class} must be multiplied with number") == []


def test_an_operand_or_instance_not_known_attaches_nothing(evidence) -> None:
    subtracted = [name for name, _ in calls(triggering(evidence, "{class} must be subtracted from {class}"))]
    assert "test_unknown_operand" not in subtracted
    assert "test_odd" not in subtracted  # `Odd(...)` runs `__new__`, which returns no `Odd`
    multiplied = triggering(evidence, "{class} must be multiplied with number")
    assert "test_literal_on_the_left" not in [name for name, _ in calls(multiplied)]  # `int.__mul__` runs first
    assert "test_rebound" not in [name for name, _ in calls(multiplied)]


@pytest.fixture(scope="module")
def django(django_sdist: Path) -> dict[str, dict]:
    return evidence_of(django_sdist / "django", "django")


def test_django_s_measure_arithmetic_tests_attach_to_their_type_errors(django) -> None:
    """tests/gis_tests/test_measure.py:71-81: `d1 + 1`, `d1 - 1`, ... on `d1 = D(m=100)` (`D = Distance`); one
    call shown per test, its first."""
    added = triggering(django, "{class} must be added with {class}")
    subtracted = triggering(django, "{class} must be subtracted from {class}")
    assert [(t["name"], t["call"]) for t in added if t["path"] == "tests/gis_tests/test_measure.py"] == [
        ("DistanceTest.test_addition", "d1 + 1"),
        ("AreaTest.test_addition", "a1 + 1"),
    ]
    assert [(t["name"], t["call"]) for t in subtracted if t["path"] == "tests/gis_tests/test_measure.py"] == [
        ("DistanceTest.test_addition", "d1 - 1"),
        ("AreaTest.test_addition", "a1 - 1"),
    ]


# A class's body that binds an operator's name (django/utils/datastructures.py:238-245, Django 5.2.19:
# `__iadd__ = complain` in ImmutableList) hides its bases' method: the base here is made up to define one.
BOUND = """
class Sequence:
    def __iadd__(self, other):
        raise TypeError("Only sequences are added in place")


class ImmutableList(Sequence):
    def __init__(self, items=(), warning="ImmutableList object is immutable."):
        self.warning = warning

    def complain(self, *args, **kwargs):
        raise TypeError(self.warning)

    __iadd__ = complain
    warning: str = ""
"""

BOUND_TESTS = """
import pytest

from bound.core import ImmutableList


def test_in_place_addition():
    d = ImmutableList(range(10))
    with pytest.raises(TypeError):
        d += 1
"""


def test_an_operator_the_class_body_binds_is_not_its_base_s_method(git_repo) -> None:
    evidence = package_evidence(git_repo, "bound", BOUND, BOUND_TESTS)
    assert triggering(evidence, "Only sequences are added in place") == []
