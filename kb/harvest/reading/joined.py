"""Messages joined from a list: `message = ["Unexpected end of template."]`, then `message.append(...)` under
conditions, then `self.fail(" ".join(message))` (Jinja2's parser). Each combination of the appends that can run
together is a wording of the same error, the longest first."""

import ast
from itertools import combinations

from kb.harvest.reading.messages import BranchPath, Field, MessageBuilder, Parts, exclusive, named_after
from kb.harvest.reading.scopes import Scope

_MAX_APPENDS = 6  # 2**6 combinations at most: more appends than that build text no signature pins down


def joined_options(expr: ast.expr, line: int, scope: Scope, path: BranchPath) -> list[list[Parts]] | None:
    """One option per list the name may hold at `line` (`["Unexpected end ..."]` or `[f"Encountered unknown tag
    {name!r}."]`), or None when `expr` is no `"sep".join(name)` of a list bound in this function."""
    if not (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "join"
        and isinstance(expr.func.value, ast.Constant)
        and isinstance(expr.func.value.value, str)
        and len(expr.args) == 1
        and isinstance(expr.args[0], ast.Name)
        and not expr.keywords
    ):
        return None
    separator, name = expr.func.value.value, expr.args[0].id
    reaching = scope.reaching(name, line, path)
    if not reaching or not all(_is_list(bound.expr) for bound in reaching):
        return None
    options = []
    for bound in reversed(reaching):
        assert isinstance(bound.expr, ast.List)
        base = [_piece(element, bound.line, scope, bound.path) for element in bound.expr.elts]
        appends = [
            (at, value, where)
            for at, value, where in scope.appended.get(name, ())
            if bound.line < at < line and not exclusive(where, path) and not exclusive(where, bound.path)
        ][:_MAX_APPENDS]
        forms = []
        for size in range(len(appends), -1, -1):
            for chosen in combinations(appends, size):
                if any(exclusive(a[2], b[2]) for a, b in combinations(chosen, 2)):
                    continue
                pieces = [*base, *(_piece(value, at, scope, where) for at, value, where in chosen)]
                forms.append(_joined(pieces, separator))
        options.append(list(dict.fromkeys(forms)))
    return options


def _is_list(expr: ast.expr | None) -> bool:
    return isinstance(expr, ast.List) and not any(isinstance(e, ast.Starred) for e in expr.elts)


def _piece(expr: ast.expr, line: int, scope: Scope, path: BranchPath) -> Parts:
    forms = MessageBuilder(scope, path).forms(expr, line)
    return forms[0] if forms else (named_after(expr),)


def _joined(pieces: list[Parts], separator: str) -> Parts:
    merged: list[str | Field] = []
    for n, piece in enumerate(pieces):
        for part in ((separator,) if n else ()) + piece:
            if isinstance(part, str) and merged and isinstance(merged[-1], str):
                merged[-1] += part
            elif part != "":
                merged.append(part)
    return tuple(merged)
