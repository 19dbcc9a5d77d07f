"""Rebuild a message expression into a signature: literal text, with a named placeholder per runtime value.

Handles literals (implicitly concatenated too), `+`, f-strings, `%` and `.format()`, translation wrappers
(ngettext's plural is a wording of its own), and names bound earlier in the scope; `Env` supplies those
bindings and class-attribute messages."""

import ast
import re
import string
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from kb.harvest.reading.imports import dotted
from kb.harvest.reading.placeholders import (
    Field,
    Parts,
    clean_name,
    distinct_placeholders,
    is_text,
    named_after,
    placeholder_name,
    terminal_name,
)

__all__ = ["Field", "Parts", "distinct_placeholders", "named_after", "placeholder_name", "terminal_name"]


class Binding(NamedTuple):
    """What a name was last bound to before a line; `expr` None when it is bound to something unknowable. A tuple:
    one is made for every binding of every scope read (a frozen dataclass took three to four times as long)."""

    expr: ast.expr | None
    line: int
    env: "Env"
    augmented: bool = False  # `name += expr`: the earlier value, then expr
    path: "BranchPath" = ()
    walks: ast.expr | None = None  # a loop's name: what the loop walks (`for name in walks:`)
    # A name unpacked from a tuple (`cls, code = value`): the value and the name's position (`reading.class_tables`).
    unpacks: tuple[ast.expr, int] | None = None


# Where a statement sits among if/else arms: ((id of the `if`, arm), ...). Two arms of one `if` never both run.
BranchPath = tuple[tuple[int, int], ...]


def exclusive(a: BranchPath, b: BranchPath) -> bool:
    arms = dict(a)
    return any(node in arms and arms[node] != arm for node, arm in b)


class Env(Protocol):
    """Where the names of an expression lead: each answer is the expression bound there, with its own Env."""

    def binding(self, name: str, line: int, path: BranchPath = ()) -> Binding | None: ...

    def attribute(self, parts: list[str]) -> Binding | None: ...

    def error_message(self, key: str) -> Binding | None: ...

    def item(self, parts: list[str], key: str, line: int) -> Binding | None: ...

    def method_result(self, name: str) -> Binding | None: ...

    def method_params(self, name: str) -> list[str]: ...

    def function_results(self, name: str) -> list[Binding]: ...


class _Given:
    """A method's return read with its parameters bound to what the call gave (each read where the call is):
    `self._format_error(value, self.message_equal)` whose return is `(self.error or message).format(...)`."""

    def __init__(self, inner: Env, given: dict[str, Binding]) -> None:
        self.inner = inner
        self.given = given

    def binding(self, name: str, line: int, path: BranchPath = ()) -> Binding | None:
        return self.given[name] if name in self.given else self.inner.binding(name, line, path)

    def attribute(self, parts: list[str]) -> Binding | None:
        return self.inner.attribute(parts)

    def error_message(self, key: str) -> Binding | None:
        return self.inner.error_message(key)

    def item(self, parts: list[str], key: str, line: int) -> Binding | None:
        return self.inner.item(parts, key, line)

    def method_result(self, name: str) -> Binding | None:
        return self.inner.method_result(name)

    def method_params(self, name: str) -> list[str]:
        return self.inner.method_params(name)

    def function_results(self, name: str) -> list[Binding]:
        return self.inner.function_results(name)


@dataclass
class _Number:
    """Which wording of ngettext a rebuild takes, shared by the builders one message's rebuild goes through."""

    plural: bool = False
    counted: bool = False  # an ngettext with a plural was met on the way


_GETTEXT = frozenset({"_", "gettext", "gettext_lazy", "ugettext", "ugettext_lazy", "gettext_noop", "lazy_gettext"})
_PGETTEXT = frozenset({"pgettext", "pgettext_lazy"})
_NGETTEXT = frozenset({"ngettext", "ngettext_lazy", "ungettext", "ungettext_lazy"})
_NPGETTEXT = frozenset({"npgettext", "npgettext_lazy"})
# Calls that give back their argument as text: the message is the argument's.
_PASS_THROUGH = frozenset({"str", "force_str", "smart_str", "force_text", "mark_safe", "format_lazy"})
_STRIPS = frozenset({"strip", "lstrip", "rstrip"})
# A repository's text: linear by construction (tests/harvest/test_adversarial_patterns.py). Possessive repeats give
# nothing back (greedy `[#0\- +]*\d+` split a run of zeros every way: 107 s on 60 KB), and a key ends at a `%`, so
# a search reads the text between two `%` once (Python allows `%` in a key; no message has one).
_PERCENT = re.compile(
    r"%(?:\((?P<key>[^)%]*+)\))?+[#0\- +]*+(?:\*|\d++)?+(?:\.(?:\*|\d++))?+[hlL]?+(?P<type>[diouxXeEfFgGcrsa%])"
)
# `$name`, `${name}` (string.Template, translationstring), or `$$`: linear, each repeat possessive.
_DOLLAR = re.compile(r"\$(?:\$|\{(?P<braced>[A-Za-z_][\w-]*+)\}|(?P<named>[A-Za-z_][\w-]*+))")
_MAX_DEPTH = 25
_MAX_FOLLOWS = 3


def _strip_ends(parts: Parts, func: str) -> Parts:
    """`(message + "\n" + usage).strip()` with `usage` empty: the literal text at either end stripped as the call
    strips it; a value at an end is left as it is (only run time knows its whitespace)."""
    out = list(parts)
    if func != "rstrip" and out and isinstance(out[0], str):
        out[0] = out[0].lstrip()
    if func != "lstrip" and out and isinstance(out[-1], str):
        out[-1] = out[-1].rstrip()
    return tuple(p for p in out if p != "")


def signature_of(parts: Parts) -> str:
    """The str.format template: literal braces doubled, a `{name}` per runtime value."""
    return "".join(p.replace("{", "{{").replace("}", "}}") if isinstance(p, str) else f"{{{p.name}}}" for p in parts)


def message_of(parts: Parts) -> str:
    """The message as a reader sees it, runtime values shown as their placeholders."""
    return "".join(p if isinstance(p, str) else f"{{{p.name}}}" for p in parts)


def has_text(parts: Parts) -> bool:
    """Whether the message says anything of its own: a lone `{value}` is no signature."""
    return any(isinstance(p, str) and any(ch.isalnum() for ch in p) for p in parts)


def _join(*groups: Parts) -> Parts:
    merged: list[str | Field] = []
    for part in (p for group in groups for p in group):
        if isinstance(part, str) and merged and isinstance(merged[-1], str):
            merged[-1] += part
        elif part != "":
            merged.append(part)
    return tuple(merged)


def _literal(parts: Parts) -> str | None:
    return parts[0] if len(parts) == 1 and isinstance(parts[0], str) else ("" if not parts else None)


_MAX_ADDITIONS = 4  # `+=` additions read back from a use
_MAX_ACCRUED = 8  # wordings they give


class MessageBuilder:
    def __init__(
        self, env: Env, path: BranchPath | None = None, number: _Number | None = None, follows: int = 0
    ) -> None:
        self.env = env
        self.path = path or ()  # where the expression being rebuilt sits: bindings in other arms do not reach it
        self.located = path is not None  # whether `path` was told (else the rebuilt expression may be in any arm)
        self.number = number if number is not None else _Number()
        self.follows = follows  # methods followed with their arguments bound, to a bounded depth

    def _at(self, bound: Binding) -> "MessageBuilder":
        """A builder for an expression bound elsewhere, taking the same ngettext wording as this one."""
        return MessageBuilder(bound.env, bound.path, self.number, self.follows)

    def _called_method(self, expr: ast.expr, line: int) -> Binding | None:
        """`self.m(a, b)`: the one return of the method, read with its parameters bound to `a` and `b`."""
        if not isinstance(expr, ast.Call) or self.follows >= _MAX_FOLLOWS:
            return None
        if not isinstance(expr.func, ast.Attribute) or dotted(expr.func) != ["self", expr.func.attr]:
            return None
        if not (expr.args or expr.keywords) or any(isinstance(a, ast.Starred) for a in expr.args):
            return None
        bound = self.env.method_result(expr.func.attr)
        params = self.env.method_params(expr.func.attr)
        if bound is None or bound.expr is None or not params:
            return None
        given = {
            name: Binding(arg, line, self.env, path=self.path) for name, arg in zip(params, expr.args, strict=False)
        }
        given.update(
            {k.arg: Binding(k.value, line, self.env, path=self.path) for k in expr.keywords if k.arg in params}
        )
        return Binding(bound.expr, bound.line, _Given(bound.env, given))

    def binding_forms(self, name: str, bound: Binding) -> list[Parts]:
        """The wordings one binding of `name` gives (`msg = ... if ... else ...`, `msg += ...`, ngettext)."""
        expr = bound.expr
        if expr is None:
            return []

        def read(builder: MessageBuilder) -> list[Parts]:
            inner = builder._at(bound)
            if not bound.augmented:
                return inner._forms(expr, bound.line)
            parts = inner._bound_value(name, bound, 0)
            return [] if parts is None else [parts]

        return self._each_number(read)

    def forms(self, expr: ast.expr, line: int) -> list[Parts]:
        """Every wording an expression can give: both arms of `a if c else b`, then ngettext's plurals.

        The first is the message (the singular); the others are its variants."""
        return self._each_number(lambda builder: builder._forms(expr, line))

    def _each_number(self, read) -> list[Parts]:
        # Read once taking ngettext's singular; once more taking its plural only when the first read met one,
        # wherever it was (a local, a class attribute, `default_error_messages`, a method's return value).
        path = self.path if self.located else None
        singular = MessageBuilder(self.env, path, _Number())
        found = read(singular)
        if singular.number.counted:
            found += read(MessageBuilder(self.env, path, _Number(plural=True)))
        return list(dict.fromkeys(found))

    def _forms(self, expr: ast.expr, line: int) -> list[Parts]:
        if isinstance(expr, ast.IfExp):
            return [*self._forms(expr.body, line), *self._forms(expr.orelse, line)]
        if isinstance(expr, ast.JoinedStr) and (chosen := self._fstring_arms(expr, line)):
            return list(dict.fromkeys(f for one in chosen for f in self._forms(one, line)))
        if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
            # `self.msg or "value must be at least %s" % self.min`: each operand the source words is a wording;
            # an override only run time knows (a parameter, an attribute set from one) gives none.
            forms: list[Parts] = []
            for value in expr.values:
                forms += self._forms(value, line)
                if isinstance(value, ast.Constant) and value.value:
                    break  # a literal that is true: the operands after it never run
            return forms
        if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.IfExp):
            # self.error_messages["invalid_nullable" if self.null else "invalid"]: each key's message.
            arms = (expr.slice.body, expr.slice.orelse)
            return [f for arm in arms for f in self._forms(ast.Subscript(expr.value, arm, expr.ctx), line)]
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod):
            # `... % (name, "created" if adding else "changed")`: one wording per arm of the text chosen.
            worded = self._worded(line, 0)
            lefts = self._forms(expr.left, line)
            return [percent_format(f, right, worded) for f in lefts for right in text_arms(expr.right)]
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "format":
            worded = self._worded(line, 0)
            templates = self._forms(expr.func.value, line)
            formatted = (brace_format(form, expr.args, expr.keywords, worded) for form in templates)
            return [form for form in formatted if form is not None]
        if isinstance(expr, ast.Name) and (bound := self.env.binding(expr.id, line, self.path)) and bound.augmented:
            if accrued := self._accrued(expr.id, line, line):
                return accrued
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
            # `message + _format_filepos(lineno, pos, filename)`: each wording of one side with each of the other.
            lefts, rights = self._forms(expr.left, line), self._forms(expr.right, line)
            if lefts or rights:
                lefts = lefts or [(named_after(expr.left),)]
                rights = rights or [(named_after(expr.right),)]
                return [_join(left, right) for left in lefts for right in rights]
            return []
        if (results := self._results(expr, line)) is not None:
            # A function of the module that returns text, one wording per `return` (read to a bounded depth).
            rebuilt = (self._at(b).rebuild(b.expr, b.line, 1) for b in results if b.expr is not None)
            return [p for p in rebuilt if p is not None]
        if (called := self._called_method(expr, line)) is not None and called.expr is not None:
            inner = self._at(called)
            inner.follows += 1
            return inner._forms(called.expr, called.line)
        if isinstance(expr, ast.Name) and (bound := self.env.binding(expr.id, line, self.path)) is not None:
            # `message = self.message_min if self.max is None else self.message_all`: each arm a wording.
            if bound.expr is not None and not bound.augmented and not self.always(bound, line):
                return self._either(expr.id, bound, line)
            if bound.expr is not None and not bound.augmented and (forms := self.binding_forms(expr.id, bound)):
                return forms
        parts = self.rebuild(expr, line)
        return [] if parts is None else [parts]

    def _fstring_arms(self, expr: ast.JoinedStr, line: int) -> list[ast.JoinedStr]:
        """`message = "is too short" if n > 1 else "should be non-empty"; f"{instance!r} {message}"`: the f-string
        once per text the local may hold (at most two such locals), each a wording of its own; [] when it puts in
        no local chosen between two texts."""
        options: list[list[ast.expr]] = [list(expr.values)]
        chosen = 0
        for n, value in enumerate(expr.values):
            if not (
                isinstance(value, ast.FormattedValue)
                and isinstance(value.value, ast.Name)
                and value.conversion in (-1, ord("s"))
                and value.format_spec is None
            ):
                continue
            bound = self.env.binding(value.value.id, line, self.path)
            arm = bound.expr if bound is not None and not bound.augmented and self.always(bound, line) else None
            if not (isinstance(arm, ast.IfExp) and is_text(arm.body) and is_text(arm.orelse)) or chosen == 2:
                continue
            chosen += 1
            options = [[*o[:n], side, *o[n + 1 :]] for o in options for side in (arm.body, arm.orelse)]
        return [ast.JoinedStr(values=o) for o in options] if chosen else []

    def _accrued(self, name: str, at: int, use: int, depth: int = 0) -> list[Parts]:
        """The wordings of a local that `+=` adds to before `use`, read from its binding before line `at`: each
        addition in an `if` the use is not in (DRF's `msg += " WARNING: ..."`, Django's admin `message += f" or
        {...}"` per given object) with and without it, one in a loop without it first. [] when the value it is
        added to may not hold (bound in a branch or a loop, round 20's card 09): the local is one placeholder."""
        bound = self.env.binding(name, at, self.path)
        if bound is None or bound.expr is None or depth > _MAX_ADDITIONS:
            return []
        if not bound.augmented:
            return self.binding_forms(name, bound) if self.always(bound, use) else []
        before = self._accrued(name, bound.line, use, depth + 1)
        added = self._at(bound)._forms(bound.expr, bound.line) or [(named_after(bound.expr),)]
        joined = [_join(earlier, addition) for earlier in before for addition in added]
        if self._looped(bound, use):  # added in a loop: not at all, or once (Django's "Did you mean ...?")
            joined = [*before, *(form for form in joined if form not in before)]
        elif self.path[: len(bound.path)] != bound.path:  # in an `if` the use is not in: maybe not added
            joined += [earlier for earlier in before if earlier not in joined]
        return joined[:_MAX_ACCRUED]

    def rebuild(self, expr: ast.expr, line: int, depth: int = 0) -> Parts | None:
        """The message `expr` evaluates to, or None when it cannot be known from the source."""
        if depth > _MAX_DEPTH:
            return None
        if isinstance(expr, ast.Constant):
            return (expr.value,) if isinstance(expr.value, str) else None
        if isinstance(expr, ast.JoinedStr):
            return self._fstring(expr)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
            return self._concat(expr, line, depth)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod):
            template = self.rebuild(expr.left, line, depth + 1)
            return None if template is None else percent_format(template, expr.right, self._worded(line, depth))
        if isinstance(expr, ast.Call):
            return self._call(expr, line, depth)
        if isinstance(expr, ast.Name):
            return self._name(expr.id, line, depth)
        if isinstance(expr, ast.Attribute):
            parts = dotted(expr)
            return self._follow(self.env.attribute(parts), depth) if parts and len(parts) == 2 else None
        if isinstance(expr, ast.Subscript):
            return self._subscript(expr, line, depth)
        if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
            # `msg or default`: the first operand the source words (see `_forms`).
            return next((p for v in expr.values if (p := self.rebuild(v, line, depth + 1)) is not None), None)
        return None

    def _worded(self, line: int, depth: int) -> "Worded":
        """How a text formatted into another is read: `'{0} at line {1}.'.format(text, n)` with `text` the caller's
        `'Invalid line ({0!r})'.format(line)` is one message, its words and its placeholders."""
        return lambda value: self.rebuild(value, line, depth + 1) if worded_expression(value) else None

    def _fstring(self, expr: ast.JoinedStr) -> Parts:
        parts: list[str | Field] = []
        for value in expr.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue):
                if (known := self._known_text(value)) is not None:
                    parts.append(repr(known) if value.conversion == ord("r") else known)
                    continue
                # The spec and conversion shape the value's text, not the message's: one placeholder either way.
                parts.append(named_after(value.value, value.conversion == ord("r") and value.format_spec is None))
        return _join(tuple(parts))

    def _known_text(self, value: ast.FormattedValue) -> str | None:
        """The text an f-string's `{...}` shows when the source knows it, or None: a text constant (`f"{message}.
        Line {line}"` read where a caller gave `message` as "Expecting )"), or `__name__` in a module that binds
        none of its own (`f"module {__name__!r} has no attribute {name!r}"`), the module's dotted name."""
        if value.format_spec is not None or value.conversion not in (-1, ord("s"), ord("r")):
            return None
        inner = value.value
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            return inner.value
        if not (isinstance(inner, ast.Name) and inner.id == "__name__"):
            return None
        name = getattr(getattr(self.env, "info", None), "name", None)
        if not isinstance(name, str) or self.env.binding("__name__", value.lineno, self.path) is not None:
            return None
        return name

    def _concat(self, expr: ast.BinOp, line: int, depth: int) -> Parts | None:
        left = self.rebuild(expr.left, line, depth + 1)
        right = self.rebuild(expr.right, line, depth + 1)
        if left is None and right is None:
            return None
        # One side is text, so the other is a runtime string: a placeholder.
        left = left if left is not None else (named_after(expr.left),)
        right = right if right is not None else (named_after(expr.right),)
        return _join(left, right)

    def _call(self, expr: ast.Call, line: int, depth: int) -> Parts | None:
        func = terminal_name(expr.func)
        args = expr.args
        if isinstance(expr.func, ast.Attribute) and func == "format":
            template = self.rebuild(expr.func.value, line, depth + 1)
            return None if template is None else brace_format(template, args, expr.keywords, self._worded(line, depth))
        if func == "format_lazy" and args:
            template = self.rebuild(args[0], line, depth + 1)
            return None if template is None else brace_format(template, args[1:], expr.keywords)
        if (dollar := self._dollar_template(expr, line, depth)) is not None:
            return dollar
        if isinstance(expr.func, ast.Attribute) and (func in _STRIPS or func == "dedent"):
            target = expr.func.value if func in _STRIPS else (args[0] if args else None)
            return self._transform_literal(target, func, line, depth)
        if func == "dedent" and args:
            return self._transform_literal(args[0], func, line, depth)
        index = 0 if func in _GETTEXT | _NGETTEXT | _PASS_THROUGH else 1 if func in _PGETTEXT | _NPGETTEXT else None
        if (
            index is not None
            and func in _NGETTEXT | _NPGETTEXT
            and len(args) > index + 1
            and not isinstance(args[index + 1], ast.Starred)
        ):
            # ngettext(singular, plural, n), npgettext(context, singular, plural, n).
            self.number.counted = True
            index += self.number.plural
        if index is not None and len(args) > index and not isinstance(args[index], ast.Starred):
            return self.rebuild(args[index], line, depth + 1)
        if (called := self._called_method(expr, line)) is not None and called.expr is not None:
            inner = self._at(called)
            inner.follows += 1
            return inner.rebuild(called.expr, called.line, depth + 1)
        if dotted(expr.func) == ["self", func]:
            # self.get_error_message(): a method that returns one message (Django's password validators).
            return self._follow(self.env.method_result(func), depth)
        if (results := self._results(expr, line)) is not None:
            return next((p for b in results if (p := self._follow(b, depth)) is not None), None)
        return None

    def _dollar_template(self, expr: ast.Call, line: int, depth: int) -> Parts | None:
        """A `$name` template filled by the call it is given to: a translation string with its `mapping=`
        (`_('"${val}" is not a number', mapping={'val': cstruct})`, translationstring, zope.i18n), or
        `string.Template(text).substitute(...)`. Each `$name` or `${name}` a placeholder, or the mapping's text."""
        mapping = next((k.value for k in expr.keywords if k.arg == "mapping"), None)
        if mapping is not None and expr.args and not isinstance(expr.args[0], ast.Starred):
            template = self.rebuild(expr.args[0], line, depth + 1)
            return None if template is None else dollar_format(template, mapping)
        func = expr.func
        if not (isinstance(func, ast.Attribute) and func.attr in ("substitute", "safe_substitute")):
            return None
        made = func.value
        if not (isinstance(made, ast.Call) and terminal_name(made.func) == "Template" and made.args):
            return None
        template = self.rebuild(made.args[0], line, depth + 1)
        given = expr.args[0] if expr.args else ast.Dict(keys=[], values=[])
        if isinstance(given, ast.Dict) and expr.keywords:
            named = [k for k in expr.keywords if k.arg]
            given = ast.Dict(keys=[ast.Constant(k.arg) for k in named], values=[k.value for k in named])
        return None if template is None else dollar_format(template, given, escaped="$")

    def _results(self, expr: ast.expr, line: int) -> list[Binding] | None:
        """The returns of the module's own function `expr` calls by name (not a local), or None."""
        if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name)):
            return None
        name = expr.func.id
        if self.env.binding(name, line, self.path) is not None:
            return None
        return self.env.function_results(name) or None

    def _follow(self, bound: Binding | None, depth: int) -> Parts | None:
        if bound is None or bound.expr is None:
            return None
        return self._at(bound).rebuild(bound.expr, bound.line, depth + 1)

    def _transform_literal(self, target: ast.expr | None, func: str, line: int, depth: int) -> Parts | None:
        parts = None if target is None else self.rebuild(target, line, depth + 1)
        text = None if parts is None else _literal(parts)
        if text is None:
            return parts if parts is None or func == "dedent" else _strip_ends(parts, func)
        return (textwrap.dedent(text) if func == "dedent" else getattr(text, func)(),)

    def _name(self, name: str, line: int, depth: int) -> Parts | None:
        bound = self.env.binding(name, line, self.path)
        if bound is None or bound.expr is None or not self.always(bound, line):
            return None  # a parameter, bound where only run time knows, or not on every way here: a placeholder
        return self._at(bound)._bound_value(name, bound, depth)

    def always(self, bound: Binding, line: int) -> bool:
        """Whether a binding of this scope holds at `line` on every way there (round 20's card 09): not bound in
        an arm of an `if` the use is not in, nor in a loop it is not in (`body += ...` per group, `footer` built
        in branches). Only then may its value stand for the local; else the local is one placeholder."""
        scope = self.env.inner if isinstance(self.env, _Given) else self.env
        if bound.env is not scope:
            return True  # a value a call gave, or a name of an enclosing scope: not read here
        if self.located and self.path[: len(bound.path)] != bound.path:
            return False
        return not self._looped(bound, line)

    def _looped(self, bound: Binding, line: int) -> bool:
        loops = getattr(bound.env, "loops", ())
        return any(first <= bound.line <= last and not first <= line <= last for first, last in loops)

    def _either(self, name: str, bound: Binding, line: int) -> list[Parts]:
        """`msg = "a"` then `msg = "b"` in an `if` the use is not in: both wordings, when the earlier one holds
        on every way here; else none (the local is a placeholder)."""
        before = self.env.binding(name, bound.line, self.path)
        if self._looped(bound, line) or before is None or before.expr is None or before.augmented:
            return []
        if not self.always(before, line):
            return []
        forms = self.binding_forms(name, bound)
        earlier = self.binding_forms(name, before)
        return [*forms, *(f for f in earlier if f not in forms)] if forms and earlier else []

    def _bound_value(self, name: str, bound: Binding, depth: int) -> Parts | None:
        if bound.expr is None:
            return None  # a parameter, or bound where only run time knows
        value = self.rebuild(bound.expr, bound.line, depth + 1)
        if not bound.augmented:
            return value
        before = self._name(name, bound.line, depth + 1)
        if before is None and value is None:
            return None
        return _join(before or (Field(name),), value or (named_after(bound.expr),))

    def _subscript(self, expr: ast.Subscript, line: int, depth: int) -> Parts | None:
        key = expr.slice
        if isinstance(key, ast.Name) and (bound := self.env.binding(key.id, line, self.path)) is not None:
            key = bound.expr if isinstance(bound.expr, ast.Constant) else key  # `self.error_messages[key]`, key given
        parts = dotted(expr.value)
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)) or not parts:
            return None
        if parts[-1] in ("error_messages", "default_error_messages") and parts[0] == "self":
            # self.error_messages["invalid"]: merged from `default_error_messages` along the ancestors.
            return self._follow(self.env.error_message(key.value), depth)
        return self._follow(self.env.item(parts, key.value, line), depth)


# Reads a value formatted into a message when it is text worded where it is written (None otherwise).
Worded = Callable[[ast.expr], Parts | None]


def worded_expression(expr: ast.expr) -> bool:
    """An f-string, or a literal text formatted with `%` or `.format()`: words of its own, not a runtime value."""
    if isinstance(expr, ast.JoinedStr):
        return True
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "format":
        return is_text(expr.func.value)
    return isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod) and is_text(expr.left)


def _spliced(value: ast.expr | None, conversion: str, worded: Worded | None) -> Parts | None:
    """A worded text put in a message whole (`%s`, `{}`): its own words and placeholders, spliced in."""
    if value is None or worded is None or conversion != "s":
        return None
    parts = worded(value)
    return parts if parts is not None and any(isinstance(p, str) and p.strip() for p in parts) else None


def percent_format(template: Parts, right: ast.expr, worded: Worded | None = None) -> Parts:
    """`template % right`, applied to the template's literal text; a placeholder per conversion."""
    values = list(right.elts) if isinstance(right, ast.Tuple) else [right]
    mapping = right if isinstance(right, ast.Dict) else None
    position = 0

    def each(match: re.Match[str]) -> list[str | Field]:
        nonlocal position
        if match["type"] == "%":
            return ["%"]
        if match["key"] is not None:
            return [Field(clean_name(match["key"]), _mapped(mapping, match["key"]), match["type"] == "r")]
        value = _positional(right, values, position) if mapping is None else None
        position += 1
        text = _text_value(value, match["type"])
        if text is None and (spliced := _spliced(value, match["type"], worded)) is not None:
            return list(spliced)
        shown = named_after(value, match["type"] == "r") if value is not None else Field("")
        return [text if text is not None else shown]

    return _substituted(template, _PERCENT, each)


def dollar_format(template: Parts, mapping: ast.expr, escaped: str = "$$") -> Parts:
    """A `$name` template's literal text with each `$name` or `${name}` a placeholder (the text `mapping`, a
    dict written in place, gives it); `$$` is `escaped` (string.Template's "$"; a translation string keeps it)."""
    given = mapping if isinstance(mapping, ast.Dict) else None

    def each(match: re.Match[str]) -> list[str | Field]:
        key = match["braced"] or match["named"]
        if key is None:
            return [escaped]
        value = _mapped(given, key)
        text = _text_value(value)
        return [text if text is not None else Field(clean_name(key), value)]

    return _substituted(template, _DOLLAR, each)


def _substituted(
    template: Parts, pattern: re.Pattern[str], each: Callable[[re.Match[str]], list[str | Field]]
) -> Parts:
    """The template's literal text with each match of `pattern` replaced by what `each` gives for it, in order."""
    out: list[str | Field] = []
    for part in template:
        if not isinstance(part, str):
            out.append(part)
            continue
        cursor = 0
        for match in pattern.finditer(part):
            out.append(part[cursor : match.start()])
            cursor = match.end()
            out.extend(each(match))
        out.append(part[cursor:])
    return _join(tuple(out))


def _positional(right: ast.expr, values: list[ast.expr], position: int) -> ast.expr | None:
    """The value `% right` puts at `position`: a tuple's element; beyond the first, of a single expression (a call
    returning a tuple), its item `right[position]`, a value of its own."""
    if isinstance(right, ast.Tuple):
        return values[position] if position < len(values) and not isinstance(values[position], ast.Starred) else None
    return right if position == 0 else ast.Subscript(right, ast.Constant(position), ast.Load())


def _text_value(value: ast.expr | None, conversion: str = "s") -> str | None:
    """A constant text put in a message is part of its wording, not a runtime value (`%r` shows its repr)."""
    if not (isinstance(value, ast.Constant) and isinstance(value.value, str) and conversion in "sr"):
        return None
    return repr(value.value) if conversion == "r" else value.value


def text_arms(right: ast.expr) -> list[ast.expr]:
    """`right` once per arm of each `"a" if c else "b"` choosing between texts among its values (at most two such
    choices): each arm is a wording of its own. Else `right` alone."""
    values = list(right.elts) if isinstance(right, ast.Tuple) else [right]
    chosen = [n for n, v in enumerate(values) if isinstance(v, ast.IfExp) and is_text(v.body) and is_text(v.orelse)]
    if not chosen or len(chosen) > 2:
        return [right]
    options: list[list[ast.expr]] = [values]
    for n in chosen:
        arm = values[n]
        assert isinstance(arm, ast.IfExp)
        options = [[*o[:n], side, *o[n + 1 :]] for o in options for side in (arm.body, arm.orelse)]
    return [ast.Tuple(o, ast.Load()) if isinstance(right, ast.Tuple) else o[0] for o in options]


def _mapped(mapping: ast.Dict | None, key: str) -> ast.expr | None:
    """The value `"%(key)s" % {"key": value}` puts in."""
    if mapping is None:
        return None
    pairs = zip(mapping.keys, mapping.values, strict=True)
    return next((v for k, v in pairs if isinstance(k, ast.Constant) and k.value == key), None)


def brace_format(
    template: Parts, args: list[ast.expr], keywords: list[ast.keyword] | None = None, worded: Worded | None = None
) -> Parts | None:
    """`template.format(*args, **kwargs)`: each replacement field a placeholder, named after its argument; a
    worded text put in whole, its words (`worded`)."""
    by_name = {k.arg: k.value for k in keywords or () if k.arg}
    out: list[str | Field] = []
    auto = 0
    for part in template:
        if not isinstance(part, str):
            out.append(part)
            continue
        try:
            pieces = list(string.Formatter().parse(part))
        except ValueError:
            return None  # the call itself would fail at run time
        for literal, field_name, spec, conversion in pieces:
            out.append(literal)
            if field_name is None:
                continue
            head = re.split(r"[.\[]", field_name, maxsplit=1)[0]
            if head == "" or head.isdigit():
                index = auto if head == "" else int(head)
                auto += head == ""
                value = args[index] if index < len(args) and not isinstance(args[index], ast.Starred) else None
            else:
                value = by_name.get(head)
            whole = field_name == head and not spec and conversion in (None, "s", "r")
            text = _text_value(value, conversion or "s") if whole else None
            if text is not None:
                out.append(text)
            elif whole and (spliced := _spliced(value, conversion or "s", worded)) is not None:
                out += spliced
            elif head == "" or head.isdigit():
                out.append(named_after(value, whole and conversion == "r") if value is not None else Field(""))
            else:
                out.append(Field(clean_name(head), value, whole and conversion == "r"))
    return _join(tuple(out))


def format_template(parts: Parts) -> Parts:
    """A class-attribute message that its exception formats itself (DRF's `default_detail = "... {wait} ..."`).

    Only when every replacement field is a plain name: `{"a": 1}` in a message is JSON, not a template."""
    try:
        fields = [f for p in parts if isinstance(p, str) for _, f, _, _ in string.Formatter().parse(p)]
    except ValueError:
        return parts
    named = [f for f in fields if f is not None]
    if not named or not all(re.fullmatch(r"[A-Za-z_]\w*+", f) for f in named):
        return parts
    return brace_format(parts, []) or parts
