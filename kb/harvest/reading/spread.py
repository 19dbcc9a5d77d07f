"""The keys a `**mapping` handed to a call may hold, where the code tells them (issue 29, round 25's AI-assisted card
22): deepdiff 9.1.0's `diff` command calls `DeepDiff(**kwargs)` with its own `**kwargs`, which click fills from the
options it declares (none is `multiprocessing`, `deepdiff/commands.py:26-101`), so `DeepDiff.__init__` keeps its
default `multiprocessing=False`.

Known: a click command's own `**kwargs` (every decorator a click one: its options' and arguments' names), or a local
bound once to a dict literal with string keys or to `dict(key=...)`; then the keys the function stores into it by a
literal, or by a loop's name over a literal list (each string in that list), are added. Anything else that may add a
key (`update`, a store by another key, the dict handed bare to a call or bound again) makes the keys unknown: None.
Over-counting a key only says less."""

import ast
from functools import partial

from kb.harvest.reading.fixed_values import kept_unchanged, literal_of
from kb.harvest.reading.handed_values import Test, default_left, handed_as
from kb.harvest.reading.walked import nodes_of
from kb.text import breadth

Function = ast.FunctionDef | ast.AsyncFunctionDef
# One call on the way up from the raise: the calling function, the first line it binds each name on, and its calls
# of the function below on the step's line.
Level = tuple[Function, dict[str, int], int, list[ast.Call]]
MAX_KEYS = 400
# Click decorators that hand the command's function nothing by keyword, or only their option's or argument's name.
_CLICK_DECLARING = frozenset({"option", "argument"})
_CLICK_OTHERS = frozenset({"command", "group", "pass_context", "pass_obj", "version_option", "help_option"})
_READS = frozenset({"get", "pop", "copy", "items", "keys", "values", "__contains__", "__getitem__"})
_ANYWHERE = 1 << 30  # a line past any function's end: `kept_unchanged` reads the whole function


def refused_on_the_way(site: Function, levels: list[Level], test: Test) -> bool:
    """Whether the raise's `test` of a parameter refuses what each way up `levels` (nearest the raise first) hands
    it: a literal, or a literal default its call leaves it at (a `**mapping` whose keys are told leaves out what it
    does not hold), the parameter handed up unchanged from one caller's own parameter to the next."""
    parameter, holds, needed = test
    callee, tracked = site, parameter
    for caller, bound, line, calls in levels:
        if not calls:
            return False
        own = {a.arg for a in (*caller.args.posonlyargs, *caller.args.args, *caller.args.kwonlyargs)}
        forwarded: set[str] = set()
        for call in calls:
            given = handed_as(call, callee, tracked) or default_left(
                call, callee, tracked, partial(spread_keys, caller)
            )
            known, value = literal_of(given)  # a constant, or a list or dict of them that nothing changes
            if known and not isinstance(given, ast.Constant):
                known = callee is site and kept_unchanged(site, tracked, _ANYWHERE)
            if known:
                verdict = holds(value)
                if verdict is None or verdict is needed:
                    return False  # this call may get there
            elif isinstance(given, ast.Name) and given.id in own and bound.get(given.id, line) >= line:
                forwarded.add(given.id)
            else:
                return False
        if not forwarded:
            return True
        if len(forwarded) > 1:
            return False
        callee, tracked = caller, forwarded.pop()
    return False  # the entry's own argument: the user's


def spread_keys(function: Function, mapping: ast.expr) -> frozenset[str] | None:
    """The keys the `**mapping` of a call in `function` may hold; None when the code does not tell them."""
    if not isinstance(mapping, ast.Name):
        return None
    name = mapping.id
    kwarg = function.args.kwarg
    if kwarg is not None and kwarg.arg == name:
        if any(
            isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in nodes_of(function)
        ):
            return None  # `kwargs = load_settings()`: bound again, to keys click does not tell
        keys = _click_keys(function)
    elif name in {a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)}:
        return None
    else:
        keys = _literal_keys(function, name)
    if keys is None:
        return None
    added = _added_keys(function, name)
    return None if added is None else frozenset(keys | added)


def _click_keys(function: Function) -> set[str] | None:
    """The names click hands a command's function: each `@click.option`'s and `@click.argument`'s, every spelling
    (`--max-diffs` as `max_diffs`), when every decorator is click's."""
    if not function.decorator_list:
        return None
    keys: set[str] = set()
    command = False
    for decorator in function.decorator_list:
        call = decorator if isinstance(decorator, ast.Call) else None
        func = call.func if call is not None else decorator
        if not isinstance(func, ast.Attribute):
            return None
        if func.attr in _CLICK_OTHERS:
            command = command or func.attr in ("command", "group")
            continue
        if func.attr not in _CLICK_DECLARING or call is None:
            return None
        for argument in call.args:
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                keys.add(argument.value.lstrip("-").replace("-", "_").lower())
    return keys if command else None


def _literal_keys(function: Function, name: str) -> set[str] | None:
    """The string keys of the one binding of local `name`: `{"a": 1}` or `dict(a=1)`, nothing unpacked into it."""
    bindings = [
        node
        for node in nodes_of(function)
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, (ast.Store, ast.Del))
    ]
    assigned = [
        node
        for node in nodes_of(function)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id == name
    ]
    if len(bindings) != 1 or len(assigned) != 1:
        return None
    value = assigned[0].value
    if isinstance(value, ast.Dict):
        keys = [k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else None for k in value.keys]
        return None if None in keys else {str(k) for k in keys}
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict" and not value.args:
        named = [k.arg for k in value.keywords]
        return None if None in named else {str(k) for k in named}
    return None


def _added_keys(function: Function, name: str) -> set[str] | None:
    """The keys the function may store into the dict `name`; None when one is not told."""
    added: set[str] = set()
    walked = nodes_of(function)
    looped = _looped_strings(walked)
    for node in walked:
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and _is(node.value, name):
            key = node.slice
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                added.add(key.value)
            elif isinstance(key, ast.Name) and (strings := looped.get(key.id)) is not None:
                added.update(strings)
            else:
                return None
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and _is(func.value, name) and func.attr not in _READS:
                return None  # `update`, `setdefault`, ...
            if any(_is(a, name) for a in node.args) or any(
                k.arg is not None and _is(k.value, name) for k in node.keywords
            ):
                return None  # handed bare: the callee may add
        elif isinstance(node, ast.AugAssign) and _is(node.target, name):
            return None
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and _is(node.value, name):
            return None  # another name for it, which may add
        if len(added) > MAX_KEYS:
            return None
    return added


def _looped_strings(walked: tuple[ast.AST, ...]) -> dict[str, set[str] | None]:
    """For each name a `for` binds: the strings of the literal lists it loops over (`for name, path in [("t1", a),
    ("t2", b)]`), None when one of its loops, or another binding, is not over a literal."""
    found: dict[str, set[str] | None] = {}
    targets: set[int] = set()
    for node in walked:
        if not isinstance(node, (ast.For, ast.AsyncFor)):
            continue
        literal = isinstance(node.iter, (ast.List, ast.Tuple))
        strings = {c.value for c in breadth.walk(node.iter) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
        for target in breadth.walk(node.target):
            if isinstance(target, ast.Name):
                targets.add(id(target))
                known = found.get(target.id, set())
                found[target.id] = known | strings if literal and known is not None else None
    for node in walked:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and id(node) not in targets:
            if node.id in found:
                found[node.id] = None  # bound elsewhere too
    return found


def _is(node: ast.AST | None, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name
