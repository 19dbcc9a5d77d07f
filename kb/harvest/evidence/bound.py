"""A test helper's raising call with the arguments a test passes it (round 25's card 13).

Django 5.2.19's tests/validation/test_error_messages.py:8-11 defines `_test_validation_messages(self, field,
value, expected)`, whose first statement is `with self.assertRaises(ValidationError) as cm: field.clean(value,
None)`; a test calls it as `self._test_validation_messages(f, "fõo", [...])`. What raises is `f.clean("fõo",
None)`: the helper's one statement in its block, each parameter replaced by the argument the call gives it.

Only when that is what the helper does first (its block is its first statement, a docstring aside, and holds one
statement) and each argument put in is a plain value (a literal, a name, `a.b`), so that the bound statement
runs what the helper runs, in the same order; else nothing is bound. A statement that spreads `*args` or `**kwargs`
is never bound: Django's `assertFormErrors(self, expected, the_callable, *args, **kwargs)` runs
`the_callable(*args, **kwargs)` (tests/forms_tests/tests/test_error_messages.py:34-36, 5.2.19), which bound for
`self.assertFormErrors([...], f.clean, "1234")` read `f.clean(*args, **kwargs)`, not the call that raises."""

import ast
import copy

from kb.harvest.evidence.excerpts import segment
from kb.text import breadth
from kb.text.written import unparse

_PLAIN_CONTAINERS = (ast.List, ast.Tuple, ast.Set)


def raising_statement(
    function: ast.FunctionDef | ast.AsyncFunctionDef, block: ast.With | ast.AsyncWith
) -> ast.stmt | None:
    """The one statement of the helper's assertion block, when that block is the helper's first statement."""
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # its docstring
    if not body or body[0] is not block or len(block.body) != 1:
        return None
    caught = {n.id for item in block.items if isinstance(n := item.optional_vars, ast.Name)}
    statement = block.body[0]
    if any(isinstance(n, ast.Name) and n.id in caught for n in breadth.walk(statement)):
        return None
    return statement


def bind(
    statement: ast.stmt, params: tuple[str, ...], method: bool, call: ast.Call, lines: list[str], shift: int
) -> str:
    """The statement with each parameter (`params`, `self` and `cls` left out) replaced by the source text of the
    argument `call` gives it; "" when a parameter it reads is not given a plain value, or it reads `self` (or
    `cls`) of a helper the call does not make on its own `self`."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return ""
    spread = (n for n in breadth.walk(statement) if isinstance(n, ast.Starred) or isinstance(n, ast.keyword))
    if any(isinstance(n, ast.Starred) or n.arg is None for n in spread):
        return ""  # `the_callable(*args, **kwargs)`: what the call hands to `*args` would not show
    given: dict[str, ast.expr] = dict(zip(params, call.args, strict=False))
    given.update({k.arg: k.value for k in call.keywords if k.arg in params})
    own = method and isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)
    copied = copy.deepcopy(statement)  # the helper's own tree is left as it was
    marks: dict[str, str] = {}
    for index, name in enumerate(n for n in breadth.walk(copied) if isinstance(n, ast.Name)):
        if name.id in ("self", "cls") and method:
            if not own or call.func.value.id != name.id:  # type: ignore[attr-defined]
                return ""
            continue
        if name.id not in params:
            continue  # a module's name, the same in the test that calls it
        argument = given.get(name.id)
        if argument is None or not isinstance(name.ctx, ast.Load) or not _plain(argument):
            return ""
        text = segment(lines, argument, shift)
        name.id = f"__errorkb_bound_{index}__"
        marks[name.id] = text if text and "\n" not in text else unparse(argument)
    if not marks:
        return ""
    written = unparse(copied)
    for mark, text in marks.items():
        written = written.replace(mark, text)
    return written


def _plain(node: ast.expr) -> bool:
    """A value that reads nothing but names and literals: evaluated once or twice, the same."""
    if isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.Attribute):
        return _plain(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return isinstance(node.operand, ast.Constant)
    if isinstance(node, _PLAIN_CONTAINERS):
        return all(_plain(item) for item in node.elts)
    if isinstance(node, ast.Dict):
        return all(k is not None and _plain(k) for k in node.keys) and all(_plain(v) for v in node.values)
    return False
