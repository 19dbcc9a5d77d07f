"""A name the package defines twice (Django's `Envelope`: django/contrib/gis/gdal/envelope.py's bounding box and
django/contrib/gis/db/models/functions.py's database function) leaves a test's call unresolved by the name alone.
The test module's imports say which one it calls: `from django.contrib.gis.gdal import Envelope`, through the
package's `__init__`, which re-exports the envelope module's class. Reduced from Django 5.2.19."""

import ast

from kb.harvest.evidence.imported import file_imports, imported_calls, resolve
from tests.harvest.test_tests_docs import evidence_of, triggering

# django/contrib/gis/gdal/envelope.py:33-69, the class as Django writes it (its comments and docstrings left out).
ENVELOPE = """
from ctypes import Structure, c_double

from gis.gdal.error import GDALException


class OGREnvelope(Structure):
    _fields_ = [
        ("MinX", c_double),
        ("MaxX", c_double),
        ("MinY", c_double),
        ("MaxY", c_double),
    ]


class Envelope:
    def __init__(self, *args):
        if len(args) == 1:
            if isinstance(args[0], OGREnvelope):
                self._envelope = args[0]
            elif isinstance(args[0], (tuple, list)):
                if len(args[0]) != 4:
                    raise GDALException(
                        "Incorrect number of tuple elements (%d)." % len(args[0])
                    )
                else:
                    self._from_sequence(args[0])
            else:
                raise TypeError("Incorrect type of argument: %s" % type(args[0]))
        elif len(args) == 4:
            self._from_sequence([float(a) for a in args])
        else:
            raise GDALException("Incorrect number (%d) of arguments." % len(args))

        if self.min_x > self.max_x:
            raise GDALException("Envelope minimum X > maximum X.")
        if self.min_y > self.max_y:
            raise GDALException("Envelope minimum Y > maximum Y.")
"""
# django/contrib/gis/db/models/functions.py:361-362, the database function of the same name.
FUNCTIONS = """
class GeomOutputGeoFunc:
    pass


class Envelope(GeomOutputGeoFunc):
    arity = 1
"""
# django/contrib/gis/gdal/__init__.py:31-32: the package re-exports the class.
GDAL = """
from gis.gdal.envelope import Envelope
from gis.gdal.error import GDALException, SRSException, check_err
"""
ERROR = """
class GDALException(Exception):
    pass


class SRSException(Exception):
    pass


def check_err(code):
    pass
"""
# tests/gis_tests/gdal_tests/test_envelope.py:1-4, its imports; the call with three arguments is this test's own.
TEST = """
import unittest

from {module} import Envelope, GDALException


class EnvelopeTest(unittest.TestCase):
    def test_init(self):
        with self.assertRaises(GDALException):
            Envelope(0, 0, 5)
"""
ARGUMENTS = "Incorrect number ({args}) of arguments."


def gis(git_repo, module: str, envelope: str = ENVELOPE):
    git_repo.write("pyproject.toml", "[project]\nname = 'gis'\n")
    git_repo.write("gis/__init__.py", "")
    git_repo.write("gis/gdal/__init__.py", GDAL)
    git_repo.write("gis/gdal/envelope.py", envelope)
    git_repo.write("gis/gdal/error.py", ERROR)
    git_repo.write("gis/db/__init__.py", "")
    git_repo.write("gis/db/functions.py", FUNCTIONS)
    git_repo.write("tests/test_envelope.py", TEST.replace("{module}", module))
    return evidence_of(git_repo.root / "gis", "gis")


def test_a_class_the_package_defines_twice_is_the_one_the_test_imports(git_repo) -> None:
    """`Envelope(0, 0, 5)` with `Envelope` from `gis.gdal` (re-exported from `gis.gdal.envelope`): three
    arguments meet "Incorrect number (3) of arguments.", the last `else` of the envelope's `__init__`."""
    [test] = triggering(gis(git_repo, "gis.gdal"), ARGUMENTS)
    assert (test["name"], test["how"], test["call"]) == ("EnvelopeTest.test_init", "type-and-call", "Envelope(0, 0, 5)")


def test_a_name_the_imports_do_not_settle_stays_unresolved(git_repo) -> None:
    """A test that imports `Envelope` from a module the package does not hold says nothing of which class it
    builds: no trigger, as before."""
    assert triggering(gis(git_repo, "elsewhere"), ARGUMENTS) == []


def test_a_dotted_path_is_followed_through_a_package_s_re_exports() -> None:
    """`from django.contrib.gis import forms` then `forms.GeometryField(...)`: django/contrib/gis/forms/__init__.py
    imports `*` from django.forms first, then `GeometryField` from `.fields`, which defines it."""
    modules = {
        "gis/forms/__init__.py": "from django.forms import *  # NOQA\n\nfrom .fields import (  # NOQA\n"
        "    GeometryCollectionField,\n    GeometryField,\n)\n",
        "gis/forms/fields.py": "from django import forms\n\n\nclass GeometryField(forms.Field):\n    pass\n",
    }
    imports = file_imports("import re\n\nfrom gis import forms\nfrom gis.forms import BaseGeometryWidget\n")
    assert imports == {"re": "re", "forms": "gis.forms", "BaseGeometryWidget": "gis.forms.BaseGeometryWidget"}
    [call] = ast.parse('forms.GeometryField(geom_type="POINT").clean("LINESTRING(0 0, 1 1)")').body
    [(name, dotted)] = imported_calls([call], imports)
    assert (name, dotted) == ("GeometryField", "gis.forms.GeometryField")
    assert resolve(dotted, modules.get) == ("gis/forms/fields.py", "GeometryField")


def test_a_star_import_after_the_name_or_a_second_binding_leaves_it_unresolved() -> None:
    """A `*` import after the name may bind it again; a name bound twice depends on the order: neither is proven."""
    fields = "class GeometryField:\n    pass\n"
    after = {"gis/forms/__init__.py": "from .fields import GeometryField\nfrom django.forms import *\n"}
    twice = {"gis/forms/__init__.py": "from .fields import GeometryField\nfrom .other import GeometryField\n"}
    for modules in (after, twice):
        assert resolve("gis.forms.GeometryField", {**modules, "gis/forms/fields.py": fields}.get) is None


def test_a_method_of_the_imported_module_is_not_its_function_of_that_name(git_repo) -> None:
    """A module's `check` and its class's method `check`: a test importing the module's `check` meets the function's
    raise, never the method's, though the method's message fits the test's words too (a guard, not Django's code)."""
    git_repo.write("pyproject.toml", "[project]\nname = 'gis'\n")
    git_repo.write("gis/__init__.py", "")
    git_repo.write(
        "gis/checks.py",
        "def check(value):\n    if value:\n        raise ValueError('Invalid value: %s' % value)\n\n\n"
        "class Checker:\n    def check(self, value):\n"
        "        raise ValueError('Invalid value for the checker: %s' % value)\n",
    )
    git_repo.write("gis/other.py", "def check(value):\n    raise ValueError('Invalid value elsewhere')\n")
    git_repo.write(
        "tests/test_checks.py",
        "import unittest\n\nfrom gis.checks import check\n\n\nclass CheckTest(unittest.TestCase):\n"
        "    def test_check(self):\n        with self.assertRaisesMessage(ValueError, 'Invalid value'):\n"
        "            check(1)\n",
    )
    evidence = evidence_of(git_repo.root / "gis", "gis")
    assert [test["name"] for test in triggering(evidence, "Invalid value: {value}")] == ["CheckTest.test_check"]
    assert triggering(evidence, "Invalid value for the checker: {value}") == []


def test_an_imported_class_with_a_new_of_its_own_is_not_met_through_its_init(git_repo) -> None:
    """A `__new__` runs before `__init__` and may raise first: the `__init__`'s branch is then not said."""
    envelope = ENVELOPE.replace(
        "class Envelope:\n", "class Envelope:\n    def __new__(cls, *args):\n        return super().__new__(cls)\n\n"
    )
    assert triggering(gis(git_repo, "gis.gdal", envelope), ARGUMENTS) == []
