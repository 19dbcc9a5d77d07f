"""A raise inside a `try` leads into the `except` that raises the card's error only when that handler is the first
to catch it: a handler listed before it that the harvest cannot read (`except PARSE_ERRORS:`, a tuple) may swallow
it, and an imported class of a builtin's name (`requests.exceptions.ConnectionError`) is not the builtin. Such raises
stay early exits. And a raise in the `try` is said among what raised the caught type: its constructor is no quiet
call. (The second reading of 34f495b and de0fac6; the reduced cases are made up where they say so.)"""

import ast
import textwrap

from kb.harvest.reading.conditions import conditions, parents_of
from tests.harvest.published import harvest_published

# Made up: a name holding a tuple catches the raise first and passes.
TUPLE_NAME = """
PARSE_ERRORS = (ValueError, TypeError)


def parse_port(value):
    try:
        if value.startswith("-"):
            raise ValueError("negative")
        return int(value)
    except PARSE_ERRORS:
        pass
    except Exception as exc:
        raise RuntimeError("could not read the port") from exc
"""

# Made up: the handler's ConnectionError is requests', which does not catch the builtin ConnectionResetError.
SHADOWED = """
from requests.exceptions import ConnectionError


def fetch(session, url):
    try:
        if session.closed:
            raise ConnectionResetError("closed")
        return session.get(url)
    except ConnectionError:
        raise RuntimeError("the fetch failed")
"""

# django/db/models/fields/__init__.py:1730-1745 (DecimalField._check_decimal_places), its `return` made a raise.
RAISED_IN_THE_TRY = """
def check_decimal_places(value):
    try:
        decimal_places = int(value)
        if decimal_places < 0:
            raise ValueError()
    except ValueError:
        raise ValidationError("'decimal_places' must be a non-negative integer.")
"""


def exits_of(git_repo, path: str, source: str, message: str) -> list[int]:
    [site] = harvest_published(git_repo, {path: source})[message].sites.all()
    return site.evidence.get("exits_above") or []


def test_a_raise_a_tuple_handler_may_swallow_first_stays_an_exit(db, git_repo) -> None:
    assert 7 in exits_of(git_repo, "pkg/ports.py", TUPLE_NAME, "could not read the port")


def test_an_imported_class_of_a_builtin_s_name_is_not_the_builtin(db, git_repo) -> None:
    assert 7 in exits_of(git_repo, "pkg/fetch.py", SHADOWED, "the fetch failed")


def test_a_raise_in_the_try_is_said_among_what_raised() -> None:
    tree = ast.parse(textwrap.dedent(RAISED_IN_THE_TRY))
    node = [n for n in ast.walk(tree) if isinstance(n, ast.Raise)][-1]
    [row] = [c for c in conditions(node, parents_of(tree)) if c.kind == "except"]
    assert row.sentence == "`ValueError` was raised by `int`, `ValueError`"
