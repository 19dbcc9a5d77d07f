"""The conditions under which a line raises, read from the code around it."""

import ast
import textwrap
from pathlib import Path

import django
import pytest

from kb.harvest.reading.conditions import conditions, parents_of, sentence


def conditions_of(source: str, message: str) -> list[tuple[str, str, str]]:
    """(kind, code, sentence) of each condition of the raise or assert whose text holds `message`."""
    tree = ast.parse(textwrap.dedent(source))
    [node] = [n for n in ast.walk(tree) if isinstance(n, ast.Raise | ast.Assert) and message in ast.unparse(n)]
    return [(c.kind, c.code, c.sentence) for c in conditions(node, parents_of(tree))]


def test_an_if_elif_else_chain_gives_its_tests_negated_on_the_else_side():
    source = """
    def check(expressions, default):
        if len(expressions) < 2:
            raise ValueError("too few")
        elif default is None:
            pass
        else:
            raise ValueError("with a default")
    """
    assert conditions_of(source, "too few") == [
        ("if", "len(expressions) < 2", "`expressions` has fewer than 2 items"),
    ]
    assert conditions_of(source, "with a default") == [
        ("else", "default is not None", "`default` is not `None`"),
        ("else", "len(expressions) >= 2", "`expressions` has at least 2 items"),
    ]


def test_guard_clauses_above_the_raise_must_not_have_fired():
    source = """
    def send(payload, retries):
        if not payload:
            return None
        if retries > 3:
            raise RuntimeError("gave up")
    """
    assert conditions_of(source, "gave up") == [
        ("if", "retries > 3", "`retries` is greater than `3`"),
        ("guard", "payload", "`payload` is true"),
    ]


def test_an_except_clause_names_what_was_caught_and_the_calls_that_could_raise_it():
    source = """
    def load(path):
        try:
            data = read_config(path)
        except KeyError:
            raise ImproperlyConfigured("no such setting")
    """
    assert conditions_of(source, "no such setting") == [
        ("except", "except KeyError", "`KeyError` was raised by `read_config(path)`"),
    ]


def test_an_assert_raises_when_its_test_is_false():
    source = """
    def data(self):
        assert hasattr(self, "_errors"), "call is_valid() first"
    """
    assert conditions_of(source, "call is_valid") == [
        ("assert", "not hasattr(self, '_errors')", "`self` has no `._errors` attribute")
    ]


def test_a_while_loop_and_de_morgan():
    source = """
    def wait(ready, tries):
        while not ready and tries:
            raise TimeoutError("still waiting")
    """
    assert conditions_of(source, "still waiting") == [
        ("while", "not ready and tries", "`ready` is empty or false and `tries` is true"),
    ]


def sentence_of(test: str) -> str:
    return sentence(ast.parse(test, mode="eval").body)


@pytest.mark.parametrize(
    ("test", "expected"),
    [
        ("settings.DEBUG", "the setting `DEBUG` is true"),
        ("options['verbose']", "`options['verbose']` is true"),
        ("not settings.ALLOWED_HOSTS", "the setting `ALLOWED_HOSTS` is empty or false"),
        ("settings.USE_TZ is None", "the setting `USE_TZ` is `None`"),
        ("hasattr(obj, 'save')", "`obj` has a `.save` attribute"),
        ("not callable(handler)", "`handler` is not callable"),
        ("callable(handler)", "`handler` is callable"),
        ("isinstance(k, (int, slice))", "`k` is an instance of `int` or `slice`"),
        ("not issubclass(cls, Model)", "`cls` is not a subclass of `Model`"),
        ("len(args) == 0", "`args` is empty"),
        ("len(args) != 2", "`args` does not have exactly 2 items"),
        ("len(args) != 1", "`args` does not have exactly 1 item"),
        ("len(args) < 1", "`args` is empty"),
        ("key not in data", "`data` does not contain `key`"),
        ("mode in ('r', 'w')", "`mode` is one of `('r', 'w')`"),
        ("name.startswith('_')", "`name` starts with `'_'`"),
        ("not name.endswith('/')", "`name` does not end with `'/'`"),
        ("is_valid(form)", "`is_valid(form)` is true"),
        ("a and (b or not c)", "`a` is true and (`b` is true or `c` is empty or false)"),
        ("not (a < b)", "it is not so that `a` is less than `b`"),
        ("a < b < c", ""),
    ],
)
def test_common_tests_read_as_a_sentence(test, expected):
    assert sentence_of(test) == expected


def test_a_condition_knows_the_names_its_test_reads():
    source = """
    def check(value, strict):
        if strict and len(value) > LIMIT:
            raise ValueError("too long")
    """
    tree = ast.parse(textwrap.dedent(source))
    [node] = [n for n in ast.walk(tree) if isinstance(n, ast.Raise)]
    [found] = conditions(node, parents_of(tree))
    assert found.names == {"strict", "len", "value", "LIMIT"}


def test_django_negative_indexing_on_a_queryset():
    source = (Path(django.__file__).parent / "db" / "models" / "query.py").read_text()
    tree = ast.parse(source)
    [node] = [
        n for n in ast.walk(tree) if isinstance(n, ast.Raise) and "Negative indexing is not supported" in ast.unparse(n)
    ]
    found = conditions(node, parents_of(tree))
    assert found[0].kind == "if" and found[0].code.startswith("isinstance(k, int) and k < 0 or")
    # The guard above it in QuerySet.__getitem__: only ints and slices get this far.
    assert ("guard", "isinstance(k, (int, slice))") in [(c.kind, c.code) for c in found]


MATCH_SOURCE = """
def run(command, point):
    match command:
        case "go" | "move":
            pass
        case None:
            raise ValueError("no command")
        case Point() if point.x < 0:
            raise ValueError("negative point")
        case {"action": action}:
            raise ValueError("mapping command")
        case _:
            raise ValueError("unknown command")
"""


def test_a_case_of_a_match_is_the_test_it_amounts_to():
    assert conditions_of(MATCH_SOURCE, "no command") == [("case", "command is None", "`command` is `None`")]
    assert conditions_of(MATCH_SOURCE, "negative point") == [
        (
            "case",
            "isinstance(command, Point) and point.x < 0",
            "`command` is an instance of `Point` and `point.x` is less than `0`",
        ),
    ]


def test_a_pattern_no_expression_says_is_kept_as_code_without_a_sentence():
    assert conditions_of(MATCH_SOURCE, "mapping command") == [
        ("case", "match command: case {'action': action}", ""),
    ]


def test_the_wildcard_case_is_none_of_the_cases_above_it_when_each_is_a_test():
    source = """
    def run(command):
        match command:
            case "go" | "move":
                pass
            case None:
                pass
            case _:
                raise ValueError("unknown command")
    """
    [(kind, code, words)] = conditions_of(source, "unknown command")
    assert (kind, code) == ("case", "command not in ('go', 'move') and command is not None")
    assert words == "`command` is not one of `('go', 'move')` and `command` is not `None`"
    # A pattern above it that no test says leaves the wildcard as code.
    assert conditions_of(MATCH_SOURCE, "unknown command") == [("case", "match command: case _", "")]


@pytest.mark.parametrize(
    ("test", "said"),
    [
        ("len(set(kinds)) != 1", "`kinds` is empty or holds values that are not all the same"),
        ("len(set(kinds)) > 1", "`kinds` holds more than one distinct value"),
        ("len(set(args)) != len(args)", "`args` holds a value more than once"),
        ("len(args) != 1", "`args` does not have exactly 1 item"),
        ("len(args) < 2", "`args` has fewer than 2 items"),
    ],
)
def test_counts_of_distinct_values_are_said_as_what_they_check(test: str, said: str) -> None:
    assert sentence(ast.parse(test, mode="eval").body) == said


# django/core/management/commands/loaddata.py:365-372 (Django 5.2.19), reduced.
FIXTURE_DIRS_SOURCE = """
def fixture_dirs(self):
    fixture_dirs = settings.FIXTURE_DIRS
    if len(fixture_dirs) != len(set(fixture_dirs)):
        raise ImproperlyConfigured("settings.FIXTURE_DIRS contains duplicates.")
    for app_config in apps.get_app_configs():
        app_dir = os.path.join(app_config.path, "fixtures")
        if app_dir in [str(d) for d in fixture_dirs]:
            raise ImproperlyConfigured("is a default fixture directory")
"""


def test_a_count_beside_the_count_of_its_set_says_whether_a_value_repeats():
    [(_, code, said)] = conditions_of(FIXTURE_DIRS_SOURCE, "contains duplicates")
    assert code == "len(fixture_dirs) != len(set(fixture_dirs))"
    assert said == "`fixture_dirs` holds a value more than once"


def test_the_guard_against_a_repeated_value_passed_says_no_value_repeats():
    guard = [row for row in conditions_of(FIXTURE_DIRS_SOURCE, "default fixture directory") if row[0] == "guard"]
    assert guard == [
        ("guard", "len(fixture_dirs) == len(set(fixture_dirs))", "`fixture_dirs` holds no value more than once")
    ]


@pytest.mark.parametrize(
    ("test", "said"),
    [
        ("len(x) > len(set(x))", "`x` holds a value more than once"),
        ("len(set(x)) == len(x)", "`x` holds no value more than once"),
        ("len(frozenset(x)) >= len(x)", "`x` holds no value more than once"),
        ("len(x) <= len(set(x))", "`x` holds no value more than once"),
        ("len(x) == len(set(y))", "`x` has exactly `len(set(y))` items"),
        ("len(x) >= len(set(x))", "`x` has at least `len(set(x))` items"),
    ],
)
def test_a_repeated_value_is_said_whichever_side_the_set_is_on(test: str, said: str) -> None:
    assert sentence(ast.parse(test, mode="eval").body) == said


@pytest.mark.parametrize(
    ("test", "said"),
    [
        # django/db/models/indexes.py:54 (Django 5.2.19)
        ("len(fields) != len(opclasses)", "`fields` does not have as many items as `opclasses`"),
        # django/views/i18n.py:133
        ("len(app_configs) < len(packages)", "`app_configs` has fewer items than `packages`"),
        # django/contrib/postgres/indexes.py:53
        ("len(columns) > len(self.fields)", "`columns` has more items than `self.fields`"),
        ("len(x) == len(set(x))", "`x` holds no value more than once"),
        ("len(set(x)) >= len(y)", "`set(x)` has at least as many items as `y`"),
    ],
)
def test_two_counts_compared_are_said_of_the_two_collections(test: str, said: str) -> None:
    assert sentence(ast.parse(test, mode="eval").body) == said
