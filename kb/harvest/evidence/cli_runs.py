"""A command-line program's tests that run it and check its error output: click's
`result = runner.invoke(cli, ["--count", "x"])`, `assert result.exit_code == 2`,
`assert "Invalid value for '--count'" in result.output`.

Such a test asserts no exception type: the run caught it and printed its message (click prefixes "Error: ").
It is read only when the same function checks that the run failed (a non-zero `exit_code`, or its
`exception`), or the text is an "Error: " line; the message it names is matched as any test's literal, and the
run is its triggering call. A text given by a column of the test's `parametrize` table (`assert expect in
result.output`) is each row's "Error: " line, the run shown with that row's values put in."""

import ast

from kb.harvest.evidence.assertions import Assertion, code_around, functions_around, parse_at, statements_in_order
from kb.harvest.evidence.excerpts import clipped, segment
from kb.harvest.evidence.forms import terminal
from kb.harvest.evidence.parametrized import Row, put_in, row_read, tables
from kb.text import breadth
from kb.text.written import unparse

PREFILTER = ".invoke("
_OUTPUTS = {"output", "stdout", "stderr"}
_ERROR_PREFIX = "Error: "
_ANY = ("Exception",)  # what the run caught is not named: the message decides


def read_cli_runs(text: str, path: str) -> list[Assertion]:
    if PREFILTER not in text or not any(f".{name}" in text for name in _OUTPUTS):
        return []
    hits, start = [], text.find(PREFILTER)
    while start != -1:
        hits.append(start)
        start = text.find(PREFILTER, start + 1)
    lines = text.split("\n")
    found: list[Assertion] = []
    table = tables(text)
    for (first, last), name in functions_around(text, hits, lines).items():
        function, shift = parse_at(lines, first, last)
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.extend(_read_runs(function, shift, lines, name, path, table.get(first, [])))
    return found


def _read_runs(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    shift: int,
    lines: list[str],
    name: str,
    path: str,
    rows: list[Row],
) -> list[Assertion]:
    runs: dict[str, ast.Call] = {}  # result name -> the run it holds
    failed: set[str] = set()
    found = []
    for node in statements_in_order(function.body):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Call) and terminal(value.func) == "invoke":
                runs[node.targets[0].id] = value
                failed.discard(node.targets[0].id)
        elif isinstance(node, ast.Assert):
            failed |= _failed_runs(node.test, runs)
            for result, text, row in _output_checks(node.test, runs, rows):
                if not text.startswith(_ERROR_PREFIX) and (row or result not in failed):
                    continue  # a row's text that is no error line is the output of a run that succeeds
                message = text.removeprefix(_ERROR_PREFIX).strip()
                run = runs[result]
                line = node.lineno + shift
                code, start = code_around(lines, function, shift, line)
                call = clipped(unparse(put_in([ast.Expr(run)], row)[0]) if row else segment(lines, run, shift))
                found.append(
                    Assertion(path, line, name, "CliRunner.invoke", _ANY, (message,), message, frozenset(), code, start,
                              call, run.lineno + shift, row=row_read(_up_to(function, run), row))
                )  # fmt: skip
    return found


def _up_to(function: ast.FunctionDef | ast.AsyncFunctionDef, run: ast.Call) -> list[ast.stmt]:
    """The test's statements up to the one that holds the run: what its lines show."""
    return [statement for statement in function.body if statement.lineno <= run.lineno]


def _failed_runs(test: ast.expr, runs: dict[str, ast.Call]) -> set[str]:
    """`result.exit_code == 2` (or `!= 0`, `> 0`), `result.exception`: the runs the assertion says failed."""
    found = set()
    for node in breadth.walk(test):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in runs:
            if node.attr == "exception":
                found.add(node.value.id)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.left, ast.Attribute):
            left, right, op = node.left, node.comparators[0], node.ops[0]
            if left.attr == "exit_code" and isinstance(left.value, ast.Name) and left.value.id in runs:
                value = right.value if isinstance(right, ast.Constant) else None
                if (isinstance(op, ast.Eq) and value not in (0, None)) or isinstance(op, (ast.NotEq, ast.Gt)):
                    found.add(left.value.id)
    return found


def _output_checks(test: ast.expr, runs: dict[str, ast.Call], rows: list[Row]) -> list[tuple[str, str, Row]]:
    """(result name, text, the row that gives it or {}) of each `"text" in result.output` (or stderr, stdout) the
    assertion makes; `expect in result.output`, with `expect` a column of the table, gives each row's text
    (click 8.3.1's tests/test_basic.py:134-150)."""
    found: list[tuple[str, str, Row]] = []
    for node in breadth.walk(test):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In)):
            continue
        target = node.comparators[0]
        if not (
            isinstance(target, ast.Attribute)
            and target.attr in _OUTPUTS
            and isinstance(target.value, ast.Name)
            and target.value.id in runs
        ):
            continue
        if text := _string(node.left):
            found.append((target.value.id, text, {}))
        elif isinstance(node.left, ast.Name) and rows and node.left.id in rows[0]:
            column = node.left.id
            found += [(target.value.id, text, row) for row in rows if (text := _string(row[column]))]
    return found


def _string(node: ast.expr) -> str:
    """A plain string (implicit concatenation is one constant), or the literal text of an f-string's start."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return str(node.values[0].value)
    return ""
