"""A caller that hands on only values of the types an earlier branch of an `isinstance` chain takes is no way in to
the raise in that chain's final `else` ("none matched"): round 35's reader said Django's "Invalid SRS type" is
reached from `OGRGeometry.transform()`, which calls `SpatialReference(coord_trans)` only under `elif
isinstance(coord_trans, (int, str)):`, and an `int` or a `str` takes `SpatialReference.__init__`'s `str` or `int`
branch, never its `else: raise TypeError(...)`."""

import ast

from kb.harvest.reading.type_guards import needed_types, rebound, refuted
from tests.harvest.test_type_guards import _ways_in as ways_in

# Reduced from django/contrib/gis/gdal/srs.py:64-97 and django/contrib/gis/gdal/geometries.py:468-494 (Django 5.2).
# `Loose` is ours: callers whose checks leave a type no branch takes, or whose `str` check sits in the wrong place.
SOURCE = """
from types import NoneType


class AxisOrder(int):
    TRADITIONAL = 0


class SpatialReference:
    def __init__(self, srs_input="", srs_type="user", axis_order=None):
        if not isinstance(axis_order, (NoneType, AxisOrder)):
            raise ValueError(
                "SpatialReference.axis_order must be an AxisOrder instance."
            )
        self.axis_order = axis_order or AxisOrder.TRADITIONAL
        if srs_type == "wkt":
            self.ptr = capi.new_srs(c_char_p(b""))
            self.import_wkt(srs_input)
            return
        elif isinstance(srs_input, str):
            try:
                # If SRID is a string, e.g., '4326', then make acceptable
                # as user input.
                srid = int(srs_input)
                srs_input = "EPSG:%d" % srid
            except ValueError:
                pass
        elif isinstance(srs_input, int):
            # EPSG integer code was input.
            srs_type = "epsg"
        elif isinstance(srs_input, self.ptr_type):
            srs = srs_input
            srs_type = "ogr"
        else:
            raise TypeError('Invalid SRS type "%s"' % srs_type)


class OGRGeometry:
    def transform(self, coord_trans, clone=False):
        if clone:
            klone = self.clone()
            klone.transform(coord_trans)
            return klone

        # Depending on the input type, use the appropriate OGR routine
        # to perform the transformation.
        if isinstance(coord_trans, CoordTransform):
            capi.geom_transform(self.ptr, coord_trans.ptr)
        elif isinstance(coord_trans, SpatialReference):
            capi.geom_transform_to(self.ptr, coord_trans.ptr)
        elif isinstance(coord_trans, (int, str)):
            sr = SpatialReference(coord_trans)
            capi.geom_transform_to(self.ptr, sr.ptr)
        else:
            raise TypeError(
                "Transform only accepts CoordTransform, "
                "SpatialReference, string, and integer objects."
            )


class Loose:
    def floats(self, value):
        if isinstance(value, (int, float)):
            return SpatialReference(value)

    def listed(self, value):
        if not isinstance(value, (str, list)):
            return None
        return SpatialReference(value)
"""

WORDS = "Invalid SRS type"


def _ways_in(tmp_path, source: str = SOURCE) -> set[str]:
    return ways_in(tmp_path, source, WORDS, "SpatialReference.__init__")


def test_a_caller_that_hands_on_an_int_or_a_str_is_no_way_in_to_the_else(tmp_path) -> None:
    assert "OGRGeometry.transform" not in _ways_in(tmp_path)


def test_callers_that_may_hand_on_a_type_no_branch_takes_still_lead_there(tmp_path) -> None:
    assert {"Loose.floats", "Loose.listed"} <= _ways_in(tmp_path)


def test_a_branch_that_binds_the_value_anew_then_falls_through_keeps_the_way_in(tmp_path) -> None:
    source = SOURCE.replace(
        "        else:\n            raise TypeError('Invalid SRS type",
        "        if not isinstance(srs_input, (str, int)):\n            raise TypeError('Invalid SRS type",
    )
    assert "OGRGeometry.transform" in _ways_in(tmp_path, source)


# Ours: chains whose branches take a `bool` but not every `int`, some `str` values only, `str` or `bytes` by a tuple,
# and one whose raise also needs an `or` of another `if` holding it.
CHAINS = """
def flags(value):
    if isinstance(value, bool):
        return value
    elif isinstance(value, str):
        return value
    else:
        raise TypeError("flags")

def some(value):
    if isinstance(value, str) and value:
        return value
    elif isinstance(value, int):
        return value
    else:
        raise TypeError("some")

def tupled(value):
    if isinstance(value, (str, bytes)):
        return value
    elif isinstance(value, int):
        return value
    else:
        raise TypeError("tupled")

def either(value, other):
    if isinstance(other, str) or isinstance(other, int):
        if isinstance(value, str):
            return value
        else:
            raise TypeError("either")
"""


def _refuted(name: str, held: dict[str, frozenset[str]]) -> bool:
    function = next(node for node in ast.parse(CHAINS).body if isinstance(node, ast.FunctionDef) and node.name == name)
    line = next(node.lineno for node in ast.walk(function) if isinstance(node, ast.Raise))
    needed = needed_types(function, line)
    return needed is not None and not rebound(needed, function, line) and refuted(needed, held)


def test_a_bool_branch_takes_no_other_int() -> None:
    assert not _refuted("flags", {"value": frozenset({"int", "str"})})
    assert _refuted("flags", {"value": frozenset({"bool", "str"})})


def test_a_branch_that_takes_some_values_of_a_type_leaves_the_others_to_the_raise() -> None:
    assert not _refuted("some", {"value": frozenset({"str"})})
    assert _refuted("some", {"value": frozenset({"int", "bool"})})


def test_branches_by_tuples_of_types_take_each() -> None:
    assert _refuted("tupled", {"value": frozenset({"bytes", "int"})})
    assert not _refuted("tupled", {"value": frozenset({"bytes", "float"})})


def test_an_or_of_an_outer_if_is_refuted_on_its_own() -> None:
    assert _refuted("either", {"other": frozenset({"list"})})
    assert _refuted("either", {"value": frozenset({"str"})})
    assert not _refuted("either", {"other": frozenset({"str"}), "value": frozenset({"list"})})
