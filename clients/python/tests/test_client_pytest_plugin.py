"""The pytest plugin, run by pytester: inert unless enabled; enabled, a failing test's matching error gets an
"errorkb" section; one lookup per distinct error in a run; a slow server is asked until its first timeout only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from errorkb_fake_server import MESSAGE, TITLE, FakeServer, Reply

pytest_plugins = ["pytester"]

FAILING_TESTS = f"""
import pytest

class FieldError(Exception):
    pass

def test_passes():
    pass

@pytest.mark.parametrize("n", [1, 2, 3])
def test_fails_alike(n):
    raise FieldError({MESSAGE!r})

def test_fails_otherwise():
    raise KeyError("other")
"""


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServer]:
    fake = FakeServer()
    for name in ("ERRORKB_BUNDLE", "ERRORKB_REDACT", "ERRORKB_VERBOSE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ERRORKB_URL", fake.url)
    yield fake
    fake.close()


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    """pytest in this process, as a user runs it; pytest-django, where the server's suite has it installed, is kept
    out of these inner runs (it would set Django's test environment up a second time in this process)."""
    return pytester.runpytest("-p", "no:django", *args)


def sections(result: pytest.RunResult) -> int:
    return result.stdout.str().count("errorkb ---")


def test_disabled_it_asks_nothing_and_adds_nothing(pytester: pytest.Pytester, server: FakeServer) -> None:
    pytester.makepyfile(FAILING_TESTS)
    result = run(pytester)
    result.assert_outcomes(passed=1, failed=4)
    assert sections(result) == 0 and "errorkb:" not in result.stdout.str()
    assert server.received == []


def test_disabled_it_loads_none_of_the_client(pytester: pytest.Pytester, server: FakeServer) -> None:
    pytester.makepyfile(
        """
        import sys

        def test_only_the_plugin_module_is_loaded(pytestconfig):
            loaded = sorted(name for name in sys.modules if name.startswith("errorkb"))
            assert loaded == ["errorkb", "errorkb.pytest_plugin"]
            assert pytestconfig.pluginmanager.get_plugin("errorkb-cards") is None
        """
    )
    pytester.runpytest_subprocess("-p", "no:django").assert_outcomes(passed=1)


@pytest.mark.parametrize(
    "enable", [("-p", "errorkb"), ("--errorkb",), ("-c", "ini.ini")], ids=["-p errorkb", "--errorkb", "ini"]
)
def test_enabled_a_failing_test_gets_an_errorkb_section(
    pytester: pytest.Pytester, server: FakeServer, enable: tuple[str, ...]
) -> None:
    server.answer_only("titel")
    pytester.makefile(".ini", ini="[pytest]\nerrorkb = true\n")
    pytester.makepyfile(FAILING_TESTS)
    result = run(pytester, *enable)
    result.assert_outcomes(passed=1, failed=4)
    output = result.stdout.str()
    assert sections(result) == 3  # the FieldError's three failures; nothing matches the KeyError
    assert f"errorkb: {TITLE}  [not yet reviewed]" in output
    # The same error in the same place is asked once for the whole run: the FieldError once, the KeyError once.
    assert len(server.received) == 2


def test_the_section_follows_the_failure_in_the_report(pytester: pytest.Pytester, server: FakeServer) -> None:
    pytester.makepyfile(FAILING_TESTS)
    result = run(pytester, "--errorkb", "-k", "fails_alike and 1")
    result.stdout.re_match_lines([r"E\s+.*FieldError: Cannot resolve keyword", r"-+ errorkb -+", r"errorkb: .*"])


def test_a_slow_server_is_asked_until_its_first_timeout(pytester: pytest.Pytester, server: FakeServer) -> None:
    server.replies["/api/match"] = Reply(body=b"{}", delay=2.0)
    pytester.makefile(".ini", pytest="[pytest]\nerrorkb_timeout = 0.5\n")
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.parametrize("n", range(6))
        def test_fails_differently(n):
            raise ValueError(f"failure number {n}")
        """
    )
    result = run(pytester, "--errorkb")
    result.assert_outcomes(failed=6)
    assert len(server.received) == 1
    result.stdout.fnmatch_lines(["errorkb: stopped asking: * did not answer within 0.5 s"])


def test_skips_and_pytest_fail_are_not_looked_up(pytester: pytest.Pytester, server: FakeServer) -> None:
    pytester.makepyfile(
        """
        import pytest

        def test_skipped():
            pytest.skip("not here")

        def test_failed_on_purpose():
            pytest.fail("told to")

        @pytest.mark.xfail
        def test_expected_to_fail():
            raise ValueError("expected")
        """
    )
    run(pytester, "--errorkb").assert_outcomes(skipped=1, failed=1, xfailed=1)
    assert server.received == []


def test_enabled_with_no_server_says_so_once(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ERRORKB_URL", raising=False)
    monkeypatch.delenv("ERRORKB_BUNDLE", raising=False)
    pytester.makepyfile(FAILING_TESTS)
    result = run(pytester, "--errorkb")
    result.assert_outcomes(passed=1, failed=4)
    assert result.stdout.str().count("errorkb: no server is configured") == 1


def test_an_unreadable_bundle_never_breaks_the_run(pytester: pytest.Pytester, server: FakeServer) -> None:
    pytester.path.joinpath("broken.errorkb").write_bytes(b"not a bundle")
    pytester.makepyfile(FAILING_TESTS)
    result = run(pytester, "--errorkb", "--errorkb-bundle", "broken.errorkb")
    result.assert_outcomes(passed=1, failed=4)
    assert sections(result) == 0 and server.received == []
    assert result.stdout.str().count("errorkb: stopped asking: ") == 1
