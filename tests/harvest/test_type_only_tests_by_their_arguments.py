"""A test that asserts a type alone triggers the raise its call's literal arguments meet (issue 29, "how to
trigger it"): the arguments are bound to the called function's parameters and its `if`s evaluated on the way, so
that of several raises of the type, or a builtin type, the one the call meets is told. A call, or a test that
cannot be evaluated, before the raise leaves the test attached to nothing: say less rather than something false."""

from pathlib import Path

import pytest

from tests.harvest.test_tests_docs import evidence_of, triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

# Reduced from Django's `django.utils.http` and `django.contrib.gis.geos` (the shapes of their raises kept).
CORE = """
CSRF_SECRET_LENGTH = 32


class Geometry:
    pass


def base36_to_int(s):
    if len(s) > 13:
        raise ValueError("Base36 input too large for the conversion.")
    return int(s, 36)


def int_to_base36(i, *, strict=True):
    \"\"\"The base36 text of a non-negative integer.\"\"\"
    char_set = "0123456789abcdefghijklmnopqrstuvwxyz"
    if not isinstance(i, int) or isinstance(i, bool):
        raise TypeError("A base36 conversion takes an integer.")
    if i < 0 and strict:
        raise ValueError("Negative base36 conversion input.")
    if i >= len(char_set) ** 2:
        raise ValueError("Base36 conversion input too large here.")
    return char_set[i]


def check_token(token):
    if len(token) != CSRF_SECRET_LENGTH:
        raise ValueError("The CSRF token has an incorrect length.")
    if not token.isalnum():
        raise ValueError("The CSRF token has invalid characters.")
    return token


def width(text):
    value = int(text)
    if value < 0:
        raise ValueError("A width is never negative at all.")
    return value


def set_filter(layer, filter):
    if isinstance(filter, Geometry):
        return layer
    elif isinstance(filter, (tuple, list)):
        if not len(filter) == 4:
            raise ValueError("Spatial filter list/tuple must have 4 elements.")
        return layer
    elif filter is None:
        return layer
    else:
        raise TypeError("Spatial filter must be a Geometry, a 4-tuple, or None.")
"""

TESTS = """
import pytest

from conv.core import base36_to_int, check_token, int_to_base36, set_filter, width


def test_too_long():
    with pytest.raises(ValueError):
        base36_to_int("zzzzzzzzzzzzzz")


def test_negative():
    value = -1
    with pytest.raises(ValueError):
        int_to_base36(value)


def test_text():
    with pytest.raises(TypeError):
        int_to_base36("1")


def test_filter_of_text():
    with pytest.raises(TypeError):
        set_filter(None, "foo")


def test_short_filter():
    with pytest.raises(ValueError):
        set_filter(None, (1, 2, 3))


def test_short_token():
    with pytest.raises(ValueError):
        check_token("abc")


def test_bad_characters():
    with pytest.raises(ValueError):
        check_token("!" * 32)


def test_negative_width():
    with pytest.raises(ValueError):
        width("-1")


def test_too_large(big):
    with pytest.raises(ValueError):
        int_to_base36(big)
"""


@pytest.fixture
def evidence(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "conv", CORE, TESTS)


def names(tests: list[dict]) -> list[str]:
    return [test["name"] for test in tests]


def test_a_builtin_type_attaches_to_the_raise_its_literal_argument_meets(evidence) -> None:
    [test] = triggering(evidence, "Negative base36 conversion input.")
    assert (test["name"], test["how"], test["call"]) == ("test_negative", "type-and-call", "int_to_base36(value)")
    assert "test_negative" not in names(triggering(evidence, "Base36 conversion input too large here."))


def test_of_two_types_in_one_chain_the_type_asserted_is_the_one_met(evidence) -> None:
    assert names(triggering(evidence, "A base36 conversion takes an integer.")) == ["test_text"]
    assert names(triggering(evidence, "Spatial filter must be a Geometry, a 4-tuple, or None.")) == [
        "test_filter_of_text"
    ]
    assert names(triggering(evidence, "Spatial filter list/tuple must have 4 elements.")) == ["test_short_filter"]


def test_a_module_constant_in_the_condition_is_its_literal(evidence) -> None:
    assert names(triggering(evidence, "The CSRF token has an incorrect length.")) == ["test_short_token"]


def test_a_condition_that_is_not_evaluable_attaches_nothing(evidence) -> None:
    """`token.isalnum()` is a call the evaluator does not make: which raise `"!" * 32` meets is not said."""
    assert triggering(evidence, "The CSRF token has invalid characters.") == []
    assert "test_bad_characters" not in names(triggering(evidence, "The CSRF token has an incorrect length."))


def test_an_earlier_call_that_may_raise_the_type_attaches_nothing(evidence) -> None:
    """`int(text)` above the raise raises ValueError itself for some texts: the test may meet that one."""
    assert triggering(evidence, "A width is never negative at all.") == []


def test_an_argument_the_test_does_not_write_attaches_nothing(evidence) -> None:
    assert "test_too_large" not in names(triggering(evidence, "Base36 conversion input too large here."))
    assert triggering(evidence, "Base36 input too large for the conversion.")[0]["name"] == "test_too_long"


@pytest.fixture(scope="module")
def django(django_sdist: Path) -> dict[str, dict]:
    return evidence_of(django_sdist / "django", "django")


def test_django_s_values_list_test_attaches_to_the_second_of_its_two_type_errors(django) -> None:
    """`values_list("id", "headline", flat=True)`: `flat and named` is false, `flat and len(fields) > 1` true."""
    flat = "'flat' is not valid when values_list is called with more than one field."
    tests = [t for t in triggering(django, flat) if t["path"] == "tests/lookup/tests.py"]
    assert [(t["how"], t["call"]) for t in tests] == [
        ("type-and-call", 'Article.objects.values_list("id", "headline", flat=True)')
    ]
    together = triggering(django, "'flat' and 'named' can't be used together.")
    assert tests[0]["name"] not in names(together)


def test_django_s_spatial_filter_test_attaches_to_its_type_error(django) -> None:
    """`lyr._set_spatial_filter("foo")` under `assertRaises(TypeError)`: not an OGRGeometry (a class of the
    package), not a tuple or list, not None: the `else` branch's TypeError, not the ValueError above it."""
    typed = "Spatial filter must be either an OGRGeometry instance, a 4-tuple, or None."
    [test] = [t for t in triggering(django, typed) if t["path"] == "tests/gis_tests/gdal_tests/test_ds.py"]
    assert (test["name"], test["call"]) == ("DataSourceTest.test06_spatial_filter", 'lyr._set_spatial_filter("foo")')


def test_a_deeply_nested_argument_or_callee_ends_nothing_and_attaches_nothing(git_repo) -> None:
    """A hostile tree: an argument nested 150 tuples deep, a callee 40 `if`s deep. The harvest goes on; neither
    is evaluated past its cap, so neither test attaches."""
    ifs = "".join(f"{'    ' * (depth + 1)}if level > {depth}:\n" for depth in range(40))
    core = f"def deep(level):\n{ifs}{'    ' * 41}raise ValueError('Too deep a level for the walk here.')\n"
    core += "\n\ndef wide(value):\n    if value:\n        raise ValueError('A value nested too deep to read.')\n"
    nested = "(" * 150 + "1" + ",)" * 150
    tests = "import pytest\n\n\ndef test_deep():\n    with pytest.raises(ValueError):\n        deep(99)\n"
    tests += f"\n\ndef test_wide():\n    with pytest.raises(ValueError):\n        wide({nested})\n"
    evidence = package_evidence(git_repo, "hostile", core, tests)
    assert triggering(evidence, "Too deep a level for the walk here.") == []
    assert triggering(evidence, "A value nested too deep to read.") == []
