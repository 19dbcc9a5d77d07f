"""A raise of a local the code binds to one of its classes: an if-expression of classes, a class in each arm of an
`if`, a closure's enclosing local so bound, or a class unpacked from a tuple (either of two, or a table's rows with
their messages). Which class is run time's choice, so each is an entry at the raise, with the message the raise or
the row words; a local bound to anything else is still skipped as held in a variable."""

from tests.harvest.test_messages import harvest_source

HELD = "raises an exception object held in a variable"

# Django 5.2.19, django/db/models/lookups.py:676-689 (IsNull.as_sql) and django/core/exceptions.py (the classes).
ISNULL = """
class EmptyResultSet(Exception):
    \"\"\"A database query predicate is impossible.\"\"\"

    pass


class FullResultSet(Exception):
    \"\"\"A database query predicate is matches everything.\"\"\"

    pass


class IsNull:
    def as_sql(self, compiler, connection):
        if not isinstance(self.rhs, bool):
            raise ValueError(
                "The QuerySet value for an isnull lookup must be True or False."
            )
        if isinstance(self.lhs, Value):
            if self.lhs.value is None or (
                self.lhs.value == ""
                and connection.features.interprets_empty_strings_as_nulls
            ):
                result_exception = FullResultSet if self.rhs else EmptyResultSet
            else:
                result_exception = EmptyResultSet if self.rhs else FullResultSet
            raise result_exception
        sql, params = self.process_lhs(compiler, connection)
"""

# pyparsing 3.3.3, pyparsing/core.py:326-353 (condition_as_parse_action), the exceptions reduced from
# pyparsing/exceptions.py: the parse action a closure, its class chosen by the factory's `fatal`.
CONDITION = """
class ParseBaseException(Exception):
    def __init__(self, pstr, loc=0, msg=None, elem=None):
        self.loc = loc
        self.msg = msg
        self.pstr = pstr


class ParseException(ParseBaseException):
    pass


class ParseFatalException(ParseBaseException):
    pass


def condition_as_parse_action(fn, message=None, fatal=False):
    msg = message if message is not None else "failed user-defined condition"
    exc_type = ParseFatalException if fatal else ParseException
    fn = _trim_arity(fn)

    @wraps(fn)
    def pa(s, l, t):
        if not bool(fn(s, l, t)):
            raise exc_type(s, l, msg)

    return pa
"""


def test_each_class_of_the_if_expressions_is_an_entry_at_the_raise(tmp_path):
    found = harvest_source(tmp_path, ISNULL)
    raised = [s for s in found.sites if s.function == "IsNull.as_sql" and s.line == 28]
    assert sorted(s.exception_type for s in raised) == ["pkg.mod.EmptyResultSet", "pkg.mod.FullResultSet"]
    assert {s.signature for s in raised} == {""}  # raised bare: no message to rebuild, none made up
    assert HELD not in found.skipped


def test_a_closure_raises_each_class_its_factorys_local_may_hold(tmp_path):
    found = harvest_source(tmp_path, CONDITION)
    raised = {s.exception_type.rpartition(".")[2]: s for s in found.sites if s.function.endswith("pa")}
    assert sorted(raised) == ["ParseException", "ParseFatalException"]
    assert HELD not in found.skipped


def test_a_local_bound_to_a_caught_error_in_one_arm_is_still_held(tmp_path):
    source = """
    class Invalid(Exception):
        pass


    def check(value, strict):
        try:
            value()
        except Invalid as e:
            error = e
        if strict:
            kind = Invalid
        else:
            kind = error
        raise kind
    """
    found = harvest_source(tmp_path, source)
    assert not [s for s in found.sites if s.function == "check"]
    assert found.skipped[HELD] == 1


# Django 5.2.19, django/core/files/storage/memory.py:93-136 (InMemoryDirNode.resolve, its loop left out).
RESOLVE = """
import errno
import os


class InMemoryDirNode:
    def resolve(self, path, create_if_missing=False, leaf_cls=None, check_exists=True):
        current_node = self
        if current_node is None and check_exists:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)

        # If a leaf_cls is not None, check if leaf node is of right type.
        if leaf_cls and not isinstance(current_node, leaf_cls):
            error_cls, error_code = (
                (NotADirectoryError, errno.ENOTDIR)
                if leaf_cls is InMemoryDirNode
                else (IsADirectoryError, errno.EISDIR)
            )
            raise error_cls(error_code, os.strerror(error_code), path)

        return current_node
"""

# Django 5.2.19, django/contrib/gis/gdal/error.py:8-62 (the tables cut to a few rows each).
CHECK_ERR = """
class GDALException(Exception):
    pass


class SRSException(Exception):
    pass


OGRERR_DICT = {
    1: (GDALException, "Not enough data."),
    7: (SRSException, "Unsupported SRS."),
}

CPLERR_DICT = {
    1: (GDALException, "AppDefined"),
    2: (GDALException, "OutOfMemory"),
}

ERR_NONE = 0


def check_err(code, cpl=False):
    err_dict = CPLERR_DICT if cpl else OGRERR_DICT

    if code == ERR_NONE:
        return
    elif code in err_dict:
        e, msg = err_dict[code]
        raise e(msg)
    else:
        raise GDALException('Unknown error code: "%s"' % code)
"""


def test_a_class_unpacked_from_either_tuple_is_an_entry_at_the_raise(tmp_path):
    found = harvest_source(tmp_path, RESOLVE)
    raised = sorted(s.exception_type for s in found.sites if s.line == 19)
    assert raised == ["IsADirectoryError", "NotADirectoryError"]
    assert HELD not in found.skipped


def test_each_row_unpacked_from_either_table_is_an_entry_with_its_message(tmp_path):
    found = harvest_source(tmp_path, CHECK_ERR)
    raised = {(s.exception_type.rpartition(".")[2], s.message) for s in found.sites if s.line == 30}
    assert raised == {
        ("GDALException", "Not enough data."),
        ("SRSException", "Unsupported SRS."),
        ("GDALException", "AppDefined"),
        ("GDALException", "OutOfMemory"),
    }
    assert HELD not in found.skipped
