"""Tests that find an error's message in what a call logged, not in a raise (round 35's card 02): Django 5.2.19's
tests/csrf_tests/tests.py:878-884,

    with self.assertLogs("django.security.csrf", "WARNING") as cm:
        resp = mw.process_view(req, post_form_view, (), {})
    self.assertForbiddenReason(resp, cm, REASON_CSRF_TOKEN_MISSING)

where the middleware catches the `RejectRequest` its `_check_token` raises and logs its reason. The check of the
log (`cm.records[i].getMessage()`, `cm.output`, `.msg`) is in the few statements after the block: in the test, or
in a function of the test file that is handed the log and the text and compares the one with the other
(`assertForbiddenReason(self, response, logger_cm, reason)`: `record = logger_cm.records[0]`, then
`assertEqual(record.getMessage(), "Forbidden (%s): " % reason)`). A log line holds more than the message, and a
literal there may be anything logged: only a name the test module imports from the package counts
(`REASON_CSRF_TOKEN_MISSING`), and `triggers` pins it to the one entry whose raise passes that name as its message,
in a module that reads it nowhere else. The triggering call is the block's one statement, with the test's lines
it needs (`needed`)."""

import ast
import re

from kb.harvest.evidence.assertions import (
    Assertion,
    called_names,
    code_around,
    functions_around,
    parse_at,
    statements_in_order,
    with_head,
)
from kb.harvest.evidence.excerpts import last_statement, with_blocks
from kb.harvest.evidence.forms import keyword, terminal
from kb.harvest.evidence.imported import file_imports
from kb.harvest.evidence.needed import needed_lines
from kb.harvest.evidence.returned import RETURNED
from kb.text import breadth

PREFILTER = "assertLogs("
_FOLLOWING = 3  # statements after the block that may check the log
_LOG_PARTS = frozenset({"records", "output"})  # what unittest's `assertLogs` context keeps
_MESSAGE_READS = frozenset({"getMessage", "output", "msg", "message"})  # a record's text, not its level
_COMPARING = frozenset({"assertEqual", "assertEquals", "assertIn", "assertRegex"})
_ANY = ("Exception",)  # no type is asserted: the named message decides


def read_logged(text: str, path: str) -> list[Assertion]:
    if PREFILTER not in text:
        return []
    imported = {name: dotted.rpartition(".")[0] for name, dotted in file_imports(text).items() if "." in dotted}
    if not imported:
        return []
    hits = [match.start() for match in re.finditer(r"\bassertLogs\(", text)]
    lines = text.split("\n")
    classes: dict[tuple[int, int], tuple[int, int]] = {}
    heads: dict[int, dict] = {}
    checkers: dict[str, set[tuple[int, int]]] = {}  # a function of the file -> (log, text) positions it compares
    helpers: dict[str, tuple[int, str, str]] = {}  # a function that checks its parameter: (position, name, log)
    found: list[Assertion] = []
    for (first, last), name in functions_around(text, hits, lines, classes).items():
        function, shift = parse_at(lines, first, last)
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        params = _parameters(function)
        read = []
        for block, index, log in with_blocks(function, _logs):
            for checked in _checked(block[index + 1 : index + 1 + _FOLLOWING], log, text, lines, checkers):
                if checked in imported:
                    constant = (imported[checked], checked)
                    read.append(_assertion(function, shift, lines, name, path, block[index], log, constant))
                elif checked in params and len(getattr(block[index], "body", ())) == 1:
                    helpers[function.name] = (params.index(checked), checked, log)
        found.extend(with_head([a for a in read if a is not None], lines, classes.get((first, last)), heads))
    for helper, (position, parameter, log) in helpers.items():
        found.extend(_helper_calls(text, lines, path, helper, position, parameter, log, imported, classes, heads))
    return found


def _helper_calls(
    text: str,
    lines: list[str],
    path: str,
    helper: str,
    position: int,
    parameter: str,
    log: str,
    imported: dict[str, str],
    classes: dict[tuple[int, int], tuple[int, int]],
    heads: dict[int, dict],
) -> list[Assertion]:
    """The tests that hand a checking helper (`_check_bad_or_missing_cookie(self, cookie, expected)`, whose block
    logs and whose check compares the log with `expected`) an imported name for that parameter: Django 5.2.19's
    tests/csrf_tests/tests.py:371, `self._check_bad_or_missing_cookie(None, REASON_NO_CSRF_COOKIE)`. The call
    shown is the test's call of the helper."""
    if len(re.findall(rf"^[ \t]*+(?:async[ \t]++)?+def[ \t]++{re.escape(helper)}\b", text, re.MULTILINE)) != 1:
        return []  # which definition a call means is not said
    calls = [m.start() for m in re.finditer(rf"(?<![\w])(?<!def ){re.escape(helper)}\(", text)]
    found: list[Assertion] = []
    for (first, last), name in functions_around(text, calls, lines, classes).items():
        function, shift = parse_at(lines, first, last)
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or function.name == helper:
            continue
        read = []
        for statement in statements_in_order(function.body):
            if not isinstance(statement, (ast.Expr, ast.Assign)) or not isinstance(statement.value, ast.Call):
                continue
            call = statement.value
            if terminal(call.func) != helper:
                continue
            given = call.args[position] if position < len(call.args) else keyword(call, parameter)
            if isinstance(given, ast.Name) and given.id in imported:
                read.append(
                    _assertion(function, shift, lines, name, path, statement, log, (imported[given.id], given.id))
                )
        found.extend(with_head([a for a in read if a is not None], lines, classes.get((first, last)), heads))
    return found


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """Its parameters as a call gives them by position (`self` and `cls` not counted)."""
    params = [a.arg for a in function.args.args]
    return params[1:] if params[:1] in (["self"], ["cls"]) else params


def _assertion(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    shift: int,
    lines: list[str],
    name: str,
    path: str,
    statement: ast.stmt,
    log: str,
    constant: tuple[str, str],
) -> Assertion | None:
    body = getattr(statement, "body", [statement])
    if len(body) != 1:
        return None  # which statement logged it is not said
    call, pinned = last_statement(lines, shift, body)
    if not call:
        return None
    if (needed := needed_lines(function, lines, shift, body)) is not None:
        call, pinned = needed  # with the lines that build what it is given (`req = ...`, `req.post_error = ...`)
    line = statement.lineno + shift
    code, start = code_around(lines, function, shift, line)
    return Assertion(
        path, line, name, f"{RETURNED}:{log}.records", _ANY, (), None, called_names(body), code, start, call, pinned,
        constant=constant,
    )  # fmt: skip


def _logs(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and terminal(node.func) == "assertLogs"


def _checked(
    checks: list[ast.stmt], log: str, text: str, lines: list[str], checkers: dict[str, set[tuple[int, int]]]
) -> list[str]:
    """The names the statements compare the log's text with: in a comparison of their own, or by handing the log
    and the name to a function of the file that compares the two."""
    found: list[str] = []
    for check in checks:
        for node in breadth.walk(check):
            if not isinstance(node, ast.Call):
                continue
            for other in _compared_with(node, {log}):
                found += _names(other)
            callee = terminal(node.func)
            if callee is None or callee in _COMPARING or node.keywords:
                continue
            if callee not in checkers:
                checkers[callee] = _checker(callee, text, lines)
            for at_log, at_text in checkers[callee]:
                if at_log < len(node.args) and at_text < len(node.args):
                    given, named = node.args[at_log], node.args[at_text]
                    if isinstance(given, ast.Name) and given.id == log and isinstance(named, ast.Name):
                        found.append(named.id)
    return list(dict.fromkeys(found))


def _checker(name: str, text: str, lines: list[str]) -> set[tuple[int, int]]:
    """The (log, text) positions of the arguments a function of the file named `name` compares: one parameter's
    log read (`logger_cm.records[0].getMessage()`, through a local it binds) with an expression of another's."""
    definitions = [m.end() for m in re.finditer(rf"^[ \t]*+def[ \t]++{re.escape(name)}[ \t]*+\(", text, re.M)]
    if len(definitions) != 1:
        return set()  # none, or which one is called is not said
    around = list(functions_around(text, definitions, lines))
    function = parse_at(lines, *around[0])[0] if len(around) == 1 else None
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or function.name != name:
        return set()
    positions = {param: i for i, param in enumerate(_parameters(function))}
    pairs = set()
    for log, at_log in positions.items():
        carriers = {log} | _bound_from(function, log)
        for node in breadth.walk(function):
            if isinstance(node, ast.Call):
                for other in _compared_with(node, carriers):
                    pairs |= {(at_log, positions[n]) for n in _names(other) if n in positions and n != log}
    return pairs


def _bound_from(function: ast.FunctionDef | ast.AsyncFunctionDef, log: str) -> set[str]:
    """The locals bound from the log's records (`record = logger_cm.records[0]`)."""
    return {
        target.id
        for node in breadth.walk(function)
        if isinstance(node, ast.Assign) and _reads_log(node.value, {log}, message=False)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def _compared_with(call: ast.Call, carriers: set[str]) -> list[ast.expr]:
    """The other side of an equality or containment check whose one side is the log's text."""
    if terminal(call.func) not in _COMPARING or len(call.args) < 2:
        return []
    left, right = call.args[0], call.args[1]
    return [other for side, other in ((left, right), (right, left)) if _reads_log(side, carriers, message=True)]


def _reads_log(node: ast.expr, carriers: set[str], *, message: bool) -> bool:
    """Whether the expression reads the log's records or output (`cm.records[0]`, `record.getMessage()` of a
    local bound from them); with `message`, their text and not their level."""
    reads = False
    said = False
    for walked in breadth.walk(node):
        if isinstance(walked, ast.Attribute):
            said = said or walked.attr in _MESSAGE_READS
            if isinstance(walked.value, ast.Name) and walked.value.id in carriers:
                reads = reads or walked.attr in _LOG_PARTS or walked.attr in _MESSAGE_READS
    return reads and (said or not message)


def _names(node: ast.expr) -> list[str]:
    return [walked.id for walked in breadth.walk(node) if isinstance(walked, ast.Name)]
