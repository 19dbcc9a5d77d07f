"""A local bound from a call that never returns an empty value cannot make `if not local:` true (round 21's
AI-assisted card 02, round 10's card): the ways in that reach the raise only through such a binding are none, and
the local's definition says so. On Django 5.2.19's GDAL data source, reduced where it says, and on plain Python."""

import ast
import textwrap

from kb.harvest.reading.never_empty import NOT_NONE, TRUTHY, errcheck_of, guarded
from kb.models import ErrorEntry
from tests.harvest.published import harvest_published

# django/contrib/gis/gdal/__init__.py:29 and error.py:9-10.
GDAL_INIT = "from django.contrib.gis.gdal.datasource import DataSource\n"
ERROR = "class GDALException(Exception):\n    pass\n"
# django/contrib/gis/gdal/prototypes/errcheck.py:6-8 and 124-131.
ERRCHECK = """
from ctypes import c_void_p, string_at

from django.contrib.gis.gdal.error import GDALException


def check_pointer(result, func, cargs):
    "Make sure the result pointer is valid."
    if isinstance(result, int):
        result = c_void_p(result)
    if result:
        return result
    else:
        raise GDALException('Invalid pointer returned from "%s"' % func.__name__)
"""
# django/contrib/gis/gdal/prototypes/generation.py:6-9 (the import reduced to its name) and 163-169.
GENERATION = """
from ctypes import POINTER, c_bool, c_char_p, c_double, c_int, c_int64, c_void_p
from functools import partial

from django.contrib.gis.gdal.prototypes.errcheck import check_pointer


def voidptr_output(func, argtypes, errcheck=True):
    "For functions that return c_void_p."
    func.argtypes = argtypes
    func.restype = c_void_p
    if errcheck:
        func.errcheck = check_pointer
    return func
"""
# django/contrib/gis/gdal/prototypes/ds.py:7-20 (the imports reduced to those used) and 36-46.
DS = """
from ctypes import POINTER, c_char_p, c_double, c_int, c_long, c_uint, c_void_p

from django.contrib.gis.gdal.libgdal import lgdal
from django.contrib.gis.gdal.prototypes.generation import voidptr_output

get_driver_by_name = voidptr_output(
    lgdal.GDALGetDriverByName, [c_char_p], errcheck=False
)
open_ds = voidptr_output(
    lgdal.GDALOpenEx,
    [c_char_p, c_uint, POINTER(c_char_p), POINTER(c_char_p), POINTER(c_char_p)],
)
"""
# django/contrib/gis/gdal/datasource.py:37-44 and 51-91 (DataSource, its other methods left out).
DATASOURCE = """
from pathlib import Path

from django.contrib.gis.gdal.base import GDALBase
from django.contrib.gis.gdal.driver import Driver
from django.contrib.gis.gdal.error import GDALException
from django.contrib.gis.gdal.prototypes import ds as capi
from django.utils.encoding import force_bytes, force_str


class DataSource(GDALBase):
    "Wraps an OGR Data Source object."

    destructor = capi.destroy_ds

    def __init__(self, ds_input, ds_driver=False, write=False, encoding="utf-8"):
        # The write flag.
        self._write = capi.GDAL_OF_UPDATE if write else capi.GDAL_OF_READONLY
        # See also https://gdal.org/development/rfc/rfc23_ogr_unicode.html
        self.encoding = encoding

        Driver.ensure_registered()

        if isinstance(ds_input, (str, Path)):
            try:
                # GDALOpenEx will auto-detect the data source type.
                ds = capi.open_ds(
                    force_bytes(ds_input),
                    self._write | capi.GDAL_OF_VECTOR,
                    None,
                    None,
                    None,
                )
            except GDALException:
                # Making the error message more clear rather than something
                # like "Invalid pointer returned from OGROpen".
                raise GDALException('Could not open the datasource at "%s"' % ds_input)
        elif isinstance(ds_input, self.ptr_type) and isinstance(
            ds_driver, Driver.ptr_type
        ):
            ds = ds_input
        else:
            raise GDALException("Invalid data source input type: %s" % type(ds_input))

        if ds:
            self.ptr = ds
            driver = capi.get_dataset_driver(ds)
            self.driver = Driver(driver)
        else:
            # Raise an exception if the returned pointer is NULL
            raise GDALException('Invalid data source file "%s"' % ds_input)
"""
# django/contrib/gis/utils/ogrinfo.py:7-26 (the loop over the layers left out).
OGRINFO = '''
from django.contrib.gis.gdal import DataSource


def ogrinfo(data_source, num_features=10):
    """
    Walk the available layers in the supplied `data_source`, displaying
    the fields for the first `num_features` features.
    """

    # Checking the parameters.
    if isinstance(data_source, str):
        data_source = DataSource(data_source)
    elif isinstance(data_source, DataSource):
        pass
    else:
        raise Exception(
            "Data source parameter must be a string or a DataSource object."
        )
    return data_source
'''
# django/contrib/gis/utils/layermapping.py:13-23 and 59, 97-120 (LayerMapping.__init__'s start).
LAYERMAPPING = '''
from pathlib import Path

from django.contrib.gis.gdal import DataSource


class LayerMapping:
    def __init__(
        self,
        model,
        data,
        mapping,
        layer=0,
        source_srs=None,
        encoding="utf-8",
        transaction_mode="commit_on_success",
        transform=True,
        unique=None,
        using=None,
    ):
        """
        A LayerMapping object is initialized using the given Model (not an instance),
        a DataSource (or string path to an OGR-supported data file), and a mapping
        dictionary.  See the module level docstring for more details and keyword
        argument usage.
        """
        # Getting the DataSource and the associated Layer.
        if isinstance(data, (str, Path)):
            self.ds = DataSource(data, encoding=encoding)
        else:
            self.ds = data
        self.layer = self.ds[layer]
'''
GDAL = {
    "django/__init__.py": "",
    "django/contrib/__init__.py": "",
    "django/contrib/gis/__init__.py": "",
    "django/contrib/gis/gdal/__init__.py": GDAL_INIT,
    "django/contrib/gis/gdal/error.py": ERROR,
    "django/contrib/gis/gdal/prototypes/__init__.py": "",
    "django/contrib/gis/gdal/prototypes/errcheck.py": ERRCHECK,
    "django/contrib/gis/gdal/prototypes/generation.py": GENERATION,
    "django/contrib/gis/gdal/prototypes/ds.py": DS,
    "django/contrib/gis/gdal/datasource.py": DATASOURCE,
    "django/contrib/gis/utils/__init__.py": "",
    "django/contrib/gis/utils/ogrinfo.py": OGRINFO,
    "django/contrib/gis/utils/layermapping.py": LAYERMAPPING,
}


def _ways_in(entry: ErrorEntry) -> tuple[list[str], list[str]]:
    [site] = entry.sites.all()
    return (
        [row["function"] for row in site.evidence["entry_points"]],
        [row["function"] for row in site.evidence.get("callers", [])],
    )


def test_a_path_opened_by_a_ctypes_function_that_raises_on_null_is_no_way_to_the_null_test(db, git_repo):
    # `open_ds = voidptr_output(lgdal.GDALOpenEx, ...)` sets `errcheck = check_pointer`, which raises on NULL: a
    # path never leaves `ds` empty. Only a NULL pointer handed to `DataSource()` itself reaches the raise.
    cards = harvest_published(git_repo, GDAL)
    null = cards['Invalid data source file "{ds_input}"']
    reached, callers = _ways_in(null)
    assert reached == ["DataSource"]
    assert "LayerMapping" not in reached + callers and "ogrinfo" not in reached + callers
    assert "LayerMapping()" not in null.generated.get("situations", "")
    [site] = null.sites.all()
    opened = [row for row in site.evidence["definitions"] if row["code"].startswith("capi.open_ds(")]
    assert opened and all(row.get("never_empty") for row in opened)
    assert not [row for row in site.evidence["definitions"] if row["code"] == "ds_input" and row.get("never_empty")]
    # The raise of the path's own arm is still reached from both.
    could_not = cards['Could not open the datasource at "{ds_input}"']
    assert {"LayerMapping", "ogrinfo"} <= set(_ways_in(could_not)[0])


def test_the_null_test_is_said_with_the_arm_that_alone_can_leave_the_local_empty(db, git_repo):
    # Round 21's card 02: "`ds_input` is empty" alone is false for `DataSource("")`, which takes the path's arm and
    # raises "Could not open ..." there; only `ds = ds_input` under the `elif` (datasource.py:78-81) gets here.
    cards = harvest_published(git_repo, GDAL)
    null = cards['Invalid data source file "{ds_input}"']
    trigger = null.generated["trigger"]
    assert "`ds_input` argument is an instance of" in trigger
    assert "the `ds_driver` argument is an instance of `Driver.ptr_type`" in trigger
    assert "`ds_input` argument is empty" in trigger
    assert "with a `ds_driver` that is an instance of `Driver.ptr_type`" in null.generated["meaning"]


PLAIN = """
class NotFound(Exception):
    pass


_TABLE = {}


def lookup(key):
    found = _TABLE.get(key)
    if not found:
        raise NotFound(f"no entry for {key}")
    return found


def maybe(key):
    found = _TABLE.get(key)
    if found:
        return found


def describe(key):
    entry = lookup(key)
    if not entry:
        raise ValueError(f"empty entry for {key}")
    return entry


def guess(key):
    entry = maybe(key)
    if not entry:
        raise ValueError(f"nothing guessed for {key}")
    return entry


def show(key):
    return describe(key), guess(key)
"""


def test_a_local_bound_from_a_function_that_raises_on_an_empty_result_never_makes_the_test_true(db, git_repo):
    # `lookup()` returns `found` only past `if not found: raise`: `describe()`'s `entry` is never empty, so no call
    # reaches its raise. `maybe()` may fall off its end (None): `guess()`'s raise is reached.
    cards = harvest_published(git_repo, {"plain/__init__.py": "", "plain/table.py": PLAIN}, repo="plain/plain")
    assert _ways_in(cards["empty entry for {key}"]) == ([], [])
    assert _ways_in(cards["nothing guessed for {key}"])[0] == ["guess", "show"]
    assert _ways_in(cards["no entry for {key}"])[0][:1] == ["lookup"]
    [site] = cards["empty entry for {key}"].sites.all()
    assert [row.get("never_empty") for row in site.evidence["definitions"] if row["name"] == "entry"] == [True]


def test_a_raise_whose_test_never_holds_stays_a_draft(db, git_repo) -> None:
    # A card would state a condition no call can make true (GDAL's `Field()` behind `get_feat_field_defn`).
    cards = harvest_published(git_repo, {"plain/__init__.py": "", "plain/table.py": PLAIN}, repo="plain/plain")
    assert cards["empty entry for {key}"].status == ErrorEntry.Status.DRAFT
    assert cards["nothing guessed for {key}"].status == ErrorEntry.Status.PUBLISHED


def _function(source: str) -> ast.FunctionDef:
    [function] = ast.parse(textwrap.dedent(source)).body
    assert isinstance(function, ast.FunctionDef)
    return function


def test_only_a_callee_that_returns_a_name_it_tested_true_on_every_way_is_never_empty():
    assert guarded(_function(ERRCHECK.split("\n\n\n")[1])) == TRUTHY  # check_pointer
    assert guarded(_function("def f():\n    r = g()\n    if not r:\n        raise X\n    return r\n")) == TRUTHY
    assert guarded(_function("def f():\n    r = g()\n    if r is None:\n        raise X\n    return r\n")) == NOT_NONE
    assert guarded(_function("def f():\n    r = g()\n    if r:\n        return r\n")) == 0  # falls off: None
    assert guarded(_function("def f():\n    r = g()\n    if not r:\n        raise X\n    r = h()\n    return r\n")) == 0
    assert guarded(_function("def f(r):\n    if not r:\n        raise X\n    yield r\n    return r\n")) == 0


def test_a_factory_that_sets_errcheck_only_when_asked_is_read_per_call():
    # django/contrib/gis/gdal/prototypes/ds.py:36-38: `get_driver_by_name` is built with `errcheck=False`.
    factory = _function(GENERATION.split("\n\n\n")[1])
    built = [
        ast.parse(line).body[0].value for line in ("voidptr_output(f, [])", "voidptr_output(f, [], errcheck=False)")
    ]
    assert [errcheck_of(factory, call) for call in built] == ["check_pointer", None]  # type: ignore[arg-type]


def test_a_name_bound_again_in_a_try_before_its_handler_returns_it_is_not_known():
    # `h()` may return an empty value and `X` be caught as an `E`: the handler then returns that value.
    source = """
    def f():
        r = g()
        if not r:
            raise X
        try:
            r = h()
            if not r:
                raise X
            return r
        except E:
            return r
        raise Y
    """
    assert guarded(_function(source)) == 0


def test_a_required_argument_is_said_empty_never_not_given(db, git_repo) -> None:
    # `DataSource(ds_input, ...)` has no default for `ds_input`: every call gives it, so "not given" is false.
    trigger = harvest_published(git_repo, GDAL)['Invalid data source file "{ds_input}"'].generated["trigger"]
    assert "the `ds_input` argument is empty" in trigger
    assert "not given" not in trigger
