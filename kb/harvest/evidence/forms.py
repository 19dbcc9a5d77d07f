"""Which calls in a test assert that an error is raised, and where each gives its type, message and callable.

The standard forms (`pytest.raises`, unittest's `assertRaises*`, Django's `assertRaisesMessage`) and the helpers
projects write (SQLAlchemy's `assert_raises_message(T, "regex", f, *args)`, `expect_raises_message`, any
`assert_raises*`/`expect_raises*`/`check_raises*` of that shape: the type first, then a message when the name
says so, then the callable)."""

import ast
import re

MESSAGE_FORMS = {"assertRaisesMessage", "assertWarnsMessage"}
REGEX_FORMS = {"assertRaisesRegex", "assertRaisesRegexp", "assertWarnsRegex", "assertRegexpRaises"}
PLAIN_FORMS = {"assertRaises", "assertWarns"}
PYTEST_FORMS = {"raises", "warns"}
# A project's own helpers: assert_raises, assert_raises_message, expect_raises_message, check_raises, ...
HELPER = re.compile(r"_?+(?:assert|expect|check)_?+(?:raises|warns)(?:_[a-z]++)*+")
HELPER_MESSAGE_WORDS = ("message", "msg", "match", "regex")
HELPER_KEYWORDS = ("msg", "message", "match", "expected_message")
# A test's own function that returns the error it catches (`evidence.caught`): the form of an assert that compares
# the whole message it returns (`caught:get_error`), and of one that searches it for a part or a pattern.
CAUGHT, SEARCHED = "caught:", "caught-in:"
NOT_PASSED_ON = {"msg", "match", "expected_message", "expected_regex", "check_context"}  # the assertion's own


def form_of(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Attribute):
        if func.attr in MESSAGE_FORMS | REGEX_FORMS | PLAIN_FORMS:
            return func.attr
        if func.attr in PYTEST_FORMS and isinstance(func.value, ast.Name) and func.value.id == "pytest":
            return f"pytest.{func.attr}"
    if isinstance(func, ast.Name) and func.id in PYTEST_FORMS:
        return f"pytest.{func.id}"
    name = terminal(func)
    if name is not None and HELPER.fullmatch(name):
        return name
    return None


def message_node(call: ast.Call, form: str) -> tuple[ast.expr | None, bool]:
    """(the node an assertion gives its message by, whether that is a regular expression)."""
    # SQLAlchemy's helpers search the message with re.search: a regular expression, as pytest's match.
    regex = form in REGEX_FORMS or form.startswith("pytest.") or is_helper(form)
    if form in MESSAGE_FORMS | REGEX_FORMS:
        return (call.args[1] if len(call.args) > 1 else keyword(call, "expected_message", "expected_regex")), regex
    if form.startswith("pytest."):
        return keyword(call, "match"), regex
    if helper_takes_message(form):
        return (call.args[1] if len(call.args) > 1 else keyword(call, *HELPER_KEYWORDS)), regex
    return None, regex


def is_helper(form: str) -> bool:
    return bool(HELPER.fullmatch(form))


def helper_takes_message(form: str) -> bool:
    return is_helper(form) and any(word in form for word in HELPER_MESSAGE_WORDS)


def callable_position(form: str) -> int:
    """Where the callable form's callable is: after the type, and after the message when the form takes one."""
    return 2 if form in MESSAGE_FORMS | REGEX_FORMS or helper_takes_message(form) else 1


def types_of(node: ast.expr) -> tuple[str, ...]:
    if isinstance(node, ast.Tuple):
        return tuple(t for element in node.elts for t in types_of(element))
    if isinstance(node, ast.Name):
        return (node.id,)
    if isinstance(node, ast.Attribute):
        return (node.attr,)
    return ()


def terminal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def keyword(call: ast.Call, *names: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg in names), None)
