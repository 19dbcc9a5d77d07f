"""Tests that check an error as returned data, not as a raise (issue 29): DRF's
`assert serializer.errors == {'f': ['Ensure this field has no more than 3 characters.']}`,
`assert response.data == {'detail': 'Not found.'}`, Django's `self.assertEqual(form.errors, {...})`,
`self.assertFormError(form, 'field', 'message')`, `assertIn('...', str(exc))`, and the error a page was rendered
for: `self.assertEqual(res.context["exception"], "No month specified")` (Django's 404 page puts the Http404's
message there).

A comparison (`==`, `in`, assertEqual, assertIn, assertFormError) whose one side is `X.errors`, `X.errors[...]`,
`X.data`, `X.detail`, `X.messages`, `X.message_dict`, a response's context item named for an error
(`X.context["exception"]`, `X.context.get("reason")`: `CONTEXT_KEYS`) or `str(e)` of an `except ... as e` gives
each string literal of its other side (a dict's values, not its keys) as an assertion of its own. No type is
asserted, so such an assertion counts only when its literal is the whole message of exactly one entry, and no
module without a site of that entry holds it as a string literal besides (`triggers`: another raise may word it,
as DRF's `UniqueTogetherValidator.missing_message` does "This field is required."); its call is what produced
the data: the lines above that bind or call the subject (`serializer = S(data=...)`, `serializer.is_valid()`,
`response = self.client.post(...)`), with the lines they need (`needed.needed_lines`: the `data = {...}` they
are given, the `with timezone.override(tz):` they run in)."""

import ast
import re
from collections.abc import Iterator

from kb.harvest.evidence.assertions import (
    MIN_LITERAL,
    Assertion,
    code_around,
    functions_around,
    parsed_function,
    statements_in_order,
    with_head,
)
from kb.harvest.evidence.excerpts import clipped, segment
from kb.harvest.evidence.needed import needed_lines
from kb.text import breadth
from kb.text.written import unparse

PREFILTER = (
    ".errors",
    ".non_field_errors(",
    ".data",
    ".detail",
    ".messages",
    ".message_dict",
    "assertFormError",
    "str(",
    ".context",
    "assertContains",
)
RETURNED = "returned"  # the form's prefix: `returned:serializer.errors`
_ATTRIBUTES = {"errors", "data", "detail", "messages", "message_dict"}
_SETTINGS_DECORATORS = {"override_settings", "modify_settings"}
_TABLES = {"error_messages", "default_error_messages"}  # a class's messages by key (Django's forms, DRF's fields)
CONTEXT_KEYS = {"exception", "reason", "error"}  # a rendered page's context item that holds an error's message
_COMPARING = {"assertEqual", "assertEquals", "assertDictEqual", "assertListEqual", "assertIn", "assertCountEqual"}
_ANY = ("Exception",)  # nothing is asserted of a type: the message alone decides
_MAX_SETUP = 4  # statements shown before the comparison
_ERROR_STATUS = re.compile(r"(?<![\w.])status_code\s*+=\s*+[45]\d\d(?!\d)")
_STATUS_SPAN = 600  # how far after `assertContains(` its `status_code=` is looked for


def read_returned(text: str, path: str) -> list[Assertion]:
    if not any(word in text for word in PREFILTER):
        return []
    words = (".errors", ".non_field_errors(", ".data", ".detail", ".messages", "assertFormError", ".context")
    hits = [i for word in words for i in _all(text, word)]
    # An error page's text (`_error_status`): parsed only where an error's status follows (Django's tests call
    # `assertContains` some 950 times, 49 of them with a status of 400 and up).
    hits += [i for i in _all(text, "assertContains(") if _ERROR_STATUS.search(text, i, i + _STATUS_SPAN)]
    hits += [i for i in _all(text, "str(") if "except" in text]
    if not hits:
        return []
    lines = text.split("\n")
    found: list[Assertion] = []
    classes: dict[tuple[int, int], tuple[int, int]] = {}
    heads: dict[int, dict] = {}
    for (first, last), name in functions_around(text, sorted(set(hits)), lines, classes).items():
        function, shift = parsed_function(lines, first, last)  # with its decorators: `@override_settings(...)`
        if function is not None:
            # With its class's decorators too (`@override_settings(AUTHENTICATION_BACKENDS=[...])` above Django
            # 5.2.19's AuthenticationFormTest, without which an inactive user is never asked about).
            read = _read_function(function, shift, lines, name, path)
            found.extend(with_head(read, lines, classes.get((first, last)), heads))
    return found


def _all(text: str, word: str) -> Iterator[int]:
    start = text.find(word)
    while start != -1:
        yield start
        start = text.find(word, start + 1)


def _read_function(
    function: ast.FunctionDef | ast.AsyncFunctionDef, shift: int, lines: list[str], name: str, path: str
) -> list[Assertion]:
    caught = {h.name for h in breadth.walk(function) if isinstance(h, ast.ExceptHandler) and h.name}
    built: dict[str, str] | None = None  # read once, for the first message named by its key (`_keyed`)
    statements = list(statements_in_order(function.body))
    found = []
    for index, statement in enumerate(statements):
        for subject, owner, other in _comparisons(statement, caught):
            # Not a block that holds the comparison (`with translation.override("en"):` around it, Django 5.2.19's
            # tests/flatpages_tests/test_forms.py:72-79): its lines run on past what produced the data.
            setup = _setup([s for s in statements[:index] if not _holds(s, statement)], owner)
            call = clipped("\n".join(segment(lines, s, shift) for s in setup))
            pinned = setup[0].lineno + shift if setup else 0
            if setup and (needed := needed_lines(function, lines, shift, setup)) is not None:
                call, pinned = needed  # with the data they are given and the blocks they run in
            line = statement.lineno + shift
            code, start = code_around(lines, function, shift, line)
            if _settings_left_out(function, shift, start):
                continue  # shown without the settings its decorator changes, the lines would not give the error
            for text in dict.fromkeys(_literals(other)):
                message = text.strip()
                if len(message) >= MIN_LITERAL:
                    form = f"{RETURNED}:{subject}"
                    found.append(
                        Assertion(path, line, name, form, _ANY, (message,), message, frozenset(), code, start,
                                  call, pinned)
                    )  # fmt: skip
            named = _named_by_key(other)
            if named and built is None:
                built = _built(function)
            for keyed in dict.fromkeys(_keyed(named, built or {})):
                found.append(
                    Assertion(path, line, name, f"{RETURNED}:{subject}", _ANY, (), None, frozenset(), code, start,
                              call, pinned, keyed=keyed)
                )  # fmt: skip
    return found


def _settings_left_out(function: ast.FunctionDef | ast.AsyncFunctionDef, shift: int, start: int) -> bool:
    """Whether a decorator of the test that changes settings (`@override_settings(AUTH_PASSWORD_VALIDATORS=[...])`,
    Django 5.2.19's tests/auth_tests/test_forms.py:218-236) is above the lines kept of a long test."""
    return any(
        isinstance(decorator, ast.Call)
        and (decorator.func.attr if isinstance(decorator.func, ast.Attribute) else getattr(decorator.func, "id", ""))
        in _SETTINGS_DECORATORS
        and decorator.lineno + shift < start
        for decorator in function.decorator_list
    )


def _built(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
    """Each name the test binds, with the class it names when the name is bound once, to an instance of it
    (`form = PasswordChangeForm(user, data)` -> `form`: `PasswordChangeForm`); "" for any other binding."""
    bound: dict[str, list[str]] = {}
    for node in breadth.walk(function):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.withitem, ast.NamedExpr)):
            targets = node.targets if isinstance(node, ast.Assign) else [_target_of(node)]
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) else None
            for target in targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(_class_called(value) if len(targets) == 1 else "")
    return {name: classes[0] if len(classes) == 1 else "" for name, classes in bound.items()}


def _target_of(node: ast.AST) -> ast.AST | None:
    return node.optional_vars if isinstance(node, ast.withitem) else getattr(node, "target", None)


def _class_called(node: ast.expr | None) -> str:
    """`PasswordChangeForm` of `PasswordChangeForm(user, data)` or `forms.PasswordChangeForm(...)`: a call of a
    capitalised name, as classes are named; "" for anything else."""
    if not isinstance(node, ast.Call):
        return ""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name if name[:1].isupper() else ""


def _named_by_key(node: ast.expr) -> list[tuple[ast.Name, str]]:
    """(the name read, the key) of each message the other side names by its key in a class's table:
    `form.error_messages["inactive"]`, `PasswordChangeForm.error_messages[...]`."""
    named = []
    for item in breadth.walk(node):
        if not (isinstance(item, ast.Subscript) and isinstance(table := item.value, ast.Attribute)):
            continue
        key = item.slice
        if table.attr not in _TABLES or not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            continue
        if isinstance(owner := table.value, ast.Name):
            named.append((owner, key.value))
    return named


def _keyed(named: list[tuple[ast.Name, str]], built: dict[str, str]) -> Iterator[tuple[str, str]]:
    """(the class, the key) of each message named by its key: the class of a `form` the test built, or the class
    the name is."""
    for owner, key in named:
        if built.get(owner.id):
            yield built[owner.id], key
        elif owner.id not in built and owner.id[:1].isupper():
            yield owner.id, key  # the class itself, not a name the test binds


def _comparisons(statement: ast.stmt, caught: set[str]) -> Iterator[tuple[str, str, ast.expr]]:
    """(the subject as written, the name it is read from, the other side) of each comparison the statement makes."""
    pairs: list[tuple[ast.expr, ast.expr]] = []
    if isinstance(statement, ast.Assert) and isinstance(statement.test, ast.Compare):
        test = statement.test
        if len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.In)):
            pairs.append((test.left, test.comparators[0]))
    elif isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call):
        method = call.func.attr if isinstance(call.func, ast.Attribute) else ""
        if method in _COMPARING and len(call.args) >= 2:
            pairs.append((call.args[0], call.args[1]))
        elif method == "assertFormError" and len(call.args) >= 3 and isinstance(call.args[0], ast.Name):
            yield f"{call.args[0].id}.errors", call.args[0].id, call.args[2]
        elif method == "assertContains" and len(call.args) >= 2 and isinstance(call.args[0], ast.Name):
            if _error_status(call):
                yield call.args[0].id, call.args[0].id, call.args[1]
    for left, right in pairs:
        for subject, other in ((left, right), (right, left)):
            if (owner := _subject(subject, caught)) is not None:
                yield unparse(subject), owner, other
                break


def _error_status(call: ast.Call) -> bool:
    """Whether `self.assertContains(response, text, status_code=403)` asserts an error's status (400 and up, as a
    keyword, as Django's and DRF's tests write it): the page was rendered for an error, and the text it holds is
    that error's message (`CsrfViewMiddleware` answers the `RejectRequest` it caught with a 403 page of its
    reason); on a page that succeeded, text is any text."""
    status = next((k.value for k in call.keywords if k.arg == "status_code"), None)
    return isinstance(status, ast.Constant) and isinstance(status.value, int) and status.value >= 400


def _subject(node: ast.expr, caught: set[str]) -> str | None:
    """The name a compared side reads returned data from: `form.errors`, `form.errors['x']`,
    `response.data`, `str(exc.detail)`, `str(exc)` of a caught `exc`; None for any other side."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str" and len(node.args) == 1:
        inner = node.args[0]
        if isinstance(inner, ast.Name) and inner.id in caught:
            return inner.id
        node = inner
    if (context := _context_of(node)) is not None:
        return context
    if isinstance(node, ast.Call) and not node.args and isinstance(node.func, ast.Attribute):
        if node.func.attr == "non_field_errors" and isinstance(node.func.value, ast.Name):
            return node.func.value.id  # `form.non_field_errors()`
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and node.attr in _ATTRIBUTES and isinstance(node.value, ast.Name):
        return node.value.id
    if isinstance(node, ast.Attribute) and node.attr == "errors" and isinstance(field := node.value, ast.Subscript):
        if isinstance(field.value, ast.Name):
            return field.value.id  # `form["old_password"].errors`: a bound field's errors
    return None


def _context_of(node: ast.expr) -> str | None:
    """`res` of `res.context["exception"]` or `res.context.get("reason")`: an item named for an error
    (`CONTEXT_KEYS`) of the context a response was rendered with."""
    if isinstance(node, ast.Subscript):
        held, key = node.value, node.slice
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args:
        held, key = node.func.value, node.args[0]
    else:
        return None
    named = isinstance(key, ast.Constant) and key.value in CONTEXT_KEYS
    if named and isinstance(held, ast.Attribute) and held.attr == "context" and isinstance(held.value, ast.Name):
        return held.value.id
    return None


def _literals(node: ast.expr) -> Iterator[str]:
    """The strings the other side holds: a dict's values (its keys name fields), a list's items, an
    `ErrorDetail(string=...)`'s string; not a keyword's other values (`code='invalid'`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from _literals(value)
    elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        for item in node.elts:
            yield from _literals(item)
    elif isinstance(node, ast.Call):
        for argument in node.args[:1]:
            yield from _literals(argument)
        for keyword in node.keywords:
            if keyword.arg in ("string", "message"):
                yield from _literals(keyword.value)


def _setup(before: list[ast.stmt], owner: str) -> list[ast.stmt]:
    """The last few statements above the comparison that bind the subject or call a method on it
    (`serializer = S(data=...)`, `assert not serializer.is_valid()`), from its last binding on."""
    kept: list[ast.stmt] = []
    for statement in reversed(before):
        binds = any(
            isinstance(t, ast.Name) and t.id == owner
            for t in (statement.targets if isinstance(statement, ast.Assign) else [])
        ) or (isinstance(statement, ast.Try) and _binds_in(statement, owner))
        calls = any(
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id == owner
            for n in breadth.walk(statement)
        )
        if binds or calls:
            if isinstance(statement, ast.Try):
                statement = statement.body[-1] if statement.body else statement
            kept.insert(0, statement)
            if binds or len(kept) >= _MAX_SETUP:
                break
    return kept


def _holds(outer: ast.stmt, inner: ast.stmt) -> bool:
    return outer.lineno <= inner.lineno and inner.lineno <= (outer.end_lineno or outer.lineno)


def _binds_in(statement: ast.Try, owner: str) -> bool:
    return any(handler.name == owner for handler in statement.handlers)
