"""A raise whose class and message come from one of two tables chosen by a parameter (`err_dict = CPLERR_DICT if
cpl else OGRERR_DICT; e, msg = err_dict[code]; raise e(msg)`): each row's entry needs the choice of its table, the
parameter true for the first table's rows and false for the other's. A caller leaving `cpl` at its default `False`
is no way in to CPLERR_DICT's messages. Round 25's card 11 (both kinds) named `check_string()` for "UserInterrupt"."""

import ast

from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19's django/contrib/gis/gdal/error.py:8-61 (the tables cut to a few rows each).
ERROR = """
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
    9: (GDALException, "UserInterrupt"),
}

ERR_NONE = 0


def check_err(code, cpl=False):
    \"\"\"
    Check the given CPL/OGRERR and raise an exception where appropriate.
    \"\"\"
    err_dict = CPLERR_DICT if cpl else OGRERR_DICT

    if code == ERR_NONE:
        return
    elif code in err_dict:
        e, msg = err_dict[code]
        raise e(msg)
    else:
        raise GDALException('Unknown error code: "%s"' % code)
"""

# Reduced from django/contrib/gis/gdal/prototypes/errcheck.py:14-121 (5.2.19): `check_string` (line 55) and
# `check_geom_offset` (91) leave `cpl` at `False`; `check_const_string` (30) and `check_errcode` (121) hand it on.
ERRCHECK = """
from ctypes import c_void_p, string_at

from gdal.error import GDALException, check_err


def ptr_byref(args, offset=-1):
    "Return the pointer argument passed in by-reference."
    return args[offset]._obj


def check_const_string(result, func, cargs, offset=None, cpl=False):
    \"\"\"
    Similar functionality to `check_string`, but does not free the pointer.
    \"\"\"
    if offset:
        check_err(result, cpl=cpl)
        ptr = ptr_byref(cargs, offset)
        return ptr.value
    else:
        return result


def check_string(result, func, cargs, offset=-1, str_result=False):
    \"\"\"
    Check the string output returned from the given function.
    \"\"\"
    if str_result:
        ptr = result
        if not ptr:
            s = None
        else:
            s = string_at(result)
    else:
        check_err(result)
        ptr = ptr_byref(cargs, offset)
        s = ptr.value
    return s


def check_geom_offset(result, func, cargs, offset=-1):
    "Check the geometry at the given offset in the C parameter list."
    check_err(result)
    geom = ptr_byref(cargs, offset=offset)
    return geom


def check_errcode(result, func, cargs, cpl=False):
    \"\"\"
    Check the error code returned (c_int).
    \"\"\"
    check_err(result, cpl=cpl)
"""

FILES = {"gdal/__init__.py": "", "gdal/error.py": ERROR, "gdal/errcheck.py": ERRCHECK}


def _ways(card) -> set[str]:
    [site] = card.sites.all()
    return {row["function"] for row in site.evidence["entry_points"] + site.evidence["callers"]}


def test_a_caller_leaving_the_parameter_at_its_default_is_no_way_to_the_other_tables_rows(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES, repo="example/gdal")
    interrupt = cards["UserInterrupt"]
    ways = _ways(interrupt)
    assert "check_string" not in ways
    assert "check_geom_offset" not in ways
    assert {"check_const_string", "check_errcode"} <= ways  # they hand `cpl` on: it may be true
    [site] = interrupt.sites.all()
    assert {"code": "cpl", "line": 26} in [{"code": r["code"], "line": r["line"]} for r in site.evidence["conditions"]]
    assert "check_string" not in str(interrupt.generated.get("situations"))


def test_the_default_table_keeps_every_caller(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES, repo="example/gdal")
    unsupported = cards["Unsupported SRS."]
    assert {"check_string", "check_geom_offset", "check_const_string", "check_errcode"} <= _ways(unsupported)
    [site] = unsupported.sites.all()
    assert "not cpl" in [row["code"] for row in site.evidence["conditions"]]


def test_a_table_bound_in_each_arm_of_an_if_is_chosen_by_its_test(db, git_repo) -> None:
    tree = ast.parse(ERROR)
    [check] = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    chosen = ast.parse("if cpl:\n    err_dict = CPLERR_DICT\nelse:\n    err_dict = OGRERR_DICT\n").body
    check.body[1:2] = chosen
    cards = harvest_published(git_repo, FILES | {"gdal/error.py": ast.unparse(tree)}, repo="example/gdal")
    assert "check_string" not in _ways(cards["UserInterrupt"])
    assert "check_string" in _ways(cards["Unsupported SRS."])
