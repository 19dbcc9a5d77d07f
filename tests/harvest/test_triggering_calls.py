"""The test that raises an error, read through the assertion helpers projects write (SQLAlchemy's and alembic's
`assert_raises_message`, `expect_raises_message`, a project's own `assert_raises*`), and trimmed to its triggering
call, pinned to its line."""

from pathlib import Path

from kb.harvest.evidence.tests_docs import read_tests_and_docs
from kb.harvest.pipeline.scan import scan
from tests.harvest.test_tests_docs import evidence_of, triggering


def test_sqlalchemy_style_helpers_trigger_the_message_they_search_for(shapes) -> None:
    shapes.write(
        "test/test_area.py",
        """
        from sqlalchemy.testing import assert_raises_message, expect_raises_message, fixtures
        from shapes.core import area, scale


        class AreaTest(fixtures.TestBase):
            def test_negative(self):
                assert_raises_message(
                    ShapeError, r"Side must not be negative, got -2\\.", area, -2
                )

            def test_zero(self):
                with expect_raises_message(ZeroDivisionError, "Cannot scale by a zero factor"):
                    x = 1
                    scale(0)
        """,
    )
    evidence = evidence_of(shapes.root / "shapes", "shapes")
    [negative] = triggering(evidence, "Side must not be negative, got {side}.")
    assert (negative["name"], negative["assertion"], negative["how"]) == (
        "AreaTest.test_negative",
        "assert_raises_message",
        "message",
    )
    assert (negative["call"], negative["pinned"]) == ("area(-2)", 8)
    [zero] = triggering(evidence, "Cannot scale by a zero factor at all.")
    assert (zero["assertion"], zero["call"], zero["pinned"]) == ("expect_raises_message", "scale(0)", 14)


def test_a_projects_own_assert_raises_with_a_lambda_is_trimmed_to_the_lambdas_call(shapes) -> None:
    shapes.write(
        "tests/test_parse.py",
        """
        from shapes.core import parse
        from tests.helpers import assert_raises_message


        def test_bytes():
            assert_raises_message(TypeError, "Expected text", lambda: parse(b"raw"))
        """,
    )
    [test] = triggering(evidence_of(shapes.root / "shapes", "shapes"), "Expected text for the parser input, got bytes.")
    assert (test["assertion"], test["how"], test["call"], test["pinned"]) == (
        "assert_raises_message",
        "message",
        'parse(b"raw")',
        6,
    )


def test_the_callable_form_is_shown_as_the_call_it_makes_and_a_long_block_is_clipped(shapes) -> None:
    shapes.write(
        "tests/tests.py",
        """
        from django.test import SimpleTestCase
        from shapes.core import area, scale


        class Tests(SimpleTestCase):
            def test_area(self):
                self.assertRaisesMessage(ShapeError, "Side must not be negative", area, -3, msg="not passed on")

            def test_scale(self):
                with self.assertRaisesMessage(ZeroDivisionError, "Cannot scale by a zero factor"):
                    scale(
                        0
                    )
        """,
    )
    evidence = evidence_of(shapes.root / "shapes", "shapes")
    [area] = triggering(evidence, "Side must not be negative, got {side}.")
    assert (area["call"], area["pinned"]) == ("area(-3)", 7)
    [scale] = triggering(evidence, "Cannot scale by a zero factor at all.")
    assert (scale["call"], scale["pinned"]) == ("scale(\n    0\n)", 11)


def test_a_tests_own_wrapper_of_pytest_raises_makes_each_of_its_calls_an_assertion(shapes) -> None:
    shapes.write(
        "tests/test_wrapped.py",
        """
        import pytest
        from shapes.core import area, scale


        def check_fails(exc, msg, *args):
            with pytest.raises(exc, match=msg):
                scale(*args)


        class TestShapes:
            def test_messages(self):
                def assert_error(side, expected):
                    with pytest.raises(ShapeError, match=expected):
                        area(side)

                assert_error(-4, "Side must not be negative, got -4")

            def test_scale(self):
                check_fails(ZeroDivisionError, "Cannot scale by a zero factor", 0)
        """,
    )
    evidence = evidence_of(shapes.root / "shapes", "shapes")
    [side] = triggering(evidence, "Side must not be negative, got {side}.")
    assert (side["name"], side["assertion"], side["call"], side["pinned"]) == (
        "TestShapes.test_messages",
        "assert_error",
        'assert_error(-4, "Side must not be negative, got -4")',
        16,
    )
    [zero] = triggering(evidence, "Cannot scale by a zero factor at all.")
    assert (zero["name"], zero["assertion"], zero["pinned"]) == ("TestShapes.test_scale", "check_fails", 19)


def test_half_of_djangos_errors_or_more_have_a_triggering_test_with_its_call(django_sdist: Path) -> None:
    """The issue's target, on Django's own source distribution."""
    found = scan(django_sdist / "django", prefix="django", progress=False)
    groups: dict = {}
    for site in found.sites:
        groups.setdefault(site.key, []).append(site)
    evidence = read_tests_and_docs(root=django_sdist / "django", prefix="django", groups=groups)
    with_call = {key for key, value in evidence.items() if any(test.get("call") for test in value.get("tests", []))}
    assert len(with_call) / len(groups) >= 0.5
    [sliced] = [
        value["tests"]
        for key, value in evidence.items()
        if key[1] == "Cannot filter a query once a slice has been taken."
    ]
    assert any(test["call"] == "Article.objects.all()[0:5].filter(id=1)" for test in sliced), [
        t["call"] for t in sliced
    ]
