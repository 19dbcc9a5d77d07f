"""Solutions derived from a raise site's evidence, only from a cause the user controls (issue 29, §3).

A raise needs its deciding test to hold, so making it false avoids it. The card advises only where that test reads
what the user sets: an argument of the public entry point that reaches the raise ("Pass at least 2 items as
`expressions` to `Func()`"), a setting, flag or environment variable ("Check the `USE_TZ` setting"), or what a hook
the framework calls on the user's subclass returns ("Make your `Serializer.create()` return a value other than
`None`"). Never from a guard (a test that must have passed for the code to get there), never naming a private or
`self.`-internal name; nothing is made up. Where a test gives the failing call and the test says what passes, an
example fix shows the call before and after."""

import ast
import builtins
import collections.abc
import functools
import numbers
import re
import typing
from collections.abc import Callable, Sequence
from typing import Any, TypeGuard

from kb.cards import left_open, own_attributes
from kb.cards.headers import header_or_none
from kb.cards.links import line_number
from kb.cards.message_advice import advice, choices, offered, replaced, requirement
from kb.cards.never import SOLUTION as NEVER_SOLUTION
from kb.cards.never import never
from kb.cards.operators import operator_shown
from kb.cards.own_methods import checked_first, name_is_none, returned_none
from kb.cards.parsed import expression, walk
from kb.cards.phrasing import container, listed
from kb.cards.quoted import placeholder_words, quote
from kb.cards.reader import (
    EntryPoint,
    Reader,
    entry_points,
    is_public,
    is_result_check,
    names_in,
    reader_of,
    signature_of,
)
from kb.models import RaiseSite
from kb.text import breadth
from kb.text.escaping import code, fenced, plain
from kb.text.treedump import dump
from kb.text.written import unparse

MAX_SOLUTIONS = 5
MAX_CODE = 500  # a condition longer than this is not one a template can turn into advice
MAX_CALL = 200  # a test's call longer than this is not shown as an example fix
_ADVISED = ("function", "method", "constructor")  # entry points a reader calls with arguments


def _items(n: int) -> str:
    return "no items" if n <= 0 else f"{n} item" if n == 1 else f"{n} items"


# (comparison, comparator is a number) → what to pass instead, given the argument and the number.
_LENGTH: dict[type[ast.cmpop], Callable[[str, int], str]] = {
    ast.Lt: lambda p, n: f"at least {_items(n)} as {p}",
    ast.LtE: lambda p, n: f"at least {_items(n + 1)} as {p}",
    ast.Gt: lambda p, n: f"at most {_items(n)} as {p}",
    ast.GtE: lambda p, n: f"at most {_items(n - 1)} as {p}",
    ast.NotEq: lambda p, n: f"exactly {_items(n)} as {p}",
}
_NUMBER: dict[type[ast.cmpop], Callable[[str, str], str]] = {
    ast.Lt: lambda p, v: f"{p} of at least {v}",
    ast.LtE: lambda p, v: f"{p} greater than {v}",
    ast.Gt: lambda p, v: f"{p} of at most {v}",
    ast.GtE: lambda p, v: f"{p} less than {v}",
}
_VALUE: dict[type[ast.cmpop], Callable[[str, str], str]] = {
    ast.Is: lambda p, v: f"a value other than {v} as {p}",
    ast.Eq: lambda p, v: f"a value other than {v} as {p}",
    ast.IsNot: lambda p, v: f"{v} as {p}",
    ast.NotEq: lambda p, v: f"{v} as {p}",
    ast.In: lambda p, v: f"a value that is not one of {v} as {p}",
    ast.NotIn: lambda p, v: f"one of {v} as {p}",
}
# What passes, for an example fix: (comparison, the literal in the test) → a value for which the test is false.
_PASSING: dict[type[ast.cmpop], Callable[[Any], Any]] = {
    ast.Lt: lambda v: v,
    ast.LtE: lambda v: v + 1 if isinstance(v, int) else None,
    ast.Gt: lambda v: v,
    ast.GtE: lambda v: v - 1 if isinstance(v, int) else None,
    ast.IsNot: lambda v: v,
    ast.NotEq: lambda v: v,
    ast.NotIn: lambda v: next(iter(v), None) if isinstance(v, (tuple, list)) else None,
}
# Every builtin class a reader can name as written (`slice`, `memoryview`, `ValueError`): `isinstance(x, slice)`.
_BUILTIN_TYPES = frozenset(
    name for name, value in vars(builtins).items() if isinstance(value, type) and name[:1] != "_"
)
_HOOK_CALL = re.compile(r"^(?:self|[a-z_]\w*+)\.([A-Za-z]\w*+)\(")


def derive_solutions(
    sites: Sequence[RaiseSite], *, tests: Sequence[dict] = (), message: str = "", exception: str = ""
) -> list[str]:
    """`exception`: the raised class's name as the card says it (`NotImplementedError`)."""
    words = placeholder_words(sites) if "{" in message else {}
    # A deprecation's replacement, said as what to write instead, stands for the message's own "Use Y instead.".
    swapped = replaced(message)
    found: list[str] = [swapped] if swapped else []
    found += [said for said in (offered(one, words) for one in advice(message)) if said and not swapped][:2]
    if listed := choices(message):
        found.append(listed)
    for site in sites:
        if warned := _deprecated_before(site):
            # The deprecated form's own failure: what the warning asks, never a value that passes the raise's test
            # and keeps the deprecated form (round 36's card 08).
            found += [warned] if warned not in found else []
            continue
        for solution in _site_solutions(site, message, runs_on=_caught_later(site, sites), exception=exception):
            installed = _INSTALL.fullmatch(solution)
            if installed and any(installed[1] in said for said in advice(message)):
                continue  # the message's own advice says to install it already
            if solution not in found:
                found.append(solution)
    found = _callees_together(found)
    if not found and (rule := quote(requirement(message), words, every=True)):
        # Nothing else to advise: the rule the message states is what to meet (round 10's D4: "must be a Model,
        # Manager, or QuerySet", "must accept keyword arguments").
        found.append(f"Meet what the message requires: “{rule}”")
    return found[:MAX_SOLUTIONS]


def _deprecated_before(site: RaiseSite) -> str:
    """ "Do what the deprecation warning on the way asks (line 29): “...”"; "" for no such warning."""
    warned = (site.evidence or {}).get("deprecated_before")
    if not isinstance(warned, dict) or not isinstance(warned.get("message"), str) or not warned["message"].strip():
        return ""
    number = line_number(warned.get("line"))
    at = f" (line {number})" if number else ""
    return f"Do what the deprecation warning on the way asks{at}: “{plain(warned['message'], 300)}”"


def _callees_together(found: list[str]) -> list[str]:
    """The same advice for two callables, said once: "Pass a true value for at most one of `query_params` and `data`
    to `RequestFactory.get()` or `RequestFactory.head()`." in place of one sentence for each (round 31's
    reader marked repeated sentences down)."""
    merged: list[str | list[str]] = []  # a sentence, or [head, callee, callee, ...]
    heads: dict[str, list[str]] = {}
    for said in found:
        head, to, callee = said.rpartition(" to `")
        if not (to and callee.endswith("()`.") and callee.count("`") == 1):
            merged.append(said)
        elif head in heads:
            heads[head].append(f"`{callee.removesuffix('.')}")
        else:
            heads[head] = [head, f"`{callee.removesuffix('.')}"]
            merged.append(heads[head])
    said_once: list[str] = []
    for one in merged:
        if isinstance(one, str):
            said_once.append(one)
            continue
        head, *callees = one
        listed = callees[0] if len(callees) == 1 else f"{', '.join(callees[:-1])} or {callees[-1]}"
        said_once.append(f"{head} to {listed}.")
    return said_once


def _rows(site: RaiseSite) -> list[dict]:
    """The site's tests, innermost first, but the guards (they must have passed). The first decides to raise; when
    it is an `except`, what was caught decided, and no argument of the outer tests is advised on."""
    return [
        c
        for c in (site.evidence or {}).get("conditions") or []
        if isinstance(c, dict) and c.get("kind") not in (None, "guard") and c.get("code")
    ]


def _caught_later(site: RaiseSite, sites: Sequence[RaiseSite]) -> bool:
    """Whether another site of the same message, in the same function, is an `except` below this raise: a value
    that passes this raise's test may run on into the code that `except` guards and fail there with the same
    message. DRF's `UUIDField.to_internal_value` takes an `int` or a `str`, and `uuid.UUID(hex=data)` of a `str`
    that is no UUID fails into `except ValueError`, "Must be a valid UUID." again (rest_framework/fields.py:834-843,
    3.18.3): "Pass an `int` or a `str`" sent the card's own failing test, a `str`, back to what it did."""
    function = (site.evidence or {}).get("function")
    return bool(site.line and function) and any(
        other is not site
        and other.path == site.path
        and (other.evidence or {}).get("function") == function
        and (rows := _rows(other))
        and rows[0].get("kind") == "except"
        and isinstance(line := rows[0].get("line"), int)
        and line > (site.line or 0)
        for other in sites
    )


def _site_solutions(site: RaiseSite, message: str = "", *, runs_on: bool = False, exception: str = "") -> list[str]:
    """What to do about one raise; `runs_on` (`_caught_later`): what passes its test may still fail with the same
    message further on, so no argument is advised from its test. `exception`: as `derive_solutions`'."""
    evidence = site.evidence or {}
    points = entry_points(evidence, path=site.path)
    entry = points[0] if points else None
    reader = reader_of(evidence, entry)
    rows = _rows(site)
    # Its authors mark the branch as one that should never run: reporting it comes first (`never`).
    found: list[str] = [NEVER_SOLUTION] if never(site) else []
    if opened := left_open.opened(site):
        found.append(left_open.solution(opened))
    elif avoided := _for_every_use(evidence, exception):
        found.append(avoided)
    checked: set[str] = set()
    # An `except` decides: what its `try` failed on is the cause, and a setting tested above it only opened the path
    # ("Check `USE_TZ`" is no fix for a time that does not exist: round 27's card 16), unless the message names it
    # ("The SECURE_PROXY_SSL_HEADER setting must be a tuple containing two values.").
    if rows and rows[0].get("kind") == "except":
        words = set(_SETTING_WORD.findall(message))
        named = {name for row in rows for name in _settings_in(str(row["code"])) if name in words}
        found += [f"Check the {code(name)} setting." for name in sorted(named)]
        if not runs_on and entry is not None and _advised(entry, evidence):
            # `if accumulator is None:` around the `try`: passing it skips what failed (pydash's `reduce_`).
            found += _left_at_default(rows[1:], reader, _public_way_in(entry, points), message)
        return found
    for index, row in enumerate(rows):
        if row.get("kind") == "except":
            continue
        written = str(row["code"])
        test = _parse(written) if ("settings" in written or reader.switches or index == 0) else None
        if test is None:
            continue
        # One piece of advice per setting or flag: the innermost test's, which decides. A flag or an argument read
        # by an outer test only picks the path (`addrport` is given): advice on it comes from the deciding test.
        if index == 0 and (member := _for_members(test, reader, row)):
            # "Remove ... from the `FIXTURE_DIRS` setting" says what "Check the `FIXTURE_DIRS` setting" left open.
            found.append(member[1])
            checked.add(f"Check the {code(member[0])} setting")
        switches = _switches(test, row, reader, flags=index == 0, others=rows)
        found.extend(s for s in switches if s.split(":")[0].rstrip(".") not in checked)
        checked.update(s.split(":")[0].rstrip(".") for s in found)
        # The test that decides to raise (the outer ones choose the path to it); not an `else` whose `if` raises
        # too: making it false raises that one (`elif isinstance(view, View): raise TypeError(...)`). Nor a function
        # nested in a function (a decorator's wrapper, round 28's card 10): no one calls it by its name, and what it
        # is called with is not what the user passed (decorating a method, `self` comes in as `request`).
        if index == 0 and not row.get("other_raises"):
            line = row.get("line") if isinstance(row.get("line"), int) else None
            if runs_on:
                pass  # what passes this test may fail below with the same message: no value is advised from it
            elif entry is not None and _advised(entry, evidence):
                way_in = _public_way_in(entry, points)
                found.extend(
                    _for_chain(test, rows[1:], reader, way_in, line)
                    or _for_container(test, reader, way_in, line)
                    or _for_parameters(test, reader, way_in, line)
                    or _for_refused(test, reader, way_in, line, message)
                )
                found.extend(s for s in _left_at_default(rows[1:], reader, way_in, message) if s not in found)
            elif entry is not None and entry.kind == "setter":
                found.extend(_for_setter(test, reader, entry, line, rows[1:]))
            elif entry is not None and entry.kind == "template tag":
                found.extend(_for_tag(test, rows[1:], reader, entry, line))
            found.extend(_for_hooks(test, reader, points) or returned_none(test, reader, message, line))
            found.extend(checked_first(test, row, evidence, entry, reader))
            found.extend(_for_options(test, reader, line))
            found.extend(_for_optional(row, reader))
            found.extend(_for_backend(test, row, reader, line))
            found.extend(_for_header(test, row, reader, line))
            found.extend(_for_declared(row, evidence, reader, message))
            found.extend(s for s in _for_constructed(test, row, reader, message) if s not in found)
    if not rows:
        # Reached whenever the exits above it are not taken (`if self.next_page: return ...` then the raise,
        # django/contrib/auth/views.py:60-62, 5.2.19): a guard's row, the negation of an exit's test, decides.
        for guard in _guards(site):
            found.extend(s for s in _for_declared(guard, evidence, reader, message) if s not in found)
    return found


def _advised(entry: EntryPoint, evidence: dict) -> bool:
    """Whether the entry point is one the reader calls with arguments the advice can name."""
    return (
        entry.kind in _ADVISED
        and not (entry.kind == "function" and "." in entry.function)
        and not _is_operator(entry.function)
        and not is_result_check(evidence)
    )


def _public_way_in(entry: EntryPoint, points: list[EntryPoint]) -> EntryPoint:
    """The class's constructor where it passes every argument of the raising method on as its own: `unique` of
    `LayerMapping()`, which its `__init__` hands to `self.check_unique(unique)` (django/contrib/gis/utils/
    layermapping.py:162, 327-341, 5.2.19), in place of the method no reader calls (round 32's card 15)."""
    owner = entry.function.rpartition(".")[0]
    if entry.kind != "method" or entry.via or not owner or not entry.arguments:
        return entry
    for point in points:
        if (
            point.kind == "constructor"
            and point.function == owner
            and not point.via
            and all(point.arguments.get(parameter) for parameter in entry.arguments)
        ):
            return point
    return entry


# A parameter's default (as the harvest wrote it) for which `not x` holds, but a flag's (`False`, `0`).
_EMPTY_DEFAULTS = frozenset({"None", "''", '""', "()", "[]", "{}"})


def _left_at_default(outer: list[dict], reader: Reader, entry: EntryPoint, message: str) -> list[str]:
    """An enclosing test that holds only while an argument is left at its default, `backend is None` of
    `with_perm(..., backend=None)` around the raise of "must provide the `backend` argument" (django/contrib/auth/
    models.py:214-224, 5.2.19): the raise needs it, so passing the argument avoids it ("Pass `backend` to
    `UserManager.with_perm()`."). `not x` of an empty default: a value neither empty nor false. Only an `if` or
    `else` whose other branch raises nothing, on the argument as the caller gave it, and only where the message
    names the argument: the other branch, which the evidence does not show, may fail on the passed value as well
    (`_get_foreign_key(..., fk_name=None)` raises "has no ForeignKey" under `not fk_name` and "is not a ForeignKey"
    under `fk_name`, django/forms/models.py:1216-1266, 5.2.19), and a flag left false (`allow_relative_path`)
    switches what the function does rather than giving it what it lacks."""
    defaults = reader.evidence.get("defaults")
    if not isinstance(defaults, dict):
        return []
    found: list[str] = []
    for row in outer:
        if row.get("kind") not in ("if", "else") or row.get("other_raises"):
            continue
        test = _parse(str(row.get("code") or ""))
        line = row.get("line") if isinstance(row.get("line"), int) else None
        if not (
            (argument := _default_tested(test, defaults, reader, entry, line))
            and re.search(rf"(?<!\w){re.escape(argument.strip('`'))}(?!\w)", message)
        ):
            continue
        if isinstance(test, ast.Compare):
            found.append(f"Pass {argument} to {code(entry.call())}.")
        else:
            found.append(f"Pass a value that is neither empty nor false as {argument} to {code(entry.call())}.")
    return found


def _default_tested(test: ast.expr | None, defaults: dict, reader: Reader, entry: EntryPoint, line: int | None) -> str:
    """The argument, as code, of `x is None` with `x=None` or `not x` with an empty default; "" for any other test."""
    if (tested := name_is_none(test)) is not None and defaults.get(tested.id) == "None":
        return _argument(tested, reader, entry, line)
    if (
        isinstance(test, ast.UnaryOp)
        and isinstance(test.op, ast.Not)
        and isinstance(test.operand, ast.Name)
        and defaults.get(test.operand.id) in _EMPTY_DEFAULTS
    ):
        return _argument(test.operand, reader, entry, line)
    return ""


# "must be a list or tuple", "must be set with a tuple, list, or string", "should be a list, not ...": the words
# after "must be" or "should be".
_MUST_BE = re.compile(r"(?<![\w.])(?:must|should) be (?:set with |given as )?+([\w ,]++)")
# Classes a builtin type may pass `isinstance` of without subclassing them (`list` is a `Sequence`).
_ABSTRACT = frozenset(collections.abc.__all__) | frozenset(typing.__all__) | frozenset(numbers.__all__)
# A message's word for a builtin type.
_TYPE_WORDS = {
    "list": "list",
    "tuple": "tuple",
    "dict": "dict",
    "dictionary": "dict",
    "string": "str",
    "str": "str",
    "integer": "int",
    "int": "int",
    "float": "float",
    "bytes": "bytes",
    "set": "set",
}


def _for_refused(test: ast.expr, reader: Reader, entry: EntryPoint, line: int | None, message: str) -> list[str]:
    """`isinstance(reply_to, str)` deciding '"reply_to" argument must be a list or tuple' (django/core/mail/
    message.py:240-242, 5.2.19): the code refuses one type and the message, which names the argument, names the
    types it wants: "Pass a `list` or a `tuple` as `reply_to` to `EmailMessage()`." (round 32's card 16). Only where
    every word after "must be" is a builtin type, none of them the refused type or one of its subclasses; a refused
    class of the library's own (`isinstance(stylesheets, (Stylesheet, str))` of "stylesheets should be a list",
    django/utils/feedgenerator.py:138-142) is none of a builtin type's bases, unless it is an abstract one."""
    if not (_is_isinstance(test) and (argument := _argument(test.args[0], reader, entry, line))):
        return []
    if not re.search(rf"(?<!\w){re.escape(argument.strip('`'))}(?!\w)", message):
        return []
    wanted = _MUST_BE.search(message)
    wants = re.split(r"\bnot\b", wanted[1], maxsplit=1)[0] if wanted else ""  # "a list, not <class 'str'>"
    words = [w.strip() for w in re.split(r",|\bor\b|\band\b", wants) if w.strip()]
    names = [_TYPE_WORDS.get(w.removeprefix("a ").removeprefix("an ").strip()) for w in words]
    if not names or not all(names) or words[0] == "set":  # "value must be set": the verb, not the type
        return []
    refused = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
    refused_types = [t for one in refused if isinstance(t := getattr(builtins, unparse(one), None), type)]
    # A class of the library's own (`Stylesheet`) is no base of a builtin type, but an abstract one may be.
    own = [name for one in refused if not hasattr(builtins, name := unparse(one))]
    if len(refused_types) + len(own) != len(refused) or not all(
        _type_name(name) and name.rpartition(".")[2] not in _ABSTRACT for name in own
    ):
        return []
    named = [getattr(builtins, name) for name in dict.fromkeys(n for n in names if n)]
    if any(issubclass(one, tuple(refused_types)) for one in named):
        return []
    kinds = _kinds(ast.Tuple(elts=[ast.Name(id=one.__name__) for one in named]))
    return [f"Pass {kinds} as {argument} to {code(entry.call())}."] if kinds else []


def _for_header(test: ast.expr, row: dict, reader: Reader, line: int | None) -> list[str]:
    """An `if` that tests only that the request came without a header, `referer is None` of `referer =
    request.META.get("HTTP_REFERER")` (django/middleware/csrf.py:298-300, 5.2.19): "Send the request with a
    `Referer` header.". Only `is None` of a `.get()` whose default is `None` (an empty header is another test)."""
    if row.get("kind") != "if" or not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        return []
    read = test.left
    written = reader.definition(read.id, line) if isinstance(read, ast.Name) else unparse(read)
    header = header_or_none(written) if written else ""
    return [f"Send the request with a {code(header)} header."] if header else []


def _for_every_use(evidence: dict, exception: str) -> str:
    """A method Python runs for a use of the object, raising on every call under no test (`F.__contains__`,
    django/db/models/expressions.py:897, 5.2.19): "Avoid the `in` test on an `F`.", the use in `operator_shown`'s
    words. Not a method left for subclasses to define (`left_open`: defining it is the fix), nor one a test or an
    exit above the raise lets some values through: advice against a use that works for some is false. Nor a
    `NotImplementedError`, which leaves the use to subclasses: `SearchQuery` defines the `__rand__` that
    `Combinable` refuses (django/contrib/postgres/search.py:184, 5.2.19), so `&` works on some `Combinable`s."""
    recorded = evidence.get("function")
    function = str(recorded.get("name") or "") if isinstance(recorded, dict) else ""
    if evidence.get("every_call") is not True or evidence.get("conditions") or evidence.get("exits_above"):
        return ""
    if exception.rpartition(".")[2] == "NotImplementedError":
        return ""
    owner = function.rpartition(".")[0]
    if not (owner and is_public(owner) and (use := operator_shown(function))):
        return ""
    return f"Avoid {use}."


def _guards(site: RaiseSite) -> list[dict]:
    """The rows of the tests whose branches exit above the raise, each the negation of its test; not one whose
    branch ends in a raise of its own (`if self.next_page: raise ...`): making its test true meets that error
    instead, so its negation is no fix."""
    evidence = site.evidence or {}
    conditions = evidence.get("conditions") or []
    exits = [line for line in evidence.get("exits_above") or [] if isinstance(line, int)]
    raising = set(evidence.get("exits_raising") or [])
    found: list[dict] = []
    for row in conditions:
        if not (isinstance(row, dict) and row.get("kind") == "guard" and row.get("code")):
            continue
        first, last = row.get("line"), row.get("end")
        if not (isinstance(first, int) and isinstance(last, int)):
            continue
        # The branch's last statement is its exit: the last exit line within the branch is that statement's.
        own = max((line for line in exits if first <= line <= last), default=None)
        if own is not None and own not in raising:
            found.append(row)
    return found


def _for_declared(row: dict, evidence: dict, reader: Reader, message: str) -> list[str]:
    """A raise on a public class attribute left empty, the one the user's subclass declares: "Set `template_name`
    on your subclass of `TemplateResponseMixin`, or override `get_template_names()`.". Only where the deciding
    test (an `if`, an `assert`, or a guard where no test decides) is `self.x is None` or `not self.x` alone, and the
    harvest's row for `self.x` is a class-body literal that test holds of, which no method of the library sets
    (`attributes`: its "value", or its "declared" when only the library's own subclasses declare theirs). The
    override only where the message names the raising method, the default implementation it then offers to
    replace."""
    recorded = evidence.get("function")
    owner = str(recorded.get("class") or "") if isinstance(recorded, dict) else ""
    # A guard's row is the negation of the test whose branch exits above the raise (`if self.next_page: return
    # ...`, django/contrib/auth/views.py:60, 5.2.19): it holds wherever the raise is reached, as an `if`'s does.
    if row.get("kind") not in ("if", "assert", "guard") or not (
        is_public(owner) and owner.rpartition(".")[2][:1].isupper()
    ):
        return []
    node = _parse(str(row.get("code") or ""))
    tested = _emptiness(node) if node is not None else None
    found = reader.attributes.get(f"self.{tested[0]}") if tested is not None else None
    if tested is None or found is None or found.get("parameter") or tested[0].startswith("_"):
        return []
    attribute, is_none = tested
    written = str(found.get("declared") or "") if found.get("varies") else str(found.get("value") or "")
    try:
        default = ast.literal_eval(written) if written else ...
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return []
    if default is ... or not (default is None if is_none else not default):
        return []
    said = f"Set {code(attribute)} on your subclass of {code(owner.rpartition('.')[2])}"
    # The class's own method, not a function nested in one (`Class.method.inner`).
    defined, _, method = str(recorded.get("name") or "").rpartition(".") if isinstance(recorded, dict) else ("", "", "")
    if defined == owner and not method.startswith("_") and re.search(rf"(?<![\w.]){re.escape(method)}\(", message):
        said += f", or override {code(method + '()')}"
    return [f"{said}."]


def _for_constructed(test: ast.expr, row: dict, reader: Reader, message: str) -> list[str]:
    """An `if` on `self.x` alone that the class's constructor stores as its argument came (the harvest's
    "attributes" row: `self.reverse_sql = reverse_sql`, set by no other method): what to pass to that constructor,
    "Pass a value other than `None` as `reverse_sql` to `RunSQL()`."; "Pass `True` as `allow_null` to `Field()`."
    for `not self.allow_null` of a parameter whose default is `False`. Only the whole test of an `if`, or one of
    the parts an `and` joins (an `else` may report the same fault another way: `CommandParser.error` exits where
    it does not raise)."""
    if row.get("kind") != "if":
        return []
    stored: dict[str, dict] = {}

    def argument(node: ast.expr) -> str:
        found = reader.attributes.get(unparse(node)) if _is_own(node) else None
        parameter = str(found.get("parameter") or "") if found else ""
        owner = str(found.get("class") or "") if found else ""
        if not (
            found
            and parameter.isidentifier()
            and found.get("code") == parameter
            and is_public(parameter)
            and is_public(owner)
            and owner[:1].isupper()
        ):
            return ""
        stored[parameter] = found
        return code(parameter)

    def passed(part: ast.expr) -> str:
        stored.clear()
        if isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not) and (name := argument(part.operand)):
            found = stored[name.strip("`")]
            instead = f"`True` as {name}" if found.get("default") == "False" else ""
        else:
            instead = _instead(part, argument)
        if not instead or len(stored) != 1:
            return ""
        [found] = stored.values()
        return f"Pass {instead} to {code(str(found['class']) + '()')}."

    if not (isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)):
        return [said] if (said := passed(test)) else []
    # Of `not self.blank and value in self.empty_values` (django/db/models/fields/__init__.py:826, 5.2.19), a part
    # that is a flag off by default, where the message speaks of what it allows ("This field cannot be blank."):
    # one part false, the `if` is. Not a limit's `self.max_digits is not None`, nor a flag the message does not
    # name (`collect_sql` beside "Executing DDL statements ..."): turning them off or on is no fix.
    words = set(re.findall(r"[a-z]{4,}+", message.lower()))
    return [
        said
        for part in test.values
        if isinstance(part, ast.UnaryOp)
        and isinstance(part.op, ast.Not)
        and _is_own(part.operand)
        and words.intersection(part.operand.attr.lower().split("_")) - {"allow"}
        and (said := passed(part))
        and said.startswith("Pass `True`")
    ]


def _emptiness(node: ast.expr) -> tuple[str, bool] | None:
    """(x, whether the test is `is None`) of `self.x is None` or `not self.x` (or `getattr(self, "x", None)`);
    None for any other test."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        node, is_none = node.operand, False
    elif (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], ast.Is)
        and isinstance(node.comparators[0], ast.Constant)
        and node.comparators[0].value is None
    ):
        node, is_none = node.left, True
    else:
        return None
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node.attr, is_none
    if (  # `getattr(self, "scope", None)`: `self.scope`, or None where the class leaves it out
        isinstance(node, ast.Call)
        and _called(node) == "getattr"
        and len(node.args) == 3
        and not node.keywords
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == "self"
        and isinstance(name := node.args[1], ast.Constant)
        and isinstance(name.value, str)
        and name.value.isidentifier()
        and isinstance(fallback := node.args[2], ast.Constant)
        and fallback.value is None
    ):
        return name.value, is_none
    return None


def _for_container(test: ast.expr, reader: Reader, entry: EntryPoint, line: int | None) -> list[str]:
    """`x not in NAME` of a module's literal container the module never changes (the harvest's "module_names"):
    "Pass one of `'load'`, `'commit'` or `'networkidle'` as `wait_until` to `verify_load_state()`."."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.NotIn)):
        return []
    held = test.comparators[0]
    row = reader.module_names.get(held.id) if isinstance(held, ast.Name) else None
    said = container(held.id, row) if isinstance(held, ast.Name) and row and row.get("kind") == "literal" else ""
    if (
        not said
        and isinstance(held, ast.Name)
        and (named := _module_constants(reader.definition(held.id, line), reader))
    ):
        said = f"the {code(named)} values"
    elif said:
        said = listed(said)
    if not said or not (argument := _argument(test.left, reader, entry, line)):
        return []
    return [f"Pass one of {said} as {argument} to {code(entry.call())}."]


def _module_constants(defined: str | None, reader: Reader) -> str:
    """ "decimal.ROUND_*" for a local built as the values of a module's names with one prefix,
    `[v for k, v in vars(decimal).items() if k.startswith('ROUND_')]` (DRF's DecimalField: its allowed roundings);
    "" for any other definition."""
    tree = _parse(defined or "")
    if not (isinstance(tree, (ast.ListComp, ast.SetComp)) and len(tree.generators) == 1):
        return ""
    loop = tree.generators[0]
    pair = loop.target
    names = [n.id for n in pair.elts if isinstance(n, ast.Name)] if isinstance(pair, ast.Tuple) else []
    if not (
        len(names) == 2
        and isinstance(tree.elt, ast.Name)
        and tree.elt.id == names[1]
        and not loop.is_async
        and len(loop.ifs) == 1
    ):
        return ""
    items, test = loop.iter, loop.ifs[0]
    if not (
        isinstance(items, ast.Call)
        and isinstance(items.func, ast.Attribute)
        and items.func.attr == "items"
        and not items.args
        and isinstance(scope := items.func.value, ast.Call)
        and _called(scope) == "vars"
        and len(scope.args) == 1
        and isinstance(module := scope.args[0], ast.Name)
        and module.id not in ("self", "cls", *reader.parameters, *reader.definitions)  # a module, not a value
    ):
        return ""
    if not (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Attribute)
        and test.func.attr == "startswith"
        and isinstance(test.func.value, ast.Name)
        and test.func.value.id == names[0]
        and len(test.args) == 1
        and not test.keywords
        and isinstance(prefix := test.args[0], ast.Constant)
        and isinstance(prefix.value, str)
        and prefix.value.isidentifier()
    ):
        return ""
    return f"{module.id}.{prefix.value}*"


_INSTALL = re.compile(r"Install the `([\w.]++)` package\.")


def _for_optional(row: dict, reader: Reader) -> list[str]:
    """ "Install the `pywatchman` package." where the deciding test is that it is not installed, by the name the
    message itself gives (`Reader._module_name`); never a guessed pip name."""
    said = reader.condition(row) or ""
    return [
        f"Install the {code(str(name['module']))} package."
        for name in reader.module_names.values()
        if name.get("installs") and f"the {code(str(name['module']))} package is not installed" in said
    ][:1]


_CONNECTION_WORDS = frozenset({"connection", "connections", "db"})


def _for_backend(test: ast.expr, row: dict, reader: Reader, line: int | None) -> list[str]:
    """ "Use a database backend for which `connection.features.supports_over_clause` is true." where the deciding
    test of an `if` is `not <connection>.features.<flag>`, alone, as the one such part of an `and` (making it false
    makes the whole test false: `of and not features.has_select_for_update_of`), or every part of an `or`. The
    features are a database connection's: read off `connection`, `connections[db]`, `self.db`, or a local defined
    as one (`features = self.connection.features`). A flag the test wants true is never advised: no backend is
    chosen for what it lacks."""
    if row.get("kind") != "if":
        return []

    def flag(node: ast.expr) -> str:
        if not (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
            return ""
        read = node.operand
        if not (isinstance(read, ast.Attribute) and not read.attr.startswith("_")):
            return ""
        held = read.value
        if isinstance(held, ast.Name):
            defined = _parse(reader.definition(held.id, line) or "")
            held = defined if defined is not None else held
        if not (isinstance(held, ast.Attribute) and held.attr == "features"):
            return ""
        words = {
            one.id if isinstance(one, ast.Name) else one.attr
            for one in breadth.nodes(held.value)
            if isinstance(one, (ast.Name, ast.Attribute))
        }
        return read.attr if words & _CONNECTION_WORDS else ""

    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        flags = [name for name in map(flag, test.values) if name]
        flags = flags if len(flags) == 1 else []
    elif isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        flags = [flag(value) for value in test.values]
        flags = flags if all(flags) else []
    else:
        flags = [name for name in [flag(test)] if name]
    if not flags:
        return []
    said = [code(f"connection.features.{name}") for name in dict.fromkeys(flags)]
    if len(said) == 1:
        return [f"Use a database backend for which {said[0]} is true."]
    return [f"Use a database backend for which {', '.join(said[:-1])} and {said[-1]} are true."]


def _for_options(test: ast.expr, reader: Reader, line: int | None) -> list[str]:
    """Options the user declares in a class's inner `Meta` (`Reader._meta_option`): "Set at most one of the
    `Meta.fields` and `Meta.exclude` options of your `ModelSerializer`." for `fields and exclude`; "Set the
    `Meta.fields` option of your `ModelSerializer` to a `list` or a `tuple`." for `not isinstance(fields, ...)`; "Set
    the `Meta.model` option of your `ModelSerializer`." for `not hasattr(self.Meta, 'model')`."""

    def option(node: ast.expr) -> str:
        name = unparse(node) if isinstance(node, (ast.Name, ast.Attribute)) else ""
        said = reader.replacement(name, line) if name else None
        return said if said and " option of your " in said else ""

    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) and len(test.values) == 2:
        said = [option(value) for value in test.values]
        if all(said) and said[0] != said[1]:
            owner = said[0].rpartition(" option of your ")[2]
            names = [one.removeprefix("the ").partition(" option of your ")[0] for one in said]
            if all(one.endswith(f" option of your {owner}") for one in said):
                return [f"Set at most one of the {names[0]} and {names[1]} options of your {owner}."]
        return []
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and _is_isinstance(test.operand):
        if (declared := option(test.operand.args[0])) and (kinds := _kinds(test.operand.args[1])):
            return [f"Set {declared} to {kinds}."]
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    asked_of = test.operand if isinstance(test, ast.UnaryOp) and negated else test
    owner = own_attributes.own_class(reader.evidence)
    if owner and (asked := own_attributes.meta_asked(asked_of, reader.roots())):
        # `hasattr(self.Meta, 'model')`: the option is declared or not, in the user's own class (round 24's card 20).
        declared = f"the {code('Meta.' + asked)} option"
        return [f"Set {declared} of your {code(owner)}." if negated else f"Remove {declared} from your {code(owner)}."]
    return []


def _is_operator(function: str) -> bool:
    """`QuerySet.__getitem__` is reached as `qs[k]`, not called by name: no "pass ... to" advice fits it."""
    last = function.rpartition(".")[2]
    return last.startswith("__") and last.endswith("__") and last not in ("__init__", "__new__", "__call__")


def shown_call(function: str) -> str:
    """How a reader calls it: `Func.__init__` → `Func()`, `QuerySet.filter` → `QuerySet.filter()`."""
    owner, _, last = function.rpartition(".")
    return code(f"{owner}()" if last in ("__init__", "__new__") and owner else f"{function}()")


@functools.lru_cache(maxsize=4096)
def _parse(text: str) -> ast.expr | None:
    """A condition's code as a tree, read once per process: the sites of one function share their tests (never
    changed in place by those who read it)."""
    if not text or len(text) > MAX_CODE:
        return None
    return expression(text)


def _switches(
    test: ast.expr, row: dict, reader: Reader, *, flags: bool = True, others: Sequence[dict] = ()
) -> list[str]:
    """ "Check the `USE_TZ` setting" for each setting (`settings.UPPER_CASE`), flag or environment variable the test
    reads, directly or through the definitions of the names it reads: with when it raises, where the test says it
    in the reader's terms. The other tests on the way that read the same names are part of "when" (the `else` of
    `if scheme == 'http'` and of `elif scheme == 'https'`: round 10's card 22); when one cannot be said, no "when"."""
    said: dict[str, str] = {}
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    for node in walk(test):
        if name := _setting(node):
            said.setdefault(f"the {code(name)} setting", "")
    for part in parts:  # `A and settings.DEBUG`: raised only while DEBUG is true
        negated = isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not)
        name = _setting(part.operand if isinstance(part, ast.UnaryOp) and negated else part)
        if name and not any(other is not part and name in map(_setting, walk(other)) for other in parts):
            said[f"the {code(name)} setting"] = f": this is raised only while it is {'false' if negated else 'true'}"
        # Read again by another part (`settings.MEDIA_URL and settings.MEDIA_URL.startswith(settings.STATIC_URL)`,
        # django/contrib/staticfiles/utils.py:56-63, 5.2.19), its truth only guards that part: emptying it is no fix.
    for name in _followed(str(row["code"]), reader) if flags else []:
        if switch := reader.switch(name):
            said.setdefault(switch, "")
    mine = set(names_in(str(row["code"])) or [])
    along = [
        other
        for other in others
        if other is not row and other.get("kind") != "except" and mine & set(names_in(str(other.get("code"))) or [])
    ]
    asked: list[str | None] = []  # when it raises, said once and only if needed: most tests read no switch

    def when() -> str | None:
        if not asked:
            asked.append(reader.all_of([*reversed(along), row]))
        return asked[0]

    set_first: list[str] = []
    for name in names_in(str(row["code"])) or []:  # `self.location`, set from an argument that falls back to a setting
        attribute = reader.attributes.get(name) or {}
        setting = str(attribute.get("setting") or "")
        if not setting.isupper() or not reader.replacement(name) or f"the {code(setting)} setting" in said:
            continue
        emptied = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and unparse(test.operand) == name
        if emptied and when():
            owner = code(f"{attribute['class']}()")
            set_first.append(
                f"Set the {code(setting)} setting, or pass a non-empty {code(str(attribute['parameter']))} to {owner}."
            )
            continue
        said.setdefault(f"the {code(setting)} setting", "")
    return set_first + [
        f"Check {switch}{why or _raised_when(when())}."
        for switch, why in said.items()
        if not _REPORTING.search(switch.partition("`")[2].partition("`")[0].lstrip("-"))
    ]


def _for_members(test: ast.expr, reader: Reader, row: dict) -> tuple[str, str] | None:
    """(the setting, what to do) where the deciding test is whether a setting holds a value: `app_dir in [str(d) for
    d in fixture_dirs]` of `fixture_dirs = settings.FIXTURE_DIRS` gives "Remove the value the message shows as
    `{app_dir}` from the `FIXTURE_DIRS` setting."; `"django.contrib.sessions" not in settings.INSTALLED_APPS` gives
    "Add `'django.contrib.sessions'` to the `INSTALLED_APPS` setting.". The value is a string literal, or a name the
    message shows as its placeholder (the harvest's "values"); None for anything else."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.In, ast.NotIn))):
        return None
    line = row.get("line") if isinstance(row.get("line"), int) else None
    setting = _held_setting(test.comparators[0], reader, line)
    value = test.left
    if not setting:
        return None
    if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
        said = code(unparse(value))
    elif isinstance(value, ast.Name) and (shown := _shown_as(value.id, reader.evidence)):
        said = f"the value the message shows as {code('{' + shown + '}')}"
    else:
        return None
    if isinstance(test.ops[0], ast.In):
        return setting, f"Remove {said} from the {code(setting)} setting."
    return setting, f"Add {said} to the {code(setting)} setting."


def _held_setting(node: ast.expr, reader: Reader, line: int | None) -> str:
    """The setting whose items `node` is: `settings.X`, a local bound to it alone and never changed in place, or a
    comprehension over one of those that keeps each item or its text (`[str(d) for d in dirs]`); "" otherwise."""
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)) and len(node.generators) == 1:
        loop = node.generators[0]
        item = node.elt
        if isinstance(item, ast.Call) and _called(item) == "str" and len(item.args) == 1:
            item = item.args[0]
        if not (
            isinstance(loop.target, ast.Name)
            and isinstance(item, ast.Name)
            and item.id == loop.target.id
            and not loop.ifs
            and not loop.is_async
        ):
            return ""
        node = loop.iter
    if name := _setting(node):
        return name
    if not isinstance(node, ast.Name) or reader.changed.get(node.id) or node.id in reader.parameters:
        return ""
    bound = reader.definitions.get(node.id) or []
    defined = reader.definition(node.id, line)
    parsed = _parse(defined) if defined and len(bound) == 1 else None
    return _setting(parsed) if parsed is not None else ""


def _shown_as(name: str, evidence: dict) -> str:
    """The message's placeholder that shows the local `name` as it is (the harvest's "values"), or ""."""
    for row in evidence.get("values") or []:
        if isinstance(row, dict) and row.get("expression") == name and str(row.get("placeholder") or "").isidentifier():
            return str(row["placeholder"])
    return ""


def _raised_when(when: str | None) -> str:
    return f": this is raised only when {when}" if when else ""  # a test on the way, not all it takes


# A switch that decides whether a problem is reported, not whether it exists (`if settings.DEBUG: warn(...)`):
# turning it off hides the error and keeps the fault, so it is never advised (round 5's card 10).
# A setting's name as a whole word of a message: `X_FOO` does not name `X`.
_SETTING_WORD = re.compile(r"(?<![A-Za-z0-9_])[A-Z][A-Z0-9_]*+")
_REPORTING = re.compile(r"(?:^|[_-])(?:DEBUG|VERBOSE|VERBOSITY)(?:[_-]|$)", re.IGNORECASE)


def _settings_in(written: str) -> list[str]:
    """The settings a condition's code reads (`settings.USE_TZ and value` → ["USE_TZ"])."""
    test = _parse(written) if "settings" in written else None
    return [name for node in walk(test) if (name := _setting(node))] if test is not None else []


def _keyword_tested(test: ast.expr) -> tuple[str, bool, ast.expr] | None:
    """`'name' in kwargs` → ("name", True, the `kwargs` node), `'name' not in kwargs` → ("name", False, ...)."""
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.In, ast.NotIn))
        and isinstance(test.left, ast.Constant)
        and isinstance(test.left.value, str)
        and test.left.value.isidentifier()
    ):
        return None
    return test.left.value, isinstance(test.ops[0], ast.In), test.comparators[0]


def _keyword_absent(test: ast.expr) -> tuple[str, ast.expr] | None:
    """A test that is false whenever the keyword is not passed, read through the default its lookup falls back to:
    `kwargs.get('db_default', NOT_PROVIDED) is not NOT_PROVIDED`, `kwargs.get('db_column', None) is not None`,
    `kwargs.setdefault('editable', False)`, `not kwargs.setdefault('blank', True)` → (the key, the `kwargs` node).
    Only a whole test: a part of `a and b` says nothing alone (the user may want the keyword and drop `a`)."""
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    node = test.operand if isinstance(test, ast.UnaryOp) and negated else test
    compared = isinstance(node, ast.Compare) and len(node.ops) == 1 and not negated
    lookup = node.left if isinstance(node, ast.Compare) and compared else node
    if not (
        isinstance(lookup, ast.Call)
        and isinstance(lookup.func, ast.Attribute)
        and lookup.func.attr in ("get", "setdefault")
        and isinstance(lookup.func.value, ast.Name)
        and 1 <= len(lookup.args) <= 2
        and not lookup.keywords
        and isinstance(key := lookup.args[0], ast.Constant)
        and isinstance(key.value, str)
        and key.value.isidentifier()
    ):
        return None
    default = lookup.args[1] if len(lookup.args) == 2 else ast.Constant(None)
    if isinstance(node, ast.Compare) and compared:
        other = node.comparators[0]
        same = dump(other) == dump(default)
        identity = isinstance(default, ast.Name) or (isinstance(default, ast.Constant) and default.value is None)
        # `!=` of a name may be any comparison its class defines: only `is not` of a sentinel or `None`
        if isinstance(node.ops[0], ast.IsNot):
            kept = identity
        else:
            kept = isinstance(node.ops[0], ast.NotEq) and isinstance(default, ast.Constant)
        if not same or not kept:
            return None
    elif isinstance(node, ast.Compare):
        return None
    elif not (isinstance(default, ast.Constant) and bool(default.value) is negated):
        return None  # `kwargs.get('x')` is false without it; `not kwargs.setdefault('x', True)` too
    return key.value, lookup.func.value


def _own_kwargs(node: ast.expr, key: str, reader: Reader, entry: EntryPoint, line: int | None) -> bool:
    """Whether `node` is the entry point's own `**kwargs` and its `key` is as the caller gave it: never bound
    anew, and changed in place only by the lookups of other keys in the tests on the way
    (`kwargs.setdefault('editable', False)` above `not kwargs.setdefault('blank', True)`), none in a loop."""
    if not (
        isinstance(node, ast.Name)
        and node.id in reader.parameters
        and entry.arguments.get(node.id, "").startswith("**")
        and not reader.definitions.get(node.id)
        and line is not None
    ):
        return False
    changed = reader.changed.get(node.id) or []
    if changed and reader.loops:
        return False
    tests = {
        row["line"]: str(row.get("code") or "")
        for row in reader.evidence.get("conditions") or []
        if isinstance(row, dict) and isinstance(row.get("line"), int)
    }
    for at in changed:
        test = _parse(tests.get(at, "")) if at <= line else None
        if test is None:
            return False
        for call in walk(test):
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and isinstance(call.func.value, ast.Name)
                and call.func.value.id == node.id
            ):
                continue
            held = call.args[0] if call.args else None
            other = isinstance(held, ast.Constant) and isinstance(held.value, str) and held.value != key
            if call.func.attr not in ("get", "setdefault") or not (other or at == line):
                return False
    return True


def _setting(node: ast.AST) -> str:
    """`settings.USE_TZ` → "USE_TZ"; "" for anything else (`settings.configured` is no setting)."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "settings":
        return node.attr if node.attr.isupper() else ""
    return ""


def _followed(written: str, reader: Reader) -> list[str]:
    """The names a test reads, and those their definitions read, a few steps."""
    found: list[str] = []
    queue = list(names_in(written) or [])
    while queue and len(found) < 16:
        name = queue.pop(0)
        if name in found:
            continue
        found.append(name)
        root = re.split(r"[.\[]", name, maxsplit=1)[0]
        for _, definition in reader.definitions.get(root, []):
            queue.extend(names_in(definition) or [])
    return found


def _for_parameters(
    test: ast.expr, reader: Reader, entry: EntryPoint, line: int | None, *, whole: bool = True
) -> list[str]:
    """What to pass instead, for each part of `test` (joined by `and`) that reads one argument of the entry point."""
    if whole and (absent := _keyword_absent(test)) and _own_kwargs(absent[1], absent[0], reader, entry, line):
        return [f"Pass no {code(absent[0])} keyword argument to {code(entry.call())}."]
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        if exclusive := _for_exclusive(test, reader, entry, line) or _for_either(test, reader, entry, line):
            return [exclusive]
        parts = [value for value in test.values if not _given_and_checked(value, test.values)]
        return [s for value in parts for s in _for_parameters(value, reader, entry, line, whole=False)]
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        if instead := _but_not(test, lambda node: _argument(node, reader, entry, line)):
            return [f"Pass {instead} to {code(entry.call())}."]
        # Each part alone raises: every one must be made false ("`False` for `nulls_first` or `nulls_last`").
        each = [_instead(value, lambda node: _argument(node, reader, entry, line)) for value in test.values]
        return [f"Pass {' and '.join(each)} to {code(entry.call())}."] if all(each) else []
    if starred := _for_starred(test, reader, entry, line):
        return [f"Pass {starred} to {code(entry.call())}."]
    instead = _instead(test, lambda node: _argument(node, reader, entry, line))
    return [f"Pass {instead} to {code(entry.call())}."] if instead else []


def _tag_arguments(n: int, noun: str = "argument") -> str:
    return f"no {noun}s" if n <= 0 else f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# (comparison, the count of the tag's words, its name first) → how many arguments (or words) to write after the name.
_TAG_COUNT: dict[type[ast.cmpop], Callable[[int, str], str]] = {
    ast.Lt: lambda n, noun: f"at least {_tag_arguments(n - 1, noun)}",
    ast.LtE: lambda n, noun: f"at least {_tag_arguments(n, noun)}",
    ast.Gt: lambda n, noun: f"at most {_tag_arguments(n - 1, noun)}",
    ast.GtE: lambda n, noun: f"at most {_tag_arguments(n - 2, noun)}" if n >= 2 else "at most -",
    ast.NotEq: lambda n, noun: f"exactly {_tag_arguments(n - 1, noun)}",
}
# How the tag's function splits its token → what the count is of: `split_contents()` keeps a quoted string with
# spaces as one argument; `contents.split()` splits it, so the count is of words.
_TAG_SPLITS = {".split_contents()": "argument", ".contents.split()": "word"}


def _for_tag(test: ast.expr, outer: list[dict], reader: Reader, entry: EntryPoint, line: int | None) -> list[str]:
    """A count of a template tag's words, its name first (`bits = token.split_contents()`, then `len(bits) != 2`):
    "Give the `{% timezone %}` tag exactly 1 argument after its name."; of `token.contents.split()`, words ("Give
    the `{% block %}` tag exactly 1 word after its name."). Only where `bits` is the tag's token split and nothing
    changed it before the test (`bits.pop(0)` would shift the count). A count with words at set places
    (`len(args) != 5 or args[1] != 'for' or args[3] != 'as'`): the tag as written, `_for_tag_syntax`."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return _for_tag_syntax(test, reader, entry, line)
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and type(test.ops[0]) in _TAG_COUNT
        and isinstance(test.left, ast.Call)
        and _called(test.left) == "len"
        and len(test.left.args) == 1
        and isinstance(words := test.left.args[0], ast.Name)
        and isinstance(count := test.comparators[0], ast.Constant)
        and type(count.value) is int
        and count.value >= 1
    ):
        return []
    noun = _tag_words(words.id, reader, entry, line)
    if not noun:
        return []
    said = _TAG_COUNT[type(test.ops[0])](count.value, noun)
    if said.startswith(("at least no ", "at most -")):
        return []  # a test no tag can make true
    said = f"no {noun}s" if said == f"at most no {noun}s" else said
    if isinstance(test.ops[0], ast.NotEq):  # `if len(bits) == 4: ... elif len(bits) == 6: ... else: raise`
        counts = [count.value]
        for row in outer:
            other = _parse(str(row.get("code") or "")) if row.get("kind") == "else" else None
            if row.get("other_raises") or not isinstance(other, ast.Compare) or dump(other.left) != dump(test.left):
                break
            if not (isinstance(other.ops[0], ast.NotEq) and len(other.ops) == 1):
                break
            if not (isinstance(held := other.comparators[0], ast.Constant) and type(held.value) is int):
                break
            counts.insert(0, held.value)
        shown = [str(n - 1) for n in dict.fromkeys(counts) if n >= 1]
        if len(shown) > 1:
            said = f"exactly {', '.join(shown[:-1])} or {shown[-1]} {noun}s"
    tag = entry.function.rpartition(".")[2]
    return [f"Give the {code('{% ' + tag + ' %}')} tag {said} after its name."]


def _tag_words(name: str, reader: Reader, entry: EntryPoint, line: int | None) -> str:
    """ "argument" or "word" where `name` is the split of the token the tag's function was given, unchanged before
    the test at `line`; "" for anything else."""
    defined = reader.definition(name, line) or ""
    split = next((split for split in _TAG_SPLITS if defined.endswith(split)), "")
    token, noun = (defined.removesuffix(split), _TAG_SPLITS[split]) if split else ("", "")
    signature = signature_of(reader.evidence)
    own = [a.arg for a in (*signature.posonlyargs, *signature.args)] if signature is not None else []
    if not token.isidentifier() or token not in own or reader.definition(token, line) != "":
        return ""  # the token the tag's function was given, not one it made or read later
    if entry.arguments.get(token) != "token" or reader.replacement(name, line) is None:
        return ""
    return noun


def _for_tag_syntax(test: ast.BoolOp, reader: Reader, entry: EntryPoint, line: int | None) -> list[str]:
    """ "Write the tag as `{% get_language_info for … as … %}`, each `…` one argument." for
    `len(args) != 5 or args[1] != 'for' or args[3] != 'as'` (Django 5.2.19 django/templatetags/i18n.py:258): the
    raise needs one part true, so a tag of exactly that many words with each set word in its place makes them all
    false. Only where the first part is the `!=` count and every other part is `words[i] != 'literal'` at a place
    inside that count (an `or` tests the count first, so no index is out of range)."""
    first, *rest = test.values
    if not (
        rest
        and isinstance(first, ast.Compare)
        and len(first.ops) == 1
        and isinstance(first.ops[0], ast.NotEq)
        and isinstance(first.left, ast.Call)
        and _called(first.left) == "len"
        and len(first.left.args) == 1
        and isinstance(words := first.left.args[0], ast.Name)
        and isinstance(count := first.comparators[0], ast.Constant)
        and type(count.value) is int
        and 2 <= count.value <= 10
    ):
        return []
    placed: dict[int, str] = {}
    for part in rest:
        if not (
            isinstance(part, ast.Compare)
            and len(part.ops) == 1
            and isinstance(part.ops[0], ast.NotEq)
            and isinstance(at := part.left, ast.Subscript)
            and isinstance(at.value, ast.Name)
            and at.value.id == words.id
            and isinstance(index := at.slice, ast.Constant)
            and type(index.value) is int
            and 0 < index.value < count.value
            and isinstance(word := part.comparators[0], ast.Constant)
            and isinstance(word.value, str)
            and word.value.isidentifier()
            and placed.setdefault(index.value, word.value) == word.value
        ):
            return []
    if not (noun := _tag_words(words.id, reader, entry, line)):
        return []
    tag = entry.function.rpartition(".")[2]
    written = " ".join([tag, *(placed.get(n, "…") for n in range(1, count.value))])
    left = count.value - 1 - len(placed)
    ending = "" if not left else f", the `…` one {noun}" if left == 1 else f", each `…` one {noun}"
    return [f"Write the tag as {code('{% ' + written + ' %}')}{ending}."]


def _for_exclusive(test: ast.BoolOp, reader: Reader, entry: EntryPoint, line: int | None) -> str:
    """Two arguments that may not be given together: `read_only and write_only` ("Pass a true value for at most
    one of `read_only` and `write_only` to `Field()`"), `'name' in kwargs and 'suffix' in kwargs` ("Pass at most one
    of the `name` and `suffix` keyword arguments to `action()`"). Only where both parts test one argument each, read
    as the caller gave it, the same way: making either false avoids the raise. "" for anything else."""
    if len(test.values) != 2:
        return ""
    truthy = [_argument(value, reader, entry, line) if isinstance(value, ast.Name) else "" for value in test.values]
    unconverted = all(isinstance(v, ast.Name) and reader.definition(v.id, line) == "" for v in test.values)
    if all(truthy) and truthy[0] != truthy[1] and unconverted and all(_as_given(v, reader, line) for v in test.values):
        return f"Pass a true value for at most one of {truthy[0]} and {truthy[1]} to {code(entry.call())}."
    keys = [_keyword_given(value, reader, entry, line) for value in test.values]
    if all(keys) and keys[0] != keys[1]:
        return f"Pass at most one of the {keys[0]} and {keys[1]} keyword arguments to {code(entry.call())}."
    # `expressions and fields` of `Index(*expressions, fields=())`: the positional arguments are one of the two.
    starred = [_positional(value, reader, entry, line) for value in test.values]
    if sum(bool(s) for s in starred) == 1 and unconverted and all(_as_given(v, reader, line) for v in test.values):
        other = next(t for t, s in zip(truthy, starred, strict=True) if not s)
        said = next(s for s in starred if s)
        if other:
            return f"Pass either {said} or a true value for {other} to {code(entry.call())}, not both."
    return ""


def _for_either(test: ast.BoolOp, reader: Reader, entry: EntryPoint, line: int | None) -> str:
    """Two arguments of which one must be given: `not old_name and not old_fields` ("Pass one of `old_name` and
    `old_fields` to `RenameIndex()`, ..."), one piece of advice, not one for each (round 31's cards 04 and 12: "Pass a
    value that is neither empty nor false as `old_name`", then the same of `old_fields`): giving either avoids the
    raise. Only where each part is `not x` of an argument read as the caller gave it; "" for anything else."""
    if len(test.values) != 2 or not all(
        isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not) for value in test.values
    ):
        return ""
    names = [value.operand for value in test.values if isinstance(value, ast.UnaryOp)]
    given = [_argument(name, reader, entry, line) if isinstance(name, ast.Name) else "" for name in names]
    unconverted = all(isinstance(n, ast.Name) and reader.definition(n.id, line) == "" for n in names)
    if not (all(given) and given[0] != given[1] and unconverted and all(_as_given(n, reader, line) for n in names)):
        return ""
    called = code(entry.call())
    return f"Pass one of {given[0]} and {given[1]} to {called}, with a value that is neither empty nor false."


def _positional(node: ast.expr, reader: Reader, entry: EntryPoint, line: int | None) -> str:
    """ "positional arguments" (" after `converter`" of `f(converter, *classes)`) where `node` is the entry point's
    own `*args` as given; "" for anything else."""
    if not (isinstance(node, ast.Name) and node.id in reader.parameters) or reader.definition(node.id, line) != "":
        return ""
    if not entry.arguments.get(node.id, "").startswith("*") or entry.arguments[node.id].startswith("**"):
        return ""
    after = f" after {' and '.join(code(b) for b in entry.before_star)}" if entry.before_star else ""
    return f"positional arguments{after}"


def _as_given(node: ast.expr, reader: Reader, line: int | None) -> bool:
    """Whether the test reads the argument as the caller gave it: not changed in place before (`kwargs.pop(...)`)."""
    return isinstance(node, ast.Name) and reader.replacement(node.id, line) is not None


def _keyword_given(node: ast.expr, reader: Reader, entry: EntryPoint, line: int | None) -> str:
    """`'name' in kwargs` of the entry point's own `**kwargs`, as given: "`name`"; "" for any other test."""
    if not (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], ast.In)
        and isinstance(node.left, ast.Constant)
        and isinstance(node.left.value, str)
        and node.left.value.isidentifier()
        and isinstance(held := node.comparators[0], ast.Name)
        and held.id in reader.parameters
        and entry.arguments.get(held.id, "").startswith("**")
        and reader.definition(held.id, line) == ""
        and _as_given(held, reader, line)
    ):
        return ""
    return code(node.left.value)


def _for_chain(test: ast.expr, outer: list[dict], reader: Reader, entry: EntryPoint, line: int | None) -> list[str]:
    """An `if`/`elif` chain on one argument that raises in its last branch (`if uses_netloc is True: ... elif
    uses_netloc is False: ... elif uses_netloc is not None: raise`): every value a branch before takes avoids it
    too, so all are said ("Pass `True`, `False` or `None` as `uses_netloc`"), never only the last (round 11's card
    22). [] when the test is not such a chain's."""
    chain = _chain(test, outer, reader, entry, line)
    return [f"Pass {chain[0]} as {chain[1]} to {code(entry.call())}."] if chain else []


def _chain(
    test: ast.expr, outer: list[dict], reader: Reader, entry: EntryPoint, line: int | None
) -> tuple[str, str] | None:
    """(what the branches take, the argument) of `_for_chain`'s chain, its types and values said together where
    it mixes them (`if isinstance(srs, SpatialReference): ... elif isinstance(srs, (int, str)): ... elif srs is
    None: ... else: raise`, django/contrib/gis/gdal/geometries.py:340-352: "a `SpatialReference`, an `int`, a `str`
    or `None`"); None for no chain of two branches or more."""
    mine = _not_a(test) or _not_one(test)
    if mine is None:
        return None
    name = mine[0]
    taken: list[tuple[bool, str]] = [(_not_a(test) is not None, mine[1])]  # (a type, as written) of each branch
    for row in outer:
        if row.get("kind") != "else" or row.get("other_raises"):
            break  # a branch before that raises another error is no way to avoid this one
        before = _parse(str(row.get("code") or ""))
        other = _not_a(before) or _not_one(before)
        if other is None or other[0] != name:
            break
        taken.insert(0, (_not_a(before) is not None, other[1]))
    if len(taken) < 2 or not (argument := _argument(ast.Name(id=name), reader, entry, line)):
        return None
    said: list[str] = []
    for typed, written in taken:
        if not typed:
            said.append(code(written))
            continue
        names = _type_names([written])
        kinds = [_kinds(node) if (node := _parse(n)) is not None else "" for n in names]
        if not all(kinds):
            return None
        said.extend(kinds)
    said = list(dict.fromkeys(said))
    return (said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"), argument


def _type_names(values: list[str]) -> list[str]:
    """Each type of `isinstance` tests' second arguments once, in order (`(int, str)` is two)."""
    names: dict[str, None] = {}
    for value in values:
        node = _parse(value)
        for one in node.elts if isinstance(node, ast.Tuple) else [node]:
            names[unparse(one) if one is not None else ""] = None
    return list(names)


def _not_a(test: ast.expr | None) -> tuple[str, str] | None:
    """(name, the type or types as written) of `not isinstance(name, T)`."""
    if not (isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and _is_isinstance(test.operand)):
        return None
    checked, kinds = test.operand.args
    return (checked.id, unparse(kinds)) if isinstance(checked, ast.Name) else None


def _not_one(test: ast.expr | None) -> tuple[str, str] | None:
    """(name, value) of `name is not VALUE` or `name != VALUE` with a literal value."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.IsNot, ast.NotEq))):
        return None
    if not isinstance(test.left, ast.Name) or not _is_literal(test.comparators[0]):
        return None
    return test.left.id, unparse(test.comparators[0])


def _for_setter(
    test: ast.expr, reader: Reader, entry: EntryPoint, line: int | None, outer: Sequence[dict] = ()
) -> list[str]:
    """A property setter's value: "Assign an `int` or a `str` to `GDALRaster.srs`." (the templates that end in
    "as <argument>" only: a value, a type, one of some values); every branch's of an `if`/`elif` chain (`_chain`):
    "Assign `None`" alone, of the chain's last branch, would undo what the reader meant to set."""
    if chain := _chain(test, list(outer), reader, entry, line):
        return [f"Assign {chain[0]} to {code(entry.function)}."]
    if outer and outer[0].get("kind") == "else" and test is not None and (_not_a(test) or _not_one(test)):
        return []  # a chain not read whole: one branch's value is not the advice
    marker = "\x00"
    instead = _instead(test, lambda node: marker if _argument(node, reader, entry, line) else "")
    if not instead.endswith(f" as {marker}") or marker in instead.removesuffix(f" as {marker}"):
        return []
    return [f"Assign {instead.removesuffix(f' as {marker}')} to {code(entry.function)}."]


def _for_starred(test: ast.expr, reader: Reader, entry: EntryPoint, line: int | None) -> str:
    """`not args` of an entry point's `*args`: "at least one positional argument"; `'default' not in kwargs` of
    its `**kwargs`: "the `default` keyword argument"; "" for any other test."""

    def star(node: ast.expr) -> str:
        if not (isinstance(node, ast.Name) and node.id in reader.parameters) or reader.definition(node.id, line):
            return ""
        name = entry.arguments.get(node.id, "")
        return "**" if name.startswith("**") else "*" if name.startswith("*") else ""

    # " after `converter`" of `f(converter, *classes)`: a count of `classes` is not one of all positionals.
    after = f" after {' and '.join(code(b) for b in entry.before_star)}" if entry.before_star else ""

    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and (marked := star(test.operand)):
        return f"at least one {'keyword' if marked == '**' else 'positional'} argument" + (
            after if marked == "*" else ""
        )
    if (  # `len(expressions) < 2`: "at least 2 positional arguments"
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and type(test.ops[0]) in _LENGTH
        and isinstance(test.left, ast.Call)
        and _called(test.left) == "len"
        and len(test.left.args) == 1
        and (marked := star(test.left.args[0]))
        and isinstance(test.comparators[0], ast.Constant)
        and type(test.comparators[0].value) is int
    ):
        kind = "keyword" if marked == "**" else "positional"
        said = _LENGTH[type(test.ops[0])]("\x00", test.comparators[0].value).removesuffix(" as \x00")
        if marked == "*" and entry.before_star:  # "at least 2 `classes` (positional arguments after `converter`)"
            name = code(entry.arguments[unparse(test.left.args[0])].lstrip("*"))
            return re.sub(r"\bitem(s?)$", lambda m: f"{name} (positional argument{m[1]}{after})", said)
        return re.sub(r"\bitem(s?)$", rf"{kind} argument\1", said)
    if (keyword := _keyword_tested(test)) and star(keyword[2]) == "**":
        name, present, kwargs = keyword
        if not present:
            return f"the {code(name)} keyword argument"
        if _as_given(kwargs, reader, line):  # `'default_bounds' in kwargs`: "no `default_bounds` ..."
            return f"no {code(name)} keyword argument"
    if (  # `fields == (None,)` of `only(*fields)`: "positional arguments other than just `None`"
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq)
        and star(test.left) == "*"
        and isinstance(test.comparators[0], ast.Tuple)
        and test.comparators[0].elts
        and _is_literal(test.comparators[0])
    ):
        values = test.comparators[0].elts
        shown = code(", ".join(unparse(value) for value in values))
        return f"positional arguments other than {'just ' if len(values) == 1 else ''}{shown}"
    return ""


def _given_and_checked(part: ast.expr, parts: list[ast.expr]) -> bool:
    """`only is not None` (or `only`) beside another test of `only`: the code checks a value only when one is
    given. Not passing it avoids the error but drops what the caller asked for ("Pass `None` as `only`" would
    throw away their choice of fields), so the advice comes from the other test alone."""
    if isinstance(part, ast.Compare) and len(part.ops) == 1 and isinstance(part.ops[0], ast.IsNot):
        given = (
            part.left if isinstance(part.comparators[0], ast.Constant) and part.comparators[0].value is None else None
        )
    else:
        given = part
    if not (isinstance(given, ast.Name) or _is_own(given)):
        return False
    said = dump(given)  # `self.min_value` too: set from an argument as it came (`_kept_argument`)
    return any(other is not part and any(dump(n) == said for n in breadth.walk(other)) for other in parts)


def _is_own(node: ast.expr | None) -> TypeGuard[ast.Attribute]:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _argument(node: ast.expr, reader: Reader, entry: EntryPoint, line: int | None) -> str:
    """The entry point's argument a name in the test is, as code; "" for anything else, and for a parameter the
    function gives a new value before the test (a conversion, `number = int(number)`, keeps it the argument)."""
    if (kept := _kept_argument(node, reader, entry, line)) is not None:
        return kept
    if not (isinstance(node, ast.Name) and node.id in reader.parameters):
        return ""
    defined = reader.definition(node.id, line)
    converted = defined and re.fullmatch(rf"(?:int|float|str)\(\s*{re.escape(node.id)}\s*\)", defined)
    if defined != "" and not converted:
        return ""
    name = entry.arguments.get(node.id, "")
    return code(name) if name.isidentifier() and is_public(name) else ""  # not `*args`, `**kwargs`


def _kept_argument(node: ast.expr, reader: Reader, entry: EntryPoint, line: int | None) -> str | None:
    """`self.min_value` set from the `min_value` argument as it came, once, before the test (DRF's DecimalField:
    `self.min_value = min_value`): that argument, as code; "" when it is set otherwise; None for any other node."""
    if not _is_own(node):
        return None
    defined = reader.definition(unparse(node), line) if line is not None else None
    if not defined or not defined.isidentifier() or defined in ("self", "cls"):
        return ""
    signature = signature_of(reader.evidence)
    every = [*signature.posonlyargs, *signature.args, *signature.kwonlyargs] if signature else []
    if defined not in {argument.arg for argument in every} or reader.definition(defined, line) != "":
        return ""  # not a named parameter, or one given a new value before
    name = entry.arguments.get(defined, "")
    return code(name) if name.isidentifier() and is_public(name) else ""


def _instead(test: ast.expr, parameter: Callable[[ast.expr], str]) -> str:
    """What to pass so that `test` is false, or "" when no template says it."""
    if said := _but_not(test, parameter):
        return said
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = test.operand
        if _is_isinstance(inner) and (p := parameter(inner.args[0])):
            kinds = _kinds(inner.args[1])
            return f"{kinds} as {p}" if kinds else ""
        if isinstance(inner, ast.Call) and _called(inner) == "callable" and len(inner.args) == 1:
            return f"a callable as {p}" if (p := parameter(inner.args[0])) else ""
        if p := parameter(inner):
            return f"a value that is neither empty nor false as {p}"
        return ""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return ""
    left, op, right = test.left, type(test.ops[0]), test.comparators[0]
    number = right.value if isinstance(right, ast.Constant) and type(right.value) is int else None
    if op in (ast.In, ast.NotIn) and (folded := _folded(left, right)):
        # `samesite.lower() not in ('lax', 'none', 'strict')`: any letter case of one of them passes.
        if not (p := parameter(folded[0])):
            return ""
        held = f"{_one_of(right)} (in any letter case)"
        return f"{held} as {p}" if op is ast.NotIn else f"a value that is not {held} as {p}"
    if isinstance(left, ast.Call) and _called(left) == "len" and len(left.args) == 1:
        if (p := parameter(left.args[0])) and number is not None and op in _LENGTH:
            return _LENGTH[op](p, number)
        return ""
    if op in _NUMBER and (p := parameter(left)) and (other := parameter(right)) and other != p:
        # `start > end` of two arguments: an order between them, not a number (Django's window frame bounds).
        return _NUMBER[op](p, other)
    if not (p := parameter(left)) or not _is_literal(right):
        return ""
    if _is_own(left) and (
        op is ast.Eq or (op is ast.Is and not (isinstance(right, ast.Constant) and right.value is None))
    ):
        # `self.domain == "django"`: an attribute the argument only may set (`if domain is not None`) holds what the
        # class chose when it is not passed; "a value other than" it would throw that choice away (Django's
        # DjangoTranslation). `self.lookup_name is None` says to pass one, true on every path.
        return ""
    if op in _NUMBER and isinstance(right, ast.Constant) and type(right.value) in (int, float):
        return _NUMBER[op](p, code(unparse(right)))
    if op in (ast.In, ast.NotIn) and (values := _one_of(right)):
        return f"{values} as {p}" if op is ast.NotIn else f"a value that is not {values} as {p}"
    if op in _VALUE:
        return _VALUE[op](p, code(unparse(right)))
    return ""


def _but_not(test: ast.expr, parameter: Callable[[ast.expr], str]) -> str:
    """`isinstance(data, bool) or not isinstance(data, (str, int, float))` (DRF's CharField.to_internal_value,
    rest_framework/fields.py:759, 3.18.3), the two parts in either order: "a `str`, an `int` or a `float` but not a
    `bool` as `data`": a type the test wants and none it refuses makes both parts false ("an `int`" alone would
    send a `bool`, an `int` too). "" for any other test."""
    if not (isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) and len(test.values) == 2):
        return ""
    refused = next((part for part in test.values if _is_isinstance(part)), None)
    wanted = next(
        (
            part.operand
            for part in test.values
            if isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not) and _is_isinstance(part.operand)
        ),
        None,
    )
    if refused is None or wanted is None or dump(refused.args[0]) != dump(wanted.args[0]):
        return ""
    kinds, other = _kinds(wanted.args[1]), _kinds(refused.args[1])
    if not (kinds and other and (p := parameter(wanted.args[0]))):
        return ""
    return f"{kinds} but not {other} as {p}"


_FOLDS = {"lower": str.lower, "upper": str.upper, "casefold": str.casefold}


def _folded(left: ast.expr, right: ast.expr) -> tuple[ast.expr, str] | None:
    """(`x`, "lower") for `x.lower()` tested against a literal collection of strings each already in that case: any
    letter case of one of them passes. None for anything else (an item the fold never gives makes no advice)."""
    if not (
        isinstance(left, ast.Call)
        and isinstance(left.func, ast.Attribute)
        and left.func.attr in _FOLDS
        and not left.args
        and not left.keywords
        and isinstance(right, (ast.Tuple, ast.List, ast.Set))
        and right.elts
        and _is_literal(right)
    ):
        return None
    fold = _FOLDS[left.func.attr]
    items = [item.value for item in right.elts if isinstance(item, ast.Constant)]
    if len(items) != len(right.elts) or not all(isinstance(i, str) and fold(i) == i for i in items):
        return None
    return left.func.value, left.func.attr


def _one_of(node: ast.expr) -> str:
    """A literal tuple, list or set of a few strings or numbers, item by item: "one of `'lax'`, `'none'` or
    `'strict'`", or the one item alone ("`'polygon'`"); "" for anything else."""
    if not (isinstance(node, (ast.Tuple, ast.List, ast.Set)) and 0 < len(node.elts) <= _MAX_VALUES):
        return ""
    if not all(isinstance(i, ast.Constant) and type(i.value) in (str, int, float) for i in node.elts):
        return ""
    shown = list(dict.fromkeys(code(unparse(item)) for item in node.elts))
    return shown[0] if len(shown) == 1 else f"one of {', '.join(shown[:-1])} or {shown[-1]}"


_MAX_VALUES = 8


def _kinds(node: ast.expr) -> str:
    """`int` → "an `int`"; `(int, float)` → "an `int` or a `float`"; "" when a type is not one the reader can
    name (`self.model`, a local)."""
    nodes = node.elts if isinstance(node, ast.Tuple) else [node]
    names = [unparse(n) for n in nodes]
    if not names or not all(_type_name(name) for name in names):
        return ""
    said = [
        code("None") if name.rpartition(".")[2] == "NoneType" else f"{_article(name)} {code(name)}" for name in names
    ]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"


def _type_name(name: str) -> bool:
    """A builtin type, a class, or a module's class (`datetime.date`); not `self.model` nor a local, nor a constant
    holding types (`NUMBER_TYPES`: "Pass a `NUMBER_TYPES`" names what no reader can pass, round 32's card 23)."""
    parts = name.split(".")
    if not all(part.isidentifier() for part in parts) or parts[0] in ("self", "cls"):
        return False
    if parts[-1].isupper() and "_" in parts[-1].strip("_"):
        return False
    return len(parts) > 1 or name in _BUILTIN_TYPES or name[:1].isupper()


def _article(word: str) -> str:
    last = word.rpartition(".")[2]
    return "an" if last[:1].lower() in ("a", "e", "i", "o") or last[:2].lower() == "un" else "a"


def _for_hooks(test: ast.expr, reader: Reader, points: list[EntryPoint]) -> list[str]:
    """A hook the framework calls on the user's subclass, whose return value the test reads: what it must return."""
    hooks = {point.function.rpartition(".")[2]: point for point in points if point.kind == "hook"}
    if not hooks:
        return []

    def returned(node: ast.expr) -> str:
        name = unparse(node) if isinstance(node, (ast.Name, ast.Attribute)) else ""
        found = _HOOK_CALL.match(reader.definition(name) or "")
        return "returned" if found and found[1] in hooks else ""

    instead = _instead(test, returned)
    if not instead.endswith(" as returned"):
        return []
    target = _hook_target(test, reader, hooks)
    return [f"Make your {code(target.call())} return {instead.removesuffix(' as returned')}."] if target else []


def _hook_target(test: ast.expr, reader: Reader, hooks: dict[str, EntryPoint]) -> EntryPoint | None:
    for node in walk(test):
        if isinstance(node, (ast.Name, ast.Attribute)):
            found = _HOOK_CALL.match(reader.definition(unparse(node)) or "")
            if found and found[1] in hooks:
                return hooks[found[1]]
    return None


def _is_isinstance(node: ast.expr) -> TypeGuard[ast.Call]:
    return isinstance(node, ast.Call) and _called(node) == "isinstance" and len(node.args) == 2


def _called(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else ""


def _is_literal(node: ast.expr) -> bool:
    """A value written in the code (`None`, `"x"`, `("a", "b")`), not a name whose value the card cannot know."""
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


# --- example fix -----------------------------------------------------------------------------------------------


def example_fix(sites: Sequence[RaiseSite], tests: Sequence[dict]) -> str:
    """The failing call a test gives, and the same call with the argument the deciding test reads changed to a
    value that passes it: only where the call passes that argument by keyword and the test compares it with a
    literal that says what passes (`size >= 10` → `size=9`)."""
    calls = [str(t["call"]) for t in tests if isinstance(t.get("call"), str) and 0 < len(t["call"]) <= MAX_CALL]
    if not calls:
        return ""
    for site in sites:
        evidence = site.evidence or {}
        points = entry_points(evidence, path=site.path)
        rows = _rows(site)
        if (
            evidence.get("deprecated_before")  # the fix is what the warning asks, not a passing value
            or not points
            or not rows
            or points[0].kind not in _ADVISED
            or rows[0].get("kind") == "except"
            or rows[0].get("other_raises")
        ):
            continue
        test = _parse(str(rows[0]["code"]))
        passing = _passing(test, set(evidence.get("parameters") or []), points[0]) if test is not None else None
        if passing is None:
            continue
        argument, value = passing
        positions = _positions(evidence) if points[0].is_function(_site_function(evidence)) else []
        for call in calls:
            if fixed := _fixed(call, points[0], argument, value, positions):
                return fenced(f"# before: raises\n{call.strip()}\n# after\n{fixed}")
    return ""


def _passing(test: ast.expr, parameters: set[str], entry: EntryPoint) -> tuple[str, object] | None:
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name)):
        return None
    name = entry.arguments.get(test.left.id) if test.left.id in parameters else None
    op = type(test.ops[0])
    if not name or not name.isidentifier() or op not in _PASSING or not _is_literal(test.comparators[0]):
        return None
    value = _PASSING[op](ast.literal_eval(test.comparators[0]))
    return None if value is None else (name, value)


def _site_function(evidence: dict) -> str:
    function = evidence.get("function")
    return str(function.get("name") or "") if isinstance(function, dict) else ""


def _positions(evidence: dict) -> list[str]:
    """The parameters a caller may pass by position, in order (`self` and `cls` left out), from the signature of
    the site's function; [] when it cannot be read."""
    if (arguments := signature_of(evidence)) is None:
        return []
    names = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    return names[1:] if names[:1] in (["self"], ["cls"]) else names


def _fixed(call: str, entry: EntryPoint, argument: str, value: Any, positions: Sequence[str] = ()) -> str:
    """The call with its `argument` (by keyword, or by position where the signature says which) set to `value`;
    "" when the call is not of the entry point or does not pass that argument."""
    try:
        node = ast.parse(call.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return ""
    if not isinstance(node, ast.Call):
        return ""
    called = unparse(node.func).rpartition(".")[2]
    names = {part for part in entry.call().removesuffix("()").split(".") if part}
    if called not in names:
        return ""
    for keyword in node.keywords:
        if keyword.arg == argument:
            keyword.value = ast.Constant(value)
            return unparse(node)
    index = list(positions).index(argument) if argument in positions else -1
    if 0 <= index < len(node.args) and not any(isinstance(a, ast.Starred) for a in node.args[: index + 1]):
        node.args[index] = ast.Constant(value)
        return unparse(node)
    return ""
