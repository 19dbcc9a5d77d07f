"""The repository's own tests that trigger an entry, and the docs lines that mention it (`tests_docs`)."""

from pathlib import Path

from kb.harvest.evidence.tests_docs import read_tests_and_docs, repository_root
from kb.harvest.pipeline.scan import scan


def evidence_of(root: Path, prefix: str = "") -> dict[str, dict]:
    """What harvest would store for each entry, by signature (or by function for a raise without a message)."""
    found = scan(root, prefix=prefix, progress=False)
    groups: dict = {}
    for site in found.sites:
        groups.setdefault(site.key, []).append(site)
    evidence = read_tests_and_docs(root=root, prefix=prefix, groups=groups)
    return {key[1] or key[2].rsplit("::", 1)[-1]: value for key, value in evidence.items()}


def triggering(evidence: dict[str, dict], signature: str) -> list[dict]:
    return evidence.get(signature, {}).get("tests", [])


def mentions(evidence: dict[str, dict], signature: str) -> list[dict]:
    return evidence.get(signature, {}).get("docs", [])


def test_pytest_raises_with_a_match_is_a_test_that_triggers_the_message(shapes) -> None:
    shapes.write(
        "tests/test_area.py",
        """
        import pytest
        from shapes.core import area


        def test_negative_side():
            with pytest.raises(ShapeError, match=r"Side must not be negative, got -1\\."):
                area(-1)
        """,
    )
    [test] = triggering(evidence_of(shapes.root / "shapes", "shapes"), "Side must not be negative, got {side}.")
    assert test["path"] == "tests/test_area.py"
    assert test["name"] == "test_negative_side"
    assert (test["assertion"], test["how"]) == ("pytest.raises", "message")
    assert (test["line"], test["start"]) == (6, 5)
    assert test["code"].startswith("def test_negative_side():") and "area(-1)" in test["code"]


def test_django_style_assertions_match_the_message_they_name_through_a_variable_or_a_class_attribute(shapes) -> None:
    shapes.write(
        "tests/tests.py",
        """
        from django.test import SimpleTestCase
        from shapes import core


        class ShapeTests(SimpleTestCase):
            parse_message = "Expected text for the parser input"

            def test_zero_factor(self):
                msg = "Cannot scale by a zero factor at all."
                with self.assertRaisesMessage(ZeroDivisionError, msg):
                    core.scale(0)

            def test_bytes(self):
                self.assertRaisesMessage(TypeError, self.parse_message, core.parse, b"x")
        """,
    )
    evidence = evidence_of(shapes.root / "shapes", "shapes")
    [scaled] = triggering(evidence, "Cannot scale by a zero factor at all.")
    [parsed] = triggering(evidence, "Expected text for the parser input, got bytes.")
    assert (scaled["name"], scaled["assertion"], scaled["how"]) == (
        "ShapeTests.test_zero_factor",
        "assertRaisesMessage",
        "message",
    )
    assert (parsed["name"], parsed["how"]) == ("ShapeTests.test_bytes", "message")


def test_assert_raises_regex_and_a_checked_exception_value_match_the_message(shapes) -> None:
    shapes.write(
        "tests/test_forms.py",
        """
        import unittest
        import pytest
        from shapes import core


        class Regex(unittest.TestCase):
            def test_regex(self):
                self.assertRaisesRegex(ZeroDivisionError, r"Cannot scale by a \\w+ factor at all", core.scale, 0)


        def test_value_checked_after():
            with pytest.raises(TypeError) as info:
                core.parse(b"")
            assert str(info.value) == "Expected text for the parser input, got bytes."
        """,
    )
    evidence = evidence_of(shapes.root / "shapes", "shapes")
    [regex] = triggering(evidence, "Cannot scale by a zero factor at all.")
    [checked] = triggering(evidence, "Expected text for the parser input, got bytes.")
    assert (regex["assertion"], regex["how"]) == ("assertRaisesRegex", "message")
    assert (checked["name"], checked["how"]) == ("test_value_checked_after", "message")


def test_a_builtin_type_asserted_alone_triggers_nothing(shapes) -> None:
    """Python raises its own types anywhere, `int("a")` in the very function a test calls among them (round 9's
    card 22): a test that asserts `LookupError` or `ZeroDivisionError` alone, around a call whose arguments it does
    not write, cannot say which raise it met (with written ones: tests/harvest/test_type_only_tests_by_their_
    arguments.py)."""
    shapes.write(
        "tests/test_load.py",
        """
        import unittest
        import pytest
        from shapes.core import load, scale


        class Load(unittest.TestCase):
            def test_empty_path(self):
                with self.assertRaises(LookupError):
                    load(self.path)


        def test_zero_factor_callable(zero):
            pytest.raises(ZeroDivisionError, scale, zero)
        """,
    )
    evidence = evidence_of(shapes.root / "shapes", "shapes")
    assert triggering(evidence, "load") == []
    assert triggering(evidence, "Cannot scale by a zero factor at all.") == []


def test_warning_assertions_find_the_warning(shapes) -> None:
    shapes.write(
        "tests/test_rotate.py",
        """
        import unittest
        import pytest
        from shapes.core import rotate


        class Rotate(unittest.TestCase):
            def test_full_turn(self):
                with self.assertWarnsRegex(DeprecationWarning, "more than a full turn is deprecated"):
                    rotate(400)


        def test_full_turn_pytest():
            with pytest.warns(DeprecationWarning, match="Rotation by more than a full turn"):
                rotate(400)
        """,
    )
    evidence = evidence_of(shapes.root / "shapes", "shapes")
    tests = triggering(evidence, "Rotation by more than a full turn is deprecated.")
    assert [(t["name"], t["assertion"]) for t in tests] == [
        ("Rotate.test_full_turn", "assertWarnsRegex"),
        ("test_full_turn_pytest", "pytest.warns"),
    ]


def test_a_base_class_of_the_raised_type_matches_and_a_wrong_type_or_an_unrelated_literal_does_not(shapes) -> None:
    shapes.write(
        "tests/test_types.py",
        """
        import pytest
        from shapes import core


        def test_base_class():
            with pytest.raises(ValueError, match="Side must not be negative"):
                core.area(-3)


        def test_wrong_type():
            with pytest.raises(KeyError, match="Expected text for the parser input"):
                core.parse(b"")


        def test_unrelated_literal():
            with pytest.raises(ZeroDivisionError, match="division by zero in some other place"):
                core.scale(0)
        """,
    )
    evidence = evidence_of(shapes.root / "shapes", "shapes")
    assert [t["name"] for t in triggering(evidence, "Side must not be negative, got {side}.")] == ["test_base_class"]
    assert triggering(evidence, "Expected text for the parser input, got bytes.") == []
    assert triggering(evidence, "Cannot scale by a zero factor at all.") == []


def test_a_message_mention_in_the_docs_comes_before_the_class_definition(shapes) -> None:
    shapes.write(
        "docs/errors.rst",
        """
        Errors
        ======

        .. exception:: ShapeError

           Raised for a shape that cannot be.

        A side of a square can never be below zero: ``area`` says "Side must not be
        negative, got -2." and raises :exc:`ShapeError`.
        """,
    )
    shapes.write("README.md", "Rotating by more than a full turn is fine.\n")
    docs = mentions(evidence_of(shapes.root / "shapes", "shapes"), "Side must not be negative, got {side}.")
    assert [(d["path"], d["line"], d["term"]) for d in docs] == [
        ("docs/errors.rst", 8, "Side must not be negative, got"),
        ("docs/errors.rst", 4, "ShapeError"),
    ]
    assert docs[1]["text"] == ".. exception:: ShapeError"


def test_an_installed_package_or_a_directory_that_is_no_repository_has_nothing_to_read(tmp_path) -> None:
    installed = tmp_path / "lib" / "python3.11" / "site-packages" / "shapes"
    loose = tmp_path / "loose" / "shapes"
    for package in (installed, loose):
        package.mkdir(parents=True)
        (package / "core.py").write_text("def f():\n    raise ValueError('Nothing to see in here at all.')\n")
        (package.parent / "tests").mkdir()
    assert repository_root(installed, "shapes") is None
    assert repository_root(loose, "shapes", use_git=False) is None
    (loose.parent / "setup.cfg").write_text("[metadata]\n")
    assert repository_root(loose, "shapes") == (loose.parent.resolve(), "")


def test_a_checkout_read_from_its_root_keeps_paths_as_on_github(shapes) -> None:
    shapes.write(
        "tests/test_area.py",
        "def test_x():\n    with pytest.raises(TypeError, match='Expected text for the parser'):\n        parse(b'')\n",
    )
    [test] = triggering(evidence_of(shapes.root), "Expected text for the parser input, got bytes.")
    assert test["path"] == "tests/test_area.py"


def test_django_source_distribution_tests_and_docs_are_found(django_sdist: Path) -> None:
    evidence = evidence_of(django_sdist / "django" / "db" / "models", "django/db/models")
    negative = triggering(evidence, "Negative indexing is not supported.")
    assert negative and all(t["how"] == "message" for t in negative)
    assert {t["path"] for t in negative} <= {"tests/queries/tests.py", "tests/expressions/tests.py"}
    assert all("Negative indexing is not supported." in t["code"] for t in negative)
    [manager] = [d for d in mentions(evidence, "Manager isn't accessible via {class_name} instances")]
    assert manager["path"] == "docs/topics/db/queries.txt" and "Manager isn't accessible via" in manager["text"]
