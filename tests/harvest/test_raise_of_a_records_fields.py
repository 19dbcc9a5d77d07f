"""`raise limit.rangeexception(limit.rangeerrorstring)`: the class and the message are two fields of a namedtuple
record, and the module writes the records. Each record is an entry at the raise, so that a traceback ending there
and its message alone find it. On a reduced copy of aniso8601 10.0.1 (aniso8601/builders/__init__.py:34-101)."""

from kb.harvest.pipeline.plan import produces
from tests.harvest.test_messages import harvest_source

BUILDERS = """
from collections import namedtuple


class ISOFormatError(ValueError):
    pass


class YearOutOfBoundsError(ISOFormatError):
    pass


class MonthOutOfBoundsError(ISOFormatError):
    pass


Limit = namedtuple(
    "Limit",
    [
        "casterrorstring",
        "min",
        "max",
        "rangeexception",
        "rangeerrorstring",
        "rangefunc",
    ],
)


def range_check(valuestr, limit):
    # Returns cast value if in range, raises defined exceptions on failure
    if valuestr is None:
        return None

    if "." in valuestr:
        castfunc = float
    else:
        castfunc = int

    value = castfunc(valuestr)

    if limit.min is not None and value < limit.min:
        raise limit.rangeexception(limit.rangeerrorstring)

    if limit.max is not None and value > limit.max:
        raise limit.rangeexception(limit.rangeerrorstring)

    return value


class BaseTimeBuilder(object):
    DATE_YYYY_LIMIT = Limit(
        "Invalid year string.",
        0000,
        9999,
        YearOutOfBoundsError,
        "Year must be between 1..9999.",
        range_check,
    )
    DATE_MM_LIMIT = Limit(
        "Invalid month string.",
        1,
        12,
        MonthOutOfBoundsError,
        "Month must be between 1..12.",
        range_check,
    )
"""

RAISES = [n for n, line in enumerate(BUILDERS.splitlines(), start=1) if "raise limit." in line]


def _raised(valuestr: str, limit: str) -> BaseException:
    namespace: dict = {}
    exec(compile(BUILDERS, "builders", "exec"), namespace)
    record = getattr(namespace["BaseTimeBuilder"], limit)
    try:
        record.rangefunc(valuestr, record)
    except namespace["ISOFormatError"] as error:
        return error
    raise AssertionError("no error")


def test_each_record_is_a_class_and_its_message_at_the_raise(tmp_path):
    found = harvest_source(tmp_path, BUILDERS)
    for valuestr, limit in (("13", "DATE_MM_LIMIT"), ("10000", "DATE_YYYY_LIMIT")):
        error = _raised(valuestr, limit)
        at_raise = [
            s.line
            for s in found.sites
            if s.function == "range_check"
            and s.exception_type.endswith("." + type(error).__name__)
            and produces(s.signature, str(error))
        ]
        assert at_raise == RAISES, (str(error), [(s.function, s.exception_type, s.signature) for s in found.sites])


def test_a_raise_of_one_objects_fields_with_no_records_is_left_as_it_was(tmp_path):
    source = """
    def check(problem):
        raise problem.error_class(problem.text)
    """
    assert not harvest_source(tmp_path, source).sites


# aniso8601 10.0.1, builders/__init__.py:35-45, :151-158 and :339-385 (BaseTimeBuilder.range_check_time), and
# builders/python.py:111, :137-144 (PythonTimeBuilder assigns the record again).
CLASS_ATTRIBUTE = """
from collections import namedtuple


class SecondsOutOfBoundsError(ValueError):
    pass


Limit = namedtuple("Limit", ["casterrorstring", "min", "max", "rangeexception", "rangeerrorstring", "rangefunc"])


class BaseTimeBuilder(object):
    TIME_SS_LIMIT = Limit(
        "Invalid second string.",
        0,
        60,
        SecondsOutOfBoundsError,
        "Second must be between 0..60 with 60 representing a leap second.",
        None,
    )
    LEAP_SECONDS_SUPPORTED = False

    @classmethod
    def range_check_time(cls, hh=None, mm=None, ss=None, tz=None, rangedict=None):
        if ss == 60:
            raise cls.TIME_SS_LIMIT.rangeexception(
                cls.TIME_SS_LIMIT.rangeerrorstring
            )
        return (hh, mm, ss, tz)
"""

PYTHON_BUILDER = """
from pkg.mod import BaseTimeBuilder, Limit, SecondsOutOfBoundsError


class PythonTimeBuilder(BaseTimeBuilder):
    TIME_SS_LIMIT = Limit(
        "Invalid second string.",
        0,
        60,
        SecondsOutOfBoundsError,
        "Second must be between 0..60 with 60 representing a leap second.",
        None,
    )
"""


def test_the_record_a_class_attribute_holds_is_the_class_and_message_at_the_raise(tmp_path):
    found = harvest_source(tmp_path, CLASS_ATTRIBUTE, extra={"python.py": PYTHON_BUILDER})
    raised = {(s.exception_type, s.signature) for s in found.sites if s.function == "BaseTimeBuilder.range_check_time"}

    assert raised == {
        ("pkg.mod.SecondsOutOfBoundsError", "Second must be between 0..60 with 60 representing a leap second.")
    }
    assert found.skipped["exception type is computed at run time"] == 0
