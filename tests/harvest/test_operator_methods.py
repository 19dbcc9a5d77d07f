"""A method Python runs for an operator is said as the operator (round 22's card 01): "`MeasureBase.__sub__()`
raises this" named nothing the reader wrote, and its condition on `self.__class__` went unsaid."""

from kb.cards.operators import operator_of, operator_shown
from tests.harvest.published import harvest_published

# Reduced from django/contrib/gis/measure.py:48-146 (Django 5.2.19).
MEASURE = """
def pretty_name(obj):
    return obj.__name__ if obj.__class__ == type else obj.__class__.__name__


class MeasureBase:
    STANDARD_UNIT = None

    def __init__(self, default_unit=None, **kwargs):
        self.standard = sum(kwargs.values())
        self._default_unit = default_unit

    def __sub__(self, other):
        if isinstance(other, self.__class__):
            return self.__class__(
                default_unit=self._default_unit,
                **{self.STANDARD_UNIT: (self.standard - other.standard)},
            )
        else:
            raise TypeError(
                "%(class)s must be subtracted from %(class)s"
                % {"class": pretty_name(self)}
            )

    def __isub__(self, other):
        if isinstance(other, self.__class__):
            self.standard -= other.standard
            return self
        else:
            raise TypeError(
                "%(class)s must be subtracted from %(class)s"
                % {"class": pretty_name(self)}
            )


class Distance(MeasureBase):
    STANDARD_UNIT = "m"
"""


def _card(db, git_repo) -> dict:
    files = {"django/contrib/gis/measure.py": MEASURE}
    return harvest_published(git_repo, files)["{class} must be subtracted from {class}"].generated


def test_an_operator_method_is_said_as_the_operator(db, git_repo) -> None:
    meaning = _card(db, git_repo)["meaning"]
    assert "The `-` operator on a `MeasureBase` and the `-=` operator on a `MeasureBase` raise this" in meaning
    assert "__sub__()" not in meaning


def test_its_operand_and_the_object_s_own_class_are_said(db, git_repo) -> None:
    trigger = _card(db, git_repo)["trigger"]
    assert "the right-hand operand is not an instance of the `MeasureBase`'s own class" in trigger


def test_indexing_and_in_are_said_as_the_reader_writes_them() -> None:
    assert operator_shown("QuerySet.__getitem__") == "indexing a `QuerySet` (`obj[key]`)"
    assert operator_shown("Row.__contains__") == "the `in` test on a `Row`"
    assert operator_shown("Area.__truediv__") == "the `/` operator on an `Area`"
    assert operator_shown("Version.__rsub__") == "the `-` operator with a `Version` on its right"
    assert operator_of("QuerySet.__getitem__") == ("", "left", "the index or key")
    assert operator_of("__sub__") is None and operator_of("Version.__pow__") is None
