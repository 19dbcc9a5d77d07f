"""The classes a raise takes from a table the repository writes: a loop's name over a literal tuple of classes
(`for dj_exc_type in (DataError, OperationalError, ...): ... raise dj_exc_type(*exc_value.args)`, Django 5.2
db/utils.py), an item of a dict, tuple or list literal of classes (`WARNINGS[cls]`, `WARNINGS.get(cls,
LiquidWarning)`), and what a module function returns when it returns such an item (`lookup_warning(exc.__class__)`,
python-liquid 2.3.6 exceptions.py); and a local bound to a class, in an if-expression or in each arm of an `if`
(`result_exception = FullResultSet if self.rhs else EmptyResultSet`, Django 5.2 db/models/lookups.py), read in an
enclosing function for a closure, or unpacked from a tuple (`e, msg = err_dict[code]; raise e(msg)`, Django's
gdal/error.py: each row's class with its message, the test that chose its table a condition of the row's raise);
and an item of the dict a property of one class of the module returns, taken through a parameter
(`dbapi._asyncpg_error_translate[super_]`, SQLAlchemy 2.1 asyncpg.py). Which item is taken is run time's: every
class the table holds may be the one. A table holding anything but classes of the harvest or builtin exceptions is
not read (nothing is said of it)."""

import ast
from collections.abc import Sequence
from typing import NamedTuple

from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.imports import BUILTIN_EXCEPTIONS, ModuleInfo, dotted
from kb.harvest.reading.messages import Binding, BranchPath
from kb.harvest.reading.scopes import FOREVER, Scope, params_of, record_bindings, returns_of, span
from kb.harvest.reading.types import named_class
from kb.text.written import unparse

MAX_CLASSES = 32  # a table of the errors a wrapper may raise, not a registry of every class
MAX_DEPTH = 3  # steps from the raise: locals bound to locals, and a function's `return` (read at CALLED)
MAX_ARMS = 4  # bindings of one local that may reach a line, each read (an `if`/`elif` chain's arms)
CALLED = 2  # the depth a function's returns are read at: the raise's own call is followed, not one inside it

Literal = ast.Dict | ast.Tuple | ast.List | ast.Set


def table_classes(index: ClassIndex, expr: ast.expr, scope: Scope, line: int, depth: int = 0) -> list[str]:
    """The classes `expr`, read at `line` in `scope`, may be when it takes them from a table: a loop's name, a
    local bound to an item, an item, `.get(key, default)`, or a module function's result; [] otherwise."""
    found: list[str] | None = None
    if depth > MAX_DEPTH:
        return []
    if isinstance(expr, ast.Name):
        found = _held(index, expr.id, scope, line, depth)
    elif isinstance(expr, ast.Subscript):
        table = _table(index, expr.value, scope, line)
        found = _items(index, table, values=True, key=expr.slice) if table is not None else None
        if table is None:
            found = _property_items(index, expr.value, scope, line)
    elif isinstance(expr, ast.Call):
        found = _called(index, expr, scope, line, depth)
    elif isinstance(expr, ast.IfExp):
        found = _either(index, expr, scope, line, depth)
    return found if found and len(found) <= MAX_CLASSES else []


def _either(index: ClassIndex, expr: ast.IfExp, scope: Scope, line: int, depth: int) -> list[str] | None:
    """`FullResultSet if self.rhs else EmptyResultSet`: the classes of both arms, each a class it names or a table's
    item; None when either is anything else."""
    found: list[str] = []
    for arm in (expr.body, expr.orelse):
        more = _chosen(index, arm, scope, line, depth + 1)
        if not more:
            return None
        found += [c for c in more if c not in found]
    return found


def _chosen(index: ClassIndex, expr: ast.expr, scope: Scope, line: int, depth: int) -> list[str]:
    """What a binding or an arm holds: the class it names (not a local), or what `table_classes` reads of it."""
    if isinstance(expr, (ast.Name, ast.Attribute)) and (parts := dotted(expr)) and parts[0] not in scope.local_names():
        imported = scope.imported(parts[0])
        named = (
            index.resolver.canonical(".".join([imported, *parts[1:]]))
            if imported is not None
            else named_class(index, expr, scope.info, depth=0)
        )
        if named is not None and (index.get(named) is not None or named in BUILTIN_EXCEPTIONS):
            return [named]
    return table_classes(index, expr, scope, line, depth)


def _held(index: ClassIndex, name: str, scope: Scope, line: int, depth: int) -> list[str] | None:
    """What a local holds at `line`: each binding that reaches it read, all of them tables' classes or None."""
    if name not in scope.bindings:
        if name in scope.params or scope.parent is None or name not in scope.parent.local_names():
            return None
        # A closure's name, bound in the function that encloses it: what it holds when the closure runs, later.
        return _held(index, name, scope.parent, FOREVER, depth + 1)
    reaching = scope.reaching(name, line, ())
    if len(reaching) > MAX_ARMS:
        return None  # read arm by arm, steps deep, a hostile chain of arms would be read its length cubed
    found: list[str] = []
    for bound in reaching:
        if bound.walks is not None:
            more = _looped(index, bound.walks, scope, bound.line)
        elif bound.expr is not None and not bound.augmented:
            more = _chosen(index, bound.expr, scope, bound.line, depth + 1) or None
        elif bound.unpacks is not None:
            more = _unpacked(index, *bound.unpacks, scope, bound.line)
        else:
            more = None
        if not more:
            return None
        found += [c for c in more if c not in found]
    return found or None


def _unpacked(index: ClassIndex, value: ast.expr, position: int, scope: Scope, line: int) -> list[str] | None:
    """`error_cls, error_code = (NotADirectoryError, errno.ENOTDIR) if ... else (IsADirectoryError, ...)`, `e, msg =
    err_dict[code]` (each row a `(class, message)` tuple): the class at `position` of every tuple the value may be;
    None when any is not a tuple or holds no class there."""
    rows = _rows(index, value, scope, line)
    if not rows or len(rows) > MAX_CLASSES:
        return None
    found: list[str] = []
    for row, module, _chosen in rows:
        named = _class(index, row.elts[position], module) if position < len(row.elts) else None
        if named is None:
            return None
        if named not in found:
            found.append(named)
    return found


Choice = tuple[ast.expr, bool, int]  # a test choosing a table, the truth its arm needs, the line it is read at


class Row(NamedTuple):
    """A row a raise unpacks its class and message from, and the choices of table that lead to it (`cpl` true for
    CPLERR_DICT's rows of `CPLERR_DICT if cpl else OGRERR_DICT`): conditions of raising that row."""

    exception_type: str
    message: ast.expr
    chosen: tuple[Choice, ...]


def unpacked_rows(
    index: ClassIndex,
    target: ast.expr,
    call: ast.Call | None,
    scope: Scope,
    line: int,
    ifs: Sequence[ast.If] = (),
    path: BranchPath = (),
) -> list[Row]:
    """`e, msg = err_dict[code]; raise e(msg)`: the class and the message each row of the table holds, when the
    raise's class and its only argument are unpacked from one row; [] otherwise. `ifs`: the `if`s of the function,
    for a table bound in each arm of one (`if cpl: err_dict = CPLERR_DICT else: ...`); `path`: the raise's."""
    if call is None or len(call.args) != 1 or call.keywords or not isinstance(target, ast.Name):
        return []
    message = call.args[0]
    if not isinstance(message, ast.Name):
        return []
    classes, messages = scope.reaching(target.id, line, ()), scope.reaching(message.id, line, ())
    if len(classes) != 1 or len(messages) != 1 or classes[0].line != messages[0].line:
        return []
    if classes[0].unpacks is None or messages[0].unpacks is None:
        return []
    (value, at), (also, said) = classes[0].unpacks, messages[0].unpacks
    rows = _rows(index, value, scope, line, (ifs, path)) if value is also else None
    if not rows or len(rows) > MAX_CLASSES:
        return []
    found: list[Row] = []
    for row, module, chosen in rows:
        named = _class(index, row.elts[at], module) if max(at, said) < len(row.elts) else None
        if named is None:
            return []
        found.append(Row(named, row.elts[said], chosen))
    return found


Rows = list[tuple[ast.Tuple, ModuleInfo, tuple[Choice, ...]]]


def _rows(
    index: ClassIndex,
    value: ast.expr,
    scope: Scope,
    line: int,
    arms: tuple[Sequence[ast.If], BranchPath] = ((), ()),
) -> Rows | None:
    """The literal tuples a value may be: itself, either arm of an if-expression, or any value of the tables an item
    is taken from (`err_dict[code]`, `err_dict` a local bound to `CPLERR_DICT if cpl else OGRERR_DICT`), each with
    the choices that lead to it."""
    if isinstance(value, ast.Tuple):
        return [(value, scope.info, ())]
    if isinstance(value, ast.IfExp):
        body, orelse = _rows(index, value.body, scope, line, arms), _rows(index, value.orelse, scope, line, arms)
        if not body or not orelse:
            return None
        yes, no = (value.test, True, value.test.lineno), (value.test, False, value.test.lineno)
        return [(r, m, (*c, yes)) for r, m, c in body] + [(r, m, (*c, no)) for r, m, c in orelse]
    if not isinstance(value, ast.Subscript):
        return None
    tables = _tables(index, value.value, scope, line, arms)
    if not tables:
        return None
    rows: Rows = []
    for literal, module, chosen in tables:
        items = literal.values if isinstance(literal, ast.Dict) else literal.elts
        if not all(isinstance(item, ast.Tuple) for item in items):
            return None
        rows += [(item, module, chosen) for item in items if isinstance(item, ast.Tuple)]
    return rows


Tables = list[tuple[Literal, ModuleInfo, tuple[Choice, ...]]]


def _tables(
    index: ClassIndex,
    expr: ast.expr,
    scope: Scope,
    line: int,
    arms: tuple[Sequence[ast.If], BranchPath] = ((), ()),
) -> Tables | None:
    """The tables `expr` may name, each with the choices that lead to it: one (`_table`), or either arm of an
    if-expression, written there or bound once to a local; or, given the function's `if`s and the raise's branch
    path (`arms`), a table bound in each arm of an `if` (its `elif`s too)."""
    if isinstance(expr, ast.Name) and expr.id in scope.bindings:
        reaching = scope.reaching(expr.id, line, ())
        if len(reaching) == 1 and isinstance(reaching[0].expr, ast.IfExp) and not reaching[0].augmented:
            expr = reaching[0].expr
        elif 1 < len(reaching) <= MAX_ARMS and arms[0]:
            return _armed(index, scope.reaching(expr.id, line, arms[1]), scope, arms[0])
    if isinstance(expr, ast.IfExp):
        body, orelse = _table(index, expr.body, scope, line), _table(index, expr.orelse, scope, line)
        if body is None or orelse is None:
            return None
        test = expr.test
        return [(*body, ((test, True, test.lineno),)), (*orelse, ((test, False, test.lineno),))]
    found = _table(index, expr, scope, line)
    return [(*found, ())] if found is not None else None


def _armed(index: ClassIndex, reaching: list[Binding], scope: Scope, written: Sequence[ast.If]) -> Tables | None:
    """`if cpl: err_dict = CPLERR_DICT else: err_dict = OGRERR_DICT`: each binding's table, chosen by the tests of
    the arms it sits in beyond those all the bindings share (an arm 0 its `if`'s test, else its negation); None
    when any binding is not a table or sits in an `if` not known."""
    if len(reaching) < 2:
        return None
    ifs = {id(node): node for node in written}
    shared = 0
    paths = [bound.path for bound in reaching]
    while all(len(path) > shared and path[shared] == paths[0][shared] for path in paths):
        shared += 1
    found: Tables = []
    for bound in reaching:
        table = _table(index, bound.expr, scope, bound.line) if bound.expr is not None and not bound.augmented else None
        arms = [(ifs.get(node), arm) for node, arm in bound.path[shared:]]
        if table is None or not arms or any(node is None or arm not in (0, 1) for node, arm in arms):
            return None
        found.append((*table, tuple((node.test, arm == 0, node.test.lineno) for node, arm in arms if node)))
    return found


def looped_as(index: ClassIndex, expr: ast.expr, scope: Scope, line: int) -> dict[str, str]:
    """For a loop's name over a table of classes (`for dj_exc_type in (DataError, ...)`), each class as the table
    writes it (`DataError`), by its qualified name: what the name is when that class is raised. {} otherwise."""
    if not isinstance(expr, ast.Name) or expr.id not in scope.bindings:
        return {}
    reaching = scope.reaching(expr.id, line, ())
    if len(reaching) != 1 or reaching[0].walks is None or (walked := _walked(reaching[0].walks)) is None:
        return {}
    table = _table(index, walked[0], scope, reaching[0].line)
    if table is None or _items(index, table, values=walked[1]) is None:
        return {}
    literal, module = table
    items = (literal.values if walked[1] else literal.keys) if isinstance(literal, ast.Dict) else literal.elts
    return {named: unparse(item) for item in items if item is not None and (named := _class(index, item, module))}


def _looped(index: ClassIndex, walks: ast.expr, scope: Scope, line: int) -> list[str] | None:
    """The classes a loop's name takes from what the loop walks."""
    walked = _walked(walks)
    table = _table(index, walked[0], scope, line) if walked is not None else None
    return _items(index, table, values=walked[1]) if table is not None and walked is not None else None


def _walked(walks: ast.expr) -> tuple[ast.expr, bool] | None:
    """(the table, whether its values are walked): a literal or a table's keys (a dict itself, `.keys()`), or its
    values (`.values()`); None for any other call."""
    if not isinstance(walks, ast.Call):
        return walks, False
    if isinstance(walks.func, ast.Attribute) and walks.func.attr in ("keys", "values") and not walks.args:
        return walks.func.value, walks.func.attr == "values"
    return None


def _called(index: ClassIndex, call: ast.Call, scope: Scope, line: int, depth: int) -> list[str] | None:
    """`TABLE.get(key, Default)`: the dict's values and the default; `lookup(key)` of a module function whose every
    `return` is a table's item: those items."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "get" and 1 <= len(call.args) <= 2 and not call.keywords:
        table = _table(index, func.value, scope, line)
        if table is None or not isinstance(table[0], ast.Dict):
            return None
        key = call.args[0]
        found = _items(index, table, values=True, key=key)
        if found is not None and len(call.args) == 2 and not (found and isinstance(key, ast.Constant)):
            # The default, unless a constant key finds its item.
            default = _class(index, call.args[1], table[1])
            found = None if default is None else [*found, *([default] if default not in found else [])]
        return found or None
    if depth >= CALLED or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    return _returned(index, func, scope)


def _returned(index: ClassIndex, func: ast.expr, scope: Scope) -> list[str] | None:
    """The classes a module function of the harvest returns from its tables, when every `return` returns one; read
    once per function (at depth CALLED, wherever the call is)."""
    module, name = _module_name(index, func, scope)
    function = module.function_nodes.get(name) if module is not None else None
    if function is None or module is None:
        return None
    key = id(function)
    if key not in index.table_returns:
        index.table_returns[key] = []  # a function that returns its own call is not followed round again
        inner = Scope(
            module, index, owner=None, qualname=function.name, parent=None, span=span(function),
            params=params_of(function.args),
        )  # fmt: skip
        record_bindings(function.body, inner)
        found: list[str] = []
        for returned in returns_of(function):
            more = table_classes(index, returned.value, inner, returned.lineno, CALLED) if returned.value else []
            if not more:
                found = []
                break
            found += [c for c in more if c not in found]
        index.table_returns[key] = found
    return index.table_returns[key] or None


def _table(index: ClassIndex, expr: ast.expr, scope: Scope, line: int) -> tuple[Literal, ModuleInfo] | None:
    """(the literal, the module whose names it is read in) that `expr` names: the literal itself, a local bound
    once to one, or a module-level name of the harvest (the module's own or imported) bound to one."""
    if isinstance(expr, Literal):
        return expr, scope.info
    if isinstance(expr, ast.Name) and expr.id in scope.bindings:
        reaching = scope.reaching(expr.id, line, ())
        if len(reaching) == 1 and isinstance(reaching[0].expr, Literal) and not reaching[0].augmented:
            return reaching[0].expr, scope.info
        return None
    module, name = _module_name(index, expr, scope)
    value = module.assigned.get(name) if module is not None else None
    return (value, module) if isinstance(value, Literal) and module is not None else None


def _module_name(index: ClassIndex, expr: ast.expr, scope: Scope) -> tuple[ModuleInfo | None, str]:
    """(the module of the harvest, the name in it) that a module-level name or an imported one stands for; (None,
    "") for a local, `self`, `cls` or a name the harvest does not hold."""
    parts = dotted(expr)
    if not parts or parts[0] in scope.local_names() or parts[0] in ("self", "cls"):
        return None, ""
    imported = scope.imported(parts[0])
    qualified = (
        index.resolver.canonical(".".join([imported, *parts[1:]]))
        if imported is not None
        else index.resolver.qualify(parts, scope.info)
    )
    owner, _, name = (qualified or "").rpartition(".")
    return index.resolver.modules.get(owner), name


def _items(
    index: ClassIndex, table: tuple[Literal, ModuleInfo], *, values: bool, key: ast.expr | None = None
) -> list[str] | None:
    """The classes a table holds (a dict's values, or its keys when not `values`); under a constant `key`, the one
    item it holds there ([] when none). None when any item is not a class of the harvest or a builtin exception,
    or there are too many to be a table of errors."""
    literal, module = table
    if isinstance(literal, ast.Dict):
        if None in literal.keys:
            return None  # `{**OTHER}`: items read elsewhere
        items = literal.values if values else [k for k in literal.keys if k is not None]
        if isinstance(key, ast.Constant):
            items = [v for k, v in zip(literal.keys, literal.values, strict=True) if _same(k, key)]
            if not items:
                return []
    else:
        items = literal.elts
        if isinstance(key, ast.Constant) and isinstance(literal, (ast.Tuple, ast.List)):
            position = key.value
            if not isinstance(position, int) or isinstance(position, bool) or not -len(items) <= position < len(items):
                return None
            items = [items[position]]
    if not items or len(items) > MAX_CLASSES:
        return None
    found: list[str] = []
    for item in items:
        named = _class(index, item, module)
        if named is None:
            return None
        if named not in found:
            found.append(named)
    return found


def _property_items(index: ClassIndex, expr: ast.expr, scope: Scope, line: int) -> list[str] | None:
    """`exception_mapping = dbapi._asyncpg_error_translate; ...; exception_mapping[super_](message, error)`
    (SQLAlchemy 2.1.9 dialects/postgresql/asyncpg.py): an item of what an attribute of a parameter (or a local bound
    once to one) is, when one class of the raise's module defines a method (a property) of that name returning a
    dict literal of classes, `self.IntegrityError` a class nested in it: the dict's values."""
    if isinstance(expr, ast.Name) and expr.id in scope.bindings:
        reaching = scope.reaching(expr.id, line, ())
        expr = reaching[0].expr if len(reaching) == 1 and not reaching[0].augmented else None  # type: ignore[assignment]
    if not isinstance(expr, ast.Attribute) or not isinstance(expr.value, ast.Name):
        return None
    if expr.value.id not in scope.params or expr.value.id in ("self", "cls"):
        return None
    module = scope.info
    owners = [
        info
        for name in module.classes
        if (info := index.get(f"{module.name}.{name}")) is not None and expr.attr in info.methods
    ]
    if len(owners) != 1:
        return None
    returned = returns_of(owners[0].methods[expr.attr])
    if len(returned) != 1 or not isinstance(literal := returned[0].value, ast.Dict) or None in literal.keys:
        return None
    if not literal.values or len(literal.values) > MAX_CLASSES:
        return None
    found: list[str] = []
    for value in literal.values:
        named = _nested(index, owners[0].qualname, value) or _class(index, value, module)
        if named is None:
            return None
        if named not in found:
            found.append(named)
    return found


def _nested(index: ClassIndex, owner: str, expr: ast.expr) -> str | None:
    """`self.IntegrityError` in a method of `owner`: a class defined in the body of `owner` or of a base."""
    parts = dotted(expr)
    if parts is None or len(parts) != 2 or parts[0] != "self":
        return None
    return next(
        (f"{info.qualname}.{parts[1]}" for info in index.mro(owner) if index.get(f"{info.qualname}.{parts[1]}")), None
    )


def _same(written: ast.expr | None, key: ast.Constant) -> bool:
    return isinstance(written, ast.Constant) and type(written.value) is type(key.value) and written.value == key.value


def _class(index: ClassIndex, expr: ast.expr, module: ModuleInfo) -> str | None:
    if isinstance(expr, ast.Starred):
        return None
    named = named_class(index, expr, module, depth=0)
    return named if named is not None and (index.get(named) is not None or named in BUILTIN_EXCEPTIONS) else None
