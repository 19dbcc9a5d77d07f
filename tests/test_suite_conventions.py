"""The suite's own rules: a test that opens Chromium says so, no test module imports a fixture, and no test asserts
a duration."""

import ast
from pathlib import Path

import pytest
from _pytest.fixtures import FixtureFunctionDefinition

from tests import conftest

TESTS = Path(__file__).resolve().parent


class Collected:
    """What the collection hook reads of a test: its id, its fixtures and its markers."""

    def __init__(self, nodeid: str, fixturenames: list[str], markers: tuple[str, ...] = ()) -> None:
        self.nodeid, self.fixturenames, self._markers = nodeid, fixturenames, markers

    def get_closest_marker(self, name: str) -> object | None:
        return getattr(pytest.mark, name).mark if name in self._markers else None


def test_a_test_that_opens_chromium_without_the_browser_marker_stops_the_run() -> None:
    items = [
        Collected("tests/test_a.py::test_marked", ["page", "live_server"], markers=("browser",)),
        Collected("tests/test_a.py::test_unmarked", ["live_server", "page"]),
        Collected("tests/test_b.py::test_without_a_browser", ["client"]),
    ]
    with pytest.raises(pytest.UsageError, match=r"need @pytest\.mark\.browser") as stopped:
        conftest.pytest_collection_modifyitems(config=None, items=items)
    assert str(stopped.value).endswith(": tests/test_a.py::test_unmarked")


def test_marked_browser_tests_and_other_tests_pass_the_check() -> None:
    items = [
        Collected("tests/test_a.py::test_marked", ["page"], markers=("browser",)),
        Collected("tests/test_b.py::test_without_a_browser", ["client", "seed"]),
    ]
    conftest.pytest_collection_modifyitems(config=None, items=items)


def imported_from_tests(module: Path) -> list[tuple[str, str]]:
    """(module, name) for every `from tests.<module> import <name>` in a file."""
    tree = ast.parse(module.read_text())
    return [
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tests.")
        for alias in node.names
    ]


def test_no_test_module_imports_a_fixture() -> None:
    # A fixture imported into a module only works there and needs a `noqa`; shared ones live in conftest.py.
    modules = sorted(TESTS.rglob("*.py"))
    assert len(modules) > 50, TESTS
    imported = []
    for path in modules:
        for module_name, name in imported_from_tests(path):
            module = __import__(module_name, fromlist=[name])
            if isinstance(getattr(module, name, None), FixtureFunctionDefinition):
                imported.append(f"{path.relative_to(TESTS)}: {name} from {module_name}")
    assert imported == []


# Clocks that only time things: no test reads them. time.monotonic stays for deadlines of waits (pytest.fail when
# what is awaited never comes), never in an assertion.
TIMERS = {"perf_counter", "perf_counter_ns", "process_time", "process_time_ns", "thread_time", "thread_time_ns"}
CLOCKS = TIMERS | {"monotonic", "monotonic_ns", "time", "time_ns"}


def durations_read(module: Path) -> list[str]:
    """Where a module times something (a timer or timeit, anywhere) or asserts on a clock's reading."""
    tree = ast.parse(module.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = {alias.name for alias in node.names}
            if (
                "timeit" in names
                or getattr(node, "module", None) == "timeit"
                or (getattr(node, "module", None) == "time" and names & CLOCKS)
            ):
                found.append(f"{node.lineno}: imports a timer")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "time":
            if node.attr in TIMERS:
                found.append(f"{node.lineno}: time.{node.attr}")
        elif isinstance(node, ast.Assert):
            for part in ast.walk(node):
                if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and part.value.id == "time":
                    if part.attr in CLOCKS:
                        found.append(f"{node.lineno}: asserts on time.{part.attr}")
    return found


def test_no_test_asserts_a_duration() -> None:
    # Durations depend on the machine and its load: a test holds code to counted work (tests/counted_work.py); the
    # seconds are bench/'s.
    timed = [
        f"{path.relative_to(TESTS)}:{where}" for path in sorted(TESTS.rglob("*.py")) for where in durations_read(path)
    ]
    assert timed == []
