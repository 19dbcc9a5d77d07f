"""Exceptions a repository makes as data and raises elsewhere: generators that yield exception instances
(`yield ValidationError(f"{instance!r} is not of type {reprs}")`) and a driver that raises what one yields
(`for error in self.iter_errors(instance): raise error`, `error = best_match(v.iter_errors(x)); raise error`).
A traceback of such an error ends at the driver's `raise`, its message the one the `yield` words: each exception a
generator the driver calls yields is a site of that raise.

A generator is found by the name the driver calls it by (the object it is called on is rarely known: a validator
class made by a factory). Besides its own `yield Class(...)`, a generator that also yields items it got elsewhere
(`for error in errors: yield error`, `yield from ...`) yields what the repository's other generators make of the
same classes: the rules of a table it dispatches through, which no call names."""

import ast
from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.evaluate import Made, Value, class_named
from kb.harvest.reading.imports import ModuleInfo
from kb.harvest.reading.messages import terminal_name
from kb.harvest.reading.scopes import Scope, params_of, record_bindings, span
from kb.text import breadth

Function = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass
class Yielder:
    """A generator of the repository that yields exception instances."""

    made: list[Made] = field(default_factory=list)  # its own `yield Class(...)`, each worded where it is
    forwards: bool = False  # it also yields items made elsewhere


def yielded_by(index: ClassIndex, expr: ast.expr, is_exception: Callable[[str], bool]) -> list[Made]:
    """The exceptions the generators that calls in `expr` name yield (`self.iter_errors(x)` in
    `best_match(self.iter_errors(x))`); [] when no call names a generator of the repository that yields one."""
    found = yielders(index, is_exception)
    made: list[Made] = []
    for node in breadth.walk(expr):
        if isinstance(node, ast.Call):
            for yielder in found.get(terminal_name(node.func), ()):
                made += [m for m in yielder.made if m not in made]
                if yielder.forwards:
                    made += [m for m in _same_classes(index, found, yielder) if m not in made]
    return made


def _same_classes(index: ClassIndex, found: dict[str, list[Yielder]], yielder: Yielder) -> list[Made]:
    """What the repository's generators yield of the classes `yielder` makes itself, or of their subclasses."""
    own = {m.exception_type for m in yielder.made}
    return [
        m
        for others in found.values()
        for other in others
        for m in other.made
        if any(info.qualname in own for info in index.mro(m.exception_type)) or m.exception_type in own
    ]


def yielders(index: ClassIndex, is_exception: Callable[[str], bool]) -> dict[str, list[Yielder]]:
    """Every generator of the repository (module functions, methods, and those nested in them) that yields an
    exception instance, by its name; read once, on first use."""
    if index.yielders is None:
        found: dict[str, list[Yielder]] = {}
        tops: list[tuple[Function, ModuleInfo]] = [
            (f, m) for m in index.resolver.modules.values() for f in m.function_nodes.values()
        ]
        tops += [(f, info.module) for info in index.classes.values() for f in info.methods.values()]
        seen: set[int] = set()
        lines: dict[int, list[int]] = {}  # id(module) -> the numbers of its lines that say `yield`
        for top, module in tops:
            if not _may_yield(top, module, lines):
                continue
            for node in breadth.walk(top):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and id(node) not in seen:
                    seen.add(id(node))
                    if not _may_yield(node, module, lines):
                        continue
                    yielder = _yielder(index, node, module, is_exception)
                    if yielder is not None:
                        found.setdefault(node.name, []).append(yielder)
        index.yielders = found
    return index.yielders


def _may_yield(function: Function, module: ModuleInfo, lines: dict[int, list[int]]) -> bool:
    """Whether the function's lines say `yield` at all: most functions do not, and a look at their text is far
    cheaper than a walk of their nodes. A module read without its lines is walked. `lines`: each module's lines
    that say it, found once (no line break in the word: a line holds it whole)."""
    if not module.lines:
        return True
    said = lines.get(id(module))
    if said is None:
        said = lines[id(module)] = [number for number, line in enumerate(module.lines, 1) if "yield" in line]
    end = function.end_lineno or function.lineno
    at = bisect_left(said, function.lineno)
    return at < len(said) and said[at] <= end


def _yielder(
    index: ClassIndex, function: Function, module: ModuleInfo, is_exception: Callable[[str], bool]
) -> Yielder | None:
    yields = [node for node in _own_nodes(function) if isinstance(node, (ast.Yield, ast.YieldFrom))]
    if not yields:
        return None
    scope: Scope | None = None
    yielder = Yielder()
    for node in yields:
        value = node.value
        if isinstance(node, ast.Yield) and isinstance(value, ast.Call):
            if scope is None:
                scope = _scope(index, function, module)
            made = class_named(index, value.func, scope)
            if made is not None and index.get(made) is not None and is_exception(made):
                if not any(isinstance(a, ast.Starred) for a in value.args):
                    args = [Value(a, scope, node.lineno) for a in value.args]
                    keywords = {k.arg: Value(k.value, scope, node.lineno) for k in value.keywords if k.arg}
                    yielder.made.append(Made(made, args, keywords))
                continue
        yielder.forwards = True
    return yielder if yielder.made else None


def _own_nodes(function: Function) -> Iterator[ast.AST]:
    """The nodes of a function's body, not of the functions, classes and lambdas nested in it."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(child)


def _scope(index: ClassIndex, function: Function, module: ModuleInfo) -> Scope:
    scope = Scope(
        module,
        index,
        owner=None,
        qualname=function.name,
        parent=None,
        span=span(function),
        params=params_of(function.args),
    )
    record_bindings(function.body, scope)
    return scope
