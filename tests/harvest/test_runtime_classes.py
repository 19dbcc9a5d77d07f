"""Raises whose class is the repository's though the raise does not name it plainly: a name made here given a
traceback (`raise exc.with_traceback(tb)`), a helper that raises itself (`raise self._failure(...)`), a class
defined in the method's class body (`raise self.TruncationCompleted`), either operand of `or` (`raise
blocked_err or ValueError(msg)`). Each is a site of that class, none skipped as "computed at run time" (issue 30).
Reduced from the real code named on each source."""

from tests.harvest.test_messages import harvest_source

RUN_TIME = "exception type is computed at run time"

# djangorestframework 3.18.3, rest_framework/relations.py:30 and :301-319 (HyperlinkedRelatedField.get_object).
WITH_TRACEBACK = """
import sys


class ObjectValueError(ValueError):
    pass


class HyperlinkedRelatedField:
    def get_object(self, queryset, lookup_kwargs):
        try:
            return queryset.get(**lookup_kwargs)
        except ValueError:
            exc = ObjectValueError(str(sys.exc_info()[1]))
            raise exc.with_traceback(sys.exc_info()[2])

    def retry(self, error):
        try:
            return self.get_object(None, {})
        except ValueError as caught:
            raise caught.with_traceback(sys.exc_info()[2])
"""


def test_a_name_given_a_traceback_raises_the_class_it_was_made_of(tmp_path):
    found = harvest_source(tmp_path, WITH_TRACEBACK)

    assert [(s.function, s.exception_type) for s in found.sites] == [
        ("HyperlinkedRelatedField.get_object", "pkg.mod.ObjectValueError")
    ]
    assert found.skipped[RUN_TIME] == 0
    # The caught error handed on is an object held in a variable, not a class made at run time.
    assert found.skipped["raises an exception object held in a variable"] == 1


# trafaret 2.1.1, trafaret/base.py:136-140 (Trafaret._failure) and :687-706, :788-858 (ToBytes, Iterable).
HELPER = """
class DataError(ValueError):
    def __init__(self, error=None, value=None, trafaret=None, code=None):
        self.error = error
        self.code = code

    def __str__(self):
        return str(self.error)


class Trafaret:
    def _failure(self, error=None, value=None, code=None):
        raise DataError(error=error, value=value, trafaret=self, code=code)


class ToBytes(Trafaret):
    def check_and_return(self, value):
        try:
            return value.encode(self.encoding)
        except UnicodeError:
            raise self._failure(
                "value cannot be encoded with %s encoding" % self.encoding,
                value=value,
                code="cannot_be_encoded",
            )


class Iterable(Trafaret):
    def transform(self, value, context=None):
        errors = [x for x in value if x]
        if errors:
            raise self._failure(errors, code="some_elements_did_not_match")
        return value
"""


def test_a_raise_of_a_helper_that_raises_is_read_as_the_helper_s_raise(tmp_path):
    found = harvest_source(tmp_path, HELPER)
    raised = [(s.function, s.exception_type, s.signature) for s in found.sites if s.function != "Trafaret._failure"]

    assert ("ToBytes.check_and_return", "pkg.mod.DataError", "value cannot be encoded with {} encoding") in [
        (f, t, s.replace("{encoding}", "{}")) for f, t, s in raised
    ]
    # An unreadable message is the helper's own raise, where the traceback ends: a site there already.
    assert "Iterable.transform" not in [f for f, _, _ in raised]
    assert ("Trafaret._failure", "pkg.mod.DataError", "") in [
        (s.function, s.exception_type, s.signature) for s in found.sites
    ]
    assert found.skipped[RUN_TIME] == 0


# Django 5.2.19, django/utils/text.py:99-101, :135-141 and :167-173 (TruncateHTMLParser and its subclass).
NESTED = """
class TruncateHTMLParser:
    class TruncationCompleted(Exception):
        pass

    def handle_data(self, data):
        if self.remaining < len(data):
            raise self.TruncationCompleted


class TruncateCharsHTMLParser(TruncateHTMLParser):
    def process(self, data):
        if self.remaining <= 0:
            raise self.TruncationCompleted
"""


def test_a_class_defined_in_the_class_body_is_raised_through_self(tmp_path):
    found = harvest_source(tmp_path, NESTED)

    assert sorted((s.function, s.exception_type) for s in found.sites) == [
        ("TruncateCharsHTMLParser.process", "pkg.mod.TruncateHTMLParser.TruncationCompleted"),
        ("TruncateHTMLParser.handle_data", "pkg.mod.TruncateHTMLParser.TruncationCompleted"),
    ]
    assert found.skipped[RUN_TIME] == 0


# Django 5.2.19, django/contrib/gis/db/models/fields.py:191-241 (BaseSpatialField.get_prep_value).
EITHER = """
class DisallowedRasterLookup(Exception):
    pass


def get_prep_value(obj, lookup):
    blocked_err = None
    try:
        raster = lookup(obj)
    except DisallowedRasterLookup as err:
        blocked_err = err
    msg = "Cannot use object with type %s for a spatial lookup parameter." % type(obj).__name__
    raise blocked_err or ValueError(msg)
"""


def test_each_operand_of_or_is_raised(tmp_path):
    found = harvest_source(tmp_path, EITHER)

    assert [(s.exception_type, s.signature) for s in found.sites] == [
        ("ValueError", "Cannot use object with type {obj_type} for a spatial lookup parameter.")
    ]
    assert found.skipped[RUN_TIME] == 0
