"""`isinstance(args[0], OGREnvelope)` where `OGREnvelope` subclasses ctypes' `Structure` (Django 5.2.19's
django/contrib/gis/gdal/envelope.py:22-30): the class is not plainly built (its base is not the package's), yet no
literal is an instance of it, since `Structure`'s metaclass keeps `type`'s instance check. So `Envelope(())`
goes past that `isinstance` to the tuple's length, and the test that asserts GDALException around it triggers
"Incorrect number of tuple elements". A base whose metaclass may answer otherwise (an ABC) leaves it unknown."""

import ast
import importlib

from kb.harvest.evidence.values import UNKNOWN, PackageClass, compared
from tests.harvest.test_calls_resolved_by_imports import ENVELOPE as _ENVELOPE
from tests.harvest.test_calls_resolved_by_imports import ERROR, FUNCTIONS, GDAL
from tests.harvest.test_tests_docs import evidence_of

# django/contrib/gis/gdal/envelope.py:14-16, 22-30, 33-69, its `OGREnvelope` given the base each test names.
ENVELOPE = _ENVELOPE.replace("class OGREnvelope(Structure):", "class OGREnvelope({base}):")
# tests/gis_tests/gdal_tests/test_envelope.py:1-4, 16-28: its imports and the calls with a tuple.
TEST = """
import unittest

from gis.gdal import Envelope, GDALException


class EnvelopeTest(unittest.TestCase):
    def test01_init(self):
        with self.assertRaises(GDALException):
            Envelope((5, 5, 0, 0))
        with self.assertRaises(GDALException):
            Envelope((0, 0, 5, 5, 3))
        with self.assertRaises(GDALException):
            Envelope(())
"""


def triggered_by(evidence: dict[str, dict], words: str) -> list[dict]:
    """The triggering tests of the entry whose message starts with `words`."""
    return [test for signature, found in evidence.items() if signature.startswith(words) for test in found["tests"]]


def gis(git_repo, base: str, imported: str = "") -> dict[str, dict]:
    git_repo.write("pyproject.toml", "[project]\nname = 'gis'\n")
    git_repo.write("gis/__init__.py", "")
    git_repo.write("gis/gdal/__init__.py", GDAL)
    git_repo.write("gis/gdal/envelope.py", imported + ENVELOPE.replace("{base}", base))
    git_repo.write("gis/gdal/error.py", ERROR)
    git_repo.write("gis/db/__init__.py", "")
    git_repo.write("gis/db/functions.py", FUNCTIONS)
    git_repo.write("tests/test_envelope.py", TEST)
    return evidence_of(git_repo.root / "gis", "gis")


def test_a_tuple_is_no_instance_of_a_ctypes_structure_so_its_length_is_checked(git_repo) -> None:
    """`Envelope((0, 0, 5, 5, 3))` and `Envelope(())`: one argument, no `OGREnvelope`, a tuple whose length is
    not 4: "Incorrect number of tuple elements"; `Envelope((5, 5, 0, 0))` goes on to `_from_sequence`: unknown."""
    evidence = gis(git_repo, "Structure")
    [test] = triggered_by(evidence, "Incorrect number of tuple")
    assert (test["name"], test["how"]) == ("EnvelopeTest.test01_init", "type-and-call")
    assert test["call"] in ("Envelope((0, 0, 5, 5, 3))", "Envelope(())")


def test_a_class_whose_base_may_check_instances_its_own_way_stays_unknown(git_repo) -> None:
    """`class OGREnvelope(Sized)` from an ABC module: ABCMeta may count a tuple as an instance: no trigger."""
    evidence = gis(git_repo, "Sized", "from collections.abc import Sized\n")
    assert triggered_by(evidence, "Incorrect number of tuple") == []


# django/utils/_os.py:4, 112-118 and tests/utils_tests/test_os_utils.py:202-204.
TO_PATH = """
from pathlib import Path


def to_path(value):
    if isinstance(value, Path):
        return value
    elif not isinstance(value, str):
        raise TypeError("Invalid path type: %s" % type(value).__name__)
    return Path(value)
"""
TO_PATH_TEST = """
import unittest

from utils._os import to_path


class ToPathTests(unittest.TestCase):
    def test_to_path_invalid_value(self):
        with self.assertRaises(TypeError):
            to_path(42)
"""


def test_a_number_is_no_path_so_the_type_check_after_it_raises(git_repo) -> None:
    """`to_path(42)`: 42 is no `pathlib.Path` and no str: the test meets "Invalid path type"."""
    git_repo.write("pyproject.toml", "[project]\nname = 'utils'\n")
    git_repo.write("utils/__init__.py", "")
    git_repo.write("utils/_os.py", TO_PATH)
    git_repo.write("tests/test_os_utils.py", TO_PATH_TEST)
    evidence = evidence_of(git_repo.root / "utils", "utils")
    [test] = triggered_by(evidence, "Invalid path type")
    assert (test["name"], test["call"]) == ("ToPathTests.test_to_path_invalid_value", "to_path(42)")


def test_a_path_imported_from_elsewhere_than_the_standard_library_stays_unknown(git_repo) -> None:
    """`from compat import Path`: any class, which may count 42 as an instance: no trigger."""
    git_repo.write("pyproject.toml", "[project]\nname = 'utils'\n")
    git_repo.write("utils/__init__.py", "")
    git_repo.write("utils/_os.py", TO_PATH.replace("from pathlib import Path", "from compat import Path"))
    git_repo.write("tests/test_os_utils.py", TO_PATH_TEST)
    evidence = evidence_of(git_repo.root / "utils", "utils")
    assert triggered_by(evidence, "Invalid path type") == []


def test_a_star_import_after_the_standard_library_s_path_leaves_it_unknown(git_repo) -> None:
    """`from compat import *` after `from pathlib import Path` may bind `Path` again: no trigger."""
    git_repo.write("pyproject.toml", "[project]\nname = 'utils'\n")
    git_repo.write("utils/__init__.py", "")
    git_repo.write(
        "utils/_os.py", TO_PATH.replace("from pathlib import Path", "from pathlib import Path\nfrom compat import *")
    )
    git_repo.write("tests/test_os_utils.py", TO_PATH_TEST)
    evidence = evidence_of(git_repo.root / "utils", "utils")
    assert triggered_by(evidence, "Invalid path type") == []


def test_the_standard_library_classes_said_type_checked_are_so() -> None:
    """Each class the walk trusts keeps `type`'s `__instancecheck__`, and no literal is an instance of it nor of a
    subclass of it."""
    from kb.harvest.evidence.met import _TYPE_CHECKED

    literals = (0, 1.5, 1j, True, "x", b"x", None, (1, 2), [1], {"k": 1}, {1})
    for module, names in _TYPE_CHECKED.items():
        for name in names:
            cls = getattr(importlib.import_module(module), name)
            assert type(cls).__instancecheck__ is type.__instancecheck__, (module, name)
            assert not any(isinstance(value, cls) for value in literals), (module, name)
            if module == "ctypes":
                sub = type("Sub", (cls,), {"_fields_": []})
                assert not any(isinstance(value, sub) for value in literals), (module, name)


def test_two_classes_named_alike_are_not_said_to_differ() -> None:
    """`self.__class__ is OGREnvelope`: the walk knows both by name only, and one name may be two classes, two
    names one: `is` between them is unknown (it was False even for the same name)."""
    assert compared(PackageClass("OGREnvelope"), ast.Is, PackageClass("OGREnvelope")) is UNKNOWN
    assert compared(PackageClass("OGREnvelope"), ast.IsNot, PackageClass("Envelope")) is UNKNOWN
