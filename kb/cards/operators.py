"""A method Python runs for an operator or a use of the object (`obj[key]`, `in`, `len()`), said as what the reader
wrote: `MeasureBase.__sub__` is "the `-` operator on a `MeasureBase`", its `other` "the right-hand operand" (round
22's card 01: "`MeasureBase.__sub__()` raises this" named no line of the reader's code). Only methods that take the
object as `self` and at most one operand, so the words are exact (not `__pow__`, whose third argument is none)."""

from kb.text.escaping import code

_BINARY = {
    "add": "+",
    "sub": "-",
    "mul": "*",
    "matmul": "@",
    "truediv": "/",
    "floordiv": "//",
    "mod": "%",
    "lshift": "<<",
    "rshift": ">>",
    "and": "&",
    "or": "|",
    "xor": "^",
}
_COMPARE = {"lt": "<", "le": "<=", "gt": ">", "ge": ">="}
# method -> (the operator, which side of it the object is, what its one operand is called)
OPERATORS: dict[str, tuple[str, str, str]] = {
    **{f"__{name}__": (op, "left", "the right-hand operand") for name, op in {**_BINARY, **_COMPARE}.items()},
    **{f"__r{name}__": (op, "right", "the left-hand operand") for name, op in _BINARY.items()},
    **{f"__i{name}__": (f"{op}=", "left", "the right-hand operand") for name, op in _BINARY.items()},
}


# Methods Python runs for a use of the object that is no binary operator: method -> (the use, its one operand or "").
_USES: dict[str, tuple[str, str]] = {
    "__getitem__": ("indexing {owner} (`obj[key]`)", "the index or key"),
    "__setitem__": ("assigning an item of {owner} (`obj[key] = value`)", ""),
    "__delitem__": ("deleting an item of {owner} (`del obj[key]`)", "the index or key"),
    "__contains__": ("the `in` test on {owner}", "the value looked for"),
    "__iter__": ("iterating over {owner}", ""),
    "__len__": ("`len()` of {owner}", ""),
    "__bool__": ("the truth test of {owner} (`if obj:`)", ""),
    "__hash__": ("hashing {owner}", ""),
    "__call__": ("calling {owner} instance", ""),
    "__eq__": ("the `==` operator on {owner}", "the right-hand operand"),
    "__ne__": ("the `!=` operator on {owner}", "the right-hand operand"),
}


def operator_of(function: str) -> tuple[str, str, str] | None:
    """(operator, side, operand) for `Class.__sub__`, None for any other name (or a method of no class)."""
    owner, _, method = function.rpartition(".")
    if owner and (use := _USES.get(method)) and use[1]:
        return "", "left", use[1]
    return OPERATORS.get(method) if owner else None


def operator_shown(function: str) -> str | None:
    """ "the `-` operator on a `MeasureBase`" ("… with a `MeasureBase` on its right" for `__rsub__`), or None."""
    owner = function.rpartition(".")[0].rpartition(".")[2]
    if owner and (use := _USES.get(function.rpartition(".")[2])):
        return use[0].format(owner=_a(owner))
    found = operator_of(function)
    if found is None:
        return None
    operator, side, _ = found
    where = f"on {_a(owner)}" if side == "left" else f"with {_a(owner)} on its right"
    return f"the {code(operator)} operator {where}"


def _a(owner: str) -> str:
    """ "a `Distance`", "an `Area`": the article by the name's first letter."""
    return ("an " if owner[:1] in "AEIOUaeiou" else "a ") + code(owner)
