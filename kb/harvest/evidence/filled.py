"""A message a test builds from literals, filled in as Python would: `may_require_msg % "time_trunc_sql"` with
`may_require_msg = "subclasses of BaseDatabaseOperations may require a %s() method"` in the class body (Django
5.2.19, tests/backends/base/test_operations.py:24, 128-132), or `"{} is not valid".format("x")`.

Cut at its `%s` the message fits every entry that shares its template, and the test's call names a method that
each backend defines: no test at all was shown. Filled in, it is the one message it asserts. Only plain
conversions (`%s`, `%r`, `%d`, `%%`; `{}`, `{0}`, `{name}`) with literal values are filled: no width, no
precision, so a hostile template cannot make a large string, and the work is one pass over its text."""

import ast
import re
from collections.abc import Callable

# Linear: each alternative starts at a `%` or a brace and reads a bounded run after it (possessive).
_PERCENT = re.compile(r"%(?:\([^)%]*+\))?+[-#0 +]*+\d*+(?:\.\d++)?+[sdrifgexXoc%]")
_FIELD = re.compile(r"\{\{|\}\}|\{([^{}]*+)\}")
_PLAIN = {"%s", "%r", "%d", "%%"}
MAX_VALUES = 20  # each value is looked up through names: a bounded number of them
MAX_FILLED = 2_000  # characters: a message longer than this is not one a card quotes

Resolve = Callable[[ast.expr], ast.expr]


def filled(node: ast.expr, resolve: Resolve) -> str | None:
    """The text of `template % values` or `template.format(*values, **named)` when the template and every value
    are literals (through the names `resolve` looks up), else None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        template = _text(resolve(node.left))
        right = resolve(node.right)
        values = right.elts if isinstance(right, ast.Tuple) else [right]
        if len(values) > MAX_VALUES:
            return None
        literals = [_literal(resolve(value)) for value in values]
        if template is None or any(v is None for v in literals):
            return None
        return _percent(template, literals)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        if len(node.args) + len(node.keywords) > MAX_VALUES:
            return None
        template = _text(resolve(node.func.value))
        positional = [_literal(resolve(value)) for value in node.args]
        named = {k.arg: _literal(resolve(k.value)) for k in node.keywords if k.arg}
        if template is None or len(named) < len(node.keywords) or None in positional or None in named.values():
            return None
        return _braces(template, positional, named)
    return None


def _text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _literal(node: ast.expr) -> str | int | None:
    value = node.value if isinstance(node, ast.Constant) else None
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool) and value.bit_length() < 64):
        return value
    return None


def _percent(template: str, values: list) -> str | None:
    pieces: list[str] = []
    at = used = signs = 0
    for match in _PERCENT.finditer(template):
        conversion = match.group()
        if conversion not in _PLAIN:
            return None
        signs += conversion.count("%")
        pieces.append(template[at : match.start()])
        at = match.end()
        if conversion == "%%":
            pieces.append("%")
            continue
        if used == len(values) or (conversion == "%d" and not isinstance(values[used], int)):
            return None
        value = values[used]
        pieces.append(repr(value) if conversion == "%r" else str(value))
        used += 1
    if used != len(values) or signs != template.count("%"):
        return None  # a `%` that starts no conversion: Python refuses the template
    pieces.append(template[at:])
    return _bounded("".join(pieces))


def _braces(template: str, positional: list, named: dict) -> str | None:
    pieces: list[str] = []
    at = automatic = braces = 0
    for match in _FIELD.finditer(template):
        braces += len(match.group()) - len(match.group(1) or "")
        pieces.append(template[at : match.start()])
        at = match.end()
        field = match.group(1)
        if field is None:  # `{{` or `}}`
            pieces.append(match.group()[0])
            continue
        if field == "":
            index: int | str = automatic
            automatic += 1
        elif field.isascii() and field.isdigit() and len(field) <= 3:
            index = int(field)
        elif field.isidentifier():
            index = field
        else:
            return None  # a conversion, a format spec or an attribute: not filled in
        value = named.get(index) if isinstance(index, str) else positional[index] if index < len(positional) else None
        if value is None:
            return None
        pieces.append(str(value))
    if braces != template.count("{") + template.count("}"):
        return None  # a brace that opens or closes no field: Python refuses the template
    pieces.append(template[at:])
    return _bounded("".join(pieces))


def _bounded(text: str) -> str | None:
    return text if len(text) <= MAX_FILLED else None
