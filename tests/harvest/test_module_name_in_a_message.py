"""`raise AttributeError(f"module {__name__!r} has no attribute {name!r}")` in a module's `__getattr__`: `__name__`
is the module's dotted name, known where it is read, so the message is worded with it rather than as a placeholder
that every library's copy of the line shares. On a small package and on jsonschema's own (in .venv)."""

import functools
from pathlib import Path

import jsonschema

from kb.harvest.pipeline.plan import produces
from kb.harvest.pipeline.scan import Scan, scan
from tests.harvest.corpus_libs import raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
def __getattr__(name):
    if name == "OLD":
        return 1
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def shadowed(__name__):
    raise AttributeError(f"no {__name__}")
"""


@functools.cache
def harvested_jsonschema() -> Scan:
    return scan(Path(jsonschema.__file__).parent, prefix="jsonschema", progress=False)


def test_the_module_s_name_is_worded_in_its_message(tmp_path):
    found = {s.function: s.signature for s in harvest_source(tmp_path, SOURCE).sites}

    assert found["__getattr__"].startswith("module 'pkg.mod' has no attribute {")
    assert found["shadowed"].startswith("no {")  # a parameter of that name is a value like any other


def test_jsonschema_s_missing_attributes_are_worded_with_the_module_s_name():
    error = raised(lambda: jsonschema.nope)
    signatures = [
        s.signature
        for s in harvested_jsonschema().sites
        if s.path == "jsonschema/__init__.py" and s.function == "__getattr__" and s.exception_type == "AttributeError"
    ]

    assert str(error) == "module jsonschema has no attribute nope"
    assert signatures and all(s.startswith("module jsonschema has no attribute ") for s in signatures)
    assert any(produces(s, str(error)) for s in signatures)
