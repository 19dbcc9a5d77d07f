"""A raise of two fields of one record, `raise limit.rangeexception(limit.rangeerrorstring)`: the class and the
message are what the module's records of a namedtuple with both fields hold (`Limit("Invalid month string.", 1,
12, MonthOutOfBoundsError, "Month must be between 1..12.", range_check)`, aniso8601 10.0.1,
builders/__init__.py). Each record written in the raise's module is a class and its message; the module's records
are read once, on the first such raise. `raise cls.TIME_SS_LIMIT.rangeexception(cls.TIME_SS_LIMIT.rangeerrorstring)`
reads the record the class attribute holds, as the class and each subclass that assigns it again."""

import ast

from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.imports import ModuleInfo, dotted
from kb.harvest.reading.messages import terminal_name
from kb.text import breadth

MAX_RECORDS = 200  # a module's records read for one raise: a table of errors, not a data file


def raised_records(
    index: ClassIndex, module: ModuleInfo, call: ast.Call, owner: str | None = None
) -> list[tuple[ast.expr, ast.Constant, ModuleInfo]]:
    """(class, message, the module that writes them) of each record a raise `r.a(r.b)` may make: `a` holds a class
    (a name), `b` a text. `r` a name: the records of `module`; `cls.R` or `self.R` in a method of `owner`: the
    record the class attribute `R` holds, as `owner` and each subclass that assigns it again
    (`TIME_SS_LIMIT = Limit(...)`). [] for any other raise."""
    func = call.func
    given = [*call.args, *(k.value for k in call.keywords)]
    if not isinstance(func, ast.Attribute) or len(given) != 1:
        return []
    held = dotted(func.value)
    message = given[0]
    if not held or not isinstance(message, ast.Attribute) or dotted(message.value) != held:
        return []
    if len(held) == 1:
        records = [(fields, record, module) for fields, record in _records(index, module)]
    elif len(held) == 2 and held[0] in ("self", "cls") and owner is not None:
        records = _attribute_records(index, owner, held[1])
    else:
        return []
    found: list[tuple[ast.expr, ast.Constant, ModuleInfo]] = []
    for fields, record, written in records:
        values = _fields(fields, record)
        made, text = values.get(func.attr), values.get(message.attr)
        if made is None or dotted(made) is None or not isinstance(text, ast.Constant):
            continue
        if isinstance(text.value, str) and (made, text, written) not in found:
            found.append((made, text, written))
    return found


def _attribute_records(index: ClassIndex, owner: str, name: str) -> list[tuple[tuple[str, ...], ast.Call, ModuleInfo]]:
    """The namedtuple records the class attribute `name` holds, as `owner` inherits it and each subclass assigns it."""
    inherited = index.attribute(owner, name)
    holders = [inherited[1]] if inherited is not None else []
    holders += [info for info in index.subclasses(owner) if name in info.attributes]
    found: list[tuple[tuple[str, ...], ast.Call, ModuleInfo]] = []
    for info in holders:
        value = info.attributes[name]
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
            fields = _namedtuple_fields(index, info.module, value.func.id)
            if fields is not None:
                found.append((fields, value, info.module))
    return found


def _fields(fields: tuple[str, ...], record: ast.Call) -> dict[str, ast.expr]:
    held = dict(zip(fields, [a for a in record.args if not isinstance(a, ast.Starred)], strict=False))
    held.update({k.arg: k.value for k in record.keywords if k.arg in fields})
    return held


def _records(index: ClassIndex, module: ModuleInfo) -> list[tuple[tuple[str, ...], ast.Call]]:
    """(the namedtuple's fields, the call) of each record the module makes, at any level."""
    if module.name not in index.records:
        found: list[tuple[tuple[str, ...], ast.Call]] = []
        kinds: dict[str, tuple[str, ...] | None] = {}
        for node in breadth.walk(ast.Module(body=module.body, type_ignores=[])):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name = node.func.id
            if name not in kinds:
                kinds[name] = _namedtuple_fields(index, module, name)
            if (fields := kinds[name]) is not None and len(found) < MAX_RECORDS:
                found.append((fields, node))
        index.records[module.name] = found
    return index.records[module.name]


def _namedtuple_fields(index: ClassIndex, module: ModuleInfo, name: str) -> tuple[str, ...] | None:
    """The fields of the namedtuple a module-level name of `module` is, assigned there or imported."""
    if name in module.imports:
        qualified = module.imports[name]
        owner, _, name = qualified.rpartition(".")
        found = index.resolver.modules.get(owner)
        if found is None:
            return None
        module = found
    value = module.assigned.get(name)
    if not isinstance(value, ast.Call) or terminal_name(value.func) != "namedtuple":
        return None
    names = (
        value.args[1]
        if len(value.args) > 1
        else next((k.value for k in value.keywords if k.arg == "field_names"), None)
    )
    if isinstance(names, ast.Constant) and isinstance(names.value, str):
        return tuple(names.value.replace(",", " ").split())
    if isinstance(names, (ast.List, ast.Tuple)):
        fields = [e.value for e in names.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return tuple(fields) if len(fields) == len(names.elts) else None
    return None
