"""Values a message shows by their repr that the code says are text: `f"{data!r} does not match
{self._pattern_str!r}"` with `self._pattern_str: str` prints the pattern quoted ('x'), so a message whose value is
not quoted (-1, None, {...}) is not this raise's. Known as text: a parameter annotated `str` the function does not
rebind, or an attribute the class (or an ancestor) annotates `str`, in its body or as `self.<name>: str = ...`."""

import ast

from kb.harvest.reading.classes import ClassIndex, ClassInfo
from kb.harvest.reading.evaluate import function_node
from kb.harvest.reading.imports import dotted
from kb.harvest.reading.messages import Field, Parts, _join
from kb.harvest.reading.scopes import Scope
from kb.harvest.reading.walked import body_of

Function = ast.FunctionDef | ast.AsyncFunctionDef


def quoted(parts: Parts, index: ClassIndex, scope: Scope) -> list[Parts]:
    """`parts` with each value shown by its repr and known to be text between the quotes its repr prints: single
    quotes, then, as another wording, double ones (the repr of a text holding a single quote, `"'"`)."""
    if not any(isinstance(p, Field) and p.shown_as_repr for p in parts):
        return [parts]
    texts = [isinstance(p, Field) and p.shown_as_repr and _text(p.source, index, scope) for p in parts]
    if not any(texts):
        return [parts]
    forms: list[Parts] = []
    for quote in ("'", '"'):
        out: list[str | Field] = []
        for part, text in zip(parts, texts, strict=True):
            out += [quote, part, quote] if text else [part]
        forms.append(_join(tuple(out)))
    return forms


def _text(expr: ast.expr | None, index: ClassIndex, scope: Scope) -> bool:
    if isinstance(expr, ast.Name):
        function = function_node(index, scope)
        if function is None or expr.id in scope.bindings:
            return False
        arguments = [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]
        return any(a.arg == expr.id and _is_str(a.annotation) for a in arguments)
    parts = dotted(expr) if expr is not None else None
    if parts is None or len(parts) != 2 or parts[0] != "self" or not scope.owner:
        return False
    return any(_annotated_str(info, parts[1]) for info in index.mro(scope.owner))


def _annotated_str(info: ClassInfo, name: str) -> bool:
    if name in info.annotations:
        return _is_str(info.annotations[name])
    for method in info.methods.values():
        for node in body_of(method).of(ast.AnnAssign):
            if dotted(node.target) == ["self", name] and _is_str(node.annotation):
                return True
    return False


def _is_str(annotation: ast.expr | None) -> bool:
    return isinstance(annotation, ast.Name) and annotation.id == "str"
