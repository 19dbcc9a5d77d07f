"""A method Python runs for an operator or a use of the object (`obj[key]`, `in`, `len()`), said as what the reader
wrote: `MeasureBase.__sub__` is "the `-` operator on a `MeasureBase`", its `other` "the right-hand operand" (round
22's card 01: "`MeasureBase.__sub__()` raises this" named no line of the reader's code). Only methods that take the
object as `self` and at most one operand, so the words are exact (not `__pow__`, whose third argument is none)."""

import re

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
    # The protocols Python runs for a statement or a builtin (round 29's card 01: "`StreamingHttpResponse.__aiter__()`
    # issues this" named no line of the reader's). Each use is one that runs the method every time; an operand is
    # named only where the method takes exactly one (`__get__`'s `instance` and `owner` keep their own names).
    "__aiter__": ("iterating over {owner} with `async for`", ""),
    "__next__": ("taking the next item of {owner} (`next(obj)`)", ""),
    "__anext__": ("taking the next item of {owner} (`anext(obj)`)", ""),
    "__enter__": ("entering a `with` block on {owner}", ""),
    "__aenter__": ("entering an `async with` block on {owner}", ""),
    "__exit__": ("leaving a `with` block on {owner}", ""),
    "__aexit__": ("leaving an `async with` block on {owner}", ""),
    "__await__": ("awaiting {owner}", ""),
    "__str__": ("`str()` of {owner}", ""),
    "__repr__": ("`repr()` of {owner}", ""),
    "__int__": ("`int()` of {owner}", ""),
    "__float__": ("`float()` of {owner}", ""),
    "__reversed__": ("`reversed()` of {owner}", ""),
    # `copy.copy()` may run them too, but not for a class with its own `__copy__`: only pickling is said.
    "__getstate__": ("pickling {owner}", ""),
    "__reduce__": ("pickling {owner}", ""),
    "__reduce_ex__": ("pickling {owner}", ""),
    "__setstate__": ("unpickling {owner}", ""),
    # Python calls `__getattr__` only where the ordinary lookup finds nothing.
    "__getattr__": ("reading an attribute {owner} does not otherwise have (`obj.name`)", "the attribute's name"),
    "__setattr__": ("assigning an attribute of {owner} (`obj.name = value`)", ""),
    "__delattr__": ("deleting an attribute of {owner} (`del obj.name`)", "the attribute's name"),
    # A descriptor's methods run for the attribute it is the value of in a class (`ForwardManyToOneDescriptor`).
    "__get__": ("reading an attribute managed by {owner} (`obj.name`)", ""),
    "__set__": ("assigning to an attribute managed by {owner} (`obj.name = value`)", ""),
    "__delete__": ("deleting an attribute managed by {owner} (`del obj.name`)", ""),
    "__set_name__": ("defining a class with {owner} among its attributes", ""),
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
    """ "a `Distance`", "an `Area`": the article by the name's first letter; "a `UserSettingsHolder`", said "you";
    "an `F`", "an `HTML`": a name in capitals alone is said letter by letter."""
    spelled = owner.isupper() and owner.isalnum() and len(owner) <= 5 and owner[:1] in "AEFHILMNORSX"
    vowel = spelled or (owner[:1] in "AEIOUaeiou" and not _YOU.match(owner))
    return ("an " if vowel else "a ") + code(owner)


# A "U" said "you": an initialism (`URLValidator`), one consonant (not "n": `Unknown`) before a vowel (`User`), or
# "uni" where it is no "un-" (`UniqueValidator`, `Union`, `Unicode`: DRF validators.py:69; not `Uninitialized`).
_YOU = re.compile(r"U[A-Z]|[Uu][b-df-hj-mp-tv-z][aeiouy]|[Uu]ni[cfloqstvx]|[Uu]nary")
