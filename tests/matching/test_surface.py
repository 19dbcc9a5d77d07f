"""The package's surface: `from kb.matching import lookup, answer, ...`, read without loading what it does not use."""

import subprocess
import sys
from importlib import import_module

import pytest

import kb.matching


def test_every_name_of_the_surface_is_the_defining_modules_own():
    for name in kb.matching.__all__:
        module = import_module(kb.matching._SURFACE[name])
        assert getattr(kb.matching, name) is getattr(module, name), name
    with pytest.raises(ImportError):
        exec("from kb.matching import no_such_name", {})


def test_the_index_is_imported_without_django():
    """The benchmarks, kb.harvest and the offline client read the index and the templates with no Django set up."""
    code = (
        "import sys, errorkb.matching.frozen, errorkb.matching.overlay, errorkb.matching.rank;"
        "print(sorted(name for name in sys.modules if name.split('.')[0] in {'django', 'kb', 'api', 'config'}))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"
