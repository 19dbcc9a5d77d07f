"""Code cut from a test file as it is written: the triggering call a card shows (`assertions`).

Positions come from `ast`, whose columns count UTF-8 bytes; a statement that spans lines keeps its shape,
dedented; what is long is clipped to a few lines."""

import ast
import textwrap
from collections.abc import Callable

from kb.text import breadth

MAX_CALL_LINES = 8
MAX_CALL_CHARS = 500
# Builtins that evaluate their argument, then act on what it made (`len(qs)` runs `qs.__len__`).
BUILTIN_WRAPPERS = frozenset(
    {"len", "list", "tuple", "set", "frozenset", "dict", "sorted", "reversed", "str", "repr", "bool", "iter",
     "next", "bytes", "int", "float", "hash", "format", "abs", "min", "max", "sum", "any", "all", "enumerate"}
)  # fmt: skip


def last_statement(lines: list[str], shift: int, body: list[ast.stmt], *, warns: bool = False) -> tuple[str, int]:
    """(the statement of a `with` block that triggers, trimmed; its line): the last that calls something and is no
    check (`asserts`) that calls nothing of its own, else the last that calls something, else the last (`qs[-1]`,
    `settings.SECRET_KEY`, `async for x in qs: ...` raise without a call). A warning does not stop the block
    (`warns`): the first call that is not itself an assertion, since the statements after it go on using what it
    made (`self.assertSequenceEqual(...)` at the end issues nothing)."""
    statement = chosen(body, warns=warns)
    if statement is None:
        return "", 0
    decorators = getattr(statement, "decorator_list", None)
    return clipped(segment(lines, statement, shift)), (decorators[0] if decorators else statement).lineno + shift


def chosen(body: list[ast.stmt], *, warns: bool = False) -> ast.stmt | None:
    """The block's triggering statement, as `last_statement` says; None when the block has none."""
    calling = [statement for statement in body if any(isinstance(n, ast.Call) for n in breadth.walk(statement))]
    if warns and (acting := [statement for statement in calling if not asserts(statement)]):
        return acting[0]
    # A check that calls nothing of its own after what acts runs only when that did not raise: it is not the
    # block's raising statement (Django 5.2.19's tests/ordering/tests.py:414-423, `self.assertNotEqual(qs2[0].
    # headline, "Backdated")` after `qs2 = Article.objects.annotate(**{crafted: relation})...`, which raises). One
    # whose arguments call (`self.assertSequenceEqual(Contact.objects.filter(...), ...)`) may be what raises.
    acting = [statement for statement in calling if not (asserts(statement) and _calls_nothing(statement))]
    statements = acting or calling or [statement for statement in body if not isinstance(statement, ast.Pass)]
    return statements[-1] if statements else None


def _calls_nothing(check: ast.stmt) -> bool:
    """Whether a check (`asserts`) calls nothing but itself: `self.assertNotEqual(qs2[0].headline, "x")`."""
    parts: list[ast.AST] = [check.test] if isinstance(check, ast.Assert) else []
    if isinstance(check, ast.Expr) and isinstance(check.value, ast.Call):
        parts = [*check.value.args, *(k.value for k in check.value.keywords)]
    return not any(isinstance(n, ast.Call) for part in parts for n in breadth.walk(part))


def entered_block(
    lines: list[str], shift: int, statement: ast.With | ast.AsyncWith, body: list[ast.stmt], *, warns: bool = False
) -> tuple[str, int]:
    """(the asserting `with` from its header to the end of the block's triggering statement, as written; its line),
    for a `with` that enters more than its checks: `with self.assertWarnsMessage(W, msg), self.settings(X=True):`
    warns on entering `self.settings(...)`, and the class defined in its body alone gives another warning (round
    25's card 08, Django 5.2 tests/model_forms/tests.py:2959-2969). The header is kept whole; the body is clipped
    as a trimmed call is. ("", 0) when the block has no triggering statement."""
    last = chosen(body, warns=warns)
    if last is None or not body:
        return "", 0
    first = statement.lineno + shift
    whole = _text(lines, first, statement.col_offset, (last.end_lineno or last.lineno) + shift, last.end_col_offset)
    header = body[0].lineno - statement.lineno  # the header's lines (a parenthesized one spans several)
    head = "\n".join(whole.split("\n")[:header])
    return clipped(whole, MAX_CALL_LINES + header, MAX_CALL_CHARS + len(head)), first


def enters_more(statement: ast.With | ast.AsyncWith, check: Callable[[ast.expr], bool]) -> bool:
    """Whether a `with` enters a context that is no check (`check`: the assertion's own forms): its entering runs
    inside the assertion, or sets up what the block needs."""
    return any(not check(item.context_expr) for item in statement.items)


def with_blocks(
    function: ast.FunctionDef | ast.AsyncFunctionDef, entering: Callable[[ast.expr], bool]
) -> list[tuple[list[ast.stmt], int, str]]:
    """(the block, the index in it of a `with <context> as name:` whose context `entering` accepts, the name), in
    every block of the function, its handlers' too: a `catch_warnings(record=True)` (`recorded`), an `assertLogs`
    (`logged`)."""
    found = []
    blocks: list[list[ast.stmt]] = [function.body]
    while blocks:
        block = blocks.pop()
        for index, node in enumerate(block):
            if isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    if entering(item.context_expr) and isinstance(item.optional_vars, ast.Name):
                        found.append((block, index, item.optional_vars.id))
            for field in ("body", "orelse", "finalbody"):
                if nested := getattr(node, field, None):
                    blocks.append(nested)
            for handler in getattr(node, "handlers", None) or []:
                blocks.append(handler.body)
    return found


def is_check(node: ast.expr) -> bool:
    """`self.assertRaises(...)`, `pytest.warns(...)`, `self.assertNumQueries(0)`, `expect_raises(...)`: a context
    that checks what its block does, not one that acts; unittest's `self.subTest(...)` only labels it."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name.lstrip("_").lower().startswith(("assert", "fail", "expect", "check")) or name in (
        "raises",
        "warns",
        "subTest",
    )


def wrapped_call(body: list[ast.stmt], bound: set[str]) -> ast.Call | None:
    """The call that the block's triggering statement (as `last_statement` picks it) hands to builtins alone:
    `AustraliaCity.objects.filter(...)` of `len(AustraliaCity.objects.filter(...))`; None when it wraps none.
    Which of the two raises is the matcher's to say (`triggers`): a lazy result raises in the builtin. `bound`:
    the names the test binds itself (a local `list` is no builtin)."""
    last = chosen(body)
    value = last.value if isinstance(last, (ast.Expr, ast.Assign)) else None
    inner = None
    while (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in BUILTIN_WRAPPERS
        and value.func.id not in bound
        and len(value.args) == 1
        and not value.keywords
        and isinstance(value.args[0], ast.Call)
    ):
        inner = value = value.args[0]
    return inner


def asserts(statement: ast.stmt) -> bool:
    """`assert ...`, `self.assertEqual(...)`, `assert_that(...)`: a check of what the block made, not an action."""
    if isinstance(statement, ast.Assert):
        return True
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return False
    func = statement.value.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name.lower().startswith(("assert", "fail"))


def applied(
    lines: list[str], shift: int, target: ast.expr, arguments: list[ast.expr], keywords: list[ast.keyword]
) -> tuple[str, int]:
    """(`target(*arguments, **keywords)` as the test writes each part, trimmed; its line); a lambda's body."""
    if isinstance(target, ast.Lambda):
        return clipped(segment(lines, target.body, shift)), target.lineno + shift
    parts = [segment(lines, a, shift) for a in arguments]
    parts += [
        f"{k.arg}={segment(lines, k.value, shift)}" if k.arg else f"**{segment(lines, k.value, shift)}"
        for k in keywords
    ]
    return clipped(f"{segment(lines, target, shift)}({', '.join(parts)})"), target.lineno + shift


def segment(lines: list[str], node: ast.AST, shift: int) -> str:
    """The node's source text, its continuation lines dedented; a decorated function or class from its first
    decorator (`@test_action.mapping.get` is the call that raises, round 16's card 18)."""
    first, last = node.lineno + shift, (node.end_lineno or node.lineno) + shift  # type: ignore[attr-defined]
    start, end = node.col_offset, node.end_col_offset  # type: ignore[attr-defined]
    if decorators := getattr(node, "decorator_list", None):
        first, start = decorators[0].lineno + shift, max(0, decorators[0].col_offset - 1)
    return _text(lines, first, start, last, end)


def _text(lines: list[str], first: int, start: int, last: int, end: int | None) -> str:
    """Lines `first`..`last`, from byte column `start` of the first to byte column `end` of the last, dedented."""
    encoded = [line.encode() for line in lines[first - 1 : last]]
    if not encoded or end is None:
        return ""
    if len(encoded) == 1:
        return encoded[0][start:end].decode(errors="replace")
    encoded[-1] = encoded[-1][:end]
    encoded[0] = b" " * len(encoded[0][:start].decode(errors="replace")) + encoded[0][start:]
    return textwrap.dedent(b"\n".join(encoded).decode(errors="replace")).strip()


def clipped(text: str, max_lines: int = MAX_CALL_LINES, max_chars: int = MAX_CALL_CHARS) -> str:
    lines = text.split("\n")
    if len(lines) > max_lines:
        text = "\n".join([*lines[:max_lines], "..."])
    return text if len(text) <= max_chars else text[: max_chars - 3].rstrip() + "..."
