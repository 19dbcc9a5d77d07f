"""What a function's body does in order around one of its calls, for `kb.analysis.ways`: the tests of a name the
call sits under (`if user:` around `self._alogin(user)`, an earlier `if not user: return`, `user.backend = ...`
above it, which fails on None), the argument a parameter of the callee receives, and the exits above the call (a
`return` or `raise`, a call that may raise). Only the function's own statements are read: a nested definition or a
lambda runs later, if at all. One walk of a body per question, and a question is asked once per function."""

import ast
from dataclasses import dataclass

NONE, FALSY = "None", "false"  # the states a claim gives a value: None, or false (empty, False, 0)
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
LONGEST_SAID = 80  # of a test quoted in a reason
MOST_DEPTH = 50  # blocks read down into, for whether a function always makes a call


@dataclass(frozen=True)
class Frame:
    """A block on the way down to a call: `block[index]` holds it (or the next block down)."""

    block: list[ast.stmt]
    index: int


def calls_of(function: FunctionNode, name: str) -> list[tuple[ast.Call, list[Frame]]]:
    """The calls of `name` (`name(...)`, `x.name(...)`) among the function's own statements, in order, each with
    the blocks around it, outermost first."""
    found: list[tuple[ast.Call, list[Frame]]] = []
    pending: list[tuple[list[ast.stmt], list[Frame]]] = [(function.body, [])]
    while pending:
        block, frames = pending.pop()
        for index, statement in enumerate(block):
            if isinstance(statement, NESTED):
                continue
            here = [*frames, Frame(block, index)]
            for node in _own_expressions(statement):
                if isinstance(node, ast.Call) and last_name(node.func) == name:
                    found.append((node, here))
            pending += [(inner, here) for inner in _blocks(statement)]
    return sorted(found, key=lambda item: (item[0].lineno, item[0].col_offset))


def handed(call: ast.Call, parameters: tuple[str, ...], bound: bool, parameter: str) -> ast.expr | None:
    """What the call gives the callee's `parameter` (its positional `parameters`, `self` first when `bound`); None
    when it gives nothing (the default) or the call cannot tell (`*args`, `**kwargs`)."""
    for keyword in call.keywords:
        if keyword.arg == parameter:
            return keyword.value
        if keyword.arg is None:
            return None
    if parameter not in parameters:
        return None
    index = parameters.index(parameter) - (1 if bound and isinstance(call.func, ast.Attribute) else 0)
    if index < 0 or any(isinstance(arg, ast.Starred) for arg in call.args[: index + 1]):
        return None
    return call.args[index] if index < len(call.args) else None


def ruled_out(frames: list[Frame], name: str, state: str) -> str:
    """How the blocks around a call rule out that `name` is in `state` when the call runs ("under `if user:`",
    "after `if not user: return`", "after `user.backend = ...`"), or "": the last such test on the way down,
    unless `name` is given a new value after it."""
    said = ""
    for at, frame in enumerate(frames):
        for statement in frame.block[: frame.index]:
            if binds(statement, name):
                said = ""
            elif exit := exits_when(statement, name, state):
                said = f"after `{exit}`"
            elif state == NONE and (used := _used_as_object(statement, name)):
                said = f"after `{used}`"
        holder = frame.block[frame.index]
        if at + 1 == len(frames):
            break
        inner = frames[at + 1].block
        if isinstance(holder, ast.For | ast.AsyncFor | ast.With | ast.AsyncWith) and _binds_target(holder, name):
            said = ""
        elif isinstance(holder, ast.If | ast.While) and inner is holder.body and _rules_out(holder.test, name, state):
            said = f"under `{'if' if isinstance(holder, ast.If) else 'while'} {_said(holder.test)}:`"
        elif isinstance(holder, ast.If) and inner is holder.orelse and _rules_out(holder.test, name, state, False):
            said = f"in the `else` of `if {_said(holder.test)}:`"
    return said


def always_calls(function: FunctionNode, name: str) -> bool:
    """Whether every run of the function that does not leave first calls `name`: a call on its straight way, in
    both arms of an `if`, in a `with` or `try` body, or in a loop over a literal that is not empty."""
    return _covers(function.body, name, 0)


def _covers(block: list[ast.stmt], name: str, depth: int) -> bool:
    if depth > MOST_DEPTH:
        return True  # nested past reading (a hostile tree): said to call it, so no claim is refused for it
    for statement in block:
        if isinstance(statement, NESTED):
            continue
        if any(isinstance(node, ast.Call) and last_name(node.func) == name for node in _own_expressions(statement)):
            return True
        inner = depth + 1
        if isinstance(statement, ast.If):
            covered = _covers(statement.body, name, inner) and _covers(statement.orelse, name, inner)
        elif isinstance(statement, ast.With | ast.AsyncWith):
            covered = _covers(statement.body, name, inner)
        elif isinstance(statement, ast.Try | ast.TryStar):
            covered = _covers(statement.body, name, inner) or _covers(statement.finalbody, name, inner)
        elif isinstance(statement, ast.For | ast.AsyncFor):
            literal = isinstance(statement.iter, ast.Tuple | ast.List | ast.Set) and bool(statement.iter.elts)
            covered = literal and _covers(statement.body, name, inner)
        elif isinstance(statement, ast.While):
            forever = isinstance(statement.test, ast.Constant) and bool(statement.test.value)
            covered = forever and _covers(statement.body, name, inner)
        else:
            covered = False
        if covered:
            return True
    return False


def conditional(frames: list[Frame]) -> str:
    """How the blocks around a call make it run only on some calls of its function ("under `if user:`", "in a
    `for` loop", "in an `except` handler"), or "" when it is on the function's straight way."""
    for at in range(len(frames) - 1):
        holder, inner = frames[at].block[frames[at].index], frames[at + 1].block
        if isinstance(holder, ast.If):
            return (
                f"under `if {_said(holder.test)}:`"
                if inner is holder.body
                else f"in the `else` of `if {_said(holder.test)}:`"
            )
        if isinstance(holder, ast.For | ast.AsyncFor | ast.While):
            return f"in a `{type(holder).__name__.lower().removeprefix('async')}` loop"
        if isinstance(holder, ast.Match):
            return "in a `case`"
        if isinstance(holder, ast.Try | ast.TryStar) and any(inner is handler.body for handler in holder.handlers):
            return "in an `except` handler"
    return ""


def exits_above(function: FunctionNode, line: int) -> tuple[list[ast.stmt], list[ast.Call]]:
    """The function's own `return` and `raise` statements above `line`, and the calls made as statements above it
    (`self.check(x)`, `await check(x)`): those that may end the call first, or may, if they raise."""
    exits: list[ast.stmt] = []
    calls: list[ast.Call] = []
    pending = [function.body]
    while pending:
        for statement in pending.pop():
            if isinstance(statement, NESTED) or statement.lineno >= line:
                continue
            if isinstance(statement, ast.Return | ast.Raise):
                exits.append(statement)
            elif isinstance(statement, ast.Expr):
                value = statement.value.value if isinstance(statement.value, ast.Await) else statement.value
                if isinstance(value, ast.Call):
                    calls.append(value)
            pending += _blocks(statement)
    return sorted(exits, key=lambda node: node.lineno), sorted(calls, key=lambda node: node.lineno)


def exits_when(statement: ast.stmt, name: str, state: str) -> str:
    """The statement said ("if not user: return"), when it is an `if` that leaves (return, raise, continue, break)
    whenever `name` is in `state`; else ""."""
    if (
        isinstance(statement, ast.If)
        and isinstance(statement.body[-1], ast.Return | ast.Raise | ast.Continue | ast.Break)
        and _rules_out(statement.test, name, state, False)
    ):
        return f"if {_said(statement.test)}: {type(statement.body[-1]).__name__.lower()}"
    return ""


def binds(node: ast.AST, name: str) -> bool:
    """Whether `name` is given a value (or deleted) anywhere in `node`."""
    return any(
        isinstance(inner, ast.Name) and inner.id == name and not isinstance(inner.ctx, ast.Load)
        for inner in ast.walk(node)
    )


def last_name(node: ast.expr) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _rules_out(test: ast.expr, name: str, state: str, truth: bool = True) -> bool:
    """Whether `test` having the value `truth` means that `name` is not in `state`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _rules_out(test.operand, name, state, not truth)
    if isinstance(test, ast.BoolOp):
        # `a and b` true holds each part true; `a or b` false holds each part false.
        holds_each = isinstance(test.op, ast.And) == truth
        return holds_each and any(_rules_out(value, name, state, truth) for value in test.values)
    if isinstance(test, ast.Name):
        return truth and test.id == name  # `if user:`: neither None nor empty
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and state == NONE:
        operands = {_key(test.left), _key(test.comparators[0])}
        if operands != {("name", name), ("none", "")}:
            return False
        says_none = isinstance(test.ops[0], ast.Is | ast.Eq)
        return says_none != truth and isinstance(test.ops[0], ast.Is | ast.Eq | ast.IsNot | ast.NotEq)
    if isinstance(test, ast.Call) and last_name(test.func) == "isinstance" and test.args and state == NONE:
        return truth and _key(test.args[0]) == ("name", name) and "None" not in ast.unparse(test)[:200]
    return False


def _key(node: ast.expr) -> tuple[str, str]:
    if isinstance(node, ast.Name):
        return "name", node.id
    return ("none", "") if isinstance(node, ast.Constant) and node.value is None else ("other", "")


def _used_as_object(statement: ast.stmt, name: str) -> str:
    """`name.attr = ...` or `name.method(...)` as a statement: both fail on None before anything after them."""
    if isinstance(statement, ast.Assign | ast.AugAssign | ast.AnnAssign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == name:
                return f"{name}.{target.attr} = ..."
    if isinstance(statement, ast.Expr):
        value = statement.value.value if isinstance(statement.value, ast.Await) else statement.value
        func = value.func if isinstance(value, ast.Call) else None
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == name:
            return f"{name}.{func.attr}(...)"
    return ""


def _binds_target(holder: ast.For | ast.AsyncFor | ast.With | ast.AsyncWith, name: str) -> bool:
    if isinstance(holder, ast.For | ast.AsyncFor):
        return binds(holder.target, name)
    return any(item.optional_vars is not None and binds(item.optional_vars, name) for item in holder.items)


def _said(test: ast.expr) -> str:
    text = " ".join(ast.unparse(test).split())
    return text if len(text) <= LONGEST_SAID else text[: LONGEST_SAID - 3] + "..."


def _blocks(statement: ast.stmt) -> list[list[ast.stmt]]:
    """The statement's own blocks: body, else, finally, each handler's and each case's."""
    found = [getattr(statement, key) for key in ("body", "orelse", "finalbody") if getattr(statement, key, None)]
    return found + [part.body for part in (*getattr(statement, "handlers", ()), *getattr(statement, "cases", ()))]


def _own_expressions(statement: ast.stmt) -> list[ast.AST]:
    """Every node of the statement's own expressions (not its blocks', not inside a lambda)."""
    found: list[ast.AST] = []
    pending: list[ast.AST] = []
    for key, value in ast.iter_fields(statement):
        if key in ("body", "orelse", "finalbody", "handlers", "cases"):
            continue
        pending += [item for item in value if isinstance(item, ast.AST)] if isinstance(value, list) else [value]
    while pending:
        node = pending.pop()
        if not isinstance(node, ast.AST) or isinstance(node, ast.Lambda):
            continue
        found.append(node)
        pending.extend(ast.iter_child_nodes(node))
    return found
