"""`self.x` by the constructor argument it is set from (issue 29): `self.timeout = timeout or 5` in the
`__init__` of the class (or the nearest ancestor that has one) says that `self.timeout` is the `timeout` a user
passes; so does an empty value set only when the argument is empty (`if not location: self.location = None`), and a
keyword popped from its `**kwargs` (`self.allow_blank = kwargs.pop("allow_blank", False)`).
A row also names the setting the argument falls back to when the code says so (`location or settings.STATIC_ROOT`,
`if location is None: location = settings.STATIC_ROOT`), as "setting". Each `__init__` is read once per harvest
process, whatever the number of sites that ask."""

import ast
import weakref
from collections.abc import Sequence

from kb.harvest.reading.classes import ClassIndex, ClassInfo
from kb.harvest.reading.definitions import CODE_LIMIT, clip
from kb.harvest.reading.scopes import statements
from kb.harvest.reading.types import assigned_on_self, assigns_on_self, is_self, unpacked
from kb.harvest.reading.walked import code as unparse
from kb.harvest.reading.walked import nodes_of_kind
from kb.text import breadth

MAX_ROWS = 4
_MAX_STATEMENTS = 400  # statements of one `__init__` read

_EMPTY = (None, "", 0, False)  # the values a test `not self.x` reads as empty
# `__init__` node id -> {attribute: (parameter, code, line, setting, the parameter's default as written or "")}.
_Assigned = dict[str, tuple[str, str, int, str, str]]
_READ: "weakref.WeakKeyDictionary[ClassIndex, dict[int, _Assigned]]" = weakref.WeakKeyDictionary()
_MAX_VALUE = 60  # a class attribute's literal longer than this is not said
# Per class qualname: what its methods other than `__init__` assign on `self`.
_OUTSIDE: "weakref.WeakKeyDictionary[ClassIndex, dict[str, frozenset[str]]]" = weakref.WeakKeyDictionary()
# Per (class qualname, attribute): its row, or None.
_ROWS: "weakref.WeakKeyDictionary[ClassIndex, dict[tuple[str, str], dict | None]]" = weakref.WeakKeyDictionary()


def attributes(index: ClassIndex, owner: str, names: tuple[str, ...]) -> list[dict]:
    """Rows for the `self.<name>` of `names` that the constructor of `owner` (qualified) sets from a parameter, or
    that the class body sets to a literal no method of the class assigns again (`allowed_schemes = ["http", ...]`:
    "value")."""
    if not owner or not names:
        return []
    known = _ROWS.setdefault(index, {})
    rows: list[dict] = []
    for name in names:
        if (owner, name) not in known:
            known[owner, name] = _row(index, owner, name)
        if (row := known[owner, name]) is not None:
            rows.append(dict(row))  # a copy: the site's evidence owns its rows
        if len(rows) >= MAX_ROWS:
            break
    return rows


def _row(index: ClassIndex, owner: str, name: str) -> dict | None:
    """The row of `self.<name>` in `owner`, or None: read once per class and attribute, whatever the number of
    sites that ask (Django's 1,216 asks name 733)."""
    found = index.method(owner, "__init__")
    assigned = _assigned(index, found[0]) if found is not None else {}
    if name in assigned and found is not None and _set_outside_init(index, owner, name):
        return None  # `set_attributes_from_name()` sets `Field.name` too: not the argument alone, said as nothing
    if name in assigned and found is not None:
        parameter, code, line, setting, default = assigned[name]
        class_name = found[1].qualname.rpartition(".")[2]
        if not parameter:
            # Set from an argument only under a test: the instance's, neither the argument nor the class's value.
            return {"name": f"self.{name}", "class": class_name, "value": "", "varies": True, "line": line}
        row = {"name": f"self.{name}", "class": class_name, "parameter": parameter, "code": code, "line": line}
        row |= {"setting": setting} if setting else {}
        # Stored as passed (`self.x = x`): a test of its truth reads by the default ("is true (the default)").
        return {**row, "default": default} if default and code == parameter else row
    return _class_value(index, owner, name)


def _set_outside_init(index: ClassIndex, owner: str, name: str) -> bool:
    """Whether a method other than a constructor assigns `self.<name>`, in `owner`, its ancestors or its subclasses,
    or the module of one of them assigns `<obj>.<name>` on another object: the value read may then be that code's
    rather than the argument `__init__` stored. `QueryDict.fromkeys()` makes `q = cls("", mutable=True)` and sets
    `q._mutable = False` (django/http/request.py:616-620, 5.2.19; round 22's card 08): not on `self`, so round 17's
    reading of methods alone missed it. The module, not its package: `manager.model = ...` in `options.py` is no
    `QuerySet`'s; and no copy of the attribute's own value (`compiler.query = compiler.query.clone()`)."""
    lineage = index.mro(owner)
    if any(name in info.module.replaced for info in lineage):
        return True
    classes = [*lineage, *index.subclasses(owner)]
    # What all of a class's methods assign is read once per harvest for other questions: only a class that
    # assigns the name at all is read again without its `__init__`.
    return any(
        name in assigned_on_self(index, info) and name in _assigned_outside_init(index, info) for info in classes
    )


def _assigned_outside_init(index: ClassIndex, info: ClassInfo) -> frozenset[str]:
    """The attributes the methods of one class other than `__init__` assign on `self`, read once per class."""
    per_index = _OUTSIDE.setdefault(index, {})
    found = per_index.get(info.qualname)
    if found is None:
        bodies = [statement for name, method in info.methods.items() if name != "__init__" for statement in method.body]
        names: set[str] = set()
        for node in statements(bodies, into_scopes=True):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(t.attr for t in unpacked(targets) if isinstance(t, ast.Attribute) and is_self(t.value))
        found = per_index[info.qualname] = frozenset(names)
    return found


def options_kept(index: ClassIndex, owner: str, names: tuple[str, ...]) -> list[str]:
    """The options a command keeps on itself for its other methods (`self.format = options["format"]` in Django's
    `loaddata` `handle()`): the keys of `self.<name>` for `names`, when `handle` sets it once from its `**options`
    at the top of its body and no other method of the class sets it. The card then says the option's flag."""
    found = index.method(owner, "handle") if owner and names else None
    kwarg = found[0].args.kwarg if found is not None else None
    if found is None or kwarg is None:
        return []
    kept: dict[str, str] = {}
    for statement in found[0].body[:_MAX_STATEMENTS]:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        target, key = statement.targets[0], _option_key(statement.value, kwarg.arg)
        if isinstance(target, ast.Attribute) and is_self(target.value) and target.attr in names and key:
            kept.setdefault(target.attr, key)
    return [key for name, key in kept.items() if _set_once(index, owner, name)][:MAX_ROWS]


def _option_key(value: ast.expr, options: str) -> str:
    """ "format" for `options["format"]` or `options.get("format", ...)`; "" for anything else."""
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) and value.value.id == options:
        key = value.slice
    elif (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "get"
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id == options
        and value.args
    ):
        key = value.args[0]
    else:
        return ""
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else ""


def _set_once(index: ClassIndex, owner: str, name: str) -> bool:
    """Whether the methods of `owner` and its ancestors assign `self.<name>` exactly once."""
    times = 0
    for info in index.mro(owner):
        bodies = [statement for method in info.methods.values() for statement in method.body]
        for node in statements(bodies[:_MAX_STATEMENTS], into_scopes=True):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                times += sum(isinstance(t, ast.Attribute) and t.attr == name and is_self(t.value) for t in targets)
    return times == 1


def _class_value(index: ClassIndex, owner: str, name: str) -> dict | None:
    """`self.<name>` read from the class body's literal (`allowed_schemes = ["http", "https", "ftp"]`), when no
    method of the class or its ancestors sets `self.<name>`: its value is the class's, unless a subclass sets
    its own."""
    found = index.attribute(owner, name)
    if found is None:
        return None
    value, info = found
    try:
        ast.literal_eval(value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    written = unparse(value)
    if len(written) > _MAX_VALUE or assigns_on_self(index, owner, name):
        return None
    row = {"name": f"self.{name}", "class": info.qualname.rpartition(".")[2], "value": written, "line": value.lineno}
    if not _set_elsewhere(index, info, name):
        return row
    # Set again elsewhere: the attribute is named, its literal is no default (round 5's `TokenBase.id`). Where only
    # the library's subclasses declare their own in their class bodies (`LoginView.template_name = ...` over
    # `TemplateResponseMixin.template_name = None`), the literal is what a subclass that declares none reads:
    # kept as "declared", the attribute a user's subclass declares.
    declared = {"declared": written} if _declared_by_subclasses(index, info, name) else {}
    return row | {"value": "", "varies": True} | declared


def _declared_by_subclasses(index: ClassIndex, info: ClassInfo, name: str) -> bool:
    """Whether a subclass of the library declares its own `info.<name>` in its class body and no module of the
    package stores it on an object (a view's, a form's): then the literal stands in every class that declares none.
    A subclass's method that sets `self.<name>` (`BaseAdminDocsView.dispatch()` sets `self.template_name`,
    django/contrib/admindocs/views.py:53, 5.2.19) sets it on that subclass's instances alone."""
    subclasses = index.subclasses(info.qualname)
    return any(name in subclass.attributes for subclass in subclasses) and not index.stored_near(info, name)


def _set_elsewhere(index: ClassIndex, info: ClassInfo, name: str) -> bool:
    """Whether the literal of `info.<name>` may not be the value an instance reads: a subclass gives its own
    (`id = "and"`) or sets it in a method, or the package assigns it on instances (`op.id = key`, `setattr`)."""
    for subclass in index.subclasses(info.qualname):
        if name in subclass.attributes or assigns_on_self(index, subclass.qualname, name):
            return True
    return index.stored_near(info, name)


def _assigned(index: ClassIndex, init: ast.FunctionDef | ast.AsyncFunctionDef) -> _Assigned:
    per_index = _READ.setdefault(index, {})
    known = per_index.get(id(init))
    if known is None:
        known = per_index[id(init)] = _read(init)
    return known


def _read(init: ast.FunctionDef | ast.AsyncFunctionDef) -> _Assigned:
    arguments = init.args
    params = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)][1:]
    wanted = set(params)
    positional = [*arguments.posonlyargs, *arguments.args]
    defaulted = [a.arg for a in positional[len(positional) - len(arguments.defaults) :]]
    given = dict(zip(defaulted, arguments.defaults, strict=True))
    given |= {a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d is not None}
    written = {name: clip(unparse(value), CODE_LIMIT) for name, value in given.items()}
    kwarg = arguments.kwarg.arg if arguments.kwarg is not None and arguments.kwarg.arg not in wanted else ""
    found: _Assigned = {}
    defaults: dict[str, str] = {}  # parameter -> the setting it falls back to
    emptied = _emptied(init, wanted)
    rebound: set[str] = set()  # parameters given a value of their own above, other than a setting's fallback
    always = {id(statement) for statement in _unconditional(init.body)}
    for number, statement in enumerate(statements(init.body)):
        if number >= _MAX_STATEMENTS:
            break
        if isinstance(statement, ast.If) and (fallback := _fallback(statement, wanted)):
            defaults.setdefault(*fallback)
        if isinstance(statement, ast.AugAssign):
            rebound |= _rebinds([statement.target], None, wanted)
        if not isinstance(statement, (ast.Assign, ast.AnnAssign)) or statement.value is None:
            continue
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        rebound |= _rebinds(targets, statement.value, wanted)
        for target, value in _pairs(targets, statement.value):
            if isinstance(target, ast.Name) and target.id in wanted and (setting := _or_setting(value)):
                defaults.setdefault(target.id, setting)  # `location = location or settings.STATIC_ROOT`
            if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
                continue
            if target.value.id != "self" or target.attr in found:
                continue
            if kwarg and (popped := _popped(value, kwarg)):
                # `self.allow_blank = kwargs.pop("allow_blank", False)` (DRF's CharField, rest_framework/fields.py:
                # 728, 3.18.3): the keyword argument as passed, else its default; under a test, the instance's.
                key, default = popped if id(statement) in always else ("", "")
                found[target.attr] = (key, key, statement.lineno, "", default)
                continue
            parameter = _parameter(value, wanted) or emptied.get(id(statement), "")
            if parameter in rebound:
                # The constructor gave the parameter a value of its own first (DRF's `Field`: `if required is
                # None: required = default is empty and not read_only`, then `self.required = required`): the
                # attribute is the instance's, not the argument as given (round 29's card 20).
                found[target.attr] = ("", "", statement.lineno, "", "")
            elif parameter and id(statement) not in always and id(statement) not in emptied:
                # Set under a test (`if geom_type is not None: self.geom_type = geom_type`): otherwise the class's
                # own value stands, so the attribute is not the argument (round 28's card 06).
                found[target.attr] = ("", "", statement.lineno, "", "")
            elif parameter:
                setting = _or_setting(value) or defaults.get(parameter, "")
                code = clip(unparse(value), CODE_LIMIT)
                found[target.attr] = (parameter, code, statement.lineno, setting, written.get(parameter, ""))
    return found


def _pairs(targets: Sequence[ast.expr], value: ast.expr) -> list[tuple[ast.expr, ast.expr]]:
    """Each target with the value it is given: `self.blank, self.null = blank, null` gives `self.blank` the
    `blank` (django/db/models/fields/__init__.py:218, 5.2.19), item by item where both sides are tuples of one
    length without a starred item; any other tuple target is given the whole value, read as before."""
    pairs: list[tuple[ast.expr, ast.expr]] = []
    for target in targets:
        if (
            isinstance(target, ast.Tuple)
            and isinstance(value, ast.Tuple)
            and len(target.elts) == len(value.elts)
            and not any(isinstance(item, ast.Starred) for item in (*target.elts, *value.elts))
        ):
            pairs.extend(zip(target.elts, value.elts, strict=True))
        else:
            pairs.append((target, value))
    return pairs


def _popped(value: ast.expr, kwarg: str) -> tuple[str, str] | None:
    """(key, its default as written, "" unless a literal) of `kwargs.pop("key")` or `kwargs.pop("key", default)`
    on the constructor's own `**kwargs`; None for any other value."""
    if not (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "pop"
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id == kwarg
        and 1 <= len(value.args) <= 2
        and not value.keywords
        and isinstance(key := value.args[0], ast.Constant)
        and isinstance(key.value, str)
        and key.value.isidentifier()
    ):
        return None
    default = value.args[1] if len(value.args) == 2 else None
    literal = isinstance(default, ast.Constant) and (default.value is None or type(default.value) in (bool, int, str))
    return key.value, clip(unparse(default), CODE_LIMIT) if default is not None and literal else ""


def _rebinds(targets: Sequence[ast.expr], value: ast.expr | None, wanted: set[str]) -> set[str]:
    """The parameters among `targets` (a tuple's items too) that the statement rebinds, but for a setting's
    fallback (`location = location or settings.STATIC_ROOT`, `location = settings.STATIC_ROOT`), which the rows
    say as the setting."""
    if value is not None and (_or_setting(value) or _setting(value)):
        return set()
    names = set()
    for target in targets:
        for node in breadth.walk(target):
            if isinstance(node, ast.Name) and node.id in wanted:
                names.add(node.id)
    return names


def _unconditional(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of a constructor's body that run whenever it runs to its end: its own, and those of the
    `with` blocks among them (not those under a test, a loop or a handler)."""
    found: list[ast.stmt] = []
    for statement in body[:_MAX_STATEMENTS]:
        found.append(statement)
        if isinstance(statement, (ast.With, ast.AsyncWith)):
            found += _unconditional(statement.body)
    return found


def _emptied(init: ast.FunctionDef | ast.AsyncFunctionDef, params: set[str]) -> dict[int, str]:
    """The assignments `self.x = None` (or another empty value) that run only when a parameter is empty: under
    `if not p:` or `if p is None:`, at the top of the constructor's body. id(assignment) -> the parameter."""
    found: dict[int, str] = {}
    times: dict[str, int] = {}  # how many times each `self.x` is assigned: set more than once, it may be refilled
    for node in nodes_of_kind(init, ast.Attribute):
        if isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
            times[node.attr] = times.get(node.attr, 0) + (node.value.id == "self")
    for statement in init.body[:_MAX_STATEMENTS]:
        if not isinstance(statement, ast.If) or statement.orelse or (parameter := _empty_test(statement.test)) == "":
            continue
        if parameter not in params:
            continue
        for inner in statement.body:
            if not isinstance(inner, (ast.Assign, ast.AnnAssign)):
                continue
            value = inner.value
            targets = inner.targets if isinstance(inner, ast.Assign) else [inner.target]
            if any(not isinstance(t, ast.Attribute) or times.get(t.attr, 0) != 1 for t in targets):
                continue
            if isinstance(value, ast.Constant) and value.value in _EMPTY and type(value.value) is not int:
                found[id(inner)] = parameter
    return found


def _empty_test(test: ast.expr) -> str:
    """`not p` or `p is None`: p; "" for any other test."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(test.operand, ast.Name):
        return test.operand.id
    if (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        return test.left.id
    return ""


def _fallback(statement: ast.If, params: set[str]) -> tuple[str, str] | None:
    """`if location is None: location = settings.STATIC_ROOT` → ("location", "STATIC_ROOT")."""
    parameter = _empty_test(statement.test)
    if parameter not in params or len(statement.body) != 1 or statement.orelse:
        return None
    [assigned] = statement.body
    if not isinstance(assigned, ast.Assign) or len(assigned.targets) != 1:
        return None
    target = assigned.targets[0]
    setting = _setting(assigned.value)
    return (parameter, setting) if isinstance(target, ast.Name) and target.id == parameter and setting else None


def _or_setting(value: ast.expr) -> str:
    """`p or settings.X` and `settings.X if p is None else p` (either way round): X; else ""."""
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and len(value.values) == 2:
        return _setting(value.values[1]) if isinstance(value.values[0], ast.Name) else ""
    if isinstance(value, ast.IfExp) and _empty_test(value.test):
        return _setting(value.body) or _setting(value.orelse)
    return ""


def _setting(node: ast.expr) -> str:
    """`settings.STATIC_ROOT` → "STATIC_ROOT"; "" for anything else."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "settings":
        return node.attr if node.attr.isupper() else ""
    return ""


def _parameter(value: ast.expr, params: set[str]) -> str:
    """The first parameter the value reads (`timeout or 5`: timeout), within its first nodes."""
    for number, node in enumerate(breadth.walk(value)):
        if number > 50:
            break
        if isinstance(node, ast.Name) and node.id in params:
            return node.id
    return ""
