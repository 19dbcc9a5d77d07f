"""Solutions from a method the raise's deciding test calls on an object the user holds (issue 29, §3; round 31's
point 4): a public predicate of the raising class to check first, and a method whose `None` result the message
itself names. Each holds on every path that raises: the test is the whole deciding test, never a guard."""

import ast
import re

from kb.cards.reader import DEFINITIONS_KEPT, GIVEN, EntryPoint, Reader, is_public, signature_of
from kb.text.escaping import code

_NOTED = ("method",)  # entry points a reader calls, so can check a predicate before


def checked_first(test: ast.expr, row: dict, evidence: dict, entry: EntryPoint | None, reader: Reader) -> list[str]:
    """`not self.is_registered(model)` deciding a raise in `AdminSite.unregister()` (django/contrib/admin/sites.py:
    158-159, 5.2.19), where `is_registered` is a public method whose body is one test (the harvest's "read_through":
    `model in self._registry`): "Check `AdminSite.is_registered()` before calling `AdminSite.unregister()`: this is
    raised where it returns false.". Only where the entry point is the raising method itself, which the reader calls
    (a method the framework calls, or a constructor, leaves them no moment to check first), and the predicate is
    given only what the caller has before the call (`_given_before`): not DRF's `is_allowed_version(version)` of
    `version` parsed from the request inside `AcceptHeaderVersioning.determine_version()` (round 34's card 17)."""
    recorded = evidence.get("function")
    function = str(recorded.get("name") or "") if isinstance(recorded, dict) else ""
    owner = str(recorded.get("class") or "") if isinstance(recorded, dict) else ""
    if not (
        row.get("kind") == "if"
        and isinstance(row.get("read_through"), dict)
        and entry is not None
        and entry.kind in _NOTED
        and entry.function == function
        and not entry.via
        and function.rpartition(".")[0] == owner
        and is_public(function)
        and not function.rpartition(".")[2].startswith("__")
    ):
        return []
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    call = test.operand if isinstance(test, ast.UnaryOp) and negated else test
    if not (
        isinstance(call, ast.Call)
        and isinstance(method := call.func, ast.Attribute)
        and isinstance(method.value, ast.Name)
        and method.value.id == "self"
        and is_public(method.attr)
        and not method.attr.startswith("__")
        and _given_before(call, reader, row.get("line") if isinstance(row.get("line"), int) else None)
    ):
        return []
    predicate = code(f"{owner}.{method.attr}()")
    returns = "false" if negated else "true"
    return [f"Check {predicate} before calling {code(entry.call())}: this is raised where it returns {returns}."]


def _given_before(call: ast.Call, reader: Reader, line: int | None) -> bool:
    """Whether each argument of the predicate's call is what the raising method's caller has before calling it: a
    literal, a parameter of the method given no new value above the test, an item of one (`for model in
    model_or_iterable:`, the parameter at most made a list, AdminSite.unregister, django/contrib/admin/sites.py:
    154-158, 5.2.19), or an attribute of `self` the method does not set. Never a local the method computes (DRF's
    `version = media_type.params.get(...)`, rest_framework/versioning.py:43-46, 3.18.3)."""
    signature = signature_of(reader.evidence)
    if signature is None or len(reader.evidence.get("definitions") or []) >= DEFINITIONS_KEPT:
        return False  # rows may have been left out: a value the method computes may not show
    own = {a.arg for a in (*signature.posonlyargs, *signature.args, *signature.kwonlyargs)} - {"self", "cls"}

    def given(value: ast.expr) -> bool:
        if isinstance(value, ast.Constant):
            return True
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self":
            return reader.definition(f"self.{value.attr}", line) == ""
        if not isinstance(value, ast.Name):
            return False
        defined = reader.definition(value.id, line)
        if defined == "":
            return value.id in own
        iterable = (defined or "").removeprefix("(an item of) ")
        wrapped = reader.wrapped.get(iterable, (0, ""))[1]
        return (
            bool(defined)
            and iterable != defined
            and iterable in own
            and all(written in (GIVEN, wrapped) for _, written in reader.definitions.get(iterable, []))
        )

    if any(k.arg is None for k in call.keywords):
        return False  # `**options`: not told
    return all(
        not isinstance(value, ast.Starred) and given(value) for value in [*call.args, *(k.value for k in call.keywords)]
    )


def name_is_none(test: ast.expr | None) -> ast.Name | None:
    """The name of a test `name is None`; None for any other test."""
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is)
        and isinstance(none := test.comparators[0], ast.Constant)
        and none.value is None
        and isinstance(test.left, ast.Name)
    ):
        return test.left
    return None


def returned_none(test: ast.expr, reader: Reader, message: str, line: int | None) -> list[str]:
    """`queryset is None` of `queryset = view.get_queryset()` where the message names the method,
    "{view_type}.get_queryset() returned None" (DRF's DjangoModelPermissions._queryset, rest_framework/permissions.py:
    225-229, 3.18.3): "Make `get_queryset()` return a value other than `None`.": the user's override of a method the
    message names returned nothing. Only a method called on `self` or on an argument, read by no other test."""
    if (tested := name_is_none(test)) is None:
        return []
    try:
        defined = ast.parse(reader.definition(tested.id, line) or "", mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return []
    if not (
        isinstance(defined, ast.Call)
        and isinstance(method := defined.func, ast.Attribute)
        and isinstance(held := method.value, ast.Name)
        and (held.id == "self" or (held.id in reader.parameters and reader.definition(held.id, line) == ""))
        and is_public(method.attr)
        and not method.attr.startswith("__")
        and re.search(rf"(?<!\w){re.escape(method.attr)}\(\)", message)
    ):
        return []
    return [f"Make {code(method.attr + '()')} return a value other than {code('None')}."]
