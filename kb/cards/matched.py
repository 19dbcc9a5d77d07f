"""A test on a local set by a regular expression's match (issue 29): `m = re.match(r"...", value)`, then `if not m:`
says "`value` does not match the pattern `r"..."` at its start", not "`m` is empty or false" with `m` glossed.

Only where the call is certainly the `re` module's (`re.match`, `re.fullmatch`, `re.search`) or a method of a pattern
the function compiled itself (`p = re.compile("...")`, then `p.search(value)`): a match object is always true, so
the test fails exactly when the call finds no match. The pattern is shown as code when it is written there as a
literal; a pattern named otherwise is "the expected pattern". Anything else (flags, a pattern from elsewhere) is
left to the general wording."""

import ast
from collections.abc import Callable

from kb.cards.parsed import expression
from kb.text.escaping import code
from kb.text.written import unparse

# Where the pattern is looked for, as said after it: (when no match was found, when one was).
_KINDS = {"match": ("at its start", "at its start"), "fullmatch": ("", ""), "search": ("anywhere", "somewhere")}
MAX_PATTERN = 80  # characters of a pattern's code shown; a longer one is "the expected pattern"


def pattern_test(written: str, definition: Callable[[str], str | None]) -> tuple[str, str] | None:
    """(the subject's code, the sentence with it in backticks) for a test `not m`, `m is None`, `m` or `m is not
    None` on a local `m` whose one definition (`definition(name)`: its code, or None/"" when not one) is a regular
    expression's match of the subject; None for any other test."""
    test = expression(written.strip())
    if test is None:
        return None
    found = _local(test)
    if found is None:
        return None
    name, matched = found
    call = _parsed(definition(name))
    if not isinstance(call, ast.Call) or call.keywords or not isinstance(call.func, ast.Attribute):
        return None
    kind = call.func.attr
    if kind not in _KINDS:
        return None
    owner = call.func.value
    if _is_re(owner) and len(call.args) == 2:
        pattern, subject = call.args
    elif isinstance(owner, ast.Name) and owner.id != name and len(call.args) == 1:
        compiled = _parsed(definition(owner.id))
        if not (isinstance(compiled, ast.Call) and _is_re(compiled.func, "compile") and len(compiled.args) == 1):
            return None
        if compiled.keywords:
            return None
        pattern, subject = compiled.args[0], call.args[0]
    else:
        return None
    shown = unparse(subject)
    if "`" in shown:
        return None
    said = _pattern(pattern)
    verb = "matches" if matched else "does not match"
    where = _KINDS[kind][matched]
    where = f" {where}" if where else ""
    return shown, f"`{shown}` {verb} {said}{where}"


def local_of(written: str) -> str | None:
    """The local a test `not m`, `m is None`, `m` or `m is not None` reads; None for any other test."""
    test = expression(written.strip())
    found = None if test is None else _local(test)
    return found[0] if found else None


def _local(test: ast.expr) -> tuple[str, bool] | None:
    """The local a truth or `None` test reads, and whether the test holds when the match was found."""
    if isinstance(test, ast.Name):
        return test.id, True
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(test.operand, ast.Name):
        return test.operand.id, False
    if (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.IsNot))
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        return test.left.id, isinstance(test.ops[0], ast.IsNot)
    return None


def _parsed(defined: str | None) -> ast.expr | None:
    if not defined or defined.startswith("("):  # "(bound by a for loop)" and the like: no code of its own
        return None
    return expression(defined)


def _is_re(node: ast.expr, attribute: str = "") -> bool:
    """`re` itself, or `re.<attribute>` when one is asked for."""
    if attribute:
        return isinstance(node, ast.Attribute) and node.attr == attribute and _is_re(node.value)
    return isinstance(node, ast.Name) and node.id == "re"


def _pattern(pattern: ast.expr) -> str:
    """The pattern as code where written as a literal; else what it is."""
    if isinstance(pattern, ast.Constant) and isinstance(pattern.value, (str, bytes)):
        shown = unparse(pattern)
        if len(shown) <= MAX_PATTERN and "`" not in shown:
            return "the pattern " + code(shown)
    return "the expected pattern"
