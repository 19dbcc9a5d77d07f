"""A test that builds an instance with no arguments, `Box().merge_update({"a": 1}, b=2)`, cannot meet a raise of
the class's `__init__` that an `if` keeps for calls with arguments (round 24's card 25, which missed the test):
its message, "at most 1 argument", fits both `Box(...)`'s and `merge_update()`'s "expected at most 1 argument",
and both were taken as reached, so the test went to neither. Reduced from python-box 8.0.0: box/exceptions.py:5-18,
box/box.py:216-329 (`Box.__new__`, `Box.__init__`), 1052-1056 (`update`), 1099-1154 (`merge_update`), and
test/test_coverage_paths.py:111-113; `test_box_too_many_arguments` is a control written here."""

import textwrap
from pathlib import Path

from tests.harvest.test_tests_docs import evidence_of, triggering

EXCEPTIONS = """
class BoxError(Exception):
    \"\"\"Non standard dictionary exceptions\"\"\"


class BoxKeyError(BoxError, KeyError, AttributeError):
    \"\"\"Key does not exist\"\"\"


class BoxTypeError(BoxError, TypeError):
    \"\"\"Cannot handle that instance's type\"\"\"


class BoxValueError(BoxError, ValueError):
    \"\"\"Issue doing something with that value\"\"\"
"""

BOX = """
from collections.abc import Iterable, Mapping
from typing import Any

from box.exceptions import BoxError, BoxTypeError, BoxValueError


class Box(dict):
    def __new__(cls, *args: Any, **kwargs: Any):
        config = _build_box_config(cls, kwargs)
        obj = super().__new__(cls, *args, **kwargs)
        obj._box_config = config
        return obj

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__()
        self._box_config = _build_box_config(self.__class__, kwargs)
        if not self._box_config["conversion_box"] and self._box_config["box_duplicates"] != "ignore":
            raise BoxError("box_duplicates are only for conversion_boxes")
        if len(args) == 1:
            if isinstance(args[0], str):
                raise BoxValueError("Cannot extrapolate Box from string")
            if isinstance(args[0], Mapping):
                for k, v in args[0].items():
                    self.__setitem__(k, v)
            elif isinstance(args[0], Iterable):
                for k, v in args[0]:
                    self.__setitem__(k, v)
            else:
                raise BoxValueError("First argument must be mapping or iterable")
        elif args:
            raise BoxTypeError(f"Box expected at most 1 argument, got {len(args)}")

        for k, v in kwargs.items():
            self.__setitem__(k, v)

    def update(self, *args, **kwargs):
        if self._box_config["frozen_box"]:
            raise BoxError("Box is frozen")
        if len(args) > 1:
            raise BoxTypeError(f"update expected at most 1 argument, got {len(args)}")

    def merge_update(self, *args, **kwargs):
        merge_type = None
        if "box_merge_lists" in kwargs:
            merge_type = kwargs.pop("box_merge_lists")
        if merge_type not in (None, False, "extend", "unique", "merge"):
            raise BoxValueError(f'box_merge_lists must be None, "extend", "unique" or "merge", got {merge_type!r}')
        force_unfrozen = kwargs.pop("_force_unfrozen", False)

        was_frozen = self._box_config["frozen_box"]
        try:
            if (len(args) + int(bool(kwargs))) > 1:
                raise BoxTypeError(f"merge_update expected at most 1 argument, got {len(args) + int(bool(kwargs))}")
        finally:
            self._box_config["frozen_box"] = was_frozen
"""

TESTS = """
import pytest

from box import Box
from box.exceptions import BoxTypeError


class TestBoxPaths:
    def test_merge_update_too_many_arguments(self):
        with pytest.raises(BoxTypeError, match="at most 1 argument"):
            Box().merge_update({"a": 1}, b=2)

    def test_box_too_many_arguments(self):
        with pytest.raises(BoxTypeError, match="at most 1 argument"):
            Box({"a": 1}, {"b": 2}).merge_update({"a": 1})
"""

MERGE = "merge_update expected at most 1 argument, got {args}"
INIT = "Box expected at most 1 argument, got {args}"


def _tree(root: Path) -> Path:
    for path, text in {
        "setup.py": "",
        "box/__init__.py": "from box.box import Box\n",
        "box/exceptions.py": EXCEPTIONS,
        "box/box.py": BOX,
        "test/test_coverage_paths.py": TESTS,
    }.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(textwrap.dedent(text))
    return root / "box"


def test_an_instance_built_with_no_arguments_meets_the_methods_raise_not_the_constructors(tmp_path: Path) -> None:
    evidence = evidence_of(_tree(tmp_path), "box")
    [test] = triggering(evidence, MERGE)
    assert (test["name"], test["call"]) == (
        "TestBoxPaths.test_merge_update_too_many_arguments",
        'Box().merge_update({"a": 1}, b=2)',
    )
    # `Box({"a": 1}, {"b": 2})` is built with arguments: either raise may be the one met, so neither is said.
    assert triggering(evidence, INIT) == []
