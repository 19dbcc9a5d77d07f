"""The placeholders of a rebuilt message: each runtime value a `Field`, named after the expression that fills it
(`{size}` for `len(size)`), and each value its own name in a signature (`distinct_placeholders`)."""

import ast
import re
from dataclasses import dataclass, field

from kb.harvest.reading.imports import dotted
from kb.text.treedump import dump


@dataclass(frozen=True)
class Field:
    """A runtime value in a message; an empty name is one nothing names (`{value}` once the signature is made).

    `source`: the expression that fills it where the code says (`{size}` ← `len(value)`), for the site's evidence;
    never compared, so that signatures and their grouping do not depend on it."""

    name: str
    source: ast.expr | None = field(default=None, compare=False, repr=False)
    # Shown by its repr (`{name!r}`, `%r`): a value known to be text is then quoted (extract's `_quoted`).
    shown_as_repr: bool = field(default=False, compare=False, repr=False)


def named_after(expr: ast.expr, shown_as_repr: bool = False) -> Field:
    """The placeholder a runtime value gets: named after its expression, which it keeps."""
    return Field(placeholder_name(expr), expr, shown_as_repr)


Parts = tuple[str | Field, ...]

# Calls whose result a placeholder is best named after the argument of.
_CONVERTERS = frozenset(
    {
        "str",
        "repr",
        "len",
        "int",
        "float",
        "sorted",
        "list",
        "tuple",
        "set",
        "ascii",
        "format",
        "force_str",
        "smart_str",
        "escape",
        "quote",
        "type",
        "id",
        "getattr",
        "bool",
        "abs",
        "round",
    }
)


def terminal_name(expr: ast.expr) -> str:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return ""


def placeholder_name(expr: ast.expr) -> str:
    """`{self.name}` → name, `{kv_type}` → kv_type, `{len(items)}` → items, `{type(x).__name__}` → x_type."""
    return clean_name(_raw_name(expr, depth=0))


def _raw_name(expr: ast.expr, depth: int) -> str:
    if depth > 6:
        return ""
    if isinstance(expr, ast.Name):
        return "module_name" if expr.id == "__name__" else expr.id
    if isinstance(expr, ast.Attribute):
        if expr.attr in ("__name__", "__qualname__", "__class__"):
            inner = _raw_name(expr.value, depth + 1)
            if inner in ("self", "cls", "self_type", "cls_type", "class_name"):
                return "class_name"  # self.__class__.__name__, type(self).__name__, cls.__name__: the class's name
            # e.__class__.__name__ is e's type, as type(e).__name__ is; a class's own __name__ is the class.
            return f"{inner}_type" if expr.attr == "__class__" and inner and not inner.endswith("_type") else inner
        return expr.attr
    if isinstance(expr, ast.IfExp):
        # `num if small else "more than %s" % limit`: named after the arm that names a value (none: two texts).
        arm = next((a for a in (expr.body, expr.orelse) if not is_text(a)), None)
        return _raw_name(arm, depth + 1) if arm is not None else ""
    if isinstance(expr, ast.BoolOp):
        return next((name for value in expr.values if (name := _raw_name(value, depth + 1))), "")
    if isinstance(expr, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        # ", ".join(repr(p) for p in params): the values it is made of.
        return _raw_name(expr.generators[0].iter, depth + 1)
    if isinstance(expr, ast.Subscript):
        key = expr.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return key.value
        return _raw_name(expr.value, depth + 1)
    if isinstance(expr, ast.Call):
        func = terminal_name(expr.func)
        if func == "type" and expr.args:
            inner = _raw_name(expr.args[0], depth + 1)
            return f"{inner}_type" if inner else ""
        if (func in _CONVERTERS or func == "join") and expr.args:
            return _raw_name(expr.args[0], depth + 1)
        if isinstance(expr.func, ast.Attribute) and func in ("get", "pop") and expr.args:
            return _raw_name(expr.args[0], depth + 1)
        return func
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod) and is_text(expr.left):
        return _raw_name(expr.right, depth + 1)  # "%s issues" % count: named after what it formats
    if isinstance(expr, ast.BinOp):
        # {pos + 1}, {count * 2}: named after the value it is computed from.
        return _raw_name(expr.left, depth + 1) or _raw_name(expr.right, depth + 1)
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return expr.value
    return ""


def is_text(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and isinstance(expr.value, str)


def clean_name(name: str) -> str:
    name = re.sub(r"\W++", "_", name).strip("_")
    return "" if not name or name[0].isdigit() else name


def distinct_placeholders(parts: Parts) -> Parts:
    """Each value its own placeholder name, and none unnamed: the form a signature is made from.

    Two fields are the same value when they come from the same expression (`'{view}' ... '{view}'`), or bear the
    same name and no expression (`%(name)s` twice). Others sharing a name are told apart by what they are read
    from (`{model_label}`, `{parent_model_label}`), else numbered (`{name}`, `{name_2}`); an unnamed value is
    `{value}`."""
    # A field's identity: (its name, its expression's dump, or its name alone, or its place when unnamed).
    identities: dict[str, list[tuple[str, str | int]]] = {}
    sources: dict[tuple[str, str | int], ast.expr | None] = {}
    keyed: list[tuple[str, str | int] | None] = []
    for n, part in enumerate(parts):
        if not isinstance(part, Field):
            keyed.append(None)
            continue
        name = part.name or "value"
        identity = (name, dump(part.source) if part.source is not None else (part.name or n))
        keyed.append(identity)
        found = identities.setdefault(name, [])
        if identity not in found:
            found.append(identity)
            sources[identity] = part.source
    if all(len(found) == 1 for found in identities.values()) and all(not isinstance(p, Field) or p.name for p in parts):
        return parts
    taken = set(identities)
    names: dict[tuple[str, str | int], str] = {}
    for name, found in identities.items():
        chosen = [name]
        if len(found) > 1:
            qualified = [_qualified(source) if (source := sources[identity]) is not None else "" for identity in found]
            if all(qualified) and len(set(qualified)) == len(found) and not taken & (set(qualified) - {name}):
                chosen = qualified
            else:
                number = 2
                while len(chosen) < len(found):
                    if f"{name}_{number}" not in taken:
                        chosen.append(f"{name}_{number}")
                    number += 1
        taken.update(chosen)
        names.update(zip(found, chosen, strict=True))
    return tuple(
        Field(names[identity], part.source) if isinstance(part, Field) and identity is not None else part
        for part, identity in zip(parts, keyed, strict=True)
    )


def _qualified(expr: ast.expr) -> str:
    """A longer name for a value whose own is shared: `model._meta.label` → model_label, `args[0]` → args_0."""
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) and isinstance(expr.slice.value, int):
        return clean_name(f"{placeholder_name(expr.value)}_{expr.slice.value}")
    if isinstance(expr, ast.Call) and terminal_name(expr.func) in _CONVERTERS and expr.args:
        return _qualified(expr.args[0])
    segments = dotted(expr) if isinstance(expr, ast.Attribute) else None
    if not segments:
        return ""
    kept = [s for s in segments if s not in ("self", "cls") and not s.startswith("_")]
    return clean_name("_".join(kept[-2:])) if len(kept) >= 2 else ""
