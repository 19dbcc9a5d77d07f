"""A caller that puts a key into the dict it hands on is no way in to a raise that needs that key missing: round
30's card said Django's "Specify width and height attributes for JSON or dict input." is reached from
`GDALRaster.warp()`, but `warp` sets both keys in `ds_input` before it calls `GDALRaster(ds_input, write=True)`.
Only keys put in on every way to the call, and never taken out before it, count."""

import ast

from kb.harvest.reading.key_guards import keys_put
from tests.harvest.test_evidence import evidence_of

# Reduced from django/contrib/gis/gdal/raster/source.py:85-155, 233-244, 441-479 (Django 5.2.19). `Copy.half`,
# `Copy.maybe`, `Copy.popped` and `Copy.aliased` are ours: a caller that sets only one of the two keys, one that
# sets a key only under an `if`, one that takes a key out again before the call, one that empties the dict under
# another name.
SOURCE = """
import json
from pathlib import Path


class GDALException(Exception):
    pass


class Driver:
    def __init__(self, name):
        self.name = name


class GDALRaster:
    def __init__(self, ds_input, write=False):
        self._write = 1 if write else 0

        ds_input = self._preprocess_input(ds_input)

        if isinstance(ds_input, str):
            self.name = ds_input
        elif isinstance(ds_input, dict):
            self._write = 1

            driver = Driver(ds_input.get("driver", "MEM"))

            # For out of memory drivers, check filename argument
            if driver.name != "MEM" and "name" not in ds_input:
                raise GDALException(
                    'Specify name for creation of raster with driver "{}".'.format(
                        driver.name
                    )
                )

            # Check if width and height where specified
            if "width" not in ds_input or "height" not in ds_input:
                raise GDALException(
                    "Specify width and height attributes for JSON or dict input."
                )

            # Check if srid was specified
            if "srid" not in ds_input:
                raise GDALException("Specify srid for JSON or dict input.")

    @classmethod
    def _preprocess_input(cls, ds_input):
        \"\"\"Preprocess json and Path inputs.\"\"\"
        if isinstance(ds_input, str) and ds_input.startswith("{"):
            ds_input = json.loads(ds_input)
        if isinstance(ds_input, Path):
            ds_input = str(ds_input)
        return ds_input

    def warp(self, ds_input, resampling="NearestNeighbour", max_error=0.0):
        \"\"\"Return a warped GDALRaster with the given input characteristics.\"\"\"
        ds_input.setdefault("width", self.width)
        ds_input.setdefault("height", self.height)
        ds_input.setdefault("srid", self.srs.srid)

        if "name" not in ds_input:
            ds_input["name"] = self.name + "_copy." + self.driver.name

        ds_input["bands"] = [{"nodata_value": bnd.nodata_value} for bnd in self.bands]

        target = GDALRaster(ds_input, write=True)
        return target


class Copy:
    def half(self, ds_input):
        \"\"\"Copy with the width only.\"\"\"
        ds_input.setdefault("width", 1)
        return GDALRaster(ds_input, write=True)

    def maybe(self, ds_input, sized):
        \"\"\"Copy with a size when told.\"\"\"
        if sized:
            ds_input["width"] = ds_input["height"] = 1
        ds_input.update(height=1)
        return GDALRaster(ds_input, write=True)

    def popped(self, ds_input):
        \"\"\"Copy without a width.\"\"\"
        ds_input.update({"width": 1, "height": 1})
        ds_input.pop("width")
        return GDALRaster(ds_input, write=True)

    def aliased(self, ds_input):
        \"\"\"Copy through another name.\"\"\"
        other = ds_input
        ds_input.update(width=1, height=1)
        other.clear()
        return GDALRaster(ds_input, write=True)
"""

WORDS = "Specify width and height"


def _ways_in(tmp_path, source: str, words: str = WORDS) -> set[str]:
    evidence = evidence_of(tmp_path, source, words)
    return {row["function"] for row in (*evidence["entry_points"], *evidence["callers"])}


def test_a_caller_that_sets_both_keys_before_the_call_is_no_way_in(tmp_path) -> None:
    assert "GDALRaster.warp" not in _ways_in(tmp_path, SOURCE)


def test_a_caller_that_sets_the_one_key_a_test_needs_missing_is_no_way_in(tmp_path) -> None:
    assert "GDALRaster.warp" not in _ways_in(tmp_path, SOURCE, "Specify srid")


def test_a_key_set_only_under_an_if_keeps_the_way_in(tmp_path) -> None:
    assert "GDALRaster.warp" in _ways_in(tmp_path, SOURCE, "Specify name for creation")


def test_callers_that_leave_a_key_unset_on_some_way_still_lead_there(tmp_path) -> None:
    assert {"Copy.half", "Copy.maybe", "Copy.popped", "Copy.aliased"} <= _ways_in(tmp_path, SOURCE)


def test_a_raise_on_a_parameter_rebound_by_an_unknown_call_keeps_the_way_in(tmp_path) -> None:
    source = SOURCE.replace("self._preprocess_input(ds_input)", "prepare(ds_input)")
    assert "GDALRaster.warp" in _ways_in(tmp_path, source)


# Ours, on `GDALRaster.warp`'s call (source.py:479 above): a call put off in a `lambda` runs after what follows it (the
# width taken out here); a `case` pattern binds the dict's name to another value.
LATER = """
class Later:
    def deferred(self, ds_input):
        ds_input.update(width=1, height=1)
        make = lambda: GDALRaster(ds_input, write=True)
        ds_input.pop("width")
        return make()

    def matched(self, ds_input, given):
        ds_input.update(width=1, height=1)
        match given:
            case {"raster": ds_input}:
                return GDALRaster(ds_input, write=True)
"""


def _put_before_the_call(method: str) -> set[str]:
    function = next(node for node in ast.parse(LATER).body[0].body if node.name == method)
    call = next(
        node for node in ast.walk(function) if isinstance(node, ast.Call) and ast.unparse(node.func) == "GDALRaster"
    )
    return keys_put(function, call, "ds_input", {"width", "height"})


def test_a_call_put_off_in_a_lambda_has_no_key_surely_put() -> None:
    assert _put_before_the_call("deferred") == set()


def test_a_dict_name_bound_anew_by_a_case_pattern_has_no_key_surely_put() -> None:
    assert _put_before_the_call("matched") == set()
