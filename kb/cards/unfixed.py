"""Whether a message's own expression may fail before the error is made: it reads an attribute of a parameter or
local whose type the code does not fix (`obj.id` after `isinstance` tests on `obj`, round 21's card 23). For other
values the line raises `AttributeError` first, so "whenever that line runs" (or "every time it is called") would
claim more than the code does."""

import ast

from kb.cards.reader import signature_of
from kb.text import breadth
from kb.text.written import unparse


def _dunder(attribute: str) -> bool:
    """`value.__class__`, `model_class.__name__`: an attribute of every object, or of the class or function such a
    name is written for, not of one kind of value."""
    return attribute.startswith("__") and attribute.endswith("__")


# An annotation that leaves the type open.
_OPEN = ("|", "Union", "Optional", "Any", "object")
MAX_EXPRESSION = 500  # characters of one recorded expression parsed


def reads_unfixed_attribute(evidence: dict) -> bool:
    """Whether a value of the message reads `name.attr` (not a dunder attribute), `name` a parameter
    without an annotation that fixes its type, or a local not bound to a constructor's call."""
    arguments = signature_of(evidence)
    parameters = {
        a.arg: a.annotation
        for a in ((*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs) if arguments is not None else ())
        if a.arg not in ("self", "cls")
    }
    rows = evidence.get("definitions")
    local = {
        str(row.get("name")): str(row.get("code") or "")
        for row in (rows if isinstance(rows, list) else [])
        if isinstance(row, dict)
    }
    for value in evidence.get("values") or []:
        expression = str(value.get("expression") or "") if isinstance(value, dict) else ""
        for root in _attribute_roots(expression):
            if root in parameters and _open(parameters[root]):
                return True
            if root not in parameters and root in local and not _constructed(local[root]):
                return True
    return False


def _attribute_roots(expression: str) -> set[str]:
    if not expression or len(expression) > MAX_EXPRESSION:
        return set()
    try:
        tree = ast.parse(expression, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    return {
        node.value.id
        for node in breadth.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and not _dunder(node.attr)
    }


def _open(annotation: ast.expr | None) -> bool:
    return annotation is None or any(word in unparse(annotation) for word in _OPEN)


def _constructed(code: str) -> bool:
    """`Foo(...)`: a local bound to a class's call has that class's attributes."""
    tree = _parsed(code)
    return isinstance(tree, ast.Call) and isinstance(tree.func, (ast.Name, ast.Attribute)) and _capitalised(tree.func)


def _parsed(code: str) -> ast.expr | None:
    try:
        return ast.parse(code, mode="eval").body if code and len(code) <= MAX_EXPRESSION else None
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _capitalised(func: ast.expr) -> bool:
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name[:1].isupper()
