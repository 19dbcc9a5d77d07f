"""Which parameters every way to a raise leaves None, where its conditions test `is None` on a few names together
(round 25's card 02): Django 5.2.19's `Library.filter(name=None, filter_func=None)` raises in the `else` of `if name
is None and filter_func is None:` and two `elif`s testing `name is not None` (django/template/library.py:65-97).
Each arm's negation alone says little ("`name` is None or `filter_func` is not None"); together they hold only
when `name is None`, which is what a caller handing on a value never None (`func.__name__`) cannot meet.

Read from the site's condition rows (`if`, `else`, guards) as the evidence holds them: one test, an `or` of tests
or an `and`, each test `x is None` or `x is not None`. An `or` with any other part is left out and an `and` keeps
only its tests of None, which only widens what may hold. A truth table over at most `MAX_NAMES` names; beyond, or
with no way through, nothing is said."""

import itertools
import re

MAX_NAMES = 4
_KINDS = frozenset({"if", "else", "guard"})
_TEST = re.compile(r"([A-Za-z_]\w{0,99}+) is (not )?None")

# A test as (name, whether it says the name is None); a row as ("all" or "any", its tests).
Test = tuple[str, bool]


def _test(code: object) -> Test | None:
    found = _TEST.fullmatch(code) if isinstance(code, str) else None
    return (found[1], not found[2]) if found else None


def _row(row: object) -> tuple[str, list[Test]] | None:
    """The row's tests, with how they join; None when the row is not one this reading can take whole."""
    if not isinstance(row, dict) or row.get("kind") not in _KINDS:
        return None
    for joined in ("all", "any"):
        parts = row.get(joined)
        if isinstance(parts, list):
            tests = [_test(part.get("code")) if isinstance(part, dict) else None for part in parts]
            if joined == "all":  # what an `and` holds, part by part: the parts read are each required
                return ("all", [t for t in tests if t is not None]) if any(tests) else None
            return ("any", [t for t in tests if t is not None]) if tests and all(tests) else None
    single = _test(row.get("code"))
    return ("all", [single]) if single is not None else None


def implied_nones(conditions: object, parameters: list[str]) -> list[str]:
    """The parameters that are None on every way the condition rows leave to the raise (`if x is None:` among
    them, the `else` of `if x is not None:`, and what the arms of a chain imply together)."""
    if not isinstance(conditions, list):
        return []
    rows = [read for row in conditions[:64] if (read := _row(row)) is not None]
    names = sorted({name for _, tests in rows for name, _ in tests})
    if not names or len(names) > MAX_NAMES:
        return []
    at = {name: i for i, name in enumerate(names)}
    ways = [
        values
        for values in itertools.product((True, False), repeat=len(names))
        if all(
            (any if joined == "any" else all)(values[at[name]] == none for name, none in tests)
            for joined, tests in rows
        )
    ]
    if not ways:  # the tests contradict one another: no way through that this reading can tell
        return []
    return [name for name in names if name in parameters and all(values[at[name]] for values in ways)]
