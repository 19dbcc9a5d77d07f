"""A read of a property on `self` is a call of its getter: `for fixture_dir in self.fixture_dirs:` in loaddata's
`Command.find_fixtures` runs the `cached_property` `Command.fixture_dirs`, and what it raises comes out of
`find_fixtures` (django/core/management/commands/loaddata.py:316-372, 5.2.19). The call graph (`reading.callers`)
records such a read as it records `self.fixture_dirs()`: a call on `self`, resolved the same way, its guesses left
out. A read is one only where the class it is read in (or an ancestor, the nearest first) defines the name as a
property: a class attribute of that name nearer shadows it, a `cached_property` the class's own methods assign on
`self` may hold that value when it is read (its getter never runs then), and a property with a setter is left out
(the harvest names the setter as the getter: a read would be a caller of the setter's raises)."""

import ast

from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.types import assigned_on_self

# The decorators of a getter (`@property`, `@cached_property`, `@functools.cached_property`).
_GETTERS = frozenset({"property", "cached_property"})


def is_property(index: ClassIndex, owner: str, name: str) -> bool:
    """Whether `self.<name>` read in a method of `owner` (qualified) runs a property's getter this harvest read."""
    for info in index.mro(owner):
        if name in info.attributes:
            return False  # `x = None` nearer than the property: the read gets it
        function = info.methods.get(name)
        if function is None:
            continue
        kind = _kind(function)
        if kind != "cached_property":
            return kind == "property"
        return not any(name in assigned_on_self(index, near) for near in index.mro(owner))
    return False


def _kind(function: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """ "property" or "cached_property" for a getter, else "". A property with a setter or deleter (the last `def`
    of the name, `@path.setter`) is none: the harvest names its getter and setter alike (`FieldFile.path`), and a
    read is no way in to what the setter raises."""
    for decorator in function.decorator_list:
        kind = type(decorator)
        named = decorator.id if kind is ast.Name else decorator.attr if kind is ast.Attribute else ""  # type: ignore[attr-defined]
        if named in _GETTERS:
            return named
    return ""
